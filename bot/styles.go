package bot

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// KnockRule is when a Styled player knocks, once its deadwood is within
// the limit. Gin is always taken.
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

// DiscardRule is how a Styled player chooses its discard.
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

// TakeRule is when a Styled player takes the upcard.
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

// Styled is a rule-based player made of one choice on each axis on which
// players differ: when to knock, how to discard and when to take the
// upcard. It reads its own hand and what its seat saw of the table, and
// keeps nothing between decisions. The sparring partners of the registry
// are Styled players.
type Styled struct {
	name    string
	Knock   KnockRule
	Discard DiscardRule
	Take    TakeRule
}

// NewStyled returns a Styled player with the given name and rules.
func NewStyled(name string, k KnockRule, d DiscardRule, t TakeRule) *Styled {
	return &Styled{name: name, Knock: k, Discard: d, Take: t}
}

// Name returns the player's name.
func (s *Styled) Name() string { return s.name }

// HandOver does nothing: the player keeps no memory between hands.
func (*Styled) HandOver(*game.Position) {}

// Move decides from the position.
func (s *Styled) Move(_ context.Context, p *game.Position) (game.Move, error) {
	v := positionView(p)
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		return drawChoice(&v, v.hasUpcard && !v.mustDraw && s.wantsUpcard(&v)), nil
	case game.DiscardPhase:
		if v.canBigGin() {
			return bigGinMove(v.hand), nil
		}
		return game.DiscardMove(s.discard(&v, p)), nil
	case game.KnockPhase:
		dw := meld.MinDeadwood(v.hand)
		if dw <= v.limit && (dw == 0 || s.knocksWith(dw, p)) {
			sp, _, _ := meld.FirstArrangement(v.hand)
			return game.LayDown(v.hand, sp), nil
		}
	}
	return game.PlayOnMove(), nil
}

func (s *Styled) knocksWith(dw int, p *game.Position) bool {
	return s.Knock.Knocks(dw, p.Draws(), p.StockCount())
}

func (s *Styled) wantsUpcard(v *seatView) bool {
	with := v.hand.With(v.upcard)
	if meld.InMeld(with, v.upcard) {
		return true
	}
	if s.Take != TakeToLower {
		return false
	}
	now := meld.MinDeadwood(v.hand)
	for c := range v.hand.All() {
		if meld.MinDeadwood(with.Without(c)) < now {
			return true
		}
	}
	return false
}

// discard leaves the least deadwood, less, for DiscardOpen, a point for
// each live card that would complete a meld: the heuristic's discard at
// another weight. DiscardSafe adds 3 points for each sign that the
// opponent could use the card; ties go to the higher card.
func (s *Styled) discard(v *seatView, p *game.Position) notation.Card {
	if s.Discard != DiscardSafe {
		h := Heuristic{}
		if s.Discard == DiscardOpen {
			h.P.OutWeight = 1
		}
		return h.discard(v, p.PileSet())
	}
	var useful [notation.NumCards]float64
	for c := range v.hand.All() {
		useful[c.Index()] = usefulness(c, p)
	}
	return safeDiscard(v, &useful)
}

// safeDiscard is the safe discarder's choice: the card whose loss leaves
// the least deadwood plus 3 points for each sign, in useful (by card
// index), that the opponent could use it; ties go to the higher card.
func safeDiscard(v *seatView, useful *[notation.NumCards]float64) notation.Card {
	allowed := v.hand
	if v.fromPile {
		allowed = allowed.Without(v.drawn)
	}
	best, bestScore := notation.Card(0), 1e18
	// A card in no meld is deadwood in every arrangement, so throwing it
	// saves exactly its value; only the others need a search.
	whole, meldable := meld.MinDeadwood(v.hand), meld.Meldable(v.hand)
	for c := range allowed.All() {
		dw := whole - c.Value()
		if meldable.Has(c) {
			dw = meld.MinDeadwood(v.hand.Without(c))
		}
		score := float64(dw) + 3*useful[c.Index()]
		if score < bestScore || score == bestScore && c.Rank() >= best.Rank() {
			best, bestScore = c, score
		}
	}
	return best
}

// usefulness guesses, from what the seat saw, how likely the opponent is
// to use card c: each card it took of c's rank, or next to c in its suit,
// counts for; each such card it threw or passed counts half against.
func usefulness(c notation.Card, p *game.Position) float64 {
	return usefulnessFrom(c, p.OpponentTook(), p.OpponentDiscards()|p.OpponentPassed())
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
