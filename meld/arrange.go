package meld

import (
	"math/bits"
	"slices"
	"sort"

	"github.com/ginadvisor/ginadvisor/notation"
)

// maxArrangeMelds bounds the melds of one arrangement: 52 cards make at
// most 17 melds.
const maxArrangeMelds = notation.NumCards / 3

// arrangeWalk walks every arrangement that reaches the minimum deadwood:
// the set choices first, then, for each suit, every split of its remaining
// cards into runs that leaves that suit's least deadwood. It keeps its
// melds on a fixed stack, so the visitor form allocates nothing.
type arrangeWalk struct {
	target int
	melds  [maxArrangeMelds]notation.CardSet
	n      int
	visit  func(sp Spread, deadwood notation.CardSet) bool
	out    *[]Arrangement
	// spreads, when set, collects spreads instead of calling visit.
	spreads *[]Spread
	// first, when set, keeps only the first spread in sorted order.
	first bool
	best  Spread
	found bool
	full  bool // an arrangement needed more melds than a Spread holds
	stop  bool
}

func (w *arrangeWalk) start(hand notation.CardSet) {
	u := uint64(hand)
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	if (a&b&(c|d))|(c&d&(a|b)) == 0 {
		// No rank holds three cards: only runs, and no set choices to
		// make, which spares clearing the choices' tables.
		w.target = runsOnly(u)
		w.suit(hand, 0, hand)
		return
	}
	var small [fewLevels][6]uint64
	var smallCount [fewLevels]uint8
	var ch choices // field by field, as in MinDeadwood
	ch.opts, ch.count = small[:], smallCount[:]
	if bits.OnesCount64(u) > 14 {
		var opts [notation.NumRanks][6]uint64
		var count [notation.NumRanks]uint8
		ch.opts, ch.count = opts[:], count[:]
	}
	rest, forced := prepare(u, &ch)
	w.target = ch.best(rest, 0)
	for r := notation.Rank(0); r < notation.NumRanks; r++ {
		if s := notation.CardSet(forced).Rank(r); s != 0 {
			w.push(s)
		}
	}
	w.sets(&ch, rest, 0)
}

func (w *arrangeWalk) push(m notation.CardSet) {
	w.melds[w.n] = m
	w.n++
}

// sets tries each set choice at level, then splits the rest into runs.
func (w *arrangeWalk) sets(ch *choices, u uint64, level int) {
	if level < ch.n {
		o := &ch.opts[level]
		for i := 0; i < int(ch.count[level]) && !w.stop; i++ {
			n := w.n
			if o[i] != 0 {
				w.push(notation.CardSet(o[i]))
			}
			w.sets(ch, u&^o[i], level+1)
			w.n = n
		}
		return
	}
	if runsOnly(u) != w.target {
		return
	}
	w.suit(notation.CardSet(u), 0, notation.CardSet(u))
}

// suit splits the cards of suit s, then the suits after it; dead is the
// hand's deadwood so far (the cards not yet put in a run).
func (w *arrangeWalk) suit(u notation.CardSet, s notation.Suit, dead notation.CardSet) {
	if s == notation.NumSuits {
		w.leaf(dead)
		return
	}
	m := u.Suit(s)
	if m&(m>>1)&(m>>2) == 0 {
		// No run in this suit: all its cards are deadwood.
		w.suit(u, s+1, dead)
		return
	}
	w.split(u, s, m, int(runDeadwood[m]), dead)
}

// split covers the one-suit ranks m of suit s with runs so that exactly
// target deadwood is left, in every way.
func (w *arrangeWalk) split(u notation.CardSet, s notation.Suit, m uint16, target int, dead notation.CardSet) {
	if w.stop {
		return
	}
	if m == 0 {
		if target == 0 {
			w.suit(u, s+1, dead)
		}
		return
	}
	low := bits.TrailingZeros16(m)
	bit := uint16(1) << low
	if v := int(rankValue[low]); v <= target && int(runDeadwood[m&^bit])+v == target {
		w.split(u, s, m&^bit, target-v, dead)
	}
	run := bit | bit<<1 | bit<<2
	for end := low + 2; end < notation.NumRanks && m&run == run; end++ {
		if int(runDeadwood[m&^run]) == target {
			cards := notation.CardSet(run) << (16 * uint(s))
			n := w.n
			w.push(cards)
			w.split(u, s, m&^run, target, dead&^cards)
			w.n = n
		}
		run |= bit << (end - low + 1)
	}
}

