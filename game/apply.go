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

// The reasons a move is illegal. A MoveError unwraps to ErrIllegal and to
// one of these, so that a caller can tell them apart with errors.Is.
var (
	// ErrHandOver: the hand has ended.
	ErrHandOver = errors.New("the hand is over")
	// ErrWrongPhase: the move is not one of the phase's kinds.
	ErrWrongPhase = errors.New("not a move of this phase")
	// ErrMustDraw: both passed the first upcard, so the stock is drawn.
	ErrMustDraw = errors.New("the stock must be drawn")
	// ErrEmptyPile: there is no upcard to take.
	ErrEmptyPile = errors.New("the pile is empty")
	// ErrNotInHand: a card discarded or melded is not in the hand.
	ErrNotInHand = errors.New("not in the hand")
	// ErrJustTaken: the card taken from the pile may not be discarded at
	// once.
	ErrJustTaken = errors.New("just taken from the pile")
	// ErrNoBigGin: the rules do not allow big gin.
	ErrNoBigGin = errors.New("big gin is not allowed")
	// ErrNotMelds: the spread is not melds.
	ErrNotMelds = errors.New("not melds")
	// ErrOverLimit: the deadwood left is over the knock limit, or gin
	// leaves some.
	ErrOverLimit = errors.New("over the knock limit")
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

// Legal appends the legal moves of the player to move to dst and returns
// the extended slice; it allocates only to grow dst. In the knock phase it
// lists playing on, then every spread within the knock limit, shortened
// and held-back melds included, as a knock or gin.
func (s *State) Legal(dst []Move) []Move {
	switch s.phase {
	case FirstOffer:
		return append(dst, TakeMove(), PassMove())
	case DrawPhase:
		switch {
		case s.lastChance:
			return append(dst, TakeMove(), PassMove())
		case s.mustDraw():
			return append(dst, DrawMove())
		}
		if s.npile > 0 {
			dst = append(dst, TakeMove())
		}
		return append(dst, DrawMove())
	case DiscardPhase:
		h := s.hands[s.turn]
		if s.fromPile && !s.mayDiscardTaken() {
			h = h.Without(s.drawn)
		}
		for m := uint64(h); m != 0; m &= m - 1 {
			dst = append(dst, DiscardMove(lowest(m)))
		}
		if sp, ok := s.bigGin(); ok {
			dst = append(dst, BigGinMove(sp))
		}
		return dst
	case KnockPhase:
		dst = append(dst, PlayOnMove())
		meld.KnockSpreads(s.hands[s.turn], s.limit, func(sp meld.Spread, dead notation.CardSet) bool {
			if dead == 0 {
				dst = append(dst, GinMove(sp))
			} else {
				dst = append(dst, KnockMove(sp))
			}
			return true
		})
	}
	return dst
}

func lowest(m uint64) notation.Card {
	c, _ := notation.CardSet(m & -m).First()
	return c
}

// bigGin returns the spread of big gin when the player to move may declare
// it.
func (s *State) bigGin() (meld.Spread, bool) {
	h := s.hands[s.turn]
	if !s.setup.Rules.BigGin || h.Len() != 11 || meld.MinDeadwood(h) != 0 {
		return meld.Spread{}, false
	}
	sp, _, _ := meld.FirstArrangement(h)
	return sp, true
}

// CanBigGin says the player to move may declare big gin now.
func (s *State) CanBigGin() bool {
	h := s.hands[s.turn]
	return s.phase == DiscardPhase && s.setup.Rules.BigGin && h.Len() == 11 && meld.MinDeadwood(h) == 0
}

// Apply plays the move for the player to move. An illegal move returns a
// *MoveError that says why, and leaves the state unchanged.
func (s *State) Apply(m Move) error { return s.apply(&m) }

func (s *State) apply(m *Move) error {
	seat := s.turn
	switch s.phase {
	case Over:
		return s.illegal(m, ErrHandOver, "the hand is over")
	case FirstOffer:
		switch m.Kind {
		case Take:
			c, _ := s.take()
			s.hands[seat] = s.hands[seat].With(c)
		case Pass:
			s.pass()
		default:
			return s.illegal(m, ErrWrongPhase, "the first upcard may only be taken or passed")
		}
	case DrawPhase:
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
		case s.lastChance:
			return s.illegal(m, ErrWrongPhase, "under the 50th-card rule the last discard may only be taken or passed")
		case m.Kind != Take && m.Kind != Draw:
			return s.illegal(m, ErrWrongPhase, "take the upcard or draw from the stock")
		case s.mustDraw():
			return s.illegal(m, ErrMustDraw, "both passed the first upcard, so the stock must be drawn")
		case m.Kind == Take:
			return s.illegal(m, ErrEmptyPile, "the pile is empty")
		default:
			return s.illegal(m, ErrWrongPhase, "take the upcard or draw from the stock")
		}
	case DiscardPhase:
		h := s.hands[seat]
		switch m.Kind {
		case Discard:
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
			} else if meld.MinDeadwood(h) > s.limit {
				// No knock is possible: the turn ends at once.
				s.playedOn()
				s.recordDeath()
			}
		case BigGin:
			if !s.setup.Rules.BigGin {
				return s.illegal(m, ErrNoBigGin, "these rules do not allow big gin")
			}
			if err := s.checkSpread(m, h, 0); err != nil {
				return err
			}
			s.record(WentBigGin, seat, 0)
			s.showdown(&m.Spread, 0, true)
		default:
			return s.illegal(m, ErrWrongPhase, "discard a card")
		}
	case KnockPhase:
		h := s.hands[seat]
		switch m.Kind {
		case PlayOn:
			s.playedOn()
			s.recordDeath()
		case Knock, Gin:
			limit := s.limit
			if m.Kind == Gin {
				limit = 0
			}
			if err := s.checkSpread(m, h, limit); err != nil {
				return err
			}
			dead := h &^ m.Spread.Cards()
			if dead == 0 {
				s.record(WentGin, seat, 0)
			} else {
				s.record(Knocked, seat, 0)
			}
			s.showdown(&m.Spread, dead, false)
		default:
			return s.illegal(m, ErrWrongPhase, "knock, go gin or play on")
		}
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

// checkSpread checks that a spread is melds of the hand with at most
// limit deadwood left.
func (s *State) checkSpread(m *Move, h notation.CardSet, limit int) error {
	sp := &m.Spread
	if sp.N < 0 || sp.N > meld.MaxSpread {
		return s.illegal(m, ErrNotMelds, "a spread holds 0 to %d melds", meld.MaxSpread)
	}
	if extra := sp.Cards() &^ h; extra != 0 {
		return s.illegal(m, ErrNotInHand, "%s is not in the hand", extra)
	}
	if _, err := meld.NewSpread(sp.Melds[:sp.N]...); err != nil {
		return s.illegal(m, errors.Join(ErrNotMelds, err), "%v", err)
	}
	if dw := (h &^ sp.Cards()).Value(); dw > limit {
		if limit == 0 {
			return s.illegal(m, ErrOverLimit, "%d deadwood left, and gin leaves none", dw)
		}
		return s.illegal(m, ErrOverLimit, "%d deadwood left, over the knock limit of %d", dw, limit)
	}
	return nil
}

func (s *State) showdown(sp *meld.Spread, dead notation.CardSet, bigGin bool) {
	sd := s.setup.Rules.Settle(sp, dead, s.hands[s.turn.Other()], bigGin, s.deal)
	s.settle(s.turn, sd)
}

// ErrNoShowdown means lay-offs were chosen for a hand that did not end at
// a knock.
var ErrNoShowdown = errors.New("the hand did not end at a knock")

// LayOff replaces the lay-offs the rules chose at the knock that ended
// the hand with the ones the defender made, and scores the hand again.
// Players of this package's games lay off as the rules choose; a record
// whose defender chose otherwise (OpenSpiel lets it) is replayed as it
// was played. An illegal choice leaves the state as it was.
func (s *State) LayOff(laid notation.CardSet) error {
	r := &s.result
	if s.phase != Over || !r.Knocker.Valid() {
		return fmt.Errorf("lay off %s: %w", laid, ErrNoShowdown)
	}
	sd, err := s.setup.Rules.SettleWith(&r.Spread, r.KnockerDeadwood, s.hands[r.Knocker.Other()], laid, r.Score.Outcome == rules.BigGin, s.deal)
	if err != nil {
		return fmt.Errorf("lay off: %w", err)
	}
	s.settle(r.Knocker, sd)
	return nil
}

// settle records a settled knock as the hand's result.
func (s *State) settle(knocker notation.Seat, sd rules.Showdown) {
	defender := knocker.Other()
	winner := knocker
	if sd.Score.Winner == rules.Defender {
		winner = defender
	}
	r := &s.result
	r.Score = sd.Score
	r.Winner, r.Knocker = winner, knocker
	r.Spread, r.KnockerDeadwood = sd.Spread, sd.KnockerDeadwood
	r.Layoffs = sd.Layoffs
	r.Hands = s.hands
	r.Totals = s.setup.Scores
	r.Totals[winner] += sd.Score.Points
	r.Draws = int(s.draws)
	s.phase = Over
}
