// Command spread measures how the worlds of the lab's readings of the
// record spread, for the documentation: over deals of simple against
// heuristic, at each of simple's turns from its tenth draw of the hand
// on, each reading's worlds are drawn 256 times, and it prints, for each,
// the share of heuristic's hidden cards the drawn hands hold, the
// different hands among the draws, and the time of a decision. The
// readings are the resample-move filter (worlds.ResampleMove) and the
// tempered chain (worlds.MCMC) at each number of steps of -steps, both
// replaying heuristic's own code (and, with -styles, both again
// replaying the mixture of the styles fitted by distil imitate), and
// hands drawn at random from the unseen cards. A reading that holds the true cards as often with fewer
// different hands bets the search on fewer worlds. It exits 1 on an
// error, 2 on bad usage.
//
//	go run ./lab/cmd/spread -deals 8 -steps 1000,4000,40000
//	go run ./lab/cmd/spread -deals 8 -steps 4000 \
//	  -styles lab/results/styles/style-heuristic.json,lab/results/styles/style-simple.json
package main

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// draws is the worlds drawn of each reading at a decision; firstDraw the
// draw of the hand from which the decisions count.
const (
	draws     = 256
	firstDraw = 10
	maxDeals  = 10_000
	maxSteps  = 10_000_000
)

func main() {
	deals := flag.Int("deals", 8, "deals of simple against heuristic")
	seed := flag.Uint64("seed", 1, "seed of the deals")
	steps := flag.String("steps", "1000,4000,10000,40000", "the chain's steps a decision, comma-separated, one row each")
	styleFiles := flag.String("styles", "", "styles fitted by distil imitate (JSON files, comma-separated): the filter and each chain replaying their mixture too")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: spread [-deals N] [-seed N] [-steps N,N,...] [-styles FILE,...]")
		fmt.Fprintln(os.Stderr, "example: spread -deals 16 -steps 1000,4000,10000,40000")
		flag.PrintDefaults()
	}
	flag.Parse()
	list, err := parseSteps(*steps)
	if err != nil || *deals < 1 || *deals > maxDeals || flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "spread: -deals from 1 to %d, -steps a list of numbers from 1 to %d\n", maxDeals, maxSteps)
		os.Exit(2)
	}
	styles, err := worlds.ReadStyles(*styleFiles)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spread:", err)
		os.Exit(1)
	}
	rows, err := measure(*deals, *seed, list, styles)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spread:", err)
		os.Exit(1)
	}
	fmt.Printf("%d deals of simple against heuristic (seed %d), simple's turns\n", *deals, *seed)
	fmt.Printf("from draw %d on: %d decisions, %d draws of each reading's worlds at each.\n\n", firstDraw, rows[0].decisions, draws)
	fmt.Println("| reading | true hidden cards held % | different hands of 256 | ms a decision |")
	fmt.Println("|---|---|---|---|")
	for _, r := range rows {
		fmt.Printf("| %s | %.1f | %.1f | %.1f |\n", r.name, 100*r.held/r.cards, r.different/float64(r.decisions), float64(r.time.Microseconds())/1000/float64(r.decisions))
	}
}

// parseSteps reads the comma-separated steps of -steps.
func parseSteps(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > maxSteps {
			return nil, fmt.Errorf("-steps: %q", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// row is one reading's sums over the decisions.
type row struct {
	name        string
	source      func() analyze.WorldSource
	decisions   int
	held, cards float64
	different   float64
	time        time.Duration
}

// measure plays the deals and sums each reading's spread.
func measure(deals int, seed uint64, steps []int, styles []worlds.Policy) ([]row, error) {
	rows := []row{{name: "random hands of the unseen cards", source: func() analyze.WorldSource { return random{} }},
		{name: "the filter, 256 particles", source: func() analyze.WorldSource { return &worlds.ResampleMove{} }}}
	for _, n := range steps {
		rows = append(rows, row{name: fmt.Sprintf("the chain, %d steps", n), source: func() analyze.WorldSource { return &worlds.MCMC{Burn: n, Steps: n} }})
	}
	if len(styles) > 0 {
		rows = append(rows, row{name: "the filter, fitted styles", source: func() analyze.WorldSource { return &worlds.ResampleMove{Styles: styles} }})
		for _, n := range steps {
			rows = append(rows, row{name: fmt.Sprintf("the chain, %d steps, fitted styles", n), source: func() analyze.WorldSource { return &worlds.MCMC{Burn: n, Steps: n, Styles: styles} }})
		}
	}
	eaai, _ := rules.Preset("eaai")
	rng := rand.New(rand.NewPCG(seed, 0x5b))
	for d := range deals {
		var deck [notation.NumCards]notation.Card
		for i := range deck {
			deck[i] = notation.CardAt(i)
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
		if err != nil {
			return nil, err
		}
		sources := make([]analyze.WorldSource, len(rows))
		for i := range rows {
			sources[i] = rows[i].source()
		}
		pol := [2]game.Policy{bot.NewSimple(uint64(d)), bot.NewHeuristic(uint64(d))}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && st.Draws() >= firstDraw {
				p := st.Position(0)
				key := uint64(d)<<20 | uint64(st.Draws())
				for i := range rows {
					spreadAt(&rows[i], sources[i], &p, st.Hand(1)&p.Unseen(), key)
				}
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				return nil, err
			}
		}
	}
	if rows[0].decisions == 0 {
		return nil, errors.New("no decision from the tenth draw on: more deals")
	}
	return rows, nil
}

// spreadAt draws the worlds of source at p and adds to r how many of the
// hidden cards truth they hold and how many different hands they are.
func spreadAt(r *row, source analyze.WorldSource, p *game.Position, truth notation.CardSet, key uint64) {
	_, accept := analyze.ReadingModel(new(reading.Style), p)
	start := time.Now()
	w := source.Worlds(&analyze.Decision{Position: p, Seed: key, Accept: accept})
	r.time += time.Since(start)
	rng := rand.New(rand.NewPCG(key, 0x77))
	seen := map[notation.CardSet]bool{}
	for range draws {
		h := w.Hands(rng)
		seen[h] = true
		r.held += float64((h & truth).Len())
		r.cards += float64(truth.Len())
	}
	r.different += float64(len(seen))
	r.decisions++
}

// random draws the opponent's hidden cards at random from the unseen.
type random struct{}

func (random) Worlds(d *analyze.Decision) advise.Worlds {
	p := d.Position
	unseen, n := p.Unseen().Cards(), p.OpponentHidden()
	return advise.Worlds{Share: 1, Hands: func(rng *rand.Rand) notation.CardSet {
		var h notation.CardSet
		for _, i := range rng.Perm(len(unseen))[:n] {
			h = h.With(unseen[i])
		}
		return h
	}}
}
