package meld

import (
	"math/bits"
	"sort"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Arrangements returns every distinct arrangement of hand that reaches the
// minimum deadwood. Each meld is identified by its exact cards, so a
// six-card run and its split into two three-card runs are two
// arrangements. The order is deterministic: by the melds' cards.
//
// The count grows quickly with the size of the hand; for a 10- or 11-card
// hand it is small.
func Arrangements(hand notation.CardSet) []Arrangement {
	u := uint64(hand)
	var ch choices
	rest, forced := prepare(u, &ch)
	target := ch.best(rest, 0)

	var base []Meld
	for r := notation.Rank(0); r < notation.NumRanks; r++ {
		if s := notation.CardSet(forced).Rank(r); s != 0 {
			base = append(base, Meld{Cards: s, Kind: Set})
		}
	}
	var out []Arrangement
	var walk func(u uint64, level int, melds []Meld)
	walk = func(u uint64, level int, melds []Meld) {
		if level < ch.n {
			o := &ch.opts[level]
			for i := 0; i < int(ch.count[level]); i++ {
				next := melds
				if o[i] != 0 {
					next = append(melds[:len(melds):len(melds)], Meld{Cards: notation.CardSet(o[i]), Kind: Set})
				}
				walk(u&^o[i], level+1, next)
			}
			return
		}
		if runsOnly(u) != target {
			return
		}
		out = appendRunSplits(out, notation.CardSet(u), melds)
	}
	walk(rest, 0, base)
	for i := range out {
		sortMelds(out[i].Melds)
	}
	sort.Slice(out, func(i, j int) bool { return lessArrangement(out[i], out[j]) })
	return out
}

// appendRunSplits appends, for each way to split the cards u into runs
// with the least deadwood, an arrangement of sets plus those runs.
func appendRunSplits(out []Arrangement, u notation.CardSet, sets []Meld) []Arrangement {
	var perSuit [notation.NumSuits][][]uint16
	for s := notation.Suit(0); s < notation.NumSuits; s++ {
		m := u.Suit(s)
		perSuit[s] = splits(m, int(runDeadwood[m]), nil, nil)
	}
	var walk func(s notation.Suit, melds []Meld)
	walk = func(s notation.Suit, melds []Meld) {
		if s == notation.NumSuits {
			a := Arrangement{Melds: append([]Meld(nil), melds...)}
			a.Deadwood = u
			for _, m := range melds {
				a.Deadwood &^= m.Cards
			}
			out = append(out, a)
			return
		}
		for _, runs := range perSuit[s] {
			next := melds[:len(melds):len(melds)]
			for _, r := range runs {
				next = append(next, Meld{Cards: notation.CardSet(r) << (16 * uint(s)), Kind: Run})
			}
			walk(s+1, next)
		}
	}
	walk(0, sets)
	return out
}

// splits lists the ways to cover the one-suit ranks m with runs so that
// the deadwood left is exactly target; each way is a list of run masks.
func splits(m uint16, target int, runs []uint16, out [][]uint16) [][]uint16 {
	if m == 0 {
		if target == 0 {
			out = append(out, append([]uint16(nil), runs...))
		}
		return out
	}
	low := bits.TrailingZeros16(m)
	bit := uint16(1) << low
	if v := int(rankValue[low]); v <= target && int(runDeadwood[m&^bit])+v == target {
		out = splits(m&^bit, target-v, runs, out)
	}
	run := bit | bit<<1 | bit<<2
	for end := low + 2; end < notation.NumRanks && m&run == run; end++ {
		if int(runDeadwood[m&^run]) == target {
			out = splits(m&^run, target, append(runs[:len(runs):len(runs)], run), out)
		}
		run |= bit << (end - low + 1)
	}
	return out
}

// sortMelds puts sets before runs, each by their lowest card.
func sortMelds(ms []Meld) {
	sort.Slice(ms, func(i, j int) bool {
		return lessMeld(ms[i], ms[j])
	})
}

// lowestCard orders card sets by rank first, so that sets sort by rank.
func lowestCard(s notation.CardSet) int {
	c, _ := s.First()
	best := int(c.Rank())<<4 | int(c.Suit())
	for c := range s.All() {
		if k := int(c.Rank())<<4 | int(c.Suit()); k < best {
			best = k
		}
	}
	return best<<8 | s.Len()
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
