package gamelog

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrLog is wrapped by every error reading a game log.
var ErrLog = errors.New("bad game log")

// ErrVersion is wrapped by the error for a log whose header names a
// version this reader does not know. Unlike a damaged game, it ends the
// log: no game of it is read.
var ErrVersion = errors.New("unsupported log version")

// ErrHeader is wrapped by the error for a log that starts with neither
// the header nor a game: the lines up to the next game are skipped, and
// they are no game, damaged or not.
var ErrHeader = errors.New("no log header")

// ErrText is wrapped by the error for a line or a text field that holds a
// control character or is not UTF-8, which no field of a log may: such
// text would reach a terminal, or a log written from this one.
var ErrText = errors.New("not printable text")

// Error says which line of a log is wrong, and why.
type Error struct {
	File string // the log's name, if it has one
	Line int
	Text string // the line, shortened
	Msg  string
	// Err is the cause, when there is one: a card that does not parse, a
	// move the rules forbid, a rule value out of range.
	Err error
}

func (e *Error) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.File != "" {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Text == "" {
		return where + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %q", where, e.Msg, e.Text)
}

// Unwrap returns ErrLog and the cause, when there is one, so that
// errors.Is finds notation.ErrUnknownRank or game.ErrIllegal through a log
// error.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrLog}
	}
	return []error{ErrLog, e.Err}
}

// shorten keeps error text readable.
func shorten(s string) string { return notation.Clip(s, 117) }

// textProblem says what makes s unfit for a log's text, or "" when
// nothing does: a control character (C0 but the tab, DEL or C1) or bytes
// that are not UTF-8, with its column in bytes from 1.
func textProblem(s string) string {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return fmt.Sprintf("bytes that are not UTF-8 at column %d", i+1)
		case r != '\t' && unicode.IsControl(r):
			return fmt.Sprintf("control character %U at column %d", r, i+1)
		}
	}
	return ""
}
