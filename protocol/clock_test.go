package protocol

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestGoClock reads go's time fields, ignoring what it does not know, and
// spends by analyze.Clock.Budget under them; the movetime option caps a
// clock's budget, and with no clock is the decision's time as it is.
func TestGoClock(t *testing.T) {
	p, err := position.Parse(strings.TrimPrefix(aDiscard, "position "))
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	clock := func(c analyze.Clock) time.Duration {
		d, _ := c.Budget(&p, analyze.Overshoot{})
		return d
	}
	tests := []struct {
		line     string
		movetime time.Duration
		want     time.Duration
		search   bool
	}{
		{"", 0, 0, true},
		{"", 500 * ms, 500 * ms, true},
		{"", 5 * ms, 5 * ms, true}, // the option is the user's own choice
		{"time 3000 opptime 2000 inc 0 movestogo 1", 0, clock(analyze.Clock{Game: true, Left: 3000 * ms, MovesToGo: 1}), true},
		{"time 3000 opptime 2000 inc 0 movestogo 10", 0, clock(analyze.Clock{Game: true, Left: 3000 * ms, MovesToGo: 10}), true},
		{"time 3000 inc 100 movestogo 10", 0, clock(analyze.Clock{Game: true, Left: 3000 * ms, Inc: 100 * ms, MovesToGo: 10}), true},
		{"time 3000 inc 100 movestogo 10", 200 * ms, 200 * ms, true},
		{"time 30000", 0, clock(analyze.Clock{Game: true, Left: 30000 * ms}), true},
		{"time 200", 0, 0, false},
		{"time 10 movestogo 1", 0, 0, false},
		{"infinite time 3000 ponder movestogo 1 nodes x", 0, clock(analyze.Clock{Game: true, Left: 3000 * ms, MovesToGo: 1}), true},
		{"time abc movestogo 1", 0, 0, true},
		{"movetime 300", 0, 300*ms - analyze.MoveOverhead, true},
		{"movetime 300", 100 * ms, 300*ms - analyze.MoveOverhead, true},
		{"time 3000 movestogo 1 movetime 300", 0, 300*ms - analyze.MoveOverhead, true},
		{"movetime 20", 0, 18 * ms, true},
		{"movetime 11", 0, 0, false},
	}
	for _, tt := range tests {
		got, _, search := budgetOf(parseGo(strings.Fields(tt.line)), &p, tt.movetime, 0, analyze.Overshoot{})
		if got != tt.want || search != tt.search {
			t.Errorf("go %s, movetime %v: budget %v, search %v; want %v, %v", tt.line, tt.movetime, got, search, tt.want, tt.search)
		}
	}
}

// TestGoClockLeast: a go's clock passes analyze.Clock.Least on, with the
// game's time the engine took as the start: a share ahead of the pace
// under a game clock, nothing under movetime or with no time given.
func TestGoClockLeast(t *testing.T) {
	p, err := position.Parse(strings.TrimPrefix(aDiscard, "position "))
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	game := analyze.Clock{Game: true, Left: 30000 * ms, Start: 30000 * ms}
	share := game.Least(&p, analyze.Overshoot{})
	if share <= 0 {
		t.Fatalf("a game clock's least %v, want a share", share)
	}
	tests := []struct {
		line     string
		movetime time.Duration
		start    time.Duration
		want     time.Duration
	}{
		{"time 30000", 0, 30000 * ms, share},
		{"time 30000", 0, 0, 0},          // the game's time not known
		{"time 20000", 0, 30000 * ms, 0}, // behind the pace
		{"movetime 300", 0, 0, 0},
		{"", 300 * ms, 0, 0},
	}
	for _, tt := range tests {
		_, got, _ := budgetOf(parseGo(strings.Fields(tt.line)), &p, tt.movetime, tt.start, analyze.Overshoot{})
		if got != tt.want {
			t.Errorf("go %s, movetime %v, start %v: least %v, want %v", tt.line, tt.movetime, tt.start, got, tt.want)
		}
	}
}

