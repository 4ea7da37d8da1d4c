package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lab/fitfile"
	"github.com/ginadvisor/ginadvisor/lab/rank"
)

// imitate fits the model to one player's own moves in game logs (each
// decision's target the move it made), without the heuristic's move as a
// feature: a fitted policy of that player's style, which the reading's
// particle filter may replay in place of the player's own code
// (worlds.ResampleMove.Policy). It fits on all but every fourth decision
// and prints, on the held-out quarter, each group's mean log-loss of the
// move made, the share of moves it ranks first, and the log-loss of a
// uniform choice for scale. It will not write over a file.
func imitate(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("imitate", flag.ContinueOnError)
	player := fs.String("player", "heuristic", "the player whose moves to fit, as the logs name it")
	out := fs.String("out", "", "write the model here (a new file)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	all, err := playerMoves(fs.Args(), *player)
	if err != nil {
		return err
	}
	train, test := fitfile.Holdout(all)
	if len(train) == 0 || len(test) == 0 {
		return fmt.Errorf("%d decisions of %q in the logs: too few to fit and check", len(all), *player)
	}
	m := rank.Fit(train, rank.FitOptions{NoHeuristic: true})
	fmt.Fprintf(w, "%s: %d decisions fitted, %d held out\n", *player, len(train), len(test))
	for g := range m.W {
		s := scoreImitation(m, test, rank.Group(g))
		fmt.Fprintf(w, "held out, %s: %d decisions; log-loss %.3f (uniform %.3f); the move made ranked first %.1f%%\n",
			rank.Group(g), s.n, s.loss/float64(max(1, s.n)), s.uniform/float64(max(1, s.n)), 100*float64(s.first)/float64(max(1, s.n)))
	}
	if *out == "" {
		return nil
	}
	return fitfile.WriteNew(*out, m)
}

// playerMoves reads the decisions of player, with two legal moves or
// more, in the logs as verdicts whose only equity is the move it made.
func playerMoves(names []string, player string) ([]rank.Verdict, error) {
	var all []rank.Verdict
	err := fitfile.EachDecision(names, func(g *gamelog.Game, d *gamelog.Decision) bool {
		if d.Partial || g.Players[d.Seat] != player {
			return true
		}
		moves := d.Position.Legal(nil)
		if len(moves) < 2 {
			return true
		}
		v := rank.Verdict{Position: d.Position, Moves: moves, Equity: make([]float64, len(moves)), SE: make([]float64, len(moves))}
		made := false
		for i, m := range moves {
			if m.Same(d.Move) {
				v.Equity[i], made = 1, true
			}
		}
		if made {
			all = append(all, v)
		}
		return true
	})
	return all, err
}

// imitation sums how well a model foretells the moves made.
type imitation struct {
	n, first      int
	loss, uniform float64
}

// scoreImitation scores m on the verdicts of group g: each made move's
// log-loss, and whether it was ranked first.
func scoreImitation(m *rank.Model, vs []rank.Verdict, g rank.Group) imitation {
	var s imitation
	for i := range vs {
		v := &vs[i]
		if k, ok := rank.GroupOf(&v.Position); !ok || k != g {
			continue
		}
		p, ok := m.Chances(&v.Position, v.Moves)
		if !ok {
			continue
		}
		made, best := 0, 0
		for j := range v.Moves {
			if v.Equity[j] > v.Equity[made] {
				made = j
			}
			if p[j] > p[best] {
				best = j
			}
		}
		s.n++
		s.loss -= math.Log(max(p[made], 1e-300))
		s.uniform += math.Log(float64(len(v.Moves)))
		if best == made {
			s.first++
		}
	}
	return s
}
