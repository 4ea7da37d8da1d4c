package meld

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/ginadvisor/ginadvisor/notation"
)

// MaxSpread is the most melds a Spread holds; 11 cards make at most three.
const MaxSpread = 8

// Spread is the melds a knocker lays down. It is a value with no pointers,
// so that searches over many spreads allocate nothing.
type Spread struct {
	Melds [MaxSpread]notation.CardSet
	N     int
}

// ErrSpreadFull is returned when a spread already holds MaxSpread melds.
var ErrSpreadFull = errors.New("too many melds")

// ErrNotMeld means cards given as a meld are not a set or a run.
var ErrNotMeld = errors.New("not a meld")

// ErrOverlap means a card was given in two places.
var ErrOverlap = errors.New("card in two places")

// NewSpread checks that the melds are melds and disjoint, and returns them
// as a spread.
func NewSpread(melds ...notation.CardSet) (Spread, error) {
	var sp Spread
	var used notation.CardSet
	for i, m := range melds {
		if Classify(m) == NotMeld {
			return Spread{}, fmt.Errorf("meld %d (%s): %w", i+1, m, ErrNotMeld)
		}
		if dup := used & m; dup != 0 {
			return Spread{}, fmt.Errorf("meld %d: %s: %w", i+1, dup, ErrOverlap)
		}
		if sp.N == MaxSpread {
			return Spread{}, ErrSpreadFull
		}
		used |= m
		sp.Melds[sp.N] = m
		sp.N++
	}
	return sp, nil
}

// Cards returns every card in the spread.
func (sp *Spread) Cards() notation.CardSet {
	var s notation.CardSet
	for i := 0; i < sp.N; i++ {
		s |= sp.Melds[i]
	}
	return s
}

// List returns the spread's melds as a slice.
func (sp *Spread) List() []Meld {
	out := make([]Meld, sp.N)
	for i := range out {
		out[i] = Meld{Cards: sp.Melds[i], Kind: Classify(sp.Melds[i])}
	}
	return out
}

// extensions lists, for one meld, the growing sets of cards a hand can lay
// off on it at each end: ext[0][k] is the k+1 cards below a run (or the
// fourth card of a set), ext[1][k] the k+1 cards above.
type extensions struct {
	ext [2][notation.NumRanks]notation.CardSet
	n   [2]int
}

func extend(m, hand notation.CardSet) extensions {
	var e extensions
	first, _ := m.First()
	if m.Len() <= 4 && m.Rank(first.Rank()) == m {
		if fourth := hand.Rank(first.Rank()) &^ m; m.Len() == 3 && fourth != 0 {
			e.ext[0][0] = fourth
			e.n[0] = 1
		}
		return e
	}
	shift := 16 * uint(first.Suit())
	run := uint64(m) >> shift & 0x1FFF
	have := uint64(hand) >> shift & 0x1FFF
	var cum uint64
	for r := bits.TrailingZeros64(run) - 1; r >= 0 && have>>r&1 != 0; r-- {
		cum |= 1 << r
		e.ext[0][e.n[0]] = notation.CardSet(cum << shift)
		e.n[0]++
	}
	cum = 0
	for r := bits.Len64(run); r < notation.NumRanks && have>>r&1 != 0; r++ {
		cum |= 1 << r
		e.ext[1][e.n[1]] = notation.CardSet(cum << shift)
		e.n[1]++
	}
	return e
}

// layoffSearch tries every combination of lay-offs on a spread.
type layoffSearch struct {
	hand    notation.CardSet
	ext     [MaxSpread]extensions
	n       int
	best    int
	bestSet notation.CardSet
	// all, when not nil, collects every lay-off set that reaches best.
	all *[]notation.CardSet
}

func (s *layoffSearch) walk(i int, laid notation.CardSet) {
	if i == s.n {
		dw := MinDeadwood(s.hand &^ laid)
		if dw < s.best {
			s.best, s.bestSet = dw, laid
			if s.all != nil {
				*s.all = (*s.all)[:0]
			}
		}
		if dw == s.best && s.all != nil {
			for _, seen := range *s.all {
				if seen == laid {
					return
				}
			}
			*s.all = append(*s.all, laid)
		}
		return
	}
	e := &s.ext[i]
	for b := -1; b < e.n[0]; b++ {
		below := notation.CardSet(0)
		if b >= 0 {
			below = e.ext[0][b]
		}
		for a := -1; a < e.n[1]; a++ {
			above := below
			if a >= 0 {
				above |= e.ext[1][a]
			}
			s.walk(i+1, laid|above)
		}
	}
}

func newLayoffSearch(sp *Spread, hand notation.CardSet) layoffSearch {
	s := layoffSearch{hand: hand, best: 1 << 30}
	for i := 0; i < sp.N; i++ {
		if e := extend(sp.Melds[i], hand); e.n[0]+e.n[1] > 0 {
			s.ext[s.n] = e
			s.n++
		}
	}
	return s
}

// BestLayoff returns the least deadwood the defender's hand can be left
// with against a spread, forming its own melds and laying cards off on the
// spread's melds (a set's fourth card, runs extended at either end, in
// chains), and one set of lay-offs that reaches it. It allocates nothing.
func BestLayoff(sp *Spread, hand notation.CardSet) (int, notation.CardSet) {
	s := newLayoffSearch(sp, hand)
	s.walk(0, 0)
	return s.best, s.bestSet
}

