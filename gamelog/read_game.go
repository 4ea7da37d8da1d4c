package gamelog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/rules"
)

// game reads one game: its game line, its header lines, its hands and its
// final score.
func (lr *Reader) game() (*Game, error) {
	l, err := lr.next()
	if err != nil {
		return nil, err
	}
	g, err := gameLine(l)
	if err != nil {
		return nil, err
	}
	if l, err = lr.gameHeader(g); err != nil {
		return nil, err
	}
	if l, err = lr.hands(g, l); err != nil {
		return nil, err
	}
	if err := lr.final(g, l); err != nil {
		return nil, err
	}
	return g, nil
}

// gameLine reads "game N seed S first-dealer P".
func gameLine(l *line) (*Game, error) {
	g := &Game{Line: l.n}
	if err := l.want("game", 6); err != nil {
		return nil, err
	}
	var err error
	if g.Number, err = l.int(1); err != nil {
		return nil, err
	}
	if l.f[2] != "seed" || l.f[4] != "first-dealer" {
		return nil, l.fail("expected game N seed S first-dealer P")
	}
	if l.f[3] != "-" {
		if g.Seed, err = strconv.ParseUint(l.f[3], 10, 64); err != nil {
			return nil, l.fail("bad seed %q", l.f[3])
		}
		g.HasSeed = true
	}
	if g.FirstDealer, err = l.seat(5); err != nil {
		return nil, err
	}
	return g, nil
}

// gameHeader reads the game's header lines, in any order, until the first
// line that is not one, which it returns.
func (lr *Reader) gameHeader(g *Game) (*line, error) {
	var seen headerSeen
	for {
		l, err := lr.expect()
		if err != nil {
			return nil, err
		}
		switch l.f[0] {
		case "rules":
			err = seen.readRules(lr, l, g)
		case "player":
			err = seen.readPlayer(l, g)
		case "tag":
			err = tag(l, g)
		default:
			return l, seen.complete(l)
		}
		if err != nil {
			return nil, err
		}
	}
}

// headerSeen records which of the header lines a game must have once it
// has read.
type headerSeen struct {
	haveRules  bool
	havePlayer [2]bool
}

func (s *headerSeen) readRules(lr *Reader, l *line, g *Game) error {
	if s.haveRules {
		return l.fail("a second rules line")
	}
	if err := lr.rules(l, g); err != nil {
		return err
	}
	s.haveRules = true
	return nil
}

func (s *headerSeen) readPlayer(l *line, g *Game) error {
	seat, err := l.seat(1)
	if err != nil {
		return err
	}
	if s.havePlayer[seat] {
		return l.fail("a second player line for %s", seatName(seat))
	}
	if g.Players[seat], err = l.quoted(2); err != nil {
		return err
	}
	s.havePlayer[seat] = true
	return nil
}

// complete checks the header had its rules and both players, before l.
func (s *headerSeen) complete(l *line) error {
	if !s.haveRules {
		return l.fail("the game has no rules line before its first hand")
	}
	if !s.havePlayer[0] || !s.havePlayer[1] {
		return l.fail("the game names no player for each seat")
	}
	return nil
}

// tag reads "tag KEY [VALUE]".
func tag(l *line, g *Game) error {
	if len(l.f) < 2 {
		return l.fail("expected tag KEY VALUE")
	}
	v := ""
	if len(l.f) > 2 {
		var err error
		if v, err = l.quoted(2); err != nil {
			return err
		}
	}
	g.Tags = append(g.Tags, Tag{Key: l.f[1], Value: v})
	return nil
}

// rules reads a rules line: a preset's name, then key=value in any order.
// A missing key keeps the preset's value; an unknown key is kept and
// reported as a warning.
func (lr *Reader) rules(l *line, g *Game) error {
	if len(l.f) < 2 {
		return l.fail("expected rules PRESET key=value …")
	}
	name := l.f[1]
	base := strings.TrimSuffix(name, "+")
	r, err := rules.Preset(base)
	if err != nil {
		return l.failWith(err, "%v", err)
	}
	r.Name = name
	seen := map[string]bool{}
	for _, kv := range l.f[2:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return l.fail("expected key=value, found %q", kv)
		}
		if seen[k] {
			return l.fail("rule %s given twice", k)
		}
		seen[k] = true
		f, known := rules.FieldByKey(k)
		if !known {
			g.UnknownRules = append(g.UnknownRules, kv)
			lr.Warnings = append(lr.Warnings, &Error{File: lr.Name, Line: l.n, Msg: fmt.Sprintf("unknown rule %q kept but not applied", k)})
			continue
		}
		if err := f.Set(&r, v); err != nil {
			return l.failWith(err, "%v", err)
		}
	}
	if err := r.Validate(); err != nil {
		return l.failWith(err, "rules: %v", err)
	}
	g.Rules = r
	return nil
}

// hands reads the game's hands, from l on, in order, and returns the line
// after them.
func (lr *Reader) hands(g *Game, l *line) (*line, error) {
	for l.f[0] == "hand" {
		lr.unread(l)
		h, err := lr.hand()
		if err != nil {
			return nil, err
		}
		if h.Number != len(g.Hands)+1 {
			return nil, lr.failAt(h.Line, "hand %d out of order (expected %d)", h.Number, len(g.Hands)+1)
		}
		g.Hands = append(g.Hands, *h)
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// final reads an optional "forfeit P REASON", then "final winner P p1 N
// p2 N", then the game's "end" line.
func (lr *Reader) final(g *Game, l *line) error {
	if l.f[0] == "forfeit" {
		if err := forfeitLine(l, g); err != nil {
			return err
		}
		var err error
		if l, err = lr.expect(); err != nil {
			return err
		}
	}
	if l.f[0] != "final" {
		return l.fail("expected hand or final")
	}
	if err := l.want("final", 7); err != nil {
		return err
	}
	if l.f[1] != "winner" || l.f[3] != "p1" || l.f[5] != "p2" {
		return l.fail("expected final winner P p1 N p2 N")
	}
	winner, err := l.seatOrNone(2)
	if err != nil {
		return err
	}
	a, err := l.int(4)
	if err != nil {
		return err
	}
	b, err := l.int(6)
	if err != nil {
		return err
	}
	g.Final = rules.GameResult{Winner: winner, Totals: [2]int{a, b}}
	end, err := lr.expect()
	if err != nil {
		return err
	}
	if err := end.want("end", 1); err != nil {
		lr.unread(end)
		return err
	}
	g.FinalLine = l.n
	return nil
}

// forfeitLine reads "forfeit P REASON".
func forfeitLine(l *line, g *Game) error {
	if len(l.f) < 3 {
		return l.fail("expected forfeit P REASON")
	}
	seat, err := l.seat(1)
	if err != nil {
		return err
	}
	reason, err := l.quoted(2)
	if err != nil {
		return err
	}
	g.Forfeit = &Forfeit{Seat: seat, Reason: reason, Line: l.n}
	return nil
}
