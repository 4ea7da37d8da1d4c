package advise_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestEndingOf maps every way a hand ends, seen from either seat, to its
// ending.
func TestEndingOf(t *testing.T) {
	p0, p1 := notation.Seat(0), notation.Seat(1)
	tests := []struct {
		name    string
		knocker notation.Seat
		outcome rules.Outcome
		seat    notation.Seat
		want    advise.Ending
	}{
		{"own knock", p0, rules.Knock, p0, advise.OwnKnock},
		{"own gin", p1, rules.Gin, p1, advise.OwnGin},
		{"own big gin", p0, rules.BigGin, p0, advise.OwnGin},
		{"own knock undercut", p1, rules.Undercut, p1, advise.OwnUndercut},
		{"their knock", p1, rules.Knock, p0, advise.OppKnock},
		{"their gin", p0, rules.Gin, p1, advise.OppGin},
		{"their big gin", p1, rules.BigGin, p0, advise.OppGin},
		{"their knock undercut", p0, rules.Undercut, p1, advise.OppUndercut},
		{"dead hand", notation.NoSeat, rules.Dead, p0, advise.DeadHand},
		{"dead hand, other seat", notation.NoSeat, rules.Dead, p1, advise.DeadHand},
	}
	for _, tc := range tests {
		res := game.Result{Knocker: tc.knocker, Score: rules.HandScore{Outcome: tc.outcome}}
		if got := advise.EndingOf(&res, tc.seat); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestOutcomesAddUp checks every candidate's outcome counts against what
// is known of its rollouts: they add up to its samples; a knock undercut
// for certain is undercut in every one, as its Undercut share says; a
// rollout that never ends is a dead hand; and a hand ends no sooner than
// the draws already made.
func TestOutcomesAddUp(t *testing.T) {
	tests := []struct {
		name    string
		pos     string
		rollout advise.Rollout
		// With every set, want is the ending of every rollout of every
		// candidate of that kind.
		every bool
		kind  game.MoveKind
		want  advise.Ending
	}{
		{"mid game", midGame, nil, false, 0, 0},
		{"certain undercut", testpositions.UndercutCertain, nil, true, game.Knock, advise.OwnUndercut},
		{"endless", midGame, func() (game.Policy, game.Policy) { return endless{}, endless{} }, true, game.Discard, advise.DeadHand},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.pos)
		o := options(128, 5, 2)
		if tc.rollout != nil {
			o.Rollout = tc.rollout
		}
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var base advise.Candidate
		for _, c := range a.Candidates {
			if c.Baseline {
				base = c
			}
		}
		for _, c := range a.Candidates {
			out := c.Outcomes
			if n := out.Rollouts(); n != c.Samples || n == 0 {
				t.Errorf("%s: %s: %d rollouts counted by ending, %d samples", tc.name, c.Move, n, c.Samples)
			}
			if out.Draws < p.Draws()*c.Samples {
				t.Errorf("%s: %s: %d draws over %d rollouts, fewer than the %d made before", tc.name, c.Move, out.Draws, c.Samples, p.Draws())
			}
			if c.Move.Kind == game.Knock && out.Share(advise.OwnUndercut) != c.Undercut {
				t.Errorf("%s: %s: undercut in %.3f by the counts, %.3f by the candidate", tc.name, c.Move, out.Share(advise.OwnUndercut), c.Undercut)
			}
			if tc.every && c.Move.Kind == tc.kind && out.By[tc.want] != c.Samples {
				t.Errorf("%s: %s: %v by ending, want all %d %s", tc.name, c.Move, out.By, c.Samples, tc.want)
			}
			// Played in every world, as the baseline is, a candidate's
			// equity is the mean of its rollouts': the sums by ending add
			// up to it.
			if c.Samples == base.Samples {
				sum := 0.0
				for _, eq := range out.Equity {
					sum += eq
				}
				if got := sum / float64(c.Samples); math.Abs(got-c.Equity) > 1e-9 {
					t.Errorf("%s: %s: equity %.6f by ending, %.6f by the candidate", tc.name, c.Move, got, c.Equity)
				}
			}
		}
	}
}

// TestOutcomesJSON writes the counts by name, and leaves them out of a
// candidate that has none.
func TestOutcomesJSON(t *testing.T) {
	var o advise.Outcomes
	o.Add(advise.OppGin, 20, 0.25)
	o.Add(advise.OwnKnock, 10, 0.75)
	b, err := json.Marshal(advise.Candidate{Outcomes: o})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"opp_gin":1`, `"own_knock":1`, `"dead":0`, `"draws":30`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	if b, err = json.Marshal(advise.Candidate{}); err != nil || strings.Contains(string(b), "outcomes") {
		t.Errorf("a candidate with no rollouts: %s, %v; want no outcomes", b, err)
	}
	if got := o.MeanDraws(); got != 15 {
		t.Errorf("mean draws %v, want 15", got)
	}
	if got := o.MeanEquity(advise.OwnKnock); got != 0.75 {
		t.Errorf("mean equity after an own knock %v, want 0.75", got)
	}
	if got := o.MeanEquity(advise.OwnGin); got != 0 {
		t.Errorf("mean equity after no own gin %v, want 0", got)
	}
}
