// Command readcal measures the advisor's reading of its opponent, for the
// documentation: over games of a reader (simple, reading its opponent as
// the advisor does) against each sparring partner, the mean posterior over
// the knock, take and discard rules after each hand, and the log-loss of
// the card inference at the reader's draw decisions, by stage of the
// hand: without and with weighting the sampled worlds by the opponent's
// last decline, take and discard, and with a share of the worlds (-mix,
// the advisor's analyze.FilterShare by default) drawn from the particle
// filter of the whole hand (reading.Filter, -particles of them); and the
// mean least deadwood of the opponent's hand at those decisions, true
// against the filter's particles and the card estimate's worlds, which
// says whether the worlds hold hands as strong as the real ones; and the
// log-loss the worlds would read at with the true hand in a tenth of them,
// which lab/cmd/ceiling's -share 0.1 plays; and the share of the worlds
// that hold every hidden card the opponent melds, which a reading of its
// melds would raise (lab/cmd/ceiling -melds). A partner is a player spec
// of the lab's registry (lab/registry): advisor,filter=off is the advisor
// reading its opponent without the filter. With -tilt the filter is
// reading.FilterTilted. With -discards it scores the reader's discard
// decisions too. With -mcmc every world of the filter's column is drawn
// from the chain that replays heuristic's own play (lab/worlds.MCMC), which
// reads the record exactly only against heuristic.
//
//	go run ./lab/cmd/readcal -games 200 simple heuristic cautious grabber patient
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/registry"
	labworlds "github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

func main() {
	games := flag.Int("games", 200, "games against each partner")
	worlds := flag.Int("worlds", 200, "sampled worlds a draw decision, for the log-loss")
	particles = flag.Int("particles", analyze.FilterParticles, "particles of the filter")
	mix = flag.Float64("mix", analyze.FilterShare, "share of the worlds drawn from the filter")
	tilt = flag.Bool("tilt", false, "the filter with the strength tilt (reading.FilterTilted)")
	discards = flag.Bool("discards", false, "score the reader's discard decisions too")
	useMCMC = flag.Bool("mcmc", false, "draw the filter's column from the chain of heuristic's play (worlds.MCMC)")
	flag.Parse()
	if err := run(*games, *worlds, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "readcal:", err)
		os.Exit(1)
	}
}

// The filter's particles and share of the worlds, from the flags.
var (
	particles *int
	mix       *float64
	tilt      *bool
	discards  *bool
	useMCMC   *bool
)

// axes is the length of the three posteriors end to end.
const axes = reading.NumKnockRules + reading.NumTakeRules + reading.NumDiscardRules

// toldShare is the share of the worlds that hold the true hand in the
// log-loss that says what lab/cmd/ceiling's -share 0.1 reads like.
const toldShare = 0.1

// deadwoodWorlds is the hands of each kind whose least deadwood a
// decision averages.
const deadwoodWorlds = 64

// stages bound the draws of the hand at each stage, for the log-loss.
var stages = []int{6, 12, 20, 1 << 30}

// tally gathers one partner's figures.
type tally struct {
	post      [][axes]float64 // summed posteriors by hand, the three axes end to end
	hands     []int
	loss      [3][4]float64 // without and with weighting, and the particle filter, by stage
	decisions [4]int
	cards     [4]int
	nofilter  int
	// deadwood sums the least deadwood of the opponent's hand, by
	// stage: true, the filter's particles and the estimate's worlds
	// (each the mean of deadwoodWorlds of them); deadwoodN counts the
	// decisions the filter could follow.
	// told is the log-loss of the filter's worlds with the true hand in
	// toldShare of them, by stage.
	told [4]float64
	// melds sums, by stage, the share of the worlds whose hand holds
	// every hidden card the opponent melds (in its hand's first
	// arrangement), at the decisions where it melds one; meldsN counts
	// those decisions.
	melds      [4]float64
	meldsN     [4]int
	deadwood   [3][4]float64
	deadwoodN  [4]int
	filterTime time.Duration
}

// reader plays as simple and reads its opponent; at its draw decisions it
// scores the card inference against the opponent's true hand, which the
// opponent's wrapper leaves in oppHand.
type reader struct {
	*bot.Simple
	reading reading.Style
	oppHand *notation.CardSet
	t       *tally
	worlds  int
	rng     *rand.Rand
	// mcmc, with -mcmc, draws the worlds of the filter's column.
	mcmc *labworlds.MCMC
}

func (r *reader) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if (p.Phase() == game.DrawPhase || *discards && p.Phase() == game.DiscardPhase) && !p.MustDraw() && p.Draws() > 0 {
		r.score(p)
	}
	return r.Simple.Move(ctx, p)
}

