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
// returns how many lines it read, and how many of them went to bad.
func Stream(r io.Reader, rs *rules.Rules, each func(p *game.Position, line int) error, bad func(line int, text string, err error) error) (read, failed int, err error) {
	err = lines.Each(r, MaxLen, func(n int, text string, err error) error {
		read++
		if err == nil {
			var p game.Position
			if p, err = ParseWith(text, rs); err == nil {
				err = each(&p, n)
				if errors.Is(err, ErrStop) {
					return err
				}
			}
		}
		if err != nil {
			failed++
			return bad(n, text, err)
		}
		return nil
	}, nil)
	return read, failed, err
}
