package meld

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// TestSolvedWithoutAgreesWithMinDeadwood checks Without against the search
// of each hand less each card, on random hands of 2 to 14 cards and on
// dense ones, where sets compete with runs.
func TestSolvedWithoutAgreesWithMinDeadwood(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 40000 {
		n := 2 + rng.IntN(13)
		hand := drawHand(rng, n, i%2 == 1)
		s := Solve(hand)
		if got, want := s.Deadwood(), MinDeadwood(hand); got != want {
			t.Fatalf("%s: Deadwood %d, MinDeadwood %d", hand, got, want)
		}
		for c := range hand.All() {
			if got, want := s.Without(c), MinDeadwood(hand.Without(c)); got != want {
				t.Fatalf("%s less %s: Without %d, MinDeadwood %d", hand, c, got, want)
			}
		}
	}
}

// drawHand draws n cards, from 4 to 7 neighbouring ranks when dense.
func drawHand(rng *rand.Rand, n int, dense bool) notation.CardSet {
	lo, span := 0, notation.NumRanks
	if dense {
		span = 4 + rng.IntN(4)
		lo = rng.IntN(notation.NumRanks - span + 1)
	}
	if n > 4*span {
		n = 4 * span
	}
	var h notation.CardSet
	for h.Len() < n {
		h = h.With(notation.NewCard(notation.Rank(lo+rng.IntN(span)), notation.Suit(rng.IntN(4))))
	}
	return h
}

func ExampleSolved_Without() {
	hand, _ := notation.ParseHand("AS 2S 3S 4S 7H 7D 7C KD QD JD 4C")
	four, _ := notation.ParseCard("4C")
	seven, _ := notation.ParseCard("7C")
	s := Solve(hand)
	fmt.Println(s.Deadwood(), s.Without(four), s.Without(seven))
	// Output: 4 0 18
}
