package meld

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// FuzzSolver feeds arbitrary card sets of up to 14 cards to the solver and
// checks every answer against the reference.
func FuzzSolver(f *testing.F) {
	for _, s := range []string{"3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S", "7C 7S 7D 8D 9D", "KC KD KH AS 2H 3C 4D 5S 6H 8C 9D"} {
		h, _ := notation.ParseHand(s)
		f.Add(uint64(h))
	}
	f.Fuzz(func(t *testing.T, raw uint64) {
		h := notation.CardSet(raw) & notation.FullDeck
		for h.Len() > 14 {
			c, _ := h.First()
			h = h.Without(c)
		}
		checkAgainstReference(t, h)
		if h.Len() == 0 {
			return
		}
		c, dw, ok := BestDiscard(h)
		if !ok || !h.Has(c) || MinDeadwood(h.Without(c)) != dw {
			t.Fatalf("BestDiscard(%s) = %v %d %v", h, c, dw, ok)
		}
		for d := range h.All() {
			if MinDeadwood(h.Without(d)) < dw {
				t.Fatalf("BestDiscard(%s) = %v leaving %d, but %v leaves less", h, c, dw, d)
			}
		}
	})
}
