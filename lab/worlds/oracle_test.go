//go:build lab

package worlds

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// TestOracleFillsEveryWorld: where the oracle answers, every world of the
// decision holds its cards, told as a hand or card by card at a share of
// 1; where it does not, the worlds are the advisor's own.
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
				answer := true
				told := func(*game.Position) (notation.CardSet, bool) { return truth, answer }
				d := decision(&p, seed)
				for _, tell := range []Telling{Hand, Cards} {
					w := (&Oracle{Told: told, Share: 1, Tell: tell}).Worlds(d)
					if w.Share != 1 || w.Hands == nil {
						t.Fatalf("draw %d, telling %d: share %g", st.Draws(), tell, w.Share)
					}
					for range 5 {
						if h := w.Hands(rng); h != truth {
							t.Fatalf("draw %d, telling %d: a world holds %v, the opponent %v", st.Draws(), tell, h, truth)
						}
					}
				}
				answer = false
				w, own := (&Oracle{Told: told}).Worlds(d), analyze.FilterWorlds(d)
				if w.Share != own.Share || (w.Hands == nil) != (own.Hands == nil) || w.Weigh != nil {
					t.Fatalf("draw %d: unanswered, share %g, the advisor's %g", st.Draws(), w.Share, own.Share)
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
	drawTold := func(*rand.Rand) notation.CardSet { return told }
	drawOther := func(*rand.Rand) notation.CardSet { return other }
	for _, tc := range []struct {
		name              string
		share             float64
		own               advise.Worlds
		wantShare, wantIn float64 // the share of all worlds, and of those drawn from hands, that are told
	}{
		{"all, at 0", 0, advise.Worlds{Hands: drawOther, Share: 0.5}, 1, 1},
		{"all, at 1", 1, advise.Worlds{Hands: drawOther, Share: 0.5}, 1, 1},
		{"all, above 1", 1.5, advise.Worlds{Hands: drawOther, Share: 0.5}, 1, 1},
		{"half, with the filter's half", 0.5, advise.Worlds{Hands: drawOther, Share: 0.5}, 0.75, 2.0 / 3},
		{"a tenth, with the filter's half", 0.1, advise.Worlds{Hands: drawOther, Share: 0.5}, 0.55, 0.1 / 0.55},
		{"half, with no other hands", 0.5, advise.Worlds{}, 0.5, 1},
	} {
		w := withTold(drawTold, tc.share, tc.own)
		if math.Abs(w.Share-tc.wantShare) > 1e-12 {
			t.Errorf("%s: share %g, want %g", tc.name, w.Share, tc.wantShare)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		n, in := 4000, 0
		for range n {
			switch h := w.Hands(rng); h {
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
		ps, ok := reading.Filter(&style, &p, analyze.FilterParticles, 3)
		if !ok {
			t.Fatal("no filter")
		}
		_, accept := analyze.ReadingModel(&style, &p)
		truth := st.Hand(1) &^ p.OpponentKnown()
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), 1))
		if h := marginalHands(&p, ps, accept, truth, 1, 9)(rng); h != truth {
			t.Errorf("share 1 drew %v, want %v", h, truth)
		}
		est := probability.Infer(&p)
		_, chance := drawPool(&p, &est, ps, accept, advise.MaxRedraws, 9)
		const draws = 4000
		var counts [64]float64
		draw := marginalHands(&p, ps, accept, truth, 0.5, 9)
		for range draws {
			for c := range draw(rng).All() {
				counts[c]++
			}
		}
		for c := range est.Unseen.Cards.All() {
			want := 0.5 * chance[c]
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
		ps, ok := reading.Filter(&style, &p, analyze.FilterParticles, 3)
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
		told := func(*game.Position) (notation.CardSet, bool) { return truth, true }
		w := (&Oracle{Told: told, Share: 0.5, Tell: Melds}).Worlds(decision(&p, 0))
		rng := rand.New(rand.NewPCG(2, uint64(st.Draws())))
		const draws = 400
		holding, whole := 0, 0
		for range draws {
			if h := w.Hands(rng); h == truth {
				whole++
			} else if h&melded == melded {
				holding++
			}
		}
		if f := float64(holding+whole) / draws * w.Share; f < 0.4 || float64(whole)/draws > 0.05 {
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
	checked, dangerous := 0, 0
	deals := 2 // some 40 decisions told; -long, 8
	if longtest.Enabled() {
		deals = 8
	}
	againstHeuristic(t, deals, 9, func(st *game.State) {
		if st.Phase() != game.DiscardPhase || st.Draws() <= 4 || st.Hand(0).Len() != 11 {
			return
		}
		p := st.Position(0)
		truth := st.Hand(1) & p.Unseen()
		known := p.OpponentKnown()
		told := func(*game.Position) (notation.CardSet, bool) { return truth, true }
		d := decision(&p, 3)
		ps, ok := d.Filter()
		if !ok {
			t.Fatal("no particles")
		}
		est := probability.Infer(&p)
		pool, _ := drawPool(&p, &est, ps, d.Accept, advise.MaxRedraws, 77)
		moves := p.Legal(nil)
		w := make([]float64, len(moves))
		for _, given := range []float64{1, 0.5, 0} {
			share := given
			if given == 0 {
				share = 1 // as for the whole hand, 0 tells all the way
			}
			weigh := (&Oracle{Told: told, Share: given, Tell: Danger}).Worlds(d).Weigh
			if weigh == nil {
				t.Fatal("no weights at a discard told the danger")
			}
			for i, m := range moves {
				c := m.Card
				var sum, yes, n float64
				for _, h := range pool {
					weigh(h|known, moves, w)
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
					dangerous++
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
	t.Logf("%d decisions checked, %d dangerous discards", checked, dangerous)
	if checked < 10 || dangerous == 0 {
		t.Fatalf("only %d decisions checked, %d dangerous discards", checked, dangerous)
	}
}

// TestNoFilterDrawsFromTheEstimate: the advisor before the filter has no
// second source of worlds, where the advisor's own draws half of them
// from the filter.
func TestNoFilterDrawsFromTheEstimate(t *testing.T) {
	checked := 0
	againstHeuristic(t, 2, 4, func(st *game.State) {
		if st.Draws() < 4 {
			return
		}
		p := st.Position(0)
		d := decision(&p, 1)
		if w := (NoFilter{}).Worlds(d); w.Hands != nil || w.Share != 0 || w.Weigh != nil {
			t.Fatalf("draw %d: the advisor before the filter draws hands in %g of its worlds", st.Draws(), w.Share)
		}
		if w := analyze.FilterWorlds(d); w.Hands == nil || w.Share != analyze.FilterShare {
			t.Fatalf("draw %d: the advisor's own worlds draw hands in %g of them", st.Draws(), w.Share)
		}
		checked++
	})
	if checked < 5 {
		t.Fatalf("only %d decisions checked", checked)
	}
}
