package protocol

import (
	"strconv"
	"time"
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

// pipeMargin is kept back from every budget for the round trip through
// the pipes and the controller's reading of the answer.
const pipeMargin = 50 * time.Millisecond

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

// budget returns the time a decision may spend, 0 for no limit but the
// samples: the movetime option, and within the clock's share. The share
// is the time over the moves to go (or, when the go does not say, guess,
// the engine's guess at the decisions left: analyze.DecisionsLeft) plus
// the increment, never more than the time left, less a margin for the
// pipe.
func (c goClock) budget(movetime time.Duration, guess int) time.Duration {
	if c.moveTime > 0 {
		// The go's own time for this move wins over the option.
		movetime = max(c.moveTime-pipeMargin, time.Millisecond)
	}
	if !c.set {
		return movetime
	}
	left := c.movesToGo
	if left <= 0 {
		left = max(guess, 1)
	}
	share := min(c.time/time.Duration(left)+c.inc, c.time) - pipeMargin
	// A clock run out still gets the least budget: the controller judges
	// the lateness, and an answer is better than none.
	share = max(share, time.Millisecond)
	if movetime > 0 {
		share = min(share, movetime)
	}
	return share
}
