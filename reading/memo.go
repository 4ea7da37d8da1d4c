package reading

import "github.com/ginadvisor/ginadvisor/notation"

// likelihoodMemo keeps, for one turn of the opponent, the discard
// likelihoods of each hand of eleven already weighed. Resampling copies
// the likelier particles, so that many hold the same hand, and a turn's
// likelihoods are a function of the hand alone: each distinct hand is
// scored once a turn, and the weights are the same to the bit.
//
// It is an open-addressed table of at least twice the particles, so that
// it never fills; the empty hand marks an empty slot, as no hand of
// eleven is empty.
type likelihoodMemo struct {
	keys []notation.CardSet
	vals [][NumDiscardRules]float64
	mask uint64
}

// newLikelihoodMemo returns a memo for n particles.
func newLikelihoodMemo(n int) likelihoodMemo {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return likelihoodMemo{keys: make([]notation.CardSet, size), vals: make([][NumDiscardRules]float64, size), mask: uint64(size - 1)}
}

// reset forgets every hand, for a new turn.
func (m *likelihoodMemo) reset() { clear(m.keys) }

// of returns the likelihoods of hand under t, scoring it only the first
// time the turn meets it.
func (m *likelihoodMemo) of(t *turn, hand notation.CardSet) [NumDiscardRules]float64 {
	// Fibonacci hashing: the product's high bits mix every card.
	i := uint64(hand) * 0x9e3779b97f4a7c15 >> 32 & m.mask
	for {
		switch m.keys[i] {
		case hand:
			return m.vals[i]
		case 0:
			l := t.discardLikelihoods(hand)
			m.keys[i], m.vals[i] = hand, l
			return l
		}
		i = (i + 1) & m.mask
	}
}