func (w *arrangeWalk) leaf(dead notation.CardSet) {
	if w.out != nil {
		a := Arrangement{Melds: make([]Meld, w.n), Deadwood: dead}
		for i, m := range w.melds[:w.n] {
			a.Melds[i] = Meld{Cards: m, Kind: kindOf(m)}
		}
		sortMelds(a.Melds)
		*w.out = append(*w.out, a)
		return
	}
	if w.n > MaxSpread {
		w.full, w.stop = true, true
		return
	}
	var sp Spread
	copy(sp.Melds[:], w.melds[:w.n])
	sp.N = w.n
	switch {
	case w.spreads != nil:
		sortSpread(&sp)
		*w.spreads = append(*w.spreads, sp)
		return
	case w.first:
		sortSpread(&sp)
		if !w.found || compareSpreads(sp, w.best) < 0 {
			w.best, w.found = sp, true
		}
		return
	}
	if !w.visit(sp, dead) {
		w.stop = true
	}
}

// kindOf tells a set from a run for a card set known to be a meld.
func kindOf(m notation.CardSet) Kind {
	c, _ := m.First()
	if m.Rank(c.Rank()) == m {
		return Set
	}
	return Run
}

// VisitArrangements calls visit with every arrangement of hand that
// reaches the minimum deadwood, as a spread and its deadwood, in no
// particular order, until visit returns false. It allocates nothing. An
// arrangement needs more melds than a Spread holds only in a hand of more
// than 26 cards; it then stops and returns ErrSpreadFull. For sorted
// arrangements, see Arrangements and AppendArrangements.
func VisitArrangements(hand notation.CardSet, visit func(sp Spread, deadwood notation.CardSet) bool) error {
	var w arrangeWalk
	w.visit = visit
	w.start(hand)
	if w.full {
		return ErrSpreadFull
	}
	return nil
}

// Arrangements returns every distinct arrangement of hand that reaches the
// minimum deadwood. Each meld is identified by its exact cards, so a
// six-card run and its split into two three-card runs are two
// arrangements. The order is deterministic: fewer melds first, then meld
// by meld, sets before runs, each by its lowest card.
//
// The count grows quickly with the size of the hand; for a 10- or 11-card
// hand it is small.
func Arrangements(hand notation.CardSet) []Arrangement {
	var out []Arrangement
	w := arrangeWalk{out: &out}
	w.start(hand)
	sort.Slice(out, func(i, j int) bool { return lessArrangement(out[i], out[j]) })
	return out
}

// AppendArrangements appends the spreads of every arrangement of hand that
// reaches the minimum deadwood to dst, in the order of Arrangements, each
// with its melds in that order, and returns the extended slice. It
// allocates only to grow dst, so a caller that reuses dst allocates nothing
// once it is large enough. Its error is VisitArrangements's.
func AppendArrangements(dst []Spread, hand notation.CardSet) ([]Spread, error) {
	if sp, _, ok := soleArrangement(uint64(hand)); ok {
		return append(dst, sp), nil
	}
	n := len(dst)
	w := arrangeWalk{spreads: &dst}
	w.start(hand)
	slices.SortFunc(dst[n:], compareSpreads)
	if w.full {
		return dst, ErrSpreadFull
	}
	return dst, nil
}

// SortSpread orders a spread's melds as Arrangements does: sets before
// runs, each by its lowest card, so that every display shows melds in one
// order.
func SortSpread(sp *Spread) { sortSpread(sp) }

// sortSpread is SortSpread; a spread holds few melds.
func sortSpread(sp *Spread) {
	for i := 1; i < sp.N; i++ {
		for j := i; j > 0 && lessMeldCards(sp.Melds[j], sp.Melds[j-1]); j-- {
			sp.Melds[j], sp.Melds[j-1] = sp.Melds[j-1], sp.Melds[j]
		}
	}
}

func lessMeldCards(a, b notation.CardSet) bool {
	return lessMeld(Meld{Cards: a, Kind: kindOf(a)}, Meld{Cards: b, Kind: kindOf(b)})
}

// compareSpreads orders sorted spreads of one hand as lessArrangement
// orders arrangements. Two spreads of the same hand with the same melds
// have the same deadwood.
func compareSpreads(a, b Spread) int {
	if a.N != b.N {
		return a.N - b.N
	}
	for i := 0; i < a.N; i++ {
		if a.Melds[i] != b.Melds[i] {
			if lessMeldCards(a.Melds[i], b.Melds[i]) {
				return -1
			}
			return 1
		}
	}
	return 0
}

// sortMelds puts sets before runs, each by their lowest card.
func sortMelds(ms []Meld) {
	sort.Slice(ms, func(i, j int) bool {
		return lessMeld(ms[i], ms[j])
	})
}

