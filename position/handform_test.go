package position_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// neutralTo is the slow reference: c has no card of its rank in hand and
// none of its suit within two ranks, found by looking at each such card.
func neutralTo(hand notation.CardSet, c notation.Card) bool {
	for s := notation.Suit(0); s < notation.NumSuits; s++ {
		if s != c.Suit() && hand.Has(notation.NewCard(c.Rank(), s)) {
			return false
		}
	}
	for d := -2; d <= 2; d++ {
		r := int(c.Rank()) + d
		if d != 0 && r >= 0 && r < notation.NumRanks && hand.Has(notation.NewCard(notation.Rank(r), c.Suit())) {
			return false
		}
	}
	return true
}

// TestHandPositionStandIns: the position a bare hand is offered holds the
// hand, reads back, and its stand-in upcard is the first card in order
// that is neutral to the hand whenever one is (5C beside A-4 of clubs was
// offered before).
func TestHandPositionStandIns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		n := 10 + i%2
		var hand notation.CardSet
		for _, k := range rng.Perm(notation.NumCards)[:n] {
			hand = hand.With(notation.CardAt(k))
		}
		pos, standIns := position.HandPosition(hand)
		p, err := position.Parse(pos)
		if err != nil {
			t.Fatalf("%v: the offered %q does not read: %v", hand.Strings(), pos, err)
		}
		if p.Hand()&hand != hand {
			t.Fatalf("%v: the offered %q lacks cards of the hand", hand.Strings(), pos)
		}
		up := p.Facts().Pile[0]
		// The neutral card that is no spade and of the highest value
		// (under Oklahoma the limit is the upcard's value, and a spade may
		// double), the first in order among equals.
		var want notation.Card
		found := false
		better := func(c, w notation.Card) bool {
			cs, ws := c.Suit() == notation.Spades, w.Suit() == notation.Spades
			if cs != ws {
				return !cs
			}
			return c.Value() > w.Value()
		}
		for k := range notation.NumCards {
			c := notation.CardAt(k)
			if hand.Has(c) || !neutralTo(hand, c) {
				continue
			}
			if !found || better(c, want) {
				want, found = c, true
			}
		}
		if found && up != want {
			t.Fatalf("%v: upcard %s (%s), want the first neutral card %s", hand.Strings(), up, standIns, want)
		}
	}
}