func (r *reader) score(p *game.Position) {
	stage := 0
	for p.Draws() >= stages[stage] {
		stage++
	}
	e := probability.Infer(p)
	s := probability.NewSampler(p, &e)
	_, accept := analyze.ReadingModel(&r.reading, p)
	known := p.OpponentKnown()
	// estimated draws a hand as advise does from the estimate: drawn
	// again, with weighted, while the action weighting rejects it.
	estimated := func(weighted bool) notation.CardSet {
		hidden := s.OrganizedHidden(r.rng)
		for try := 1; weighted && accept != nil && try < advise.MaxRedraws && r.rng.Float64() >= accept(hidden|known); try++ {
			hidden = s.OrganizedHidden(r.rng)
		}
		return hidden
	}
	start := time.Now()
	filter := reading.Filter
	if *tilt {
		filter = reading.FilterTilted
	}
	ps, ok := filter(&r.reading, p, *particles, r.rng.Uint64())
	r.t.filterTime += time.Since(start)
	if !ok {
		r.t.nofilter++
	}
	var counts [3][64]float64
	// melded are the hidden cards the opponent melds; held counts the
	// worlds that hold them all.
	_, unmelded, _ := meld.FirstArrangement(*r.oppHand & (p.Unseen() | p.OpponentKnown()))
	melded := *r.oppHand & p.Unseen() &^ unmelded
	held := 0
	var chain advise.Worlds
	if r.mcmc != nil {
		chain = r.mcmc.Worlds(&analyze.Decision{Position: p, Seed: r.rng.Uint64(), Accept: accept})
	}
	for range r.worlds {
		hands := [3]notation.CardSet{estimated(false), estimated(true)}
		if chain.Hands != nil && r.rng.Float64() < chain.Share {
			hands[2] = chain.Hands(r.rng)
		} else if r.mcmc == nil && ok && r.rng.Float64() < *mix {
			hands[2] = ps.Draw(r.rng)
		} else {
			hands[2] = estimated(true)
		}
		for k, h := range hands {
			for c := range h.All() {
				counts[k][c]++
			}
		}
		if hands[2]&melded == melded {
			held++
		}
	}
	if !melded.Empty() {
		r.t.melds[stage] += float64(held) / float64(r.worlds)
		r.t.meldsN[stage]++
	}
	if ok {
		r.scoreDeadwood(p, stage, ps, func() notation.CardSet { return estimated(true) })
	}
	truth := *r.oppHand &^ p.OpponentKnown()
	for c := range e.Unseen.Cards.All() {
		y := truth.Has(c)
		for k := range 3 {
			q := (counts[k][c] + 0.5) / (float64(r.worlds) + 1)
			if k == 2 {
				// The filter's worlds with the true hand in a share of
				// them, as lab/cmd/ceiling -share gives the advisor.
				told := (1 - toldShare) * q
				if y {
					told += toldShare
				} else {
					told = 1 - told
				}
				r.t.told[stage] -= math.Log(told)
			}
			if !y {
				q = 1 - q
			}
			r.t.loss[k][stage] -= math.Log(q)
		}
		r.t.cards[stage]++
	}
	r.t.decisions[stage]++
}

// scoreDeadwood adds the least deadwood of the opponent's true hand at p,
// and the mean over the filter's particles and the estimate's worlds.
func (r *reader) scoreDeadwood(p *game.Position, stage int, ps *reading.Particles, estimated func() notation.CardSet) {
	known := p.OpponentKnown()
	// The wrapper keeps the hand of the opponent's last decision, its
	// discard's hand of eleven, say; what it holds now is the part of it
	// the reader has not seen leave.
	now := *r.oppHand & (p.Unseen() | known)
	r.t.deadwood[0][stage] += float64(meld.MinDeadwood(now))
	filtered, est := 0, 0
	for range deadwoodWorlds {
		filtered += meld.MinDeadwood(ps.Draw(r.rng) | known)
		est += meld.MinDeadwood(estimated() | known)
	}
	r.t.deadwood[1][stage] += float64(filtered) / deadwoodWorlds
	r.t.deadwood[2][stage] += float64(est) / deadwoodWorlds
	r.t.deadwoodN[stage]++
}

func (r *reader) HandOver(p *game.Position) {
	r.Simple.HandOver(p)
	r.reading.ReadHand(p)
	k := p.Setup().Number - 1
	for len(r.t.post) <= k {
		r.t.post = append(r.t.post, [axes]float64{})
		r.t.hands = append(r.t.hands, 0)
	}
	kw, tw, dw := r.reading.Weights(), r.reading.TakeWeights(), r.reading.DiscardWeights()
	w := append(append(kw[:], tw[:]...), dw[:]...)
	for i := range w {
		r.t.post[k][i] += w[i]
	}
	r.t.hands[k]++
}

