package gamelog

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrLog is wrapped by every error reading a game log.
var ErrLog = errors.New("bad game log")

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
