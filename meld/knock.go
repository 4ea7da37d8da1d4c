package meld

import (
	"math/bits"

	"github.com/ginadvisor/ginadvisor/notation"
)

// maxMelds bounds the melds of one hand: an 11-card hand has at most 56.
const maxMelds = 128

// allMelds lists every meld that can be formed from cards of hand: each
// set of three or four of a rank, and each stretch of three or more
// consecutive cards of a suit. It returns how many it wrote; a hand with
// more melds than out holds is cut short.
func allMelds(hand notation.CardSet, out *[maxMelds]notation.CardSet) int {
	n := 0
	add := func(m uint64) {
		if n < len(out) {
			out[n] = notation.CardSet(m)
			n++
		}
	}
	u := uint64(hand)
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	for t := three; t != 0; t &= t - 1 {
		cards := u & (lane0 << bits.TrailingZeros64(t))
		add(cards)
		if bits.OnesCount64(cards) == 4 {
			for m := cards; m != 0; m &= m - 1 {
				add(cards &^ (m & -m))
			}
		}
	}
	// Bits 13 to 15 of each suit lane are always clear, so a stretch of
	// set bits never crosses from one suit into the next.
	r3 := u & (u >> 1) & (u >> 2)
	for starts := r3; starts != 0; starts &= starts - 1 {
		run := uint64(7) << bits.TrailingZeros64(starts)
		for {
			add(run)
			next := run | run<<1
			if u&next != next {
				break
			}
			run = next
		}
	}
	return n
}

// knockSearch walks every collection of disjoint melds of a hand whose
// deadwood is within a limit.
type knockSearch struct {
	melds  [maxMelds]notation.CardSet
	suffix [maxMelds + 1]notation.CardSet
	n      int
	hand   notation.CardSet
	limit  int
	sp     Spread
	visit  func(sp Spread, deadwood notation.CardSet) bool
	done   bool
}

func (k *knockSearch) walk(i int, used notation.CardSet) {
	if k.done {
		return
	}
	// Even every remaining meld cannot bring the deadwood within the limit.
	if (k.hand &^ used &^ k.suffix[i]).Value() > k.limit {
		return
	}
	if i == k.n {
		if !k.visit(k.sp, k.hand&^used) {
			k.done = true
		}
		return
	}
	if k.melds[i]&used == 0 && k.sp.N < MaxSpread {
		k.sp.Melds[k.sp.N] = k.melds[i]
		k.sp.N++
		k.walk(i+1, used|k.melds[i])
		k.sp.N--
	}
	k.walk(i+1, used)
}

// KnockSpreads calls visit with every spread the hand could lay down with
// at most limit deadwood, and that deadwood. Spreads need not be minimal:
// a knocker may keep a meld as deadwood, or shorten one, to deny lay-offs.
// visit returns false to stop early. It allocates nothing.
func KnockSpreads(hand notation.CardSet, limit int, visit func(sp Spread, deadwood notation.CardSet) bool) {
	var k knockSearch
	k.hand, k.limit, k.visit = hand, limit, visit
	k.n = allMelds(hand, &k.melds)
	for i := k.n - 1; i >= 0; i-- {
		k.suffix[i] = k.suffix[i+1] | k.melds[i]
	}
	k.walk(0, 0)
}
