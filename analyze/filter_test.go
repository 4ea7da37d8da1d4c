package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestFilterCacheLastsUntilTheOpponentPlays follows hands of simple
// against simple: at each of seat 0's draw decisions the cache is filled,
// the discard decision after a draw from the stock reuses it and never
// draws the card the seat drew, and the next draw decision, after the
// opponent's turn, fills it again.
func TestFilterCacheLastsUntilTheOpponentPlays(t *testing.T) {
	var s reading.Style
	reused, refilled := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 4))
		st := dealt(t, rng)
		var cache FilterCache
		var last *reading.Particles
		pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 9)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > 1 {
				p := st.Position(0)
				if _, ok := particles(&cache, &s, &p, seed); !ok {
					t.Fatal("no filter at a draw decision")
				}
				if cache.ps == last {
					t.Fatal("the cache was not refilled after the opponent played")
				}
				last = cache.ps
				refilled++
				m := pol[0].Choose(&st)
				if err := st.Apply(m); err != nil {
					t.Fatal(err)
				}
				if m.Kind != game.Draw || st.Phase() != game.DiscardPhase {
					continue
				}
				q := st.Position(0)
				drawn := q.Hand() &^ p.Hand()
				ps, ok := particles(&cache, &s, &q, seed+1)
				if !ok {
					continue
				}
				if cache.ps != last {
					t.Fatal("the discard decision ran the filter again")
				}
				for range 40 {
					if h := ps.Draw(rng); h&drawn != 0 {
						t.Fatalf("drew %v, with %v the seat drew", h, drawn)
					}
				}
				reused++
				continue
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if reused < 10 || refilled < 20 {
		t.Fatalf("reused %d, refilled %d: too few to tell", reused, refilled)
	}
}

// TestNoFilterDrawsNoHands: the options' NoFilter leaves the search
// without the filter's hands; by default a position with its record has
// them.
func TestNoFilterDrawsNoHands(t *testing.T) {
	st := dealt(t, rand.New(rand.NewPCG(2, 2)))
	pol := [2]game.Policy{bot.NewSimple(1), bot.NewSimple(2)}
	for st.Draws() < 6 || st.Turn() != 0 || st.Phase() != game.DrawPhase {
		if st.Phase() == game.Over {
			t.Fatal("the hand ended early")
		}
		if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
			t.Fatal(err)
		}
	}
	p := st.Position(0)
	if so := searchOptions(&p, Options{}); so.Hands == nil || so.HandsShare != FilterShare {
		t.Fatalf("by default: hands %v, share %g", so.Hands != nil, so.HandsShare)
	}
	if so := searchOptions(&p, Options{NoFilter: true}); so.Hands != nil {
		t.Fatal("NoFilter draws hands")
	}
	if so := searchOptions(&p, Options{Fixed: true}); so.Hands != nil {
		t.Fatal("the fixed model draws hands")
	}
}

// TestKnockMarginReachesTheReadingAdvisor: the knock margin reaches the
// search of the advisors that read, filter or not, and not the fixed
// model's, which knocks as it did.
func TestKnockMarginReachesTheReadingAdvisor(t *testing.T) {
	st := dealt(t, rand.New(rand.NewPCG(2, 2)))
	p := st.Position(st.Turn())
	for _, c := range []struct {
		o    Options
		want float64
	}{{Options{}, 0}, {Options{KnockMargin: 0.5}, 0.5}, {Options{KnockMargin: 0.5, NoFilter: true}, 0.5}, {Options{KnockMargin: 0.5, Fixed: true}, 0}} {
		if so := searchOptions(&p, c.o); so.KnockMargin != c.want {
			t.Errorf("options %+v: knock margin %g, want %g", c.o, so.KnockMargin, c.want)
		}
	}
}

// dealt deals the first hand of an eaai game from a deck shuffled by rng,
// seat 1 dealing.
func dealt(t *testing.T, rng *rand.Rand) game.State {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