// lowestCard orders card sets by rank first, so that sets sort by rank.
// The key is the lowest rank, then the lowest suit holding it, then the
// count, found with bit operations: it is compared often while sorting.
func lowestCard(s notation.CardSet) int {
	u := uint64(s)
	ranks := (u | u>>16 | u>>32 | u>>48) & 0x1FFF
	r := bits.TrailingZeros64(ranks)
	suit := bits.TrailingZeros64(u>>r&lane0) / 16
	return (r<<4|suit)<<8 | s.Len()
}

// lessArrangement puts arrangements with fewer, longer melds first, then
// orders them meld by meld.
func lessArrangement(a, b Arrangement) bool {
	if len(a.Melds) != len(b.Melds) {
		return len(a.Melds) < len(b.Melds)
	}
	for i := range a.Melds {
		if a.Melds[i].Cards != b.Melds[i].Cards {
			return lessMeld(a.Melds[i], b.Melds[i])
		}
	}
	return a.Deadwood < b.Deadwood
}

func lessMeld(a, b Meld) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if ka, kb := lowestCard(a.Cards), lowestCard(b.Cards); ka != kb {
		return ka < kb
	}
	return a.Cards < b.Cards
}

// SplitGroup is a set of arrangements that differ only in how their runs
// are split: the same sets, the same deadwood and the same cards in runs.
type SplitGroup struct {
	// Arrangement is the member with the fewest melds.
	Arrangement Arrangement
	// Count is how many arrangements the group holds, itself included.
	Count int
}

// GroupSplits groups arrangements that only split a run differently, for
// displays that would rather not list every split of a long run. Groups
// keep the order of their first members.
func GroupSplits(arrs []Arrangement) []SplitGroup {
	type key struct {
		sets, runs, deadwood notation.CardSet
		setList              string
	}
	index := map[key]int{}
	var out []SplitGroup
	for _, a := range arrs {
		var k key
		k.deadwood = a.Deadwood
		for _, m := range a.Melds {
			if m.Kind == Set {
				// Two different set choices can cover the same cards only
				// if the sets differ, so name them one by one.
				k.setList += m.Cards.String() + "|"
				k.sets |= m.Cards
			} else {
				k.runs |= m.Cards
			}
		}
		if i, ok := index[k]; ok {
			out[i].Count++
			if len(a.Melds) < len(out[i].Arrangement.Melds) {
				out[i].Arrangement = a
			}
			continue
		}
		index[k] = len(out)
		out = append(out, SplitGroup{Arrangement: a, Count: 1})
	}
	return out
}

// FirstArrangement returns the first arrangement of hand in the order of
// Arrangements, as a spread and its deadwood, without allocating. Its
// error is VisitArrangements's.
func FirstArrangement(hand notation.CardSet) (Spread, notation.CardSet, error) {
	if sp, dead, ok := soleArrangement(uint64(hand)); ok {
		return sp, dead, nil
	}
	w := arrangeWalk{first: true}
	w.start(hand)
	if w.full {
		return w.best, hand &^ w.best.Cards(), ErrSpreadFull
	}
	return w.best, hand &^ w.best.Cards(), nil
}

// soleArrangement finds the one minimal arrangement of a hand whose melds
// do not compete, without the walk: no card fits both a run and a set, and
// no run is long enough (six cards) to split into two. Every minimal
// arrangement then melds every card that fits a meld, each set whole and
// each stretch of a suit as one run, so there is only one. ok is false for
// any other hand, and for one whose melds would not fit a Spread. Most
// ten-card hands qualify, and a knock or a showdown asks for theirs.
func soleArrangement(u uint64) (sp Spread, dead notation.CardSet, ok bool) {
	r3 := u & (u >> 1) & (u >> 2)
	runs := r3 | r3<<1 | r3<<2
	a, b, c, d := u&0x1FFF, u>>16&0x1FFF, u>>32&0x1FFF, u>>48&0x1FFF
	three := (a & b & (c | d)) | (c & d & (a | b))
	sets := u & (three * lane0)
	// A six-card stretch shows as a three-card run starting three above
	// another.
	if runs&sets != 0 || r3&(r3>>3) != 0 {
		return sp, 0, false
	}
	for m := three; m != 0; m &= m - 1 {
		if sp.N == MaxSpread {
			return sp, 0, false
		}
		sp.Melds[sp.N] = notation.CardSet(sets & (lane0 << bits.TrailingZeros64(m)))
		sp.N++
	}
	for m := runs; m != 0; {
		if sp.N == MaxSpread {
			return sp, 0, false
		}
		low := m & -m
		// Adding the lowest bit carries through the stretch above it.
		stretch := (m + low) &^ m
		run := stretch - low
		sp.Melds[sp.N] = notation.CardSet(run)
		sp.N++
		m &^= run
	}
	sortSpread(&sp)
	return sp, notation.CardSet(u &^ (runs | sets)), true
}
