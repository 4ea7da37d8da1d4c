// Package notation defines playing cards and card sets for gin rummy, and
// reads and writes them in the ways people write hands.
//
// A Card identifies one of the 52 cards. A CardSet is a uint64 bitmask with
// one bit per card, laid out as four 16-bit lanes, one lane per suit, with
// the rank as the bit position inside the lane. That layout lets the meld
// solver look for runs with plain shifts and for sets with lane-wise ANDs.
package notation

import (
	"iter"
	"math/bits"
	"sort"
	"strings"
)

// Rank is a card rank, Ace (0) through King (12). Aces are low.
type Rank uint8

// The ranks, in order.
const (
	Ace Rank = iota
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	// NumRanks is the number of ranks.
	NumRanks = 13
)

const rankLetters = "A23456789TJQK"

// String returns the rank's canonical letter: A, 2-9, T, J, Q or K.
func (r Rank) String() string {
	if r >= NumRanks {
		return "?"
	}
	return rankLetters[r : r+1]
}

// Value is the rank's deadwood value: ace 1, two to ten their face value,
// and 10 for jack, queen and king.
func (r Rank) Value() int {
	if r >= Ten {
		return 10
	}
	return int(r) + 1
}

// Suit is a card suit. The order, clubs, diamonds, hearts, spades, is the
// order in which hands are printed.
type Suit uint8

// The suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	// NumSuits is the number of suits.
	NumSuits = 4
)

const suitLetters = "CDHS"

var suitSymbols = [NumSuits]string{"♣", "♦", "♥", "♠"}

// String returns the suit's canonical letter: C, D, H or S.
func (s Suit) String() string {
	if s >= NumSuits {
		return "?"
	}
	return suitLetters[s : s+1]
}

// Symbol returns the suit's Unicode symbol: ♣, ♦, ♥ or ♠.
func (s Suit) Symbol() string {
	if s >= NumSuits {
		return "?"
	}
	return suitSymbols[s]
}

// Card is one of the 52 cards, encoded as suit<<4 | rank. The encoding is
// also the card's bit position in a CardSet.
type Card uint8

// NumCards is the number of cards in the deck.
const NumCards = 52

// NewCard returns the card of the given rank and suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c&15 < NumRanks && c>>4 < NumSuits }

// Value returns the card's deadwood value.
func (c Card) Value() int { return c.Rank().Value() }

// Index returns a dense index from 0 to 51 (suit*13 + rank), for arrays
// indexed by card.
func (c Card) Index() int { return int(c>>4)*NumRanks + int(c&15) }

// CardAt returns the card with the given dense index, the inverse of Index.
func CardAt(index int) Card { return NewCard(Rank(index%NumRanks), Suit(index/NumRanks)) }

// String returns the card in canonical form, rank letter then suit letter,
// for example "AS" or "TH".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Symbol returns the card with a suit symbol, for example "A♠" or "T♥".
func (c Card) Symbol() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// CardSet is a set of cards: bit c is set when card c is in the set.
type CardSet uint64

// FullDeck is the set of all 52 cards.
const FullDeck CardSet = 0x1FFF1FFF1FFF1FFF

// SetOf returns the set holding the given cards.
func SetOf(cards ...Card) CardSet {
	var s CardSet
	for _, c := range cards {
		s |= c.Set()
	}
	return s
}

// Set returns the set holding just c.
func (c Card) Set() CardSet { return 1 << c }

// Has reports whether c is in s.
func (s CardSet) Has(c Card) bool { return s&(1<<c) != 0 }

// With returns s with c added.
func (s CardSet) With(c Card) CardSet { return s | 1<<c }

// Without returns s with c removed.
func (s CardSet) Without(c Card) CardSet { return s &^ (1 << c) }

// Union returns the cards in s or t.
func (s CardSet) Union(t CardSet) CardSet { return s | t }

// Intersect returns the cards in both s and t.
func (s CardSet) Intersect(t CardSet) CardSet { return s & t }

