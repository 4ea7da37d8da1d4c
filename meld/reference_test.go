package meld

import (
	"math/bits"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/ginadvisor/ginadvisor/notation"
)

// This file holds a slow reference solver that is obviously correct: it
// lists every meld in the hand and tries every collection of disjoint
// melds. The fast solver is checked against it.

// refMelds lists every meld that can be formed from cards of hand.
func refMelds(hand notation.CardSet) []notation.CardSet {
	var out []notation.CardSet
	for r := notation.Rank(0); r < notation.NumRanks; r++ {
		cards := hand.Rank(r).Cards()
		// Every subset of size 3 or 4.
		for mask := 0; mask < 1<<len(cards); mask++ {
			if n := bits.OnesCount(uint(mask)); n < 3 {
				continue
			}
			var s notation.CardSet
			for i, c := range cards {
				if mask&(1<<i) != 0 {
					s = s.With(c)
				}
			}
			out = append(out, s)
		}
	}
	for s := notation.Suit(0); s < notation.NumSuits; s++ {
		for lo := notation.Rank(0); lo < notation.NumRanks; lo++ {
			var run notation.CardSet
			for hi := lo; hi < notation.NumRanks; hi++ {
				c := notation.NewCard(hi, s)
				if !hand.Has(c) {
					break
				}
				run = run.With(c)
				if hi-lo >= 2 {
					out = append(out, run)
				}
			}
		}
	}
	return out
}

// refKey names an arrangement by its sorted meld masks.
func refKey(melds []notation.CardSet) string {
	ms := append([]notation.CardSet(nil), melds...)
	sort.Slice(ms, func(i, j int) bool { return ms[i] < ms[j] })
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, "|")
}

// refCollections calls visit with every collection of disjoint melds of
// hand, each once, and the cards they use.
func refCollections(hand notation.CardSet, visit func(chosen []notation.CardSet, used notation.CardSet)) {
	melds := refMelds(hand)
	var chosen []notation.CardSet
	var walk func(i int, used notation.CardSet)
	walk = func(i int, used notation.CardSet) {
		if i == len(melds) {
			visit(chosen, used)
			return
		}
		walk(i+1, used)
		if melds[i]&used == 0 {
			chosen = append(chosen, melds[i])
			walk(i+1, used|melds[i])
			chosen = chosen[:len(chosen)-1]
		}
	}
	walk(0, 0)
}

// refSolve returns the least deadwood of hand and the keys of every
// arrangement that reaches it.
func refSolve(hand notation.CardSet) (int, map[string]bool) {
	best := 1 << 30
	keys := map[string]bool{}
	refCollections(hand, func(chosen []notation.CardSet, used notation.CardSet) {
		dw := hand.Minus(used).Value()
		if dw < best {
			best = dw
			keys = map[string]bool{}
		}
		if dw == best {
			keys[refKey(chosen)] = true
		}
	})
	return best, keys
}

// randomHand deals n distinct cards.
func randomHand(rng *rand.Rand, n int) notation.CardSet {
	var h notation.CardSet
	for h.Len() < n {
		h = h.With(notation.CardAt(rng.IntN(notation.NumCards)))
	}
	return h
}

// denseHand deals n distinct cards from a window of 4 to 7 neighbouring
// ranks, where sets and runs overlap heavily. A window holds at most
// 4*width cards, so n is capped there.
func denseHand(rng *rand.Rand, n int) notation.CardSet {
	width := 4 + rng.IntN(4)
	lo := rng.IntN(notation.NumRanks - width + 1)
	n = min(n, 4*width)
	var h notation.CardSet
	for h.Len() < n {
		r := notation.Rank(lo + rng.IntN(width))
		h = h.With(notation.NewCard(r, notation.Suit(rng.IntN(4))))
	}
	return h
}
