package game

import (
	"math"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// DeadwoodAfter is the deadwood a move leaves in the seat's hand right
// away: after a discard, the hand's least deadwood; after a knock, gin or
// big gin, the cards left out of its melds (none for gin and big gin);
// after playing on, the hand's least deadwood; after taking the upcard,
// the least deadwood once the best card is thrown. A draw from the stock
// and a pass leave a hand not known in advance: -1.
func (p *Position) DeadwoodAfter(m Move) int {
	hand := p.Hand()
	switch m.Kind {
	case Discard:
		return meld.MinDeadwood(hand.Without(m.Card))
	case Knock, Gin, BigGin:
		return (hand &^ m.Spread.Cards()).Value()
	case PlayOn:
		return meld.MinDeadwood(hand)
	case Take:
		if up, ok := p.Upcard(); ok {
			return bestKeeping(hand, up)
		}
	}
	return -1
}

// bestKeeping is the least deadwood after taking c into hand and
// discarding another card.
func bestKeeping(hand notation.CardSet, c notation.Card) int {
	h := hand.With(c)
	best := math.MaxInt
	for d := range hand.All() {
		best = min(best, meld.MinDeadwood(h.Without(d)))
	}
	return best
}
