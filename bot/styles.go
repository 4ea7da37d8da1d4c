package bot

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Styled is a rule-based player made of one choice on each axis on which
// players differ: when to knock, how to discard and when to take the
// upcard. It reads its own hand and what its seat saw of the table, and
// keeps nothing between decisions. The sparring partners of the registry
// are Styled players.
type Styled struct {
	name    string
	Knock   reading.KnockRule
	Discard reading.DiscardRule
	Take    reading.TakeRule
}

// NewStyled returns a Styled player with the given name and rules.
func NewStyled(name string, k reading.KnockRule, d reading.DiscardRule, t reading.TakeRule) *Styled {
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
		if rules.DeclareKnock.AllowsDeadwood(dw, v.limit) && (dw == 0 || s.knocksWith(dw, p)) {
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
	return s.Take.Takes(v.hand, v.upcard)
}

// discard leaves the least deadwood, less, for DiscardOpen, a point for
// each live card that would complete a meld: the heuristic's discard at
// another weight. DiscardSafe adds 3 points for each sign that the
// opponent could use the card; ties go to the higher card.
func (s *Styled) discard(v *seatView, p *game.Position) notation.Card {
	if s.Discard != reading.DiscardSafe {
		h := Heuristic{}
		if s.Discard == reading.DiscardOpen {
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
	return bestDiscard(v, &discardTerm{kind: safeCards, useful: useful})
}

// usefulness guesses, from what the seat saw, how likely the opponent is
// to use card c (see reading.Usefulness).
func usefulness(c notation.Card, p *game.Position) float64 {
	return reading.Usefulness(c, p.OpponentTook(), p.OpponentDiscards()|p.OpponentPassed())
}
