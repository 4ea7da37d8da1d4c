package arena

import (
	"errors"
	"fmt"
	"github.com/ginadvisor/ginadvisor/analyze"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
)

// TimeControl bounds the players' thinking, as cutechess's -tc and -st do:
// Game is each player's time for a game (or for each Moves decisions, when
// Moves is set, the time then added again), Inc is added after each
// decision, and Move bounds each decision. Margin is how far past its time
// an engine may answer before it forfeits. Zero values mean no bound.
type TimeControl struct {
	Move   time.Duration
	Game   time.Duration
	Inc    time.Duration
	Moves  int
	Margin time.Duration
}

// String is the control in the arena's flags' terms, as a log tags each
// game with it: "tc=40/60+0.5", "st=0.2", each with "margin=0.5" when a
// margin is set, space-separated, in seconds; "" for no control at all.
func (tc TimeControl) String() string {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	var parts []string
	if tc.Game > 0 {
		t := secs(tc.Game)
		if tc.Moves > 0 {
			t = strconv.Itoa(tc.Moves) + "/" + t
		}
		if tc.Inc > 0 {
			t += "+" + secs(tc.Inc)
		}
		parts = append(parts, "tc="+t)
	}
	if tc.Move > 0 {
		parts = append(parts, "st="+secs(tc.Move))
	}
	if tc.Margin > 0 {
		parts = append(parts, "margin="+secs(tc.Margin))
	}
	return strings.Join(parts, " ")
}

// DefaultMoveTime bounds an engine's decision when the match sets no time
// control, so that a silent engine never hangs it: an engine that does
// not answer within it forfeits the game on time, as under any clock. A
// minute is far above what any engine spends on a decision it is not
// timed for (the built-in engine's largest search, 100,000 worlds, takes
// a few seconds), and short enough that a hung engine costs a minute a
// game, not the run.
const DefaultMoveTime = time.Minute

// ParseTC reads a time control as cutechess writes it: "[MOVES/]TIME[+INC]",
// TIME and INC in seconds ("40/60+0.5", "60+1", "10").
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	rest := strings.TrimSpace(s)
	if m, t, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 || n > 10000 {
			return tc, fmt.Errorf("time control %q: moves %q is not a count from 1 to 10000", s, m)
		}
		tc.Moves, rest = n, t
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Game, err = seconds(base); err != nil || tc.Game <= 0 {
		return tc, fmt.Errorf("time control %q: want [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.5", s)
	}
	if hasInc {
		if tc.Inc, err = seconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment %q: %v", s, inc, err)
		}
	}
	return tc, nil
}

// seconds reads a non-negative count of seconds, at most a day.
func seconds(s string) (time.Duration, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || x > 86400 {
		return 0, errors.New("not a number of seconds from 0 to 86400")
	}
	return time.Duration(x * float64(time.Second)), nil
}

// clock keeps both players' time left in one game, and the time each has
// used, for the match's report.
type clock struct {
	tc TimeControl
	// fallback bounds a decision when tc bounds none: DefaultMoveTime,
	// or a match's MoveLimit.
	fallback time.Duration
	mu       sync.Mutex
	left     [2]time.Duration
	moves    [2]int
	// used sums each player's decisions; least is the lowest its time
	// left fell to after a decision, before the increment came back.
	used, least [2]time.Duration
	// decisions are each player's decisions in order, for the log's
	// per-move times.
	decisions [2][]decision
}

// decision is one decision's time and, for a move (not the defender's
// showdown), its kind.
type decision struct {
	used time.Duration
	kind game.MoveKind
	move bool
}

// moved says player k's last decision charged was a move of this kind.
func (c *clock) moved(k int, kind game.MoveKind) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := len(c.decisions[k]); n > 0 {
		c.decisions[k][n-1].kind, c.decisions[k][n-1].move = kind, true
	}
}

// moveTimes is each player's decisions so far.
func (c *clock) moveTimes() [2][]decision {
	c.mu.Lock()
	defer c.mu.Unlock()
	return [2][]decision{slices.Clone(c.decisions[0]), slices.Clone(c.decisions[1])}
}

func newClock(tc TimeControl) *clock {
	return &clock{tc: tc, fallback: DefaultMoveTime, left: [2]time.Duration{tc.Game, tc.Game}, least: [2]time.Duration{tc.Game, tc.Game}}
}

// timed says the control bounds the players at all, so that the arena
// measures and reports their time.
func (tc TimeControl) timed() bool { return tc.Game > 0 || tc.Move > 0 }

// goLine is the go command for player k: its time left, the opponent's,
// the increment and the decisions to the next time control, and the
// decision's bound. Without a time control it is a bare go.
func (c *clock) goLine(k int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	line := "go"
	if c.tc.Game > 0 {
		line += fmt.Sprintf(" time %d opptime %d inc %d", ms(c.left[k]), ms(c.left[1-k]), ms(c.tc.Inc))
		if c.tc.Moves > 0 {
			line += fmt.Sprintf(" movestogo %d", c.tc.Moves-c.moves[k]%c.tc.Moves)
		}
	}
	if c.tc.Move > 0 {
		line += fmt.Sprintf(" movetime %d", ms(c.tc.Move))
	}
	return line
}

// of is player k's clock as its go line tells it, for a built-in player.
func (c *clock) of(k int) analyze.Clock {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := analyze.Clock{Game: c.tc.Game > 0, Inc: c.tc.Inc, Move: c.tc.Move}
	if a.Game {
		a.Left, a.Start = max(c.left[k], 0), c.tc.Game
		if c.tc.Moves > 0 {
			a.MovesToGo = c.tc.Moves - c.moves[k]%c.tc.Moves
		}
	}
	return a
}

func ms(d time.Duration) int64 { return max(0, d.Milliseconds()) }

// budget is how long the arena waits for player k's decision: its time
// left or the decision's bound, whichever is less, and the margin.
func (c *clock) budget(k int) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	wait := c.tc.Move
	if c.tc.Game > 0 && (wait == 0 || c.left[k] < wait) {
		wait = max(c.left[k], 0)
	}
	if wait == 0 && c.tc.Game == 0 {
		// Without a time control an engine still may not hang the match.
		return c.fallback
	}
	return wait + c.tc.Margin
}

// charge adds a decision's time to player k's use and takes it off its
// clock, then adds the increment, and the control's time again at each
// Moves decisions. Time used within the margin leaves the clock at zero.
func (c *clock) charge(k int, used time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[k] += used
	c.decisions[k] = append(c.decisions[k], decision{used: used})
	if c.tc.Game == 0 {
		return
	}
	c.left[k] = max(c.left[k]-used, 0)
	c.least[k] = min(c.least[k], c.left[k])
	c.left[k] += c.tc.Inc
	c.moves[k]++
	if c.tc.Moves > 0 && c.moves[k]%c.tc.Moves == 0 {
		c.left[k] += c.tc.Game
	}
}

// gameTime is the time the players used in the game so far, and under a
// game clock the least each had left, in whole microseconds, the log's
// precision, so that a game read back from its log counts the same.
func (c *clock) gameTime() *GameTime {
	c.mu.Lock()
	defer c.mu.Unlock()
	gt := &GameTime{HasLeft: c.tc.Game > 0}
	for k := range 2 {
		gt.Used[k] = c.used[k].Truncate(time.Microsecond)
		if gt.HasLeft {
			gt.Least[k] = c.least[k].Truncate(time.Microsecond)
		}
	}
	return gt
}