// TestGoClockNeverOverdraws: at any time left, increment, overshoot and
// game's time, a go's budget is a search's of at least analyze.MinSearch
// within the time left less the margins and the game's low time, or no
// search at all; the one chunk a
// search cannot stop within is what MinSearch leaves room for (advise's
// TestTimedAdviceOutOfTimePlaysOneChunk bounds it in worlds).
func TestGoClockNeverOverdraws(t *testing.T) {
	p, err := position.Parse(strings.TrimPrefix(aDiscard, "position "))
	if err != nil {
		t.Fatal(err)
	}
	for _, ms := range []int{0, 1, 49, 50, 51, 60, 61, 62, 100, 500, 1000, 2000, 30000} {
		for _, over := range []time.Duration{0, time.Millisecond, 50 * time.Millisecond} {
			for _, inc := range []int{0, 5, 100} {
				for _, start := range []time.Duration{0, 10 * time.Second} {
					line := "time " + strconv.Itoa(ms) + " inc " + strconv.Itoa(inc)
					var o analyze.Overshoot
					o.Add(0, over)
					got, _, search := budgetOf(parseGo(strings.Fields(line)), &p, 0, start, o)
					limit := time.Duration(ms)*time.Millisecond - max(analyze.ClockMargin, start/analyze.LowTimeShare) - analyze.MoveOverhead
					if start > 0 {
						// Low on time, the least search, above the last QuickShare-th.
						limit = max(limit, min(analyze.MinSearch, time.Duration(ms)*time.Millisecond-start/analyze.QuickShare-analyze.MoveOverhead))
					}
					switch {
					case !search && got != 0:
						t.Errorf("go %s, over %v, start %v: no search but a budget of %v", line, over, start, got)
					case search && (got < analyze.MinSearch || got > limit):
						t.Errorf("go %s, over %v, start %v: budget %v, want within [%v, %v]", line, over, start, got, analyze.MinSearch, limit)
					}
				}
			}
		}
	}
}

// TestNoTimeAnswersAtOnce: a go whose clock leaves less than minSearch is
// answered with analyze.Quick's move and no info line of a search, and a
// go with time searches (its info lines name the candidates) without the
// danger and outs the budget would not bound.
func TestNoTimeAnswersAtOnce(t *testing.T) {
	const pos = aDiscard
	p, err := position.Parse(strings.TrimPrefix(pos, "position "))
	if err != nil {
		t.Fatal(err)
	}
	quick, err := analyze.Quick(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	short := session(t, pos, "go time 150 opptime 150")[1]
	if short != "bestmove "+moveText(&p, quick) {
		t.Errorf("with 150 ms for the game: %q, want the quick move %s", short, moveText(&p, quick))
	}
	// Worlds set by a setoption stay the cap under the clock: the search
	// plays 16, not what 30 s would allow.
	long := session(t, "setoption name samples value 16", pos, "go time 30000 opptime 30000")[2]
	if !strings.Contains(long, "info move ") || strings.Contains(long, " danger ") || strings.Contains(long, " outs ") {
		t.Errorf("with 30 s for the game, want a search's info lines without danger or outs:\n%s", long)
	}
	plain := session(t, pos, "go")[1]
	if !strings.Contains(plain, " danger ") {
		t.Errorf("with no clock, want the danger in the info lines:\n%s", plain)
	}
}

// TestClockSamples: a go with a time, a game's or the decision's own,
// lifts the default worlds to advise.MaxSamples; worlds a setoption set,
// and a plain go, keep the engine's own.
func TestClockSamples(t *testing.T) {
	p, err := position.Parse(strings.TrimPrefix(aDiscard, "position "))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string
		set  bool
		want int
	}{
		{"", false, 256},
		{"", true, 256},
		{"time 10000", false, advise.MaxSamples},
		{"time 10000", true, 256},
		{"movetime 300", false, advise.MaxSamples},
		{"movetime 300", true, 256},
		{"opptime 10000", false, 256},
	}
	for _, tt := range tests {
		if got := samplesOf(parseGo(strings.Fields(tt.line)), &p, 256, tt.set); got != tt.want {
			t.Errorf("go %s, set %v: %d worlds, want %d", tt.line, tt.set, got, tt.want)
		}
	}
}

// budgetOf is the time a decision under c at p may spend, the time it
// spends before it may stop as clear and whether a search fits, as the
// engine plans it with the movetime option, start and over.
func budgetOf(c goClock, p *game.Position, movetime, start time.Duration, over analyze.Overshoot) (most, least time.Duration, search bool) {
	rq := analyze.Request{Options: analyze.Options{Time: movetime}, Clock: c.clock(movetime, start)}
	o, search := rq.Plan(p, over)
	return o.Time, o.Least, search
}

// samplesOf is the worlds a decision under c may play, as the engine
// plans it with its own samples, set or not by a setoption.
func samplesOf(c goClock, p *game.Position, own int, set bool) int {
	rq := analyze.Request{Options: analyze.Options{Samples: own}, Clock: c.clock(0, 0), Capped: set}
	o, _ := rq.Plan(p, analyze.Overshoot{})
	return o.Samples
}