// Minus returns the cards in s that are not in t.
func (s CardSet) Minus(t CardSet) CardSet { return s &^ t }

// Len returns the number of cards in s.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Empty reports whether s has no cards.
func (s CardSet) Empty() bool { return s == 0 }

// Valid reports whether every bit of s is one of the 52 cards.
func (s CardSet) Valid() bool { return s&^FullDeck == 0 }

// Suit returns the ranks of s in suit u as a 13-bit mask, bit r for rank r.
func (s CardSet) Suit(u Suit) uint16 { return uint16(s>>(16*uint(u))) & 0x1FFF }

// Rank returns the cards of rank r in s.
func (s CardSet) Rank(r Rank) CardSet { return s & (0x0001000100010001 << r) }

// Value returns the total deadwood value of the cards in s.
func (s CardSet) Value() int {
	total := 0
	for u := Suit(0); u < NumSuits; u++ {
		m := s.Suit(u)
		// Ace to nine count their face value; ten to king count 10 each.
		low := m & 0x1FF
		for low != 0 {
			total += bits.TrailingZeros16(low) + 1
			low &= low - 1
		}
		total += 10 * bits.OnesCount16(m>>9)
	}
	return total
}

// First returns the lowest card of s, by suit then rank. It returns false
// when s is empty.
func (s CardSet) First() (Card, bool) {
	if s == 0 {
		return 0, false
	}
	return Card(bits.TrailingZeros64(uint64(s))), true
}

// All iterates over the cards of s, by suit then rank.
func (s CardSet) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for m := uint64(s); m != 0; m &= m - 1 {
			if !yield(Card(bits.TrailingZeros64(m))) {
				return
			}
		}
	}
}

// Nth returns the card of s at index k, counting from 0 by suit then
// rank, as All yields them; k must be less than s.Len(). It skips whole
// suits by their count, so that drawing a card of a set at random costs
// a few instructions rather than a walk.
func (s CardSet) Nth(k int) Card {
	m := uint64(s)
	for shift := 0; shift < 48; shift += 16 {
		n := bits.OnesCount64(m >> shift & 0xFFFF)
		if k < n {
			break
		}
		k -= n
		m &^= 0xFFFF << shift
	}
	for ; k > 0; k-- {
		m &= m - 1
	}
	return Card(bits.TrailingZeros64(m))
}

// Cards returns the cards of s, by suit then rank.
func (s CardSet) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for m := uint64(s); m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros64(m)))
	}
	return out
}

// Strings returns the canonical names of the cards of s, by suit then rank.
func (s CardSet) Strings() []string {
	out := make([]string, 0, s.Len())
	for c := range s.All() {
		out = append(out, c.String())
	}
	return out
}

// String returns the cards of s in canonical form, separated by spaces,
// for example "AC 2C 3C TH".
func (s CardSet) String() string { return strings.Join(s.Strings(), " ") }

// Symbols returns the cards of s with suit symbols, separated by spaces.
func (s CardSet) Symbols() string {
	names := make([]string, 0, s.Len())
	for c := range s.All() {
		names = append(names, c.Symbol())
	}
	return strings.Join(names, " ")
}

// Compact returns the cards of s in the suit-grouped form, for example
// "c:A23 h:TJQ". Suits with no cards are left out.
func (s CardSet) Compact() string {
	var b strings.Builder
	for u := Suit(0); u < NumSuits; u++ {
		m := s.Suit(u)
		if m == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.ToLower(u.String()))
		b.WriteByte(':')
		for ; m != 0; m &= m - 1 {
			b.WriteString(Rank(bits.TrailingZeros16(m)).String())
		}
	}
	return b.String()
}

// SortByRank sorts cards by rank, then suit, which groups sets together.
func SortByRank(cards []Card) {
	sort.Slice(cards, func(i, j int) bool {
		if cards[i].Rank() != cards[j].Rank() {
			return cards[i].Rank() < cards[j].Rank()
		}
		return cards[i].Suit() < cards[j].Suit()
	})
}
