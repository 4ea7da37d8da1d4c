//go:build lab

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// outcomes makes the rollouts' counts of a move: n of each ending given,
// with the hand's draws summed.
func outcomes(draws int, by map[advise.Ending]int) advise.Outcomes {
	var o advise.Outcomes
	o.Draws = draws
	for e, n := range by {
		o.By[e] = n
	}
	return o
}

// TestStageOf puts a decision in the stage of the draws before it.
func TestStageOf(t *testing.T) {
	for _, tc := range []struct{ draws, want int }{{0, 0}, {1, 0}, {8, 0}, {9, 1}, {16, 1}, {17, 2}, {24, 2}, {25, 3}, {90, 3}} {
		if got := stageOf(tc.draws); got != tc.want {
			t.Errorf("after %d draws: stage %d, want %d", tc.draws, got, tc.want)
		}
	}
}

// TestMixCounts counts a hand made by hand: three decisions of seat 0,
// two early and one in the middle, in a hand that seat 1 ended by gin
// after 20 draws, and one decision with no rollouts, left out.
func TestMixCounts(t *testing.T) {
	ds := []prediction{
		// 4 rollouts, 3 own gins and 1 opponent's knock, 40 draws in
		// all: 10 a hand, 7 after the decision.
		{draws: 3, out: outcomes(40, map[advise.Ending]int{advise.OwnGin: 3, advise.OppKnock: 1})},
		// One legal move: no rollouts, no prediction.
		{draws: 5},
		// 2 rollouts, both dead hands of 14 draws: 9 after.
		{draws: 5, out: outcomes(28, map[advise.Ending]int{advise.DeadHand: 2})},
		// 2 rollouts, both own knocks, at 20 draws: 8 after.
		{draws: 12, out: outcomes(40, map[advise.Ending]int{advise.OwnKnock: 2})},
	}
	res := game.Result{Knocker: 1, Winner: 1, Score: rules.HandScore{Outcome: rules.Gin}, Draws: 20}
	var m mixTally
	m.addHand(ds, &res, notation.Seat(0))
	early, middle := m.stages[0], m.stages[1]
	want := map[string][2]float64{
		"early decisions":                {float64(early.n), 2},
		"early own gin":                  {early.pred[advise.OwnGin], 0.75},
		"early their knock":              {early.pred[advise.OppKnock], 0.25},
		"early dead":                     {early.pred[advise.DeadHand], 1},
		"early their gin, hit":           {float64(early.actual[advise.OppGin]), 2},
		"early own gin, hit":             {float64(early.actual[advise.OwnGin]), 0},
		"early draws left":               {early.predLeft, 7 + 9},
		"early draws left, in the hand":  {float64(early.actualLeft), 17 + 15},
		"middle decisions":               {float64(middle.n), 1},
		"middle own knock":               {middle.pred[advise.OwnKnock], 1},
		"middle their gin, hit":          {float64(middle.actual[advise.OppGin]), 1},
		"middle draws left":              {middle.predLeft, 8},
		"middle draws left, in the hand": {float64(middle.actualLeft), 8},
		"late decisions":                 {float64(m.stages[2].n), 0},
	}
	for name, g := range want {
		if g[0] != g[1] {
			t.Errorf("%s: %v, want %v", name, g[0], g[1])
		}
	}
	// Seen from seat 1, the same hand is its own gin.
	var m1 mixTally
	m1.addHand(ds[:1], &res, notation.Seat(1))
	if got := m1.stages[0].actual[advise.OwnGin]; got != 1 {
		t.Errorf("seat 1's own gin counted %d times, want 1", got)
	}

	var b bytes.Buffer
	writeMix(&b, "advisor", []*tally{{partner: "p", mix: &m}})
	// Early: own gin predicted 0.75 of 2 decisions, 37.5%, none happened.
	for _, line := range []string{"| decisions | 2 | 1 | 0 | 0 | 3 |", "| its gin | 37.5 / 0.0 |", "| their gin | 0.0 / 100.0 | 0.0 / 100.0 |", "| draws left | 8.0 / 16.0 | 8.0 / 8.0 |"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the table lacks %q:\n%s", line, b.String())
		}
	}
}

// TestKnockCounts puts knocks in their bands by the undercut share
// predicted, the late ones in brackets too, and leaves out gins, the
// opponent's knocks and a knock no search predicted.
func TestKnockCounts(t *testing.T) {
	knock := func(winner notation.Seat, o rules.Outcome, pts int) *game.Result {
		return &game.Result{Knocker: 0, Winner: winner, Score: rules.HandScore{Outcome: o, Points: pts}}
	}
	var k knockTally
	k.addHand(knockPrediction{made: true, undercut: 0.02, points: 12, draws: 20}, knock(1, rules.Undercut, 27), 0)
	k.addHand(knockPrediction{made: true, undercut: 0.04, points: 10, draws: 5}, knock(0, rules.Knock, 15), 0)
	k.addHand(knockPrediction{made: true, undercut: 0, points: 30}, knock(0, rules.Knock, 30), 0)
	k.addHand(knockPrediction{made: true, undercut: 0.5, points: -5}, knock(0, rules.Knock, 8), 0)
	// Left out: a gin, the knock seen from the other seat, and a knock
	// with no prediction.
	k.addHand(knockPrediction{made: true}, knock(0, rules.Gin, 40), 0)
	k.addHand(knockPrediction{made: true, undercut: 0.02}, knock(0, rules.Knock, 9), 1)
	k.addHand(knockPrediction{}, knock(0, rules.Knock, 9), 0)
	low, late := k.bands[1], k.late[1]
	want := map[string][2]float64{
		"none: knocks":             {float64(k.bands[0].n), 1},
		"up to 5%: knocks":         {float64(low.n), 2},
		"up to 5%: predicted":      {low.pred, 0.06},
		"up to 5%: undercut":       {float64(low.cut), 1},
		"up to 5%: points":         {float64(low.points), -27 + 15},
		"up to 5%: predicted pts":  {low.predPoints, 22},
		"up to 5%, late: knocks":   {float64(late.n), 1},
		"up to 5%, late: undercut": {float64(late.cut), 1},
		"over 30%: knocks":         {float64(k.bands[4].n), 1},
		"5-15% and 15-30%: knocks": {float64(k.bands[2].n + k.bands[3].n), 0},
	}
	for name, g := range want {
		if g[0] != g[1] {
			t.Errorf("%s: %v, want %v", name, g[0], g[1])
		}
	}
	var out bytes.Buffer
	writeKnocks(&out, "advisor", []*tally{{partner: "heuristic", knock: &k}})
	if !strings.Contains(out.String(), "| up to 5% | 2 (1) | 3.0 / 50.0 (2.0 / 100.0) | +11.0 / -6.0 (+12.0 / -27.0) |") {
		t.Errorf("the table lacks the row of the knocks up to 5%%:\n%s", out.String())
	}
}
