package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrIllegal is wrapped by every error about an illegal move.
var ErrIllegal = errors.New("illegal move")

// The reasons a move is illegal in the order of play. A MoveError unwraps
// to ErrIllegal and to one of these, or to the rules package's reason for
// a knock, gin or big gin (rules.ErrOverLimit, rules.ErrNotGin,
// rules.ErrNotMelds, rules.ErrMeldsNotInHand, rules.ErrNoBigGin), so that
// a caller can tell them apart with errors.Is.
var (
	// ErrHandOver: the hand has ended.
	ErrHandOver = errors.New("the hand is over")
	// ErrWrongPhase: the move is not one of the phase's kinds.
	ErrWrongPhase = errors.New("not a move of this phase")
	// ErrMustDraw: both passed the first upcard, so the stock is drawn.
	ErrMustDraw = errors.New("the stock must be drawn")
	// ErrEmptyPile: there is no upcard to take.
	ErrEmptyPile = errors.New("the pile is empty")
	// ErrNotInHand: a card discarded is not in the hand.
	ErrNotInHand = errors.New("not in the hand")
	// ErrJustTaken: the card taken from the pile may not be discarded at
	// once.
	ErrJustTaken = errors.New("just taken from the pile")
)

// MoveError says why a move is illegal: Reason in words, Err the reason's
// sentinel.
type MoveError struct {
	Seat   notation.Seat
	Phase  Phase
	Move   Move
	Reason string
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("%s may not %s in the %s phase: %s", e.Seat, e.Move, e.Phase, e.Reason)
}

// Unwrap returns ErrIllegal and the reason's sentinel.
func (e *MoveError) Unwrap() []error { return []error{ErrIllegal, e.Err} }

func (s *State) illegal(m *Move, why error, format string, args ...any) error {
	return &MoveError{Seat: s.turn, Phase: s.phase, Move: *m, Reason: fmt.Sprintf(format, args...), Err: why}
}

// Apply plays the move for the player to move. An illegal move returns a
// *MoveError that says why, and leaves the state unchanged.
func (s *State) Apply(m Move) error { return s.apply(&m) }

// apply plays m by the rules of the phase; each step checks the move
// whole before it changes anything.
func (s *State) apply(m *Move) error {
	switch s.phase {
	case FirstOffer:
		return s.applyFirstOffer(m)
	case DrawPhase:
		return s.applyDraw(m)
	case DiscardPhase:
		return s.applyDiscard(m)
	case KnockPhase:
		return s.applyKnock(m)
	}
	return s.illegal(m, ErrHandOver, "the hand is over")
}

// applyFirstOffer takes or passes the first upcard.
func (s *State) applyFirstOffer(m *Move) error {
	switch m.Kind {
	case Take:
		c, _ := s.take()
		s.hands[s.turn] = s.hands[s.turn].With(c)
	case Pass:
		s.pass()
	default:
		return s.illegal(m, ErrWrongPhase, "the first upcard may only be taken or passed")
	}
	return nil
}

// applyDraw takes the upcard or draws from the stock, or, at the
// 50th-card rule's last chance, takes or passes the last discard.
func (s *State) applyDraw(m *Move) error {
	seat := s.turn
	switch {
	case m.Kind == Take && s.npile > 0 && !s.mustDraw():
		if c, ok := s.take(); ok {
			s.hands[seat] = s.hands[seat].With(c)
		} else {
			s.recordDeath()
		}
	case m.Kind == Draw && !s.lastChance && s.stock > 0:
		c := s.stockSeq[StockSize-int(s.stock)]
		s.hands[seat] = s.hands[seat].With(c)
		s.drew(c)
	case m.Kind == Pass && s.lastChance:
		s.pass()
		s.recordDeath()
	default:
		return s.drawRefusal(m)
	}
	return nil
}

