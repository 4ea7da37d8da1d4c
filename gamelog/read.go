package gamelog

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine bounds a log line; the longest, the rules line, is far shorter.
const maxLine = 64 * 1024

// Reader reads games from a log one at a time. Each game is read, then
// replayed on a game.State, so that a move the rules forbid or a result
// that does not add up is an error naming its line. After a bad game it
// goes on with the next "game" line, which it never consumes while
// skipping, so one damaged game costs that game only.
//
// A read error ends the log: the game it cut short is an *Error, then Next
// returns the read error once, then io.EOF.
type Reader struct {
	// Name names the log in errors, such as its file name.
	Name string
	// Warnings collects what was read but not understood, such as an
	// unknown rule; it does not stop a game.
	Warnings []error

	r       *bufio.Reader
	failed  bool
	readErr error
	lineNo  int
	pending *line
	header  bool
	version int
}

// NewReader reads a log from r.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{Name: name, r: bufio.NewReaderSize(r, maxLine), version: Version}
}

// Version returns the log's format version, once its header is read.
func (lr *Reader) Version() int { return lr.version }

// ReadLog reads every game of a log. It stops at the first error.
func ReadLog(r io.Reader) ([]*Game, error) {
	lr := NewReader(r, "")
	var out []*Game
	for {
		g, err := lr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
}

// Next returns the next game, io.EOF at the end, or an *Error for a bad
// game; the reader then skips to the next game.
func (lr *Reader) Next() (*Game, error) {
	if lr.readErr != nil {
		err := lr.readErr
		lr.readErr = nil
		return nil, err
	}
	if !lr.header {
		if err := lr.readHeader(); err != nil {
			return nil, err
		}
	}
	l, err := lr.next()
	if err != nil {
		lr.skip()
		return nil, err
	}
	if l == nil {
		return nil, io.EOF
	}
	if l.f[0] != "game" {
		lr.skip()
		return nil, l.fail("expected a game line")
	}
	lr.unread(l)
	g, err := lr.checkedGame()
	if err != nil {
		lr.skip()
		return nil, err
	}
	return g, nil
}

// readHeader reads the log's version line. A log may begin with its first
// game instead, as version 1 logs could; io.EOF means an empty log. A
// version this reader does not know ends the log before its first game.
func (lr *Reader) readHeader() error {
	l, err := lr.next()
	if err != nil {
		return err
	}
	if l == nil {
		return io.EOF
	}
	lr.header = true
	switch {
	case strings.HasPrefix(l.text, headerPrefix):
		v, err := strconv.Atoi(strings.TrimPrefix(l.text, headerPrefix))
		if err != nil || v < 1 || v > Version {
			// A later version may mean anything by its lines: none of
			// them is read as this version's.
			lr.failed = true
			return l.failWith(ErrVersion, "unsupported log version (this reader knows versions 1 to %d)", Version)
		}
		lr.version = v
	case l.f[0] != "game":
		lr.skip()
		return l.failWith(ErrHeader, "expected the header %q", Header())
	default:
		lr.unread(l)
	}
	return nil
}

// checkedGame reads a game and replays it, so that a game the rules
// forbid is an error naming this log.
func (lr *Reader) checkedGame() (*Game, error) {
	g, err := lr.game()
	if err != nil {
		return nil, err
	}
	err = Check(g)
	if e, ok := err.(*Error); ok && e.File == "" {
		e.File = lr.Name
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// next returns the next meaningful line, or nil at the end.
func (lr *Reader) next() (*line, error) {
	if lr.pending != nil {
		l := lr.pending
		lr.pending = nil
		return l, nil
	}
	for !lr.failed {
		b, err := lr.r.ReadSlice('\n')
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			lr.failed = true
			lr.readErr = fmt.Errorf("reading %s after line %d: %w", lr.nameOr("the log"), lr.lineNo, err)
			break
		}
		if len(b) == 0 && err == io.EOF {
			break
		}
		lr.lineNo++
		if err == bufio.ErrBufferFull {
			return nil, lr.skipLongLine(b)
		}
		text := strings.TrimSpace(string(b))
		if lr.lineNo == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if bad := textProblem(text); bad != "" {
			return nil, &Error{File: lr.Name, Line: lr.lineNo, Text: shorten(text), Msg: bad, Err: ErrText}
		}
		return &line{f: strings.Fields(text), n: lr.lineNo, text: text, r: lr}, nil
	}
	return nil, nil
}

// skipLongLine reads past the rest of a line longer than maxLine, whose
// head is b, and says so.
func (lr *Reader) skipLongLine(b []byte) error {
	head := string(b[:40])
	err := bufio.ErrBufferFull
	for err == bufio.ErrBufferFull {
		_, err = lr.r.ReadSlice('\n')
	}
	return &Error{File: lr.Name, Line: lr.lineNo, Text: head + "…", Msg: fmt.Sprintf("line longer than %d bytes", maxLine)}
}

func (lr *Reader) nameOr(s string) string {
	if lr.Name != "" {
		return lr.Name
	}
	return s
}

func (lr *Reader) unread(l *line) { lr.pending = l }

func (lr *Reader) failAt(n int, format string, args ...any) error {
	return &Error{File: lr.Name, Line: n, Msg: fmt.Sprintf(format, args...)}
}

// expect returns the next line of a game. A "game" line there means this
// game was cut short: it is left for the next call to Next.
func (lr *Reader) expect() (*line, error) {
	l, err := lr.next()
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, lr.failAt(lr.lineNo, "the log ends in the middle of a game")
	}
	if l.f[0] == "game" {
		lr.unread(l)
		return nil, l.fail("a new game starts before this one ends")
	}
	return l, nil
}

// skip moves to the next "game" line and leaves it to be read.
func (lr *Reader) skip() {
	for {
		l, err := lr.next()
		if err != nil {
			continue
		}
		if l == nil {
			return
		}
		if l.f[0] == "game" {
			lr.unread(l)
			return
		}
	}
}
