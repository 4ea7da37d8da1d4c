package meld

import (
	"math/bits"

	"github.com/ginadvisor/ginadvisor/notation"
)

// A Solved is a hand with its least deadwood and what finding it learned,
// so that the least deadwood of the hand less any one card is, for most
// hands, a few table look-ups rather than a search: a discarder weighs
// all eleven discards from one solve.
//
// Its zero value is the empty hand. It is a value, meant to live on the
// stack of the decision that made it.
type Solved struct {
	hand  uint64
	whole int
	// sets holds the ranks whose set is melded whole in every least
	// arrangement (no card of it fits a run); choice the ranks where a
	// set competes with runs.
	sets, choice uint64
	// rests holds, for each worthwhile choice of the competing sets, the
	// hand less every set melded, which runs alone then decide; totals
	// holds their deadwood. n is how many; 0 with choices means too many
	// to keep, and each card is searched for.
	rests  [maxRests]uint64
	totals [maxRests]uint8
	n      int
	// meldable is Meldable of the hand.
	meldable uint64
}

// maxRests bounds the choices of sets a Solved keeps: hands of eleven
// rarely have more than four.
const maxRests = 8

// Solve returns hand solved: its least deadwood, and the choices of sets
// that Without reads.
func Solve(hand notation.CardSet) Solved {
	var s Solved
	s.Set(hand)
	return s
}

// Set solves hand in s, in place: a Solved is too wide to copy on every
// turn of a rollout.
func (s *Solved) Set(hand notation.CardSet) {
	u := uint64(hand)
	s.hand, s.meldable, s.sets, s.choice, s.n = u, meldable(u), 0, 0, 0
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	if three == 0 {
		s.rests[0], s.n = u, 1
		s.whole = runsOnly(u)
		s.totals[0] = uint8(s.whole)
		return
	}
	sets := u & (three * lane0)
	if r3 := u & (u >> 1) & (u >> 2); (r3|r3<<1|r3<<2)&sets == 0 {
		s.sets = three
		s.rests[0], s.n = u&^sets, 1
		s.whole = runsOnly(s.rests[0])
		s.totals[0] = uint8(s.whole)
		return
	}
	if bits.OnesCount64(u) > 14 {
		s.choice, s.whole = three, MinDeadwood(hand)
		return
	}
	var opts [fewLevels][6]uint64
	var count [fewLevels]uint8
	var ch choices
	ch.opts, ch.count = opts[:], count[:]
	rest, forced := prepare(u, &ch)
	for t := three; t != 0; t &= t - 1 {
		if r := bits.TrailingZeros64(t); forced&(lane0<<r) != 0 {
			s.sets |= 1 << r
		}
	}
	s.choice = three &^ s.sets
	s.whole = 1 << 30
	s.collect(&ch, rest, 0)
	if s.n > maxRests {
		s.n = 0
	}
}

// collect walks the choices from level on, keeping each rest and its
// deadwood while there is room, and the least deadwood always.
func (s *Solved) collect(ch *choices, u uint64, level int) {
	if level == ch.n {
		dw := runsOnly(u)
		s.whole = min(s.whole, dw)
		if s.n < maxRests {
			s.rests[s.n], s.totals[s.n] = u, uint8(dw)
		}
		s.n++
		return
	}
	o := &ch.opts[level]
	for i := 0; i < int(ch.count[level]); i++ {
		s.collect(ch, u&^o[i], level+1)
	}
}

// Hand returns the hand solved.
func (s *Solved) Hand() notation.CardSet { return notation.CardSet(s.hand) }

// Meldable returns the cards of the hand that belong to some meld of it.
func (s *Solved) Meldable() notation.CardSet { return notation.CardSet(s.meldable) }

// Deadwood returns the least deadwood of the hand.
func (s *Solved) Deadwood() int { return s.whole }

// Without returns the least deadwood of the hand less card c, which the
// hand holds; it is MinDeadwood(hand.Without(c)).
//
// A card in no meld saves its value. A card of a set that fits no run
// leaves a set of three from four, or two cards that fit no meld from
// three. Any other card of a rank where no set competes keeps every
// choice of sets worth trying (its loss can only take choices away), so
// the least deadwood is the least over the choices' rests less the card,
// and only the card's suit changes in each.
func (s *Solved) Without(c notation.Card) int {
	if s.meldable&(1<<c) == 0 {
		return s.whole - c.Value()
	}
	r := uint(c) & 15
	if s.sets>>r&1 != 0 {
		if bits.OnesCount64(s.hand&(lane0<<r)) == 4 {
			return s.whole
		}
		return s.whole + 2*int(rankValue[r])
	}
	if s.choice>>r&1 != 0 || s.n == 0 {
		return MinDeadwood(notation.CardSet(s.hand).Without(c))
	}
	shift := uint(c) &^ 15
	best := 1 << 30
	for k := range s.n {
		lane := s.rests[k] >> shift & 0x1FFF
		best = min(best, int(s.totals[k])-int(runDeadwood[lane])+int(runDeadwood[lane&^(1<<r)]))
	}
	return best
}
