package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/notation"
)

// goClock is what a go line told of the time: "go time MS opptime MS inc
// MS movestogo N". A plain go tells nothing, and leaves the engine to its
// samples and movetime.
type goClock struct {
	// set says the go gave the engine's own time.
	set       bool
	time, opp time.Duration
	inc       time.Duration
	movesToGo int
	// moveTime is a fixed time for this decision ("go movetime MS", as
	// the arena's --st sends it), less the margin for the pipe.
	moveTime time.Duration
}

// parseGo reads the fields after go. Unknown tokens, and a known token
// whose value is no number, are ignored, so that a later version's
// fields never break an engine of this one.
func parseGo(f []string) goClock {
	var c goClock
	for i := 0; i+1 < len(f); i++ {
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 {
			continue
		}
		ms := time.Duration(min(n, int64(time.Duration(1<<62)/time.Millisecond))) * time.Millisecond
		switch f[i] {
		case "time":
			c.time, c.set = ms, true
		case "opptime":
			c.opp = ms
		case "inc":
			c.inc = ms
		case "movestogo":
			c.movesToGo = int(min(n, 1<<20))
		case "movetime":
			c.moveTime = ms
		default:
			continue
		}
		i++
	}
	return c
}

// goFields are the fields of go whose value is a number.
var goFields = map[string]bool{"time": true, "opptime": true, "inc": true, "movestogo": true, "movetime": true}

// checkGo refuses a go whose clock has a negative value: parseGo would
// skip it as a field it cannot read, and the engine would search with no
// bound but its samples, while the controller believes it out of time.
// A value that is no number at all is still skipped, for a later
// version's fields.
func checkGo(f []string) error {
	for i := 0; i+1 < len(f); i++ {
		if !goFields[f[i]] {
			continue
		}
		if v := f[i+1]; strings.HasPrefix(v, "-") {
			if _, err := strconv.ParseInt(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
				return fmt.Errorf("%s must be a whole number from 0, not %s", f[i], notation.Clip(v, 40))
			}
		}
		i++
	}
	return nil
}

// timed says the go gave a time: a game clock or its own movetime.
func (c goClock) timed() bool { return c.set || c.moveTime > 0 }

// clock returns the go's clock as analyze.Clock reads it, with start the
// most time a go gave in the game: the movetime option caps a game
// clock's decision, and a go with no time is no clock at all, which
// leaves the decision to the movetime option alone (the user's own
// choice, taken as it is: analyze.Request's Options.Time).
func (c goClock) clock(movetime, start time.Duration) analyze.Clock {
	if !c.timed() {
		return analyze.Clock{}
	}
	clk := analyze.Clock{Game: c.set, Left: c.time, Inc: c.inc, MovesToGo: c.movesToGo, Move: c.moveTime, Start: start}
	if clk.Move <= 0 && movetime > 0 {
		clk.Move = movetime + analyze.MoveOverhead
	}
	return clk
}
