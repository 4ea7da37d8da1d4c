package meld

import (
	"math/bits"
	"sort"

	"github.com/ginadvisor/ginadvisor/notation"
)

// lane0 has bit 0 of each suit lane: shifted left by r it picks out rank r
// in every suit.
const lane0 = 0x0001000100010001

// runDeadwood[m] is the least deadwood of the one-suit ranks m when only
// runs may be formed. It is built once at start-up; 8 KiB.
var runDeadwood [1 << notation.NumRanks]uint8

// rankValue[r] is the deadwood value of rank r.
var rankValue = [notation.NumRanks]uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10}

func init() {
	for m := 1; m < len(runDeadwood); m++ {
		low := bits.TrailingZeros(uint(m))
		rest := m &^ (1 << low)
		best := int(rankValue[low]) + int(runDeadwood[rest])
		// Runs that start at the lowest rank; every sub-mask is smaller,
		// so its entry is already final.
		run := 1<<low | 1<<(low+1) | 1<<(low+2)
		for end := low + 2; end < notation.NumRanks && m&run == run; end++ {
			if d := int(runDeadwood[m&^run]); d < best {
				best = d
			}
			run |= 1 << (end + 1)
		}
		runDeadwood[m] = uint8(best)
	}
}

// runsOnly is the least deadwood of u when only runs may be formed.
func runsOnly(u uint64) int {
	return int(runDeadwood[u&0x1FFF]) + int(runDeadwood[u>>16&0x1FFF]) +
		int(runDeadwood[u>>32&0x1FFF]) + int(runDeadwood[u>>48&0x1FFF])
}

// choices lists, for each rank where a set competes with runs, the cards
// that each worthwhile choice puts into a set.
// Its tables are slices of arrays on the caller's stack, sized for the
// hand, because clearing tables for all 13 ranks on every call was a
// noticeable part of a rollout.
type choices struct {
	opts  [][6]uint64
	count []uint8
	n     int
}

// fewLevels is the most ranks of three or more cards a hand of up to 14
// cards can hold; the tables of such hands are this small.
const fewLevels = 4

// prepare splits the hand into the cards whose set choice is forced and
// the ranks where a choice must be searched. It returns the hand less the
// forced sets, the forced sets, and the choices.
//
// A card is runnable when some run of the hand holds it. At a rank with
// three or four cards, a card that is not runnable is deadwood unless it is
// in the set, and every card is worth at least one point, so choices that
// leave such a card out while a set could hold it are strictly worse and
// are dropped. That keeps the search exact for ties as well.
func prepare(u uint64, ch *choices) (rest, forced uint64) {
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	if three == 0 {
		return u, 0
	}
	r3 := u & (u >> 1) & (u >> 2)
	runnable := r3 | r3<<1 | r3<<2
	for t := three; t != 0; t &= t - 1 {
		r := bits.TrailingZeros64(t)
		cards := u & (lane0 << r)
		conflict := cards & runnable
		if conflict == 0 {
			forced |= cards
			continue
		}
		o := &ch.opts[ch.n]
		k := 0
		o[k] = cards
		k++
		if bits.OnesCount64(cards) == 3 {
			o[k] = 0
			k++
		} else {
			for m := conflict; m != 0; m &= m - 1 {
				o[k] = cards &^ (m & -m)
				k++
			}
			if bits.OnesCount64(conflict) >= 2 {
				o[k] = 0
				k++
			}
		}
		ch.count[ch.n] = uint8(k)
		ch.n++
	}
	return u &^ forced, forced
}

func (ch *choices) best(u uint64, level int) int {
	if level == ch.n {
		return runsOnly(u)
	}
	best := 1 << 30
	o := &ch.opts[level]
	for i := 0; i < int(ch.count[level]); i++ {
		if d := ch.best(u&^o[i], level+1); d < best {
			best = d
		}
	}
	return best
}

// MinDeadwood returns the least deadwood points of hand over all
// arrangements of its melds. The hand may have any number of cards.
func MinDeadwood(hand notation.CardSet) int {
	u := uint64(hand)
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	if three == 0 {
		// No rank holds three cards: runs alone decide.
		return int(runDeadwood[a]) + int(runDeadwood[b]) + int(runDeadwood[c]) + int(runDeadwood[d])
	}
	sets := u & (three * lane0)
	if r3 := u & (u >> 1) & (u >> 2); (r3|r3<<1|r3<<2)&sets == 0 {
		// No card of a set fits a run: every set is melded whole, and
		// runs decide the rest.
		return runsOnly(u &^ sets)
	}
	if bits.OnesCount64(u) <= 14 {
		var opts [fewLevels][6]uint64
		var count [fewLevels]uint8
		// Field by field: a composite literal is built in a temporary
		// and copied wide, and the copy stalls on the narrow stores
		// just made (store forwarding fails); that stall was 7% of a
		// rollout.
		var ch choices
		ch.opts, ch.count = opts[:], count[:]
		rest, _ := prepare(u, &ch)
		if ch.n == 1 {
			// One rank to choose at, the commonest case: its choices
			// in a loop, without the recursion.
			best := 1 << 30
			for _, o := range opts[0][:count[0]] {
				best = min(best, runsOnly(rest&^o))
			}
			return best
		}
		return ch.best(rest, 0)
	}
	var opts [notation.NumRanks][6]uint64
	var count [notation.NumRanks]uint8
	var ch choices
	ch.opts, ch.count = opts[:], count[:]
	rest, _ := prepare(u, &ch)
	if ch.leaves() > maxLeaves {
		return minDeadwoodByRank(u)
	}
	return ch.best(rest, 0)
}

