// Package meld finds the ways to meld a gin rummy hand: the minimum
// deadwood, every arrangement of melds that reaches it, the deadwood left by
// each discard from an 11-card hand, and the cards a defender can lay off.
//
// Melds are sets of three or four cards of a rank and runs of three or more
// cards of a suit. Aces are low: A-2-3 is a run, Q-K-A is not.
package meld

import (
	"math/bits"
	"strings"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Kind tells a set from a run.
type Kind uint8

// The kinds of meld.
const (
	// NotMeld is the kind of cards that form no meld.
	NotMeld Kind = iota
	// Set is three or four cards of one rank.
	Set
	// Run is three or more cards of one suit in rank order.
	Run
)

var kindNames = [...]string{"none", "set", "run"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Meld is one meld, identified by its exact cards.
type Meld struct {
	Cards notation.CardSet
	Kind  Kind
}

// String returns the meld's cards in canonical form.
func (m Meld) String() string { return m.Cards.String() }

// Classify tells whether the cards form a meld, and which kind.
func Classify(cards notation.CardSet) Kind {
	n := cards.Len()
	if n < 3 || !cards.Valid() {
		return NotMeld
	}
	first, _ := cards.First()
	if n <= 4 && cards.Rank(first.Rank()) == cards {
		return Set
	}
	m := cards.Suit(first.Suit())
	if bits.OnesCount16(m) == n {
		// One suit: the ranks must be consecutive.
		low := m >> bits.TrailingZeros16(m)
		if low&(low+1) == 0 {
			return Run
		}
	}
	return NotMeld
}

// NewMeld returns the meld made of cards, or false if they form none.
func NewMeld(cards notation.CardSet) (Meld, bool) {
	k := Classify(cards)
	return Meld{Cards: cards, Kind: k}, k != NotMeld
}

// Arrangement is one way to meld a hand: disjoint melds and the cards left
// over as deadwood.
type Arrangement struct {
	Melds    []Meld
	Deadwood notation.CardSet
}

// Points returns the deadwood points of the arrangement.
func (a Arrangement) Points() int { return a.Deadwood.Value() }

// Melded returns all the cards in the arrangement's melds.
func (a Arrangement) Melded() notation.CardSet {
	var s notation.CardSet
	for _, m := range a.Melds {
		s |= m.Cards
	}
	return s
}

// Spread returns the arrangement's melds as a spread to lay down.
func (a Arrangement) Spread() Spread {
	var sp Spread
	for _, m := range a.Melds {
		if sp.N < MaxSpread {
			sp.Melds[sp.N] = m.Cards
			sp.N++
		}
	}
	return sp
}

// String writes the melds separated by " | ", then the deadwood in
// brackets, for example "AC 2C 3C | 7D 7H 7S [KS]".
func (a Arrangement) String() string {
	parts := make([]string, 0, len(a.Melds)+1)
	for _, m := range a.Melds {
		parts = append(parts, m.String())
	}
	s := strings.Join(parts, " | ")
	if a.Deadwood != 0 {
		if s != "" {
			s += " "
		}
		s += "[" + a.Deadwood.String() + "]"
	}
	return s
}
