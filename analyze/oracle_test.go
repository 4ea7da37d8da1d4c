package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// TestOracleFillsEveryWorld: where the oracle answers, every world of the
// decision holds its cards; where it does not, the worlds are drawn as
// without it; and the fixed model, which reads nothing, never asks it.
func TestOracleFillsEveryWorld(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		st := dealt(t, rng)
		pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 9)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && st.Draws() > 1 {
				p := st.Position(0)
				truth := st.Hand(1) & p.Unseen()
				asked := 0
				answer := true
				oracle := func(q *game.Position) (notation.CardSet, bool) {
					asked++
					return truth, answer
				}
				so := searchOptions(&p, Options{Oracle: oracle})
				if so.HandsShare != 1 || so.Hands == nil {
					t.Fatalf("draw %d: share %g with an oracle", st.Draws(), so.HandsShare)
				}
				for range 5 {
					if h := so.Hands(rng); h != truth {
						t.Fatalf("draw %d: a world holds %v, the opponent %v", st.Draws(), h, truth)
					}
				}
				answer = false
				if so := searchOptions(&p, Options{Oracle: oracle}); so.HandsShare == 1 {
					t.Fatalf("draw %d: every world from an oracle that did not answer", st.Draws())
				}
				if so := searchOptions(&p, Options{Oracle: oracle, Fixed: true}); so.Hands != nil {
					t.Fatalf("draw %d: the fixed model drew on the oracle", st.Draws())
				}
				if asked != 2 {
					t.Fatalf("draw %d: the oracle was asked %d times, not 2", st.Draws(), asked)
				}
				checked++
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d decisions checked", checked)
	}
}
