package position_test

import (
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// sameView says why q is not the position p, or "" when it is: the same
// facts, rules, scores, turn and phase, and the same moves.
func sameView(p, q *game.Position) string {
	ps, qs := p.Setup(), q.Setup()
	switch {
	case !reflect.DeepEqual(p.Facts(), q.Facts()):
		return "the facts differ"
	case !rules.SameGame(ps.Rules, qs.Rules) || ps.Scores != qs.Scores || ps.Dealer != qs.Dealer || ps.Number != qs.Number:
		return "the setup differs"
	case p.Turn() != q.Turn() || p.Phase() != q.Phase() || p.LastChance() != q.LastChance() || p.MustDraw() != q.MustDraw():
		return "the turn differs"
	case p.KnockLimit() != q.KnockLimit() || p.Unseen() != q.Unseen() || p.OpponentKnown() != q.OpponentKnown() ||
		p.OpponentDiscards() != q.OpponentDiscards() || p.Draws() != q.Draws():
		return "what the seat knows differs"
	case !reflect.DeepEqual(p.Legal(nil), q.Legal(nil)):
		return "the moves differ"
	}
	return ""
}

// TestEveryPositionReadsBack plays random hands under every preset and
// some overrides, and eaai hands past game.MaxDraws draws, and writes both
// seats' positions after every move, the seat to move's and the waiting
// seat's, in both forms (the history form of every fourth, with -long of
// every one): each reads back to the same position.
func TestEveryPositionReadsBack(t *testing.T) {
	var short, history int
	check := func(s testhands.Step) {
		for i := range s.Positions {
			p := &s.Positions[i]
			if !p.Started() || p.Phase() == game.Over {
				continue
			}
			text := position.Format(p)
			q, err := position.Parse(text)
			if err != nil {
				t.Fatalf("after %d draws: %s\n%v", s.State.Draws(), text, err)
			}
			if why := sameView(p, &q); why != "" {
				t.Fatalf("%s: %s\n%+v\n%+v", text, why, p.Facts(), q.Facts())
			}
			if again := position.Format(&q); again != text {
				t.Fatalf("the short form changes:\n%s\n%s", text, again)
			}
			short++
			// The history form, read back in full, costs most; the
			// everyday run reads every fourth position's, -long every one.
			if short%4 != 0 && !longtest.Enabled() {
				continue
			}
			if h, ok := position.FormatHistory(p); ok {
				q, err := position.Parse(h)
				if err != nil {
					t.Fatalf("%s\n%v", h, err)
				}
				if why := sameView(p, &q); why != "" {
					t.Fatalf("%s: %s\n%+v\n%+v", h, why, p.Facts(), q.Facts())
				}
				history++
			}
		}
	}
	hands := 1 // a preset; -long plays 8
	if longtest.Enabled() {
		hands = 8
	}
	testhands.Random(t, hands, 5, check)
	// Past game.MaxDraws is what matters; -long goes twice as far.
	draws := game.MaxDraws + 24
	if longtest.Enabled() {
		draws = 2*game.MaxDraws + 40
	}
	testhands.Long(t, draws, check)
	t.Logf("%d positions read back from the short form, %d from the history form", short, history)
}
