package position

import (
	"errors"
	"io"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrStop, returned by Stream's each, stops the stream at once; Stream
// then returns the error each returned.
var ErrStop = errors.New("stop the stream")

// Stream reads positions from r, one a line; blank lines and comments from
// '#' are skipped, and a line is at most MaxLen bytes. Each position is
// read with ParseWith under r's rules and given to each with its line
// number and text. A line that is no position, or that each refuses with
// an error, goes to bad, and reading goes on; an error from each that
// wraps ErrStop, or one reading r, stops it and is returned. Stream
// reports whether any line went to bad.
func Stream(r io.Reader, rs *rules.Rules, each func(p *game.Position, line int) error, bad func(line int, text string, err error) error) (failed bool, err error) {
	in := lines.New(r, MaxLen)
	in.Comments = true
	for {
		text, err := in.Next()
		n := in.Line()
		switch {
		case err == io.EOF:
			return failed, nil
		case errors.Is(err, lines.ErrTooLong):
		case err != nil:
			return failed, err
		case text == "":
			continue
		default:
			p, perr := ParseWith(text, rs)
			if perr == nil {
				perr = each(&p, n)
				if errors.Is(perr, ErrStop) {
					return failed, perr
				}
			}
			err = perr
		}
		if err != nil {
			failed = true
			if berr := bad(n, text, err); berr != nil {
				return failed, berr
			}
		}
	}
}
