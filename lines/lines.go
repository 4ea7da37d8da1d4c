// Package lines reads line-oriented text input, such as positions, hands
// or protocol commands, one line at a time with bounded memory, whatever
// the input holds.
package lines

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// DefaultMax is the longest line a Reader keeps when New is given 0.
const DefaultMax = 64 << 10

// ErrTooLong is wrapped by the error for a line longer than the Reader's
// bound. The line is skipped to its end; reading goes on with the next.
var ErrTooLong = errors.New("line too long")

// ErrBinary is wrapped by the error for input that is not text: a line
// that holds a NUL byte or is not UTF-8.
var ErrBinary = errors.New("binary data, not text")

// ErrNoLineEnd is wrapped by the error for a line that runs on past
// MaxSkip bytes with no newline: input that is not lines at all, such as
// an endless stream, which a Reader refuses rather than read for ever.
var ErrNoLineEnd = errors.New("no end of line")

// MaxSkip bounds how far a Reader reads through a line over its bound
// looking for the line's end, so that no input is read without end.
const MaxSkip = 16 << 20

// TooLongError reports a line over the bound: its number and the bound.
// Its text leaves the number to the caller, which knows the input's name.
type TooLongError struct {
	Line, Max int
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("line longer than %d bytes", e.Max)
}

// Unwrap returns ErrTooLong.
func (e *TooLongError) Unwrap() error { return ErrTooLong }

// Reader reads lines. It strips a byte-order mark at the start of the
// input and a carriage return before each newline. Its zero value is not
// useful; use New.
type Reader struct {
	br    *bufio.Reader
	max   int
	n     int
	atEOF bool
	// Comments, when set, cuts each line at its first '#' and trims the
	// white space around what is left.
	Comments bool
	// Text, when set, refuses a line that holds a NUL byte or is not
	// UTF-8, and a line over the bound whose head does, with an error
	// wrapping ErrBinary: what is read is text, or is refused as binary
	// data.
	Text bool
}

// New returns a Reader of r that keeps lines of at most max bytes (0:
// DefaultMax). It buffers r, so r need not be buffered.
func New(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMax
	}
	// The buffer holds a whole line of max bytes with a byte-order mark, a
	// carriage return and its newline, so that it is read in one piece.
	return &Reader{br: bufio.NewReaderSize(r, max+5), max: max}
}

// Buffered returns the bytes read from the input and not yet returned, so
// that a caller can flush its output when no more input is waiting.
func (r *Reader) Buffered() int { return r.br.Buffered() }

// Line returns the number of the line last read, from 1.
func (r *Reader) Line() int { return r.n }

// Next returns the next line, without its newline. At the end of the
// input it returns io.EOF; a last line with no newline is returned first.
// A line longer than the bound gives a *TooLongError and the empty text;
// the next call reads the line after it. A line with no end within
// MaxSkip bytes gives an error wrapping ErrNoLineEnd, and in Text mode
// binary data one wrapping ErrBinary; both end the input, the next call
// returning io.EOF. Other errors are the input's.
func (r *Reader) Next() (string, error) {
	if r.atEOF {
		return "", io.EOF
	}
	b, err := r.br.ReadSlice('\n')
	r.n++
	if err == bufio.ErrBufferFull {
		return "", r.skip(b)
	}
	switch {
	case err == io.EOF:
		r.atEOF = true
		if len(b) == 0 {
			r.n--
			return "", io.EOF
		}
	case err != nil:
		return "", err
	}
	if r.Text && BinaryLine(b) {
		return "", fmt.Errorf("line %d: %w", r.n, ErrBinary)
	}
	line := string(bytes.TrimSuffix(bytes.TrimSuffix(b, []byte{'\n'}), []byte{'\r'}))
	if r.n == 1 {
		line = strings.TrimPrefix(line, "\uFEFF")
	}
	if len(line) > r.max {
		return "", &TooLongError{Line: r.n, Max: r.max}
	}
	if r.Comments {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
	}
	return line, nil
}

// skip reads on to the end of a line over the bound, whose head is head,
// and returns its error. Binary data is refused at once, without reading
// on, and so is a line with no end within MaxSkip bytes; either ends the
// input, as no line after it can be trusted to start where it seems to.
func (r *Reader) skip(head []byte) error {
	if r.Text && Binary(head) {
		r.atEOF = true
		return fmt.Errorf("line %d: %w", r.n, ErrBinary)
	}
	skipped := len(head)
	var err error
	for err = bufio.ErrBufferFull; err == bufio.ErrBufferFull; {
		if skipped > MaxSkip {
			r.atEOF = true
			return fmt.Errorf("line %d: %w within %d MiB", r.n, ErrNoLineEnd, MaxSkip>>20)
		}
		var b []byte
		b, err = r.br.ReadSlice('\n')
		skipped += len(b)
	}
	if err == io.EOF {
		r.atEOF = true
	} else if err != nil {
		return err
	}
	return &TooLongError{Line: r.n, Max: r.max}
}

// Each calls each with the number and text of every line of r that is
// not blank once comments from '#' are cut; a line over max (0:
// DefaultMax) comes with its *TooLongError and no text. It stops at the
// first error each returns, or the input's, and returns it; input that is
// not text stops it with an error wrapping ErrBinary, so that binary data
// is refused as such rather than read as hundreds of bad lines, and a line
// with no end within MaxSkip bytes with one wrapping ErrNoLineEnd. When it has
// called each and no more input is waiting, it calls idle, if given, so
// that a caller can flush its output while a person types.
func Each(r io.Reader, max int, each func(n int, text string, err error) error, idle func() error) error {
	in := New(r, max)
	in.Comments, in.Text = true, true
	for {
		text, err := in.Next()
		switch {
		case err == io.EOF:
			return nil
		case errors.Is(err, ErrBinary), errors.Is(err, ErrNoLineEnd):
			return err
		case err != nil && !errors.Is(err, ErrTooLong):
			return fmt.Errorf("after line %d: %w", in.Line()-1, err)
		case err == nil && text == "":
			continue
		}
		if err := each(in.Line(), text, err); err != nil {
			return err
		}
		if idle != nil && in.Buffered() == 0 {
			if err := idle(); err != nil {
				return err
			}
		}
	}
}
