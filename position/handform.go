package position

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// A Decision is the kind of position a command analyses. A hand given
// where a position is wanted is offered a position form at the decision
// the command takes (see HandPositionFor).
type Decision int

const (
	// AnyDecision takes any position (advise, position): a hand of 10
	// cards is offered at the first offer, one of 11 at its discard.
	AnyDecision Decision = iota
	// DrawDecision takes 10 cards about to draw (outs).
	DrawDecision
	// DiscardDecision takes 11 cards about to discard (danger).
	DiscardDecision
	// KnockDecision takes a knock decision within the knock limit (risk).
	KnockDecision
)

// Needs says what a position at the decision holds, after "needs".
func (d Decision) Needs() string {
	switch d {
	case DrawDecision:
		return "a 10-card hand about to draw"
	case DiscardDecision:
		return "an 11-card hand about to discard"
	case KnockDecision:
		return "a hand at its knock decision, within the knock limit"
	}
	return "a position"
}

// HandPosition writes the position of a seat holding hand, with all else
// as early in the hand as can be: p1, the non-dealer, at the first offer
// for 10 cards, and for 11 just after its first draw from the stock, both
// seats having passed the upcard. What a hand does not tell is filled in
// with stand-ins, which standIns names ("TC standing in for the upcard"):
// the upcard is the first card in order that the hand lacks and that is
// neutral to it (see neutralFirst), the card drawn the hand's last. The position names no rules, so it reads under
// any. A hand of another size has no such position: both are then empty.
func HandPosition(hand notation.CardSet) (pos, standIns string) {
	pos, standIns, _ = HandPositionFor(hand, AnyDecision, nil)
	return pos, standIns
}

// HandPositionFor writes a position of hand at the decision want, as
// HandPosition does, read under the rules r (nil: the standard rules):
//   - at a draw decision, a hand of 10 cards at the first offer;
//   - at a discard decision, a hand of 11 just after its first draw, and
//     one of 10 with a stand-in for the card drawn, the second card
//     that neutralFirst gives;
//   - at a knock decision, the hand of 10 (or the 11 but for the discard
//     that leaves the least deadwood) just after its first draw and
//     discard, when it is within the knock limit; the card drawn and
//     discarded of a 10-card hand is a stand-in, as for a discard.
//
// When the hand has no position at the decision, pos is empty and why
// says why.
func HandPositionFor(hand notation.CardSet, want Decision, r *rules.Rules) (pos, standIns, why string) {
	rest := neutralFirst(hand)
	cards := hand.Cards()
	n := hand.Len()
	if len(rest) < 2 || (n != 10 && n != 11) {
		return "", "", fmt.Sprintf("a hand of %d cards has no position form; a hand holds 10 or 11", n)
	}
	up, stand := rest[0], rest[1]
	upOnly := fmt.Sprintf("%s standing in for the upcard", up)
	switch {
	case n == 10 && (want == AnyDecision || want == DrawDecision):
		return fmt.Sprintf("p1 first-offer hand=%s pile=%s stock=31 dealer=p2", joinSet(hand), up), upOnly, ""
	case n == 11 && (want == AnyDecision || want == DiscardDecision):
		drawn := cards[len(cards)-1]
		return discardForm(hand, up, drawn), fmt.Sprintf("%s standing in for the upcard and %s for the card drawn", up, drawn), ""
	case n == 10 && want == DiscardDecision:
		return discardForm(hand.With(stand), up, stand),
			fmt.Sprintf("%s standing in for the upcard and %s for the card drawn", up, stand), ""
	case want == DrawDecision:
		return "", "", "a hand about to draw holds 10 cards, not 11"
	}
	return knockForm(hand, up, stand, r)
}

// discardForm is the position of the 11 cards of hand just after the
// first draw, drawn, from the stock, both seats having passed up.
func discardForm(hand notation.CardSet, up, drawn notation.Card) string {
	return fmt.Sprintf("p1 discard hand=%s pile=%s stock=30 passed=%s drawn=%s dealer=p2", joinSet(hand), up, up, drawn)
}

// knockForm is the position of hand at its knock decision just after the
// first draw and discard, when the hand is within the knock limit there.
func knockForm(hand notation.CardSet, up, stand notation.Card, r *rules.Rules) (pos, standIns, why string) {
	drawn, discard := stand, stand
	standIns = fmt.Sprintf("%s standing in for the upcard and %s for the card drawn and discarded", up, stand)
	if hand.Len() == 11 {
		cards := hand.Cards()
		drawn = cards[len(cards)-1]
		discard, _, _ = meld.BestDiscard(hand)
		hand = hand.Without(discard)
		standIns = fmt.Sprintf("%s standing in for the upcard and %s for the card drawn, %s discarded", up, drawn, discard)
	}
	pos = fmt.Sprintf("p1 knock hand=%s pile=%s,%s stock=30 passed=%s drawn=%s dealer=p2",
		joinSet(hand), up, discard, up, drawn)
	p, err := ParseWith(pos, r)
	if err != nil {
		return "", "", fmt.Sprintf("its knock decision cannot be written: %v", err)
	}
	if !p.Rules().CanDeclare(rules.DeclareKnock, p.Hand(), p.KnockLimit()) {
		return "", "", fmt.Sprintf("its deadwood is %d at best, over the knock limit of %d", meld.MinDeadwood(p.Hand()), p.KnockLimit())
	}
	return pos, standIns, ""
}

// neutralFirst lists the cards the hand lacks, in order, those neutral to it
// first: of a rank it does not hold, and two or more ranks from each card
// it holds of the suit. A neutral stand-in makes no meld and no draw to
// one with the hand, so that the position asks about the hand, not about
// a card the user never named (5C beside A-4 of clubs would be a run).
// Among them, those nearest neutral to the rules come first: no spade,
// and the highest value, which as Oklahoma's first upcard sets the knock
// limit (10 for a ten or a face card) and doubles nothing.
func neutralFirst(hand notation.CardSet) []notation.Card {
	var neutral, other []notation.Card
	for _, c := range (notation.FullDeck &^ hand).Cards() {
		if touches(hand, c) {
			other = append(other, c)
		} else {
			neutral = append(neutral, c)
		}
	}
	slices.SortStableFunc(neutral, func(a, b notation.Card) int {
		return cmp.Or(cmp.Compare(spadeRank(a), spadeRank(b)), cmp.Compare(b.Value(), a.Value()))
	})
	return append(neutral, other...)
}

// spadeRank puts spades last: under Oklahoma a spade first upcard may
// double the hand.
func spadeRank(c notation.Card) int {
	if c.Suit() == notation.Spades {
		return 1
	}
	return 0
}

// touches says c would pair with a card of hand or stand within two ranks
// of one in its suit.
func touches(hand notation.CardSet, c notation.Card) bool {
	for h := range hand.All() {
		if h.Rank() == c.Rank() {
			return true
		}
		if d := int(h.Rank()) - int(c.Rank()); h.Suit() == c.Suit() && d >= -2 && d <= 2 {
			return true
		}
	}
	return false
}
