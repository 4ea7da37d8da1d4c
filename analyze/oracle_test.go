package analyze

import (
	"math"
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
				// Told card by card at a share of 1, the hands are the
				// true one too, drawn by the sampler, not the pool.
				if so := searchOptions(&p, Options{Oracle: oracle, OracleMarginal: true, OracleShare: 1}); so.HandsShare != 1 || so.Hands == nil || so.Hands(rng) != truth {
					t.Fatalf("draw %d: told card by card, share %g", st.Draws(), so.HandsShare)
				}
				answer = false
				if so := searchOptions(&p, Options{Oracle: oracle}); so.HandsShare == 1 {
					t.Fatalf("draw %d: every world from an oracle that did not answer", st.Draws())
				}
				if so := searchOptions(&p, Options{Oracle: oracle, Fixed: true}); so.Hands != nil {
					t.Fatalf("draw %d: the fixed model drew on the oracle", st.Draws())
				}
				if asked != 3 {
					t.Fatalf("draw %d: the oracle was asked %d times, not 3", st.Draws(), asked)
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

// TestOracleShare: with a share of the worlds, the oracle's cards are in
// that share of all the worlds and the other hands in theirs.
func TestOracleShare(t *testing.T) {
	told, other := notation.CardSet(0b111), notation.CardSet(0b111000)
	drawOther := func(*rand.Rand) notation.CardSet { return other }
	for _, tc := range []struct {
		name              string
		share             float64
		hands             func(*rand.Rand) notation.CardSet
		handsShare        float64
		wantShare, wantIn float64 // the share of all worlds, and of those drawn from hands, that are told
	}{
		{"all, at 0", 0, drawOther, 0.5, 1, 1},
		{"all, at 1", 1, drawOther, 0.5, 1, 1},
		{"all, above 1", 1.5, drawOther, 0.5, 1, 1},
		{"half, with the filter's half", 0.5, drawOther, 0.5, 0.75, 2.0 / 3},
		{"a tenth, with the filter's half", 0.1, drawOther, 0.5, 0.55, 0.1 / 0.55},
		{"half, with no other hands", 0.5, nil, 0, 0.5, 1},
	} {
		hands, share := withOracle(told, tc.share, tc.hands, tc.handsShare)
		if math.Abs(share-tc.wantShare) > 1e-12 {
			t.Errorf("%s: share %g, want %g", tc.name, share, tc.wantShare)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		n, in := 4000, 0
		for range n {
			switch h := hands(rng); h {
			case told:
				in++
			case other:
			default:
				t.Fatalf("%s: drew %v", tc.name, h)
			}
		}
		if got := float64(in) / float64(n); math.Abs(got-tc.wantIn) > 0.03 {
			t.Errorf("%s: %.3f of the drawn hands told, want %.3f", tc.name, got, tc.wantIn)
		}
	}
}