// LayoffOption is one way for the defender to reach its least deadwood.
type LayoffOption struct {
	// Layoffs are the cards laid off, and Placements says on which meld.
	Layoffs    notation.CardSet
	Placements []Placement
	// Arrangements are the defender's best arrangements of the rest.
	Arrangements []Arrangement
}

// Placement is a card laid off on the spread's meld with index Meld.
type Placement struct {
	Card notation.Card
	Meld int
}

// LayoffOptions returns the least deadwood against a spread and every
// distinct set of lay-offs that reaches it, with the defender's
// arrangements of the cards it keeps.
func LayoffOptions(sp *Spread, hand notation.CardSet) (int, []LayoffOption) {
	s := newLayoffSearch(sp, hand)
	var all []notation.CardSet
	s.all = &all
	s.walk(0, 0)
	out := make([]LayoffOption, 0, len(all))
	for _, laid := range all {
		out = append(out, LayoffOption{
			Layoffs:      laid,
			Placements:   Placements(sp, laid),
			Arrangements: Arrangements(hand &^ laid),
		})
	}
	return s.best, out
}

// Placements says which meld of the spread each laid-off card goes on. A card may fit more
// than one meld (a set's fourth card can also extend a run), and a chain
// needs its inner cards first, so it searches for an order and a choice of
// melds that places every card.
func Placements(sp *Spread, laid notation.CardSet) []Placement {
	var grown [MaxSpread]notation.CardSet
	copy(grown[:], sp.Melds[:sp.N])
	var out []Placement
	var try func(left notation.CardSet) bool
	try = func(left notation.CardSet) bool {
		if left == 0 {
			return true
		}
		for c := range left.All() {
			for i := 0; i < sp.N; i++ {
				if Classify(grown[i].With(c)) == NotMeld {
					continue
				}
				grown[i] = grown[i].With(c)
				out = append(out, Placement{Card: c, Meld: i})
				if try(left.Without(c)) {
					return true
				}
				grown[i] = grown[i].Without(c)
				out = out[:len(out)-1]
			}
		}
		return false
	}
	try(laid)
	return out
}

// Candidate is a card of the defender's hand that can be laid off, on the
// meld with index Meld, once the cards in Needs are laid off too.
type Candidate struct {
	Card  notation.Card
	Meld  int
	Needs notation.CardSet
}

// Candidates lists every card of hand that could be laid off on the
// spread, alone or as part of a chain.
func Candidates(sp *Spread, hand notation.CardSet) []Candidate {
	var out []Candidate
	for i := 0; i < sp.N; i++ {
		e := extend(sp.Melds[i], hand)
		for side := 0; side < 2; side++ {
			var prev notation.CardSet
			for k := 0; k < e.n[side]; k++ {
				c, _ := (e.ext[side][k] &^ prev).First()
				out = append(out, Candidate{Card: c, Meld: i, Needs: prev})
				prev = e.ext[side][k]
			}
		}
	}
	return out
}

// GreedyLayoff lays off the cards of deadwood one at a time, each on the
// first meld it fits, growing the melds, until no card fits. This is how
// the EAAI framework's engine lays off: the defender keeps its own melds
// and offers only its deadwood. It returns the cards laid off.
func GreedyLayoff(sp *Spread, deadwood notation.CardSet) notation.CardSet {
	// The scan from the lowest card, restarted after each card placed,
	// places the lowest card that fits some meld on the first meld it
	// fits: so keep each meld's fitting cards and take the lowest.
	var grown, fits [MaxSpread]notation.CardSet
	var any notation.CardSet
	n := min(max(sp.N, 0), MaxSpread)
	for i := 0; i < n; i++ {
		grown[i] = sp.Melds[i]
		fits[i] = fitting(grown[i])
		any |= fits[i]
	}
	var laid notation.CardSet
	for {
		m := uint64(deadwood &^ laid & any)
		if m == 0 {
			return laid
		}
		c := notation.Card(bits.TrailingZeros64(m))
		laid = laid.With(c)
		any = 0
		placed := false
		for i := 0; i < n; i++ {
			if !placed && fits[i].Has(c) {
				grown[i] = grown[i].With(c)
				fits[i] = fitting(grown[i])
				placed = true
			}
			any |= fits[i]
		}
	}
}

// fitting returns the cards c for which m with c is a meld: for a meld,
// its own cards and the missing card of a set of three or the cards next
// to the ends of a run. For cards that are not a meld, which no caller in
// this module gives, it tries every card.
func fitting(m notation.CardSet) notation.CardSet {
	switch Classify(m) {
	case Set:
		return notation.CardSet(lane0<<rankOf(m)) | m
	case Run:
		u := uint64(m)
		return notation.CardSet(u<<1|u>>1)&notation.FullDeck | m
	}
	var f notation.CardSet
	for c := range notation.FullDeck.All() {
		if Classify(m.With(c)) != NotMeld {
			f = f.With(c)
		}
	}
	return f
}

// rankOf is the rank of the lowest card of m.
func rankOf(m notation.CardSet) notation.Rank {
	first, _ := m.First()
	return first.Rank()
}
