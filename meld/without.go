package meld

import (
	"math/bits"

	"github.com/ginadvisor/ginadvisor/notation"
)

// A Solved is a hand with its least deadwood and what finding it learned,
// so that the least deadwood of the hand less any one card is, for most
// hands, a table look-up rather than a search: a discarder weighs all
// eleven discards from one solve.
//
// Its zero value is the empty hand. It is a small value, meant to live on
// the stack of the decision that made it.
type Solved struct {
	hand  uint64
	whole int
	// free is the hand less the sets melded whole; without is valid only
	// when byLane is set: then every set of the hand is melded whole in
	// every least arrangement of the hand and of the hand less any card
	// (no card of a set fits a run), and the rest is runs alone.
	free   uint64
	byLane bool
	// sets holds the ranks melded whole as sets.
	sets uint64
	// meldable is Meldable of the hand, kept when byLane is not set.
	meldable uint64
}

// Solve returns hand solved: its least deadwood, and the structure that
// Without reads.
func Solve(hand notation.CardSet) Solved {
	u := uint64(hand)
	s := Solved{hand: u}
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	if three == 0 {
		s.free, s.byLane = u, true
		s.whole = runsOnly(u)
		return s
	}
	sets := u & (three * lane0)
	if r3 := u & (u >> 1) & (u >> 2); (r3|r3<<1|r3<<2)&sets == 0 {
		s.free, s.byLane, s.sets = u&^sets, true, three
		s.whole = runsOnly(s.free)
		return s
	}
	s.whole, s.meldable = MinDeadwood(hand), meldable(u)
	return s
}

// Hand returns the hand solved.
func (s *Solved) Hand() notation.CardSet { return notation.CardSet(s.hand) }

// Deadwood returns the least deadwood of the hand.
func (s *Solved) Deadwood() int { return s.whole }

// Without returns the least deadwood of the hand less card c, which the
// hand holds; it is MinDeadwood(hand.Without(c)).
//
// When no card of a set fits a run, removing a card keeps it so: a card
// outside the sets changes only its own suit's runs; a card of a set of
// four leaves a set of three; a card of a set of three leaves two cards
// that fit no meld, deadwood at their value.
func (s *Solved) Without(c notation.Card) int {
	if !s.byLane {
		// A card in no meld is deadwood in every arrangement.
		if s.meldable&(1<<c) == 0 {
			return s.whole - c.Value()
		}
		return MinDeadwood(notation.CardSet(s.hand).Without(c))
	}
	i := uint(c)
	r := i & 15
	if s.sets>>r&1 != 0 {
		if bits.OnesCount64(s.hand&(lane0<<r)) == 4 {
			return s.whole
		}
		return s.whole + 2*int(rankValue[r])
	}
	shift := i &^ 15
	lane := s.free >> shift & 0x1FFF
	return s.whole - int(runDeadwood[lane]) + int(runDeadwood[lane&^(1<<r)])
}
