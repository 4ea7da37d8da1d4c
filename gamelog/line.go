package gamelog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// A line is one meaningful line of a log, split into fields. Its methods
// read one field each and fail with the line's number and text.
type line struct {
	f    []string
	n    int
	text string
	r    *Reader
}

func (l *line) fail(format string, args ...any) error {
	return &Error{File: l.r.Name, Line: l.n, Text: shorten(l.text), Msg: fmt.Sprintf(format, args...)}
}

// failWith is fail with the error's cause kept.
func (l *line) failWith(cause error, format string, args ...any) error {
	e := l.fail(format, args...).(*Error)
	e.Err = cause
	return e
}

// want checks the line is key with n fields (any number if n < 0).
func (l *line) want(key string, n int) error {
	if l.f[0] != key {
		return l.fail("expected %q", key)
	}
	if n >= 0 && len(l.f) != n {
		return l.fail("%q takes %d fields, found %d", key, n, len(l.f))
	}
	return nil
}

// wantSeat checks the line is key, any number of fields, for seat.
func (l *line) wantSeat(key string, seat notation.Seat) error {
	if err := l.want(key, -1); err != nil {
		return err
	}
	if s, err := l.seat(1); err != nil || s != seat {
		return l.fail("expected %s %s", key, seatName(seat))
	}
	return nil
}

func (l *line) field(i int) (string, error) {
	if i >= len(l.f) {
		return "", l.fail("missing field %d", i+1)
	}
	return l.f[i], nil
}

func (l *line) int(i int) (int, error) {
	f, err := l.field(i)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(f)
	if err != nil {
		return 0, l.fail("%q is not a number", f)
	}
	return v, nil
}

func (l *line) seat(i int) (notation.Seat, error) {
	f, err := l.field(i)
	if err != nil {
		return notation.NoSeat, err
	}
	s, err := notation.ParseSeat(f)
	if err != nil || f != s.String() {
		return notation.NoSeat, l.fail("%q is not a seat (p1 or p2)", shorten(f))
	}
	return s, nil
}

// seatOrNone reads field i as a seat, or "none" as notation.NoSeat.
func (l *line) seatOrNone(i int) (notation.Seat, error) {
	if l.f[i] == "none" {
		return notation.NoSeat, nil
	}
	return l.seat(i)
}

// card reads field i as a card, or "?" where unknown is allowed.
func (l *line) card(i int, unknown bool) (notation.Card, error) {
	f, err := l.field(i)
	if err != nil {
		return 0, err
	}
	if f == "?" {
		if !unknown {
			return 0, l.fail("a card must be known here, not ?")
		}
		return Unknown, nil
	}
	c, err := notation.ParseCard(f)
	if err != nil {
		return 0, l.failWith(err, "card %q: %v", f, errors.Unwrap(err))
	}
	return c, nil
}

// cards reads the fields from i on as distinct cards, "?" allowed where
// unknown is.
func (l *line) cards(from int, unknown bool) ([]notation.Card, error) {
	var out []notation.Card
	var seen notation.CardSet
	for i := from; i < len(l.f); i++ {
		c, err := l.card(i, unknown)
		if err != nil {
			return nil, err
		}
		if c != Unknown {
			if seen.Has(c) {
				return nil, l.fail("card %s twice", c)
			}
			seen = seen.With(c)
		}
		out = append(out, c)
	}
	return out, nil
}

func (l *line) set(from int) (notation.CardSet, error) {
	cs, err := l.cards(from, false)
	return notation.SetOf(cs...), err
}

func (l *line) spread(from int) (meld.Spread, error) {
	rest := strings.Join(l.f[min(from, len(l.f)):], " ")
	if rest == "-" {
		return meld.Spread{}, nil
	}
	sp, err := meld.ParseMelds(rest)
	if err != nil {
		return sp, l.failWith(err, "melds: %v", err)
	}
	return sp, nil
}

// quoted reads the rest of the line from field i: a Go-quoted string, or
// in version 1 the bare words.
func (l *line) quoted(i int) (string, error) {
	if i >= len(l.f) {
		return "", l.fail("missing field %d", i+1)
	}
	// The rest of the line as written, spaces included.
	rest := l.text
	for j := 0; j < i; j++ {
		rest = strings.TrimLeft(rest, " \t")
		rest = rest[len(l.f[j]):]
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, `"`) {
		s, err := strconv.Unquote(rest)
		if err != nil {
			return "", l.failWith(err, "bad quoted text: %v", err)
		}
		// The quotes may spell what the line may not hold.
		if bad := textProblem(s); bad != "" {
			return "", l.failWith(ErrText, "quoted text with %s", bad)
		}
		return s, nil
	}
	return rest, nil
}
