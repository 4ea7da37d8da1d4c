// Command handscore fits the lab's scorer of whole candidate hands
// (worlds.HandScorer) to game logs: at every few decisions of either
// seat whose opponent's hand the log knows, a pool of hands is drawn as
// the advisor's worlds are (the filter's and the estimate's), and the
// scorer is fitted to tell the opponent's true hidden cards from the
// pool's. It fits on all but every fourth decision and prints the
// held-out log-loss of the truth among its pool, against the scorer of no
// weights (the log of the pool's size plus one), and the weights; -out
// writes the scorer as JSON to a new file. It exits 1 on an error, 2 on
// bad usage.
//
//	go run ./lab/cmd/handscore -every 3 -out scorer.json games.log...
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lab/fitfile"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
)

func main() {
	every := flag.Int("every", 3, "take every Nth decision")
	out := flag.String("out", "", "write the scorer here (a new file)")
	flag.Parse()
	if *every < 1 || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: handscore [-every N] [-out FILE] LOG...")
		os.Exit(2)
	}
	if err := run(flag.Args(), *every, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "handscore:", err)
		os.Exit(1)
	}
}

// maxExamples bounds the decisions read, and so the fit's memory.
const maxExamples = 50_000

func run(names []string, every int, out string, w io.Writer) error {
	ex, err := examples(names, every)
	if err != nil {
		return err
	}
	train, test := fitfile.Holdout(ex)
	if len(train) == 0 || len(test) == 0 {
		return fmt.Errorf("%d decisions in the logs: too few to fit and check", len(ex))
	}
	s := worlds.FitHandScorer(train, worlds.ScorerFit{})
	flat := &worlds.HandScorer{W: make([]float64, len(worlds.HandFeatures()))}
	fmt.Fprintf(w, "%d decisions fitted, %d held out; held-out log-loss of the truth among %d pool hands: %.4f, no weights %.4f; fitted %.4f, no weights %.4f\n",
		len(train), len(test), worlds.ExamplePool, s.HandLoss(test), flat.HandLoss(test), s.HandLoss(train), flat.HandLoss(train))
	for k, name := range worlds.HandFeatures() {
		fmt.Fprintf(w, "%s=%.3f ", name, s.W[k])
	}
	fmt.Fprintln(w)
	if out == "" {
		return nil
	}
	return fitfile.WriteNew(out, s)
}

// examples reads every every-th decision at a draw or a discard, of a
// seat whose opponent's hand the log knows, as an example.
func examples(names []string, every int) ([]worlds.HandExample, error) {
	var ex []worlds.HandExample
	n := 0
	err := fitfile.EachDecision(names, func(_ *gamelog.Game, d *gamelog.Decision) bool {
		ph := d.Position.Phase()
		if d.Partial || d.Guessed != 0 || ph != game.DrawPhase && ph != game.DiscardPhase {
			return true
		}
		if n++; n%every != 0 {
			return true
		}
		p := &d.Position
		hidden := d.State.Hand(d.Seat.Other()) & p.Unseen()
		if hidden.Len() != p.OpponentHidden() {
			return true
		}
		if e, ok := worlds.HandExampleOf(p, hidden, uint64(n)); ok {
			ex = append(ex, e)
		}
		return len(ex) < maxExamples
	})
	return ex, err
}