func run(games, worlds int, names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("name the partners, of: %s", strings.Join(registry.Names(), ", "))
	}
	eaai, _ := rules.Preset("eaai")
	var all []*tally
	for _, name := range names {
		partner, err := registry.LookupWith(name)
		if err != nil {
			return err
		}
		t := &tally{}
		var hand notation.CardSet
		rng := rand.New(rand.NewPCG(7, 7))
		// One worker, so that the reader and its opponent's wrapper of one
		// game share the hand.
		_, err = engine.Simulate(context.Background(), engine.SimOptions{
			Rules: eaai, Games: games, Seed: 3, Workers: 1, Names: [2]string{"reader", name},
			Players: [2]bot.NewPlayerFunc{
				func(seed uint64) bot.Player {
					rd := &reader{Simple: bot.NewSimple(seed), oppHand: &hand, t: t, worlds: worlds, rng: rng}
					if *useMCMC {
						rd.mcmc = &labworlds.MCMC{}
					}
					return rd
				},
				func(seed uint64) bot.Player { return &labworlds.Watched{Player: partner(seed), Hand: &hand} },
			},
		})
		if err != nil {
			return err
		}
		all = append(all, t)
	}
	tables := []struct {
		title    string
		from, to int
	}{
		{"knock rules (at once / only early / only with 3 or less / only late)", 0, reading.NumKnockRules},
		{"take rules (only into a meld / to lower the deadwood)", reading.NumKnockRules, reading.NumKnockRules + reading.NumTakeRules},
		{"discard rules (the most deadwood / safe / keeping draws open)", reading.NumKnockRules + reading.NumTakeRules, axes},
	}
	for _, tb := range tables {
		fmt.Printf("Mean posterior after each hand, %%, of the %s:\n", tb.title)
		fmt.Println()
		fmt.Println("| partner | hand 1 | hand 2 | hand 3 | hand 5 | hand 8 |")
		fmt.Println("| --- | --- | --- | --- | --- | --- |")
		for i, t := range all {
			row := "| " + names[i]
			for _, k := range []int{0, 1, 2, 4, 7} {
				if k >= len(t.hands) || t.hands[k] == 0 {
					row += " | -"
					continue
				}
				var parts []string
				for _, x := range t.post[k][tb.from:tb.to] {
					parts = append(parts, fmt.Sprintf("%.0f", 100*x/float64(t.hands[k])))
				}
				row += " | " + strings.Join(parts, "/")
			}
			fmt.Println(row + " |")
		}
		fmt.Println()
	}
	stageHeader("Log-loss a card of the card inference at the reader's draw decisions, without / with the action weighting (the last decline, take and discard) / with the filter's share of the worlds:")
	for i, t := range all {
		fmt.Println(stageRow(names[i], &t.loss, t.cards, "%.4f"))
		fmt.Printf("with the true hand in %g of the filter's worlds:", toldShare)
		for st := range stages {
			fmt.Printf(" %.4f", t.told[st]/float64(max(1, t.cards[st])))
		}
		fmt.Println()
		d := t.decisions[0] + t.decisions[1] + t.decisions[2] + t.decisions[3]
		fmt.Printf("filter: %v a decision, %d of %d without\n", t.filterTime/time.Duration(max(1, d)), t.nofilter, d)
	}
	fmt.Println()
	fmt.Println("Share of the worlds (with the filter's share) that hold every hidden card the")
	fmt.Println("opponent melds, at the reader's draw decisions where it melds one, %:")
	fmt.Println()
	fmt.Println("| partner | draws 1-5 | 6-11 | 12-19 | 20+ |")
	fmt.Println("| --- | --- | --- | --- | --- |")
	for i, t := range all {
		row := "| " + names[i]
		for st := range stages {
			if t.meldsN[st] == 0 {
				row += " | -"
				continue
			}
			row += fmt.Sprintf(" | %.1f", 100*t.melds[st]/float64(t.meldsN[st]))
		}
		fmt.Println(row + " |")
	}
	stageHeader("Mean least deadwood of the opponent's hand at the reader's draw decisions, true / the filter's particles / the estimate's worlds (weighted):")
	for i, t := range all {
		fmt.Println(stageRow(names[i], &t.deadwood, t.deadwoodN, "%.1f"))
	}
	return nil
}

// stageHeader prints the title and the head of a table by stage.
func stageHeader(title string) {
	fmt.Println()
	fmt.Println(title)
	fmt.Println()
	fmt.Println("| partner | draws 1-5 | 6-11 | 12-19 | 20+ |")
	fmt.Println("| --- | --- | --- | --- | --- |")
}

// stageRow is a partner's row of a table by stage: at each stage, the
// three sums over its count, each in format, or - where the count is 0.
func stageRow(name string, sums *[3][4]float64, counts [4]int, format string) string {
	row := "| " + name
	for st := range stages {
		if counts[st] == 0 {
			row += " | -"
			continue
		}
		n := float64(counts[st])
		var parts []string
		for k := range sums {
			parts = append(parts, fmt.Sprintf(format, sums[k][st]/n))
		}
		row += " | " + strings.Join(parts, " / ")
	}
	return row + " |"
}