// drawRefusal says why a move of the draw phase is illegal.
func (s *State) drawRefusal(m *Move) error {
	switch {
	case s.lastChance:
		return s.illegal(m, ErrWrongPhase, "under the 50th-card rule the last discard may only be taken or passed")
	case m.Kind != Take && m.Kind != Draw:
		return s.illegal(m, ErrWrongPhase, "take the upcard or draw from the stock")
	case s.mustDraw():
		return s.illegal(m, ErrMustDraw, "both passed the first upcard, so the stock must be drawn")
	case m.Kind == Take:
		return s.illegal(m, ErrEmptyPile, "the pile is empty")
	}
	return s.illegal(m, ErrWrongPhase, "take the upcard or draw from the stock")
}

// applyDiscard discards a card, or declares big gin instead.
func (s *State) applyDiscard(m *Move) error {
	switch m.Kind {
	case Discard:
		return s.discard(m)
	case BigGin:
		if err := s.checkLayDown(m, rules.DeclareBigGin); err != nil {
			return err
		}
		s.record(WentBigGin, s.turn, 0)
		s.showdown(&m.Spread, 0, true)
		return nil
	}
	return s.illegal(m, ErrWrongPhase, "discard a card")
}

// discard puts m's card on the pile. A hand that cannot knock after it
// plays on at once, ending the turn.
func (s *State) discard(m *Move) error {
	seat := s.turn
	h := s.hands[seat]
	switch {
	case !m.Card.Valid() || !h.Has(m.Card):
		return s.illegal(m, ErrNotInHand, "%s is not in the hand", cardString(m.Card))
	case s.fromPile && m.Card == s.drawn && !s.mayDiscardTaken():
		return s.illegal(m, ErrJustTaken, "%s was just taken from the pile", m.Card)
	}
	h = h.Without(m.Card)
	s.hands[seat] = h
	s.discarded(m.Card)
	if s.phase == Over {
		s.recordDeath()
	} else if !s.setup.Rules.CanDeclare(rules.DeclareKnock, h, s.limit) {
		s.playedOn()
		s.recordDeath()
	}
	return nil
}

// applyKnock plays on, or ends the hand with a knock or gin. A Knock
// move whose melds leave no deadwood goes gin, as LayDown would make it.
func (s *State) applyKnock(m *Move) error {
	switch m.Kind {
	case PlayOn:
		s.playedOn()
		s.recordDeath()
		return nil
	case Knock, Gin:
		h := s.hands[s.turn]
		d := rules.DeclareKnock
		if m.Kind == Gin || spreadCovers(&m.Spread, h) {
			d = rules.DeclareGin
		}
		if err := s.checkLayDown(m, d); err != nil {
			return err
		}
		dead := h &^ m.Spread.Cards()
		if dead == 0 {
			s.record(WentGin, s.turn, 0)
		} else {
			s.record(Knocked, s.turn, 0)
		}
		s.showdown(&m.Spread, dead, false)
		return nil
	}
	return s.illegal(m, ErrWrongPhase, "knock, go gin or play on")
}

// spreadCovers says sp is a spread of at most meld.MaxSpread melds that
// leaves none of hand unmelded.
func spreadCovers(sp *meld.Spread, hand notation.CardSet) bool {
	return sp.N >= 0 && sp.N <= meld.MaxSpread && hand&^sp.Cards() == 0
}

// checkLayDown checks m's spread as declaration d by the player to move,
// under the rules' one check of a lay-down.
func (s *State) checkLayDown(m *Move, d rules.Declaration) error {
	err := s.setup.Rules.CheckLayDown(d, &m.Spread, s.hands[s.turn], s.limit)
	if err != nil {
		return &MoveError{Seat: s.turn, Phase: s.phase, Move: *m, Reason: err.Error(), Err: err}
	}
	return nil
}

// recordDeath records the end of a hand that has just died.
func (s *State) recordDeath() {
	if s.phase == Over {
		s.record(Died, 0, 0)
		s.result.Hands = s.hands
	}
}