// Meldable returns the cards of hand that belong to at least one meld of
// hand: a run of three or more, or a rank held three or four times. A card
// outside it is deadwood in every arrangement. It allocates nothing.
func Meldable(hand notation.CardSet) notation.CardSet {
	return notation.CardSet(meldable(uint64(hand)))
}

// InMeld reports whether card c, held in hand, belongs to some meld of
// hand. It is Meldable for one card, and cheaper.
func InMeld(hand notation.CardSet, c notation.Card) bool {
	if hand.Rank(c.Rank()).Len() >= 3 {
		return true
	}
	m := uint32(hand.Suit(c.Suit()))
	r := uint(c.Rank())
	// The stretch of consecutive ranks through r.
	above := bits.TrailingZeros32(^(m >> r))
	below := bits.LeadingZeros32(^(m << (32 - r - 1)))
	return above+below-1 >= 3
}

func meldable(u uint64) uint64 {
	r3 := u & (u >> 1) & (u >> 2)
	runnable := r3 | r3<<1 | r3<<2
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	return runnable | u&(three*lane0)
}

// Discard is the deadwood left after discarding one card.
type Discard struct {
	Card     notation.Card
	Deadwood int
}

// Discards returns, for each card of hand, the least deadwood of the hand
// without it, best first. Ties go to the higher card, then to canonical
// order. It is meant for 11-card hands but takes any size.
func Discards(hand notation.CardSet) []Discard {
	out := make([]Discard, 0, hand.Len())
	for c := range hand.All() {
		out = append(out, Discard{Card: c, Deadwood: MinDeadwood(hand.Without(c))})
	}
	sort.Slice(out, func(i, j int) bool {
		return preferred(out[i].Card, out[i].Deadwood, out[j].Card, out[j].Deadwood)
	})
	return out
}

// preferred reports whether discarding c to leave dw beats discarding
// best to leave bestDW: less deadwood, then the higher card, then the
// first in canonical order.
func preferred(c notation.Card, dw int, best notation.Card, bestDW int) bool {
	if dw != bestDW {
		return dw < bestDW
	}
	if c.Value() != best.Value() {
		return c.Value() > best.Value()
	}
	return c < best
}

// BestDiscard returns a discard that leaves the least deadwood, and that
// deadwood: the true minimum over every card of hand. Ties are broken as in
// Discards. It returns false for an empty hand.
func BestDiscard(hand notation.CardSet) (notation.Card, int, bool) {
	u := uint64(hand)
	if u == 0 {
		return 0, 0, false
	}
	whole := MinDeadwood(hand)
	live := meldable(u)
	bestCard, bestDW := notation.Card(0), 1<<30
	// A card in no meld is deadwood in every arrangement, so discarding it
	// saves exactly its value.
	for m := u &^ live; m != 0; m &= m - 1 {
		c := notation.Card(bits.TrailingZeros64(m))
		if dw := whole - c.Value(); preferred(c, dw, bestCard, bestDW) {
			bestCard, bestDW = c, dw
		}
	}
	// Discarding a card saves at most its value, so a meldable card that
	// would not win even at that bound needs no search.
	for m := live; m != 0; m &= m - 1 {
		c := notation.Card(bits.TrailingZeros64(m))
		if !preferred(c, whole-c.Value(), bestCard, bestDW) {
			continue
		}
		if dw := MinDeadwood(hand.Without(c)); preferred(c, dw, bestCard, bestDW) {
			bestCard, bestDW = c, dw
		}
	}
	return bestCard, bestDW, true
}

// Completions returns the cards outside hand that would belong to a meld
// of hand plus the card: a third or fourth card of a rank held twice, or a
// card next to, or between, two cards of a suit. It is a cheap count of a
// hand's chances, with no regard to which cards are still live.
func Completions(hand notation.CardSet) notation.CardSet {
	u := uint64(hand)
	// All four suits at once: a shift carries a rank into the three
	// unused bits between lanes, never into the next suit, and the mask
	// drops it there.
	up, down := u<<1, u>>1
	runs := up&(u<<2) | down&(u>>2) | up&down
	// The ranks held at least twice: the first suit with the third, the
	// second with the fourth, and either of those with either of these.
	either, both := u|u>>32, u&(u>>32)
	two := (both | both>>16 | either&(either>>16)) & 0x1FFF
	return notation.CardSet((runs | two*lane0) & suitLanes &^ u)
}

// suitLanes has the 13 rank bits of every suit.
const suitLanes = 0x1FFF * lane0
