// Package cliexit gives a command's errors their exit codes, as
// docs/cli.md lists them: a usage error, bad input, an illegal play, an
// interruption, and the lines that show where the input went wrong. Exit
// turns the error a command returned into the message and the code, and
// Interruptible and DieOnInterrupt make Ctrl-C or SIGTERM end a command
// as that code says.
package cliexit

import (
	"errors"
	"fmt"
	"io"

	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/outfile"
	"github.com/ginadvisor/ginadvisor/render"
)

// The exit codes.
const (
	OK       = 0
	Failure  = 1
	Usage    = 2
	BadInput = 3
	Illegal  = 4
	// Interrupted follows the shells' convention for SIGINT.
	Interrupted = 130
)

// Error carries an exit code through a command's error return, and any
// lines that show where the input went wrong. A Summary, when set, is
// shown in place of the error's own text, which the Detail then spells
// out.
type Error struct {
	Code    int
	Err     error
	Summary string
	Detail  string
}

func (e *Error) Error() string {
	if e.Summary != "" {
		return e.Summary
	}
	return e.Err.Error()
}

// Unwrap returns the error carried.
func (e *Error) Unwrap() error { return e.Err }

// Usagef is a usage error (exit 2) with the message format and args give.
func Usagef(format string, args ...any) error {
	return &Error{Code: Usage, Err: fmt.Errorf(format, args...)}
}

// Input is err as bad input (exit 3).
func Input(err error) error { return &Error{Code: BadInput, Err: err} }

// ParseFailure is input that could not be read, named by label, with a
// caret under the column where reading failed; binary input is named as
// such, since no column of it means anything to a person.
func ParseFailure(label, input string, err error) error {
	if lines.BinaryLine([]byte(input)) {
		return Input(fmt.Errorf("%s %s: %w", label, render.Quote(input, 0), lines.ErrBinary))
	}
	col := 0
	if pe, ok := errors.AsType[*notation.ParseError](err); ok {
		col = pe.Col
	}
	return &Error{Code: BadInput, Err: fmt.Errorf("%s %s: %w", label, render.Quote(input, col), err), Detail: render.Caret(input, col)}
}

// NotText is the error of reading the input named name line by line, as
// package lines does for every command: input that is not lines of text
// (binary data, or a line with no end) is bad input, named; any other
// error is returned as it is.
func NotText(name string, err error) error {
	if errors.Is(err, lines.ErrBinary) || errors.Is(err, lines.ErrNoLineEnd) {
		return Input(fmt.Errorf("%s: %w", name, err))
	}
	return err
}

// Silent is an exit code whose messages were already written.
type Silent int

func (s Silent) Error() string { return fmt.Sprintf("exit %d", int(s)) }

// WriteFailure marks an error writing the output, which stops a stream
// of reports and keeps its own exit code (1).
type WriteFailure struct{ Err error }

func (w *WriteFailure) Error() string { return w.Err.Error() }

// Unwrap returns the write's error.
func (w *WriteFailure) Unwrap() error { return w.Err }

// Wrote marks err, if any, as a WriteFailure.
func Wrote(err error) error {
	if err != nil {
		return &WriteFailure{err}
	}
	return nil
}

// InputUnlessWrite is bad input, unless err is a WriteFailure: a report
// that fails on its input, such as a position in the wrong phase, is bad
// input.
func InputUnlessWrite(err error) error {
	if _, ok := err.(*WriteFailure); ok {
		return err
	}
	return Input(err)
}

// Writer remembers the first write error, so that output a library
// dropped is still reported.
type Writer struct {
	W   io.Writer
	Err error
}

// Unwrap returns the writer checked, for help to find its width.
func (c *Writer) Unwrap() io.Writer { return c.W }

func (c *Writer) Write(p []byte) (int, error) {
	if c.Err != nil {
		return 0, c.Err
	}
	n, err := c.W.Write(p)
	if err != nil {
		c.Err = err
	}
	return n, err
}

// Exit reports err, the error of a run, on stderr (with its detail), and
// returns its exit code: OK for nil, the code a Silent or an Error
// carries, Usage for an unknown flag or a refused output, else Failure.
func Exit(err error, stderr io.Writer) int {
	if err == nil {
		return OK
	}
	if se, ok := errors.AsType[Silent](err); ok {
		return int(se)
	}
	fmt.Fprintln(stderr, "ginadvisor:", err)
	if ee, ok := errors.AsType[*Error](err); ok {
		if ee.Detail != "" {
			fmt.Fprintln(stderr, ee.Detail)
		}
		return ee.Code
	}
	if _, ok := errors.AsType[*clihelp.UsageError](err); ok {
		return Usage
	}
	if _, ok := errors.AsType[*outfile.Refusal](err); ok {
		return Usage
	}
	return Failure
}
