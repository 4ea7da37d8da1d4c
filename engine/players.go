package engine

import (
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// NewPlayerFunc makes a player for one game from a seed for its random
// choices.
type NewPlayerFunc func(seed uint64) Player

// Players are the built-in players by name.
var Players = map[string]NewPlayerFunc{
	"simple": func(seed uint64) Player { return NewSimple(seed) },
	"random": func(seed uint64) Player { return NewRandom(seed) },
}

// PlayerNames returns the built-in players' names in order.
func PlayerNames() []string {
	return slices.Sorted(maps.Keys(Players))
}

// LookupPlayer returns the named built-in player's constructor.
func LookupPlayer(name string) (NewPlayerFunc, error) {
	f, ok := Players[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown player %q (known: %s)", name, strings.Join(PlayerNames(), ", "))
	}
	return f, nil
}

// inMeld reports whether card c belongs to some meld of hand h (which
// holds c).
func inMeld(h notation.CardSet, c notation.Card) bool {
	if h.Rank(c.Rank()).Len() >= 3 {
		return true
	}
	m := uint32(h.Suit(c.Suit()))
	r := uint(c.Rank())
	// The stretch of consecutive ranks through r.
	above := bits.TrailingZeros32(^(m >> r))
	below := bits.LeadingZeros32(^(m << (32 - r - 1)))
	return above+below-1 >= 3
}

// Simple is the EAAI-2021 baseline player, SimpleGinRummyPlayer. It takes
// the upcard only when the card would belong to a meld of its hand plus
// the card. It discards at random among the cards that leave the least
// deadwood, never the card just taken from the pile, and it does not
// repeat a pair of drawn and discarded cards within a hand. It knocks as
// soon as it can, laying down a random best arrangement.
type Simple struct {
	rng   *rand.Rand
	pairs []notation.CardSet
	cand  [11]notation.Card
}

// NewSimple returns a Simple player whose random choices follow seed.
func NewSimple(seed uint64) *Simple {
	return &Simple{rng: rand.New(rand.NewPCG(seed, 0x5151))}
}

// Name returns "simple".
func (*Simple) Name() string { return "simple" }

// StartHand forgets the drawn and discarded pairs of the last hand.
func (s *Simple) StartHand(*View) { s.pairs = s.pairs[:0] }

// TakeUpcard takes the upcard if it would be part of a meld.
func (s *Simple) TakeUpcard(v *View) bool {
	c, ok := v.Upcard()
	return ok && inMeld(v.Hand.With(c), c)
}

// Discard picks at random among the discards that leave the least
// deadwood.
func (s *Simple) Discard(v *View) notation.Card {
	n := s.candidates(v, true)
	if n == 0 {
		// Every such discard would repeat a pair: allow repeats.
		n = s.candidates(v, false)
	}
	c := s.cand[s.rng.IntN(n)]
	s.pairs = append(s.pairs, v.Drawn.Set()|c.Set())
	return c
}

func (s *Simple) candidates(v *View, avoidRepeats bool) int {
	n, best := 0, 1<<30
	for c := range v.Hand.All() {
		if v.DrewFromPile && c == v.Drawn {
			continue
		}
		if avoidRepeats && s.repeats(v.Drawn.Set()|c.Set()) {
			continue
		}
		dw := meld.MinDeadwood(v.Hand.Without(c))
		if dw < best {
			best, n = dw, 0
		}
		if dw == best {
			s.cand[n] = c
			n++
		}
	}
	return n
}

func (s *Simple) repeats(pair notation.CardSet) bool {
	for _, p := range s.pairs {
		if p == pair {
			return true
		}
	}
	return false
}

// Knock knocks when the deadwood is within the limit.
func (s *Simple) Knock(v *View) (meld.Spread, bool) {
	if meld.MinDeadwood(v.Hand) > v.KnockLimit {
		return meld.Spread{}, false
	}
	arrs := meld.Arrangements(v.Hand)
	return arrs[s.rng.IntN(len(arrs))].Spread(), true
}

// Random makes random legal moves: it takes the upcard or not at even
// odds, discards any card it may, and knocks at even odds when it can.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a Random player whose choices follow seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a7a))} }

// Name returns "random".
func (*Random) Name() string { return "random" }

// StartHand does nothing.
func (*Random) StartHand(*View) {}

// TakeUpcard flips a coin.
func (r *Random) TakeUpcard(*View) bool { return r.rng.IntN(2) == 0 }

// Discard picks any card but the one just taken from the pile.
func (r *Random) Discard(v *View) notation.Card {
	h := v.Hand
	if v.DrewFromPile {
		h = h.Without(v.Drawn)
	}
	cards := h.Cards()
	return cards[r.rng.IntN(len(cards))]
}

// Knock knocks at even odds when it may.
func (r *Random) Knock(v *View) (meld.Spread, bool) {
	if meld.MinDeadwood(v.Hand) > v.KnockLimit || r.rng.IntN(2) == 0 {
		return meld.Spread{}, false
	}
	return meld.Arrangements(v.Hand)[0].Spread(), true
}
