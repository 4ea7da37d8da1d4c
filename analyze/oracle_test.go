package analyze

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
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

// TestMarginalHandsTellCardByCard: at share 1 every hand drawn is the
// true one; at a share of one half each card is drawn with half its
// chance in the pool plus a half if the opponent holds it, within the
// noise of 4,000 draws.
func TestMarginalHandsTellCardByCard(t *testing.T) {
	var style reading.Style
	checked := 0
	againstHeuristic(t, 8, 6, func(st *game.State) {
		if st.Phase() != game.DiscardPhase || st.Draws() <= 4 || st.Draws()%3 != 0 {
			return
		}
		p := st.Position(0)
		ps, ok := reading.Filter(&style, &p, FilterParticles, 3)
		if !ok {
			t.Fatal("no filter")
		}
		_, accept := bot.ReadingModel(&style, &p)
		truth := st.Hand(1) &^ p.OpponentKnown()
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), 1))
		if h := marginalHands(&p, ps, accept, truth, 1, 9)(rng); h != truth {
			t.Errorf("share 1 drew %v, want %v", h, truth)
		}
		est := probability.Infer(&p)
		_, ch := drawPool(&p, &est, ps, accept, advise.MaxRedraws, 9)
		const draws = 4000
		var counts [64]float64
		draw := marginalHands(&p, ps, accept, truth, 0.5, 9)
		for range draws {
			for c := range draw(rng).All() {
				counts[c]++
			}
		}
		for c := range est.Unseen.Cards.All() {
			want := 0.5 * ch.All[c]
			if truth.Has(c) {
				want += 0.5
			}
			if got := counts[c] / draws; math.Abs(got-want) > 0.05 {
				t.Errorf("draw %d: %v drawn in %.3f of the hands, want %.3f", st.Draws(), c, got, want)
			}
		}
		checked++
	})
	if checked < 3 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestMeldedHandsHoldTheMelds: each hand drawn for a told world holds the
// opponent's hidden cards that its first arrangement melds, as many cards
// as it hides, all unseen.
func TestMeldedHandsHoldTheMelds(t *testing.T) {
	var style reading.Style
	checked, melding := 0, 0
	againstHeuristic(t, 8, 7, func(st *game.State) {
		if st.Phase() != game.DiscardPhase || st.Draws() <= 4 {
			return
		}
		p := st.Position(0)
		ps, ok := reading.Filter(&style, &p, FilterParticles, 3)
		if !ok {
			t.Fatal("no filter")
		}
		truth := st.Hand(1) &^ p.OpponentKnown()
		_, dead, _ := meld.FirstArrangement(st.Hand(1))
		melded := truth &^ dead
		if !melded.Empty() {
			melding++
		}
		draw := meldedHands(&p, ps, truth)
		rng := rand.New(rand.NewPCG(1, uint64(st.Draws())))
		for range 50 {
			h := draw(rng)
			if h&melded != melded || h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
				t.Fatalf("draw %d: %v, want %d unseen cards holding %v", st.Draws(), h, p.OpponentHidden(), melded)
			}
		}
		checked++
	})
	if checked < 10 || melding < 3 {
		t.Fatalf("%d decisions checked, %d with melds", checked, melding)
	}
}

// TestOracleMeldsTellOnlyTheMelds: told its melds at a share of one half,
// about half the worlds hold the opponent's melded cards, and hardly any
// its whole hidden hand where that holds three cards or more besides its
// melds: the melds are told in place of the whole hand, not beside it.
func TestOracleMeldsTellOnlyTheMelds(t *testing.T) {
	checked := 0
	againstHeuristic(t, 8, 8, func(st *game.State) {
		if st.Phase() != game.DiscardPhase || st.Draws() <= 6 {
			return
		}
		p := st.Position(0)
		truth := st.Hand(1) & p.Unseen()
		_, dead, _ := meld.FirstArrangement(st.Hand(1))
		melded := truth &^ dead
		if melded.Empty() || (truth&^melded).Len() < 3 {
			return
		}
		oracle := func(*game.Position) (notation.CardSet, bool) { return truth, true }
		so := searchOptions(&p, Options{Oracle: oracle, OracleMelds: true, OracleShare: 0.5})
		rng := rand.New(rand.NewPCG(2, uint64(st.Draws())))
		const draws = 400
		holding, whole := 0, 0
		for range draws {
			if h := so.Hands(rng); h == truth {
				whole++
			} else if h&melded == melded {
				holding++
			}
		}
		share := so.HandsShare
		if f := float64(holding+whole) / draws * share; f < 0.4 || float64(whole)/draws > 0.05 {
			t.Errorf("draw %d: %.2f of the worlds hold the melds, %d of %d the whole hand", st.Draws(), f, whole, draws)
		}
		checked++
	})
	if checked < 3 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestOracleDangerTellsEachDiscard: told whether the opponent's true hand
// melds each discard, the search's weights move the share of a discard's
// worlds in which it melds the told way. Over a second pool drawn as the
// worlds are, told all the way (a share of 1, or 0), every weighed world
// agrees with the truth; told half the way, the weighed share is within
// 0.07 of halfway between the pool's share and the truth (where that
// share is from 0.1 to 0.9).
func TestOracleDangerTellsEachDiscard(t *testing.T) {
	checked, told := 0, 0
	againstHeuristic(t, 8, 9, func(st *game.State) {
		if st.Phase() != game.DiscardPhase || st.Draws() <= 4 || st.Hand(0).Len() != 11 {
			return
		}
		p := st.Position(0)
		truth := st.Hand(1) & p.Unseen()
		known := p.OpponentKnown()
		oracle := func(*game.Position) (notation.CardSet, bool) { return truth, true }
		ps, ok := particles(nil, new(reading.Style), &p, 3)
		if !ok {
			t.Fatal("no particles")
		}
		est := probability.Infer(&p)
		_, accept := bot.ReadingModel(new(reading.Style), &p)
		pool, _ := drawPool(&p, &est, ps, accept, advise.MaxRedraws, 77)
		moves := p.Legal(nil)
		w := make([]float64, len(moves))
		for _, given := range []float64{1, 0.5, 0} {
			share := given
			if given == 0 {
				share = 1 // as for the whole hand, 0 tells all the way
			}
			so := searchOptions(&p, Options{Oracle: oracle, OracleDanger: true, OracleShare: given, Seed: 3})
			if so.Weigh == nil {
				t.Fatal("no weights at a discard told the danger")
			}
			for i, m := range moves {
				c := m.Card
				var sum, yes, n float64
				for _, h := range pool {
					so.Weigh(h|known, moves, w)
					melds := meld.InMeld(h|known|c.Set(), c)
					sum += w[i]
					if melds {
						yes += w[i]
						n++
					}
				}
				truly := 0.0
				if meld.InMeld(truth|known|c.Set(), c) {
					truly = 1
					told++
				}
				q, got := n/float64(len(pool)), yes/sum
				want := share*truly + (1-share)*q
				// A share near 0 or 1 is counted from few hands in
				// either pool: only the exact answer told all the way
				// is checked there.
				rare := q < 0.1 || q > 0.9
				if share == 1 && n > 0 && n < float64(len(pool)) && got != truly || !rare && math.Abs(got-want) > 0.07 {
					t.Errorf("draw %d, %s told %g of the way: weighed share %.3f, want %.3f (pool %.3f, truth %g)", st.Draws(), m, share, got, want, q, truly)
				}
			}
			checked++
		}
	})
	if checked < 10 || told == 0 {
		t.Fatalf("only %d decisions checked, %d dangerous discards", checked, told)
	}
}
