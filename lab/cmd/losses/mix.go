package main

import (
	"fmt"
	"io"
	"sync"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/report"
)

// prediction is one decision of the measured player: the draws of the
// hand before it, and how the rollouts of the move it played ended.
type prediction struct {
	draws int
	out   advise.Outcomes
}

// mixCell compares, over the decisions of one stage, the outcome mix
// the rollouts of the moves played predicted with how the hands ended.
type mixCell struct {
	n int // decisions
	// pred sums each decision's share of rollouts that ended each way;
	// actual counts the decisions whose hand ended that way.
	pred   [advise.NumEndings]float64
	actual [advise.NumEndings]int
	// predLeft and actualLeft sum the draws left after each decision, in
	// the rollouts (their mean) and in the hand.
	predLeft   float64
	actualLeft int
}

// add counts decision d of a hand that ended as e after handDraws draws.
// A decision with no rollouts (one legal move) predicts nothing and is
// left out.
func (c *mixCell) add(d *prediction, e advise.Ending, handDraws int) {
	if d.out.Rollouts() == 0 {
		return
	}
	c.n++
	for k := range c.pred {
		c.pred[k] += d.out.Share(advise.Ending(k))
	}
	c.actual[e]++
	c.predLeft += d.out.MeanDraws() - float64(d.draws)
	c.actualLeft += handDraws - d.draws
}

// merge adds x into c.
func (c *mixCell) merge(x *mixCell) {
	c.n += x.n
	for k := range c.pred {
		c.pred[k] += x.pred[k]
		c.actual[k] += x.actual[k]
	}
	c.predLeft += x.predLeft
	c.actualLeft += x.actualLeft
}

// mixTally is the comparison against one partner, by the stage of the
// decision (the hand's draws before it). Players of games played at once
// add to it, under its lock.
type mixTally struct {
	mu     sync.Mutex
	stages [len(stages)]mixCell
}

// stageOf is the stage of a hand after draws draws; the decisions before
// the first draw (the upcard's offers) count as early.
func stageOf(draws int) int {
	for i, s := range stages {
		if draws <= s.upTo {
			return i
		}
	}
	return len(stages) - 1
}

// addHand counts the decisions of one hand, which ended as res says,
// from the measured player's side.
func (m *mixTally) addHand(ds []prediction, res *game.Result, me notation.Seat) {
	e := advise.EndingOf(res, me)
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range ds {
		m.stages[stageOf(ds[i].draws)].add(&ds[i], e, res.Draws)
	}
}

// watched is the measured player with its advice in view: it keeps the
// rollouts' outcome mix of each move it plays in a hand, and at the end of
// the hand compares them with how the hand ended.
type watched struct {
	bot.Player
	mix     *mixTally
	pending []prediction
	knocks  *knockTally
	knock   knockPrediction // the hand's knock, if it made one
}

// watch wraps the advisor players that newPlayer makes so that their
// decisions add to mix; any other player is left as it is, and nothing is
// compared for it. It changes no decision.
func watch(newPlayer bot.NewPlayerFunc, mix *mixTally, knocks *knockTally) bot.NewPlayerFunc {
	return func(seed uint64) bot.Player {
		p := newPlayer(seed)
		ap, ok := p.(*analyze.Player)
		if !ok {
			return p
		}
		w := &watched{Player: ap, mix: mix, knocks: knocks}
		ap.OnAdvice = func(pos *game.Position, a *report.Advice) {
			best := a.Candidates[0]
			w.pending = append(w.pending, prediction{draws: pos.Draws(), out: best.Outcomes})
			if best.Move.Kind == game.Knock {
				w.knock = knockPrediction{made: true, undercut: best.Undercut, points: best.Points, draws: pos.Draws()}
			}
		}
		return w
	}
}

// HandOver passes the end of the hand on, and counts the hand's decisions.
func (w *watched) HandOver(pos *game.Position) {
	w.Player.HandOver(pos)
	if res, ok := pos.Result(); ok {
		w.mix.addHand(w.pending, &res, pos.Seat())
		w.knocks.addHand(w.knock, &res, pos.Seat())
	}
	w.pending, w.knock = w.pending[:0], knockPrediction{}
}

// writeMix prints, for each partner, the mean outcome mix the rollouts of
// the moves played predicted against how the hands ended, by stage.
func writeMix(w io.Writer, who string, all []*tally) {
	fmt.Fprintf(w, "\nThe rollouts' outcome mix against the hands': at each decision of %s, the share of the rollouts of the move it played\n"+
		"that ended each way (predicted), against the share of those decisions whose hand ended that way (actual), from %s's side;\n"+
		"and the draws (both seats) left after the decision. The stage is the hand's draws before the decision.\n", who, who)
	for _, t := range all {
		if t.mix == nil {
			continue
		}
		var total mixCell
		for i := range t.mix.stages {
			total.merge(&t.mix.stages[i])
		}
		if total.n == 0 {
			continue
		}
		fmt.Fprintf(w, "\nAgainst %s: predicted / actual %%.\n\n| hand ends in |", t.partner)
		for i, s := range stages {
			label := s.label
			if i == 0 {
				label = "0-8 draws" // the upcard's offers come before any draw
			}
			fmt.Fprintf(w, " %s (%s) |", s.name, label)
		}
		fmt.Fprintf(w, " all |\n|---|%s\n| decisions |", repeat("---|", len(stages)+1))
		cells := make([]mixCell, 0, len(stages)+1)
		cells = append(append(cells, t.mix.stages[:]...), total)
		for _, c := range cells {
			fmt.Fprintf(w, " %d |", c.n)
		}
		fmt.Fprintln(w)
		for e := range advise.NumEndings {
			fmt.Fprintf(w, "| %s |", endNames[e])
			for _, c := range cells {
				fmt.Fprintf(w, " %.1f / %.1f |", 100*perF(c.pred[e], c.n), pct(c.actual[e], c.n))
			}
			fmt.Fprintln(w)
		}
		fmt.Fprint(w, "| draws left |")
		for _, c := range cells {
			fmt.Fprintf(w, " %.1f / %.1f |", perF(c.predLeft, c.n), per(c.actualLeft, c.n))
		}
		fmt.Fprintln(w)
	}
}

func perF(x float64, d int) float64 {
	if d == 0 {
		return 0
	}
	return x / float64(d)
}
