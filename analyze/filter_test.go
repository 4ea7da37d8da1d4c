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

// TestFilterCacheFollowsHandAfterHand: one cache, carried through the
// decisions of seat 0 (its draws and discards) over hands of several
// deals in a row, as a player carries it through its games, draws only
// hands that agree with each position: a hand of the deal before never
// leaks into the next.
func TestFilterCacheFollowsHandAfterHand(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	var s reading.Style
	var cache FilterCache
	rng := rand.New(rand.NewPCG(4, 4))
	checked := 0
	for seed := uint64(1); seed <= 10; seed++ {
		var deck [notation.NumCards]notation.Card
		for i := range deck {
			deck[i] = notation.CardAt(i)
		}
		rand.New(rand.NewPCG(seed, 4)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 9)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && (st.Phase() == game.DrawPhase || st.Phase() == game.DiscardPhase) && st.Draws() > 1 {
				p := st.Position(0)
				ps, ok := particles(&cache, &s, &p, seed)
				if !ok {
					t.Fatalf("deal %d, draw %d: no filter", seed, st.Draws())
				}
				for range 20 {
					if h := ps.Draw(rng); h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
						t.Fatalf("deal %d, draw %d: drew %v, unseen %v", seed, st.Draws(), h, p.Unseen())
					}
				}
				checked++
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestNoFilterDrawsNoHands: the options' NoFilter leaves the search
// without the filter's hands; by default a position with its record has
// them.
func TestNoFilterDrawsNoHands(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rand.New(rand.NewPCG(2, 2)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
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
