package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The end of a hand at a knock: the rules settle it, and the State keeps
// the result.

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
// was played. An illegal choice returns an error that wraps
// rules.ErrLayoff, and leaves the state as it was.
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
