package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// TestSimpleCandidatesAgainstBruteForce checks Simple's pruned search for
// the least-deadwood discards against trying every card, with random
// repeat histories.
func TestSimpleCandidatesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 12))
	s := NewSimple(1)
	for i := 0; i < 50000; i++ {
		deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		hand := notation.SetOf(deck[:11]...)
		if i%3 == 0 {
			// Dense hands, where sets and runs compete.
			hand = 0
			for _, c := range deck {
				if c.Rank() >= 3 && c.Rank() <= 8 && hand.Len() < 11 {
					hand = hand.With(c)
				}
			}
		}
		v := seatView{phase: game.DiscardPhase, hand: hand, drawn: deck[rng.IntN(11)], fromPile: rng.IntN(2) == 0}
		s.HandOver(nil)
		// Half the time the hand before the draw is the one the last
		// discard left, whose deadwood the search may reuse.
		if rng.IntN(2) == 0 {
			s.left = hand.Without(v.drawn)
			s.leftDw = meld.MinDeadwood(s.left)
		}
		for j := rng.IntN(4); j > 0; j-- {
			c := deck[rng.IntN(11)]
			s.paired[v.drawn] = s.paired[v.drawn].With(c)
			s.paired[c] = s.paired[c].With(v.drawn)
			s.touched |= c.Set() | v.drawn.Set()
		}
		for _, avoid := range []bool{true, false} {
			var want []notation.Card
			best := 1 << 30
			for c := range hand.All() {
				if v.fromPile && c == v.drawn || avoid && s.paired[v.drawn].Has(c) {
					continue
				}
				dw := meld.MinDeadwood(hand.Without(c))
				if dw < best {
					best, want = dw, nil
				}
				if dw == best {
					want = append(want, c)
				}
			}
			n := s.candidates(&v, avoid)
			if !slices.Equal(s.cand[:n], want) {
				t.Fatalf("%s drew %s (pile %v), avoid %v: candidates %v, want %v", hand, v.drawn, v.fromPile, avoid, s.cand[:n], want)
			}
			// The deadwood the knock decision will reuse.
			if n > 0 && s.candDw != best {
				t.Fatalf("%s drew %s (pile %v), avoid %v: candidates %v leave %d deadwood, not %d", hand, v.drawn, v.fromPile, avoid, s.cand[:n], s.candDw, best)
			}
		}
	}
}

// TestIntNIsRandsIntN wants intN to draw exactly what math/rand/v2 draws
// from the same stream, so that Simple's choices did not change with it.
func TestIntNIsRandsIntN(t *testing.T) {
	for n := 1; n <= 200; n++ {
		a, b := rand.NewPCG(uint64(n), 9), rand.NewPCG(uint64(n), 9)
		r := rand.New(b)
		for i := 0; i < 500; i++ {
			if got, want := intN(a, n), r.IntN(n); got != want {
				t.Fatalf("n=%d draw %d: intN %d, IntN %d", n, i, got, want)
			}
		}
	}
	// Near 2^63 the rejection loop runs often.
	a, b := rand.NewPCG(1, 2), rand.NewPCG(1, 2)
	r := rand.New(b)
	for _, n := range []int{1<<62 + 1, 3 << 61, 1<<63 - 1} {
		for i := 0; i < 1000; i++ {
			if got, want := intN(a, n), r.IntN(n); got != want {
				t.Fatalf("n=%d draw %d: intN %d, IntN %d", n, i, got, want)
			}
		}
	}
}
