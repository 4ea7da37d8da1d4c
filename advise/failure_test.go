package advise_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// illegal is a rollout policy with a bug: it answers every decision with
// a knock, legal at no draw.
type illegal struct{}

func (illegal) Choose(*game.State) game.Move { return game.Move{Kind: game.Knock} }

// endless takes every upcard and throws its highest other card, and never
// knocks: two of them under eaai, which has no draw limit, never touch the
// stock, so the hand never ends.
type endless struct{}

func (endless) Choose(st *game.State) game.Move {
	switch st.Phase() {
	case game.KnockPhase:
		return game.PlayOnMove()
	case game.DiscardPhase:
		drawn, _ := st.Drawn()
		var worst notation.Card
		found := false
		for c := range st.Hand(st.Turn()).All() {
			if c != drawn && (!found || c.Value() > worst.Value() || c.Value() == worst.Value() && c > worst) {
				worst, found = c, true
			}
		}
		return game.DiscardMove(worst)
	}
	if st.MustDraw() {
		return game.DrawMove()
	}
	return game.TakeMove()
}

// TestRolloutErrorStopsTheAdvice: a policy that answers with an illegal
// move stops the advice with ErrRollout, at any worker count, instead of
// averaging a world it did not play.
func TestRolloutErrorStopsTheAdvice(t *testing.T) {
	p := mustPosition(t, midGame)
	for _, workers := range []int{1, 3} {
		o := options(256, 1, workers)
		o.Rollout = func() (game.Policy, game.Policy) { return bot.NewHeuristic(0), illegal{} }
		a, err := advise.Advise(context.Background(), &p, o)
		if !errors.Is(err, advise.ErrRollout) {
			t.Errorf("%d workers: error %v, want ErrRollout", workers, err)
		}
		if len(a.Candidates) != 0 {
			t.Errorf("%d workers: %d candidates given beside the error", workers, len(a.Candidates))
		}
	}
}

// TestEndlessRolloutsAreCounted: rollouts that never end are abandoned as
// dead hands, the game model's rule, for every candidate alike: no
// points, the chance before the hand, and every one counted.
func TestEndlessRolloutsAreCounted(t *testing.T) {
	p := mustPosition(t, midGame)
	o := options(128, 1, 2)
	o.Rollout = func() (game.Policy, game.Policy) { return endless{}, endless{} }
	a, err := advise.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range a.Candidates {
		if c.Samples == 0 || c.Abandoned != c.Samples {
			t.Errorf("%s: %d of %d rollouts abandoned, want all", c.Move, c.Abandoned, c.Samples)
		}
		if c.Points != 0 || c.Equity != a.Before {
			t.Errorf("%s: %.3f points and equity %.4f, want a dead hand: 0 and %.4f", c.Move, c.Points, c.Equity, a.Before)
		}
		total += c.Abandoned
	}
	if a.Abandoned != total || total == 0 {
		t.Errorf("the advice counts %d abandoned rollouts, its candidates %d", a.Abandoned, total)
	}
}
