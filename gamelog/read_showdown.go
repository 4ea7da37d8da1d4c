package gamelog

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// showdown reads the showdown of a knocked hand, if there is one: the
// knocker's melds and deadwood, the defender's melds, its lay-offs and its
// deadwood.
func (hr *handReader) showdown() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	if l.f[0] != "melds" {
		hr.lr.unread(l)
		return nil
	}
	h := hr.h
	if h.Knocker, err = l.seat(1); err != nil {
		return err
	}
	if h.Spread, err = l.spread(2); err != nil {
		return err
	}
	k, d := h.Knocker, h.Knocker.Other()
	if l, err = hr.seatLine("deadwood", k); err != nil {
		return err
	}
	if h.KnockerDeadwood, err = l.set(2); err != nil {
		return err
	}
	if l, err = hr.seatLine("melds", d); err != nil {
		return err
	}
	if h.DefenderMelds, err = l.spread(2); err != nil {
		return err
	}
	if err := hr.layoffs(d); err != nil {
		return err
	}
	if l, err = hr.seatLine("deadwood", d); err != nil {
		return err
	}
	if h.DefenderDeadwood, err = l.set(2); err != nil {
		return err
	}
	hr.ginFromVersion1()
	return nil
}

// seatLine reads the next line, which must be key for seat.
func (hr *handReader) seatLine(key string, seat notation.Seat) (*line, error) {
	l, err := hr.lr.expect()
	if err != nil {
		return nil, err
	}
	if err := l.wantSeat(key, seat); err != nil {
		return nil, err
	}
	return l, nil
}

// layoffs reads the defender's "layoff P CARD onto N" lines, if any.
func (hr *handReader) layoffs(defender notation.Seat) error {
	for {
		l, err := hr.lr.expect()
		if err != nil {
			return err
		}
		if l.f[0] != "layoff" {
			hr.lr.unread(l)
			return nil
		}
		p, err := hr.layoff(l, defender)
		if err != nil {
			return err
		}
		hr.h.Layoffs = append(hr.h.Layoffs, p)
	}
}

// layoff reads one lay-off onto a meld of the knocker's spread, which
// the log numbers from 1.
func (hr *handReader) layoff(l *line, defender notation.Seat) (meld.Placement, error) {
	if len(l.f) != 5 || l.f[3] != "onto" {
		return meld.Placement{}, l.fail("expected layoff P CARD onto N")
	}
	if s, err := l.seat(1); err != nil || s != defender {
		return meld.Placement{}, l.fail("expected layoff %s", seatName(defender))
	}
	c, err := l.card(2, false)
	if err != nil {
		return meld.Placement{}, err
	}
	n, err := l.int(4)
	if err != nil {
		return meld.Placement{}, err
	}
	if n < 1 || n > hr.h.Spread.N {
		return meld.Placement{}, l.fail("meld %d does not exist", n)
	}
	return meld.Placement{Card: c, Meld: n - 1}, nil
}

// ginFromVersion1 turns the hand's last move into gin where version 1
// wrote gin as a knock with no deadwood.
func (hr *handReader) ginFromVersion1() {
	h := hr.h
	if h.Knocker.Valid() && h.KnockerDeadwood == 0 && len(h.Moves) > 0 {
		if last := &h.Moves[len(h.Moves)-1]; last.Kind == game.Knock {
			last.Kind = game.Gin
		}
	}
}

// resultKeys are the named fields of a result line, in order; each is
// followed by its value.
var resultKeys = [...]string{"winner", "points", "bonus", "difference", "multiplier", "knocker-deadwood", "defender-deadwood"}

// result reads "result OUTCOME winner P points N …" into the hand's score.
func (hr *handReader) result() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	if err := l.want("result", 16); err != nil {
		return err
	}
	h := hr.h
	h.ResultLine = l.n
	if h.Score.Outcome, err = outcome(l); err != nil {
		return err
	}
	if h.Winner, err = l.seatOrNone(3); err != nil {
		return err
	}
	if err := resultFields(l, &h.Score); err != nil {
		return err
	}
	return hr.winnerSide(l)
}

// outcome reads field 1 as a hand's outcome.
func outcome(l *line) (rules.Outcome, error) {
	for o := rules.Knock; o <= rules.Dead; o++ {
		if o.String() == l.f[1] {
			return o, nil
		}
	}
	return 0, l.fail("unknown result %q", l.f[1])
}

// resultFields checks each of resultKeys is in its place, and reads the
// numbers after all but the winner, which is a seat.
func resultFields(l *line, s *rules.HandScore) error {
	dst := [len(resultKeys)]*int{nil, &s.Points, &s.Bonus, &s.Difference, &s.Multiplier, &s.KnockerDeadwood, &s.DefenderDeadwood}
	for i, key := range resultKeys {
		if l.f[2+2*i] != key {
			return l.fail("expected %q", key)
		}
		if dst[i] != nil {
			var err error
			if *dst[i], err = l.int(3 + 2*i); err != nil {
				return err
			}
		}
	}
	return nil
}

// winnerSide says whether the winning seat knocked or defended, and
// checks that only a knocked hand has a winner and that it must.
func (hr *handReader) winnerSide(l *line) error {
	h, s := hr.h, &hr.h.Score
	s.Winner = rules.NoSide
	if !h.Winner.Valid() {
		if s.Outcome != rules.Dead {
			return l.fail("a %s needs a winner", s.Outcome)
		}
		return nil
	}
	if s.Outcome == rules.Dead || !h.Knocker.Valid() {
		return l.fail("a winner with no knock")
	}
	s.Winner = rules.Knocker
	if h.Winner != h.Knocker {
		s.Winner = rules.Defender
	}
	return nil
}

// score reads "score p1 N p2 N", the running totals after the hand.
func (hr *handReader) score() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	if err := l.want("score", 5); err != nil {
		return err
	}
	h := hr.h
	h.ScoreLine = l.n
	if l.f[1] != "p1" || l.f[3] != "p2" {
		return l.fail("expected score p1 N p2 N")
	}
	if h.Totals[0], err = l.int(2); err != nil {
		return err
	}
	h.Totals[1], err = l.int(4)
	return err
}
