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

// The clock's margins. pipeMargin is kept back from the game's time as a
// whole, once, for the round trips through the pipes and the controller's
// reading of the answers; moveOverhead is kept back from every decision's
// share for its own round trip and the engine's work outside the search,
// which through the EAAI bridge take 62 µs at the median and 136 µs at the
// 90th percentile. minSearch is the least share worth a search: its first
// chunk of worlds always runs and takes a few milliseconds on a busy core.
// Below it the engine answers at once with the rollouts' own policy, as
// analyze.Player does when its game time runs out: a plainer move rather
// than a move too late.
const (
	pipeMargin   = 50 * time.Millisecond
	moveOverhead = 2 * time.Millisecond
	minSearch    = 10 * time.Millisecond
)

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

// timed says the go gave a time: a game clock or its own movetime.
func (c goClock) timed() bool { return c.set || c.moveTime > 0 }

// budget returns the time a decision may spend, 0 for no limit but the
// samples, and whether a search fits in it. The go's movetime, less the
// overhead, wins over the movetime option. Under a game clock the share is
// the time left less the pipe's margin, over the moves to go (or, when the
// go does not say, guess, the engine's guess at the decisions left:
// analyze.DecisionsLeft), plus the increment, less the overhead, and never
// more than the time left less both. A go that gave a time and leaves less
// than minSearch has no search: the engine answers at once.
func (c goClock) budget(movetime time.Duration, guess int) (time.Duration, bool) {
	if c.moveTime > 0 {
		movetime = c.moveTime - moveOverhead
	}
	share := movetime
	if c.set {
		left := c.movesToGo
		if left <= 0 {
			left = max(guess, 1)
		}
		bank := c.time - pipeMargin
		share = min(bank/time.Duration(left)+c.inc, bank) - moveOverhead
		if movetime > 0 {
			share = min(share, movetime)
		}
	}
	if c.timed() && share < minSearch {
		return 0, false
	}
	return share, true
}
