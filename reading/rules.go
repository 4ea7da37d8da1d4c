package reading

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// KnockRule is when a player knocks, once its deadwood is within the
// limit. Gin is always taken.
type KnockRule uint8

// The knock rules.
const (
	// KnockAtOnce knocks at the first chance, as simple does.
	KnockAtOnce KnockRule = iota
	// KnockEarly knocks only in the first EarlyDraws draws of the hand,
	// and otherwise holds for gin or an undercut, as heuristic does.
	KnockEarly
	// KnockLow knocks only with LowDeadwood or less.
	KnockLow
	// KnockLate knocks only once the stock is down to LateStock cards.
	KnockLate
)

// DiscardRule is how a player chooses its discard.
type DiscardRule uint8

// The discard rules.
const (
	// DiscardDeadwood leaves the least deadwood, the higher card on ties.
	DiscardDeadwood DiscardRule = iota
	// DiscardSafe weighs the deadwood left against how likely the
	// opponent is to use the card, read from the cards it took, passed
	// and discarded.
	DiscardSafe
	// DiscardOpen weighs the deadwood left against the live cards that
	// would complete a meld, keeping the most draws open.
	DiscardOpen
)

// TakeRule is when a player takes the upcard.
type TakeRule uint8

// The take rules.
const (
	// TakeIntoMeld takes the upcard only when it joins a meld.
	TakeIntoMeld TakeRule = iota
	// TakeToLower takes it whenever, with the best discard after it, it
	// lowers the deadwood.
	TakeToLower
)

// The thresholds of the knock rules.
const (
	EarlyDraws  = 6
	LowDeadwood = 3
	LateStock   = 10
)

// NumKnockRules, NumTakeRules and NumDiscardRules count the rules of each
// axis.
const (
	NumKnockRules   = 4
	NumTakeRules    = 2
	NumDiscardRules = 3
)

// slip is the chance that a player breaks its rule at a decision: the
// rules are a model, and no observed decision rules a style out for good.
const slip = 0.03

// KnockPrior returns the chance of each knock rule before any decision is
// seen: knocking at once, as the EAAI baseline and most programs do, is
// the likeliest.
func KnockPrior() [NumKnockRules]float64 {
	return [NumKnockRules]float64{KnockAtOnce: 0.4, KnockEarly: 0.2, KnockLow: 0.2, KnockLate: 0.2}
}

// TakePrior returns the chance of each take rule before any turn is read:
// most programs, the EAAI baseline first, take the upcard only into a
// meld.
func TakePrior() [NumTakeRules]float64 {
	return [NumTakeRules]float64{TakeIntoMeld: 0.7, TakeToLower: 0.3}
}

// DiscardPrior returns the chance of each discard rule before any turn is
// read: most programs, the EAAI baseline first, throw their highest
// deadwood.
func DiscardPrior() [NumDiscardRules]float64 {
	return [NumDiscardRules]float64{DiscardDeadwood: 0.5, DiscardSafe: 0.25, DiscardOpen: 0.25}
}

// Knocks says whether a player of rule r knocks with dw deadwood (within
// the limit, above 0) after draws draws of the hand, with stock cards left.
func (r KnockRule) Knocks(dw, draws, stock int) bool {
	switch r {
	case KnockEarly:
		return draws <= EarlyDraws
	case KnockLow:
		return dw <= LowDeadwood
	case KnockLate:
		return stock <= LateStock
	}
	return true
}

func (r KnockRule) String() string {
	switch r {
	case KnockAtOnce:
		return "knocks at once"
	case KnockEarly:
		return "knocks only early"
	case KnockLow:
		return "knocks only low"
	case KnockLate:
		return "knocks only late"
	}
	return fmt.Sprintf("KnockRule(%d)", uint8(r))
}

// short says when a player of rule r knocks in a few words, for a
// sentence that begins "The opponent knocks".
func (r KnockRule) short() string {
	switch r {
	case KnockAtOnce:
		return "at once"
	case KnockEarly:
		return "only early"
	case KnockLow:
		return "only with 3 or less"
	}
	return "only late"
}

// short says when a player of rule r takes the upcard, for a sentence
// that begins "It takes the upcard".
func (r TakeRule) short() string {
	if r == TakeIntoMeld {
		return "only into a meld"
	}
	return "to lower its deadwood"
}

// short says what a player of rule r throws, for a sentence that begins
// "It throws".
func (r DiscardRule) short() string {
	switch r {
	case DiscardDeadwood:
		return "the most deadwood"
	case DiscardSafe:
		return "safe cards"
	}
	return "keeping draws open"
}

// Takes says whether a player of rule r takes up into hand.
func (r TakeRule) Takes(hand notation.CardSet, up notation.Card) bool {
	with := hand.With(up)
	if meld.InMeld(with, up) {
		return true
	}
	if r != TakeToLower {
		return false
	}
	// Throwing a card saves at most its value, and exactly its value when
	// it is in no meld, so only the cards worth enough need a search.
	now := meld.MinDeadwood(hand)
	whole, meldable := meld.MinDeadwood(with), meld.Meldable(with)
	for c := range hand.All() {
		if whole-c.Value() >= now {
			continue
		}
		if !meldable.Has(c) || meld.MinDeadwood(with.Without(c)) < now {
			return true
		}
	}
	return false
}

// Usefulness guesses how likely the opponent is to use card c, from what
// it saw of its own opponent: each card of took (the cards it took) of c's
// rank, or next to c in its suit, counts for; each such card of gone (the
// cards it discarded or passed) counts half against.
func Usefulness(c notation.Card, took, gone notation.CardSet) float64 {
	return float64(related(c, took)) - 0.5*float64(related(c, gone))
}

// related counts the cards of set that could share a meld with c.
func related(c notation.Card, set notation.CardSet) int {
	n := 0
	for d := range set.Without(c).All() {
		if d.Rank() == c.Rank() || d.Suit() == c.Suit() && (d.Rank() == c.Rank()+1 || c.Rank() == d.Rank()+1) {
			n++
		}
	}
	return n
}
