package protocol

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestGoClock reads go's time fields, ignoring what it does not know,
// and spends a share of the time: never more than is left, less the
// margin, within movetime.
func TestGoClock(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line     string
		movetime time.Duration
		want     time.Duration
	}{
		{"", 0, 0},
		{"", 500 * ms, 500 * ms},
		{"time 3000 opptime 2000 inc 0 movestogo 1", 0, 3000*ms - pipeMargin},
		{"time 3000 opptime 2000 inc 0 movestogo 10", 0, 300*ms - pipeMargin},
		{"time 3000 inc 100 movestogo 10", 0, 400*ms - pipeMargin},
		{"time 3000 inc 100 movestogo 10", 200 * ms, 200 * ms},
		{"time 3000", 0, 100*ms - pipeMargin},
		{"time 200 inc 5000 movestogo 4", 0, 200*ms - pipeMargin},
		{"time 10 movestogo 1", 0, ms},
		{"infinite time 3000 ponder movestogo 1 nodes x", 0, 3000*ms - pipeMargin},
		{"time abc movestogo 1", 0, 0},
		{"movetime 300", 0, 300*ms - pipeMargin},
		{"movetime 300", 100 * ms, 300*ms - pipeMargin},
		{"time 3000 movestogo 1 movetime 300", 0, 300*ms - pipeMargin},
		{"movetime 20", 0, ms},
	}
	for _, tt := range tests {
		if got := parseGo(strings.Fields(tt.line)).budget(tt.movetime, 30); got != tt.want {
			t.Errorf("go %s, movetime %v: budget %v, want %v", tt.line, tt.movetime, got, tt.want)
		}
	}
}

// TestGoClockNeverOverdraws: at any time left and any guess of the
// decisions left, a go's budget is within the time left less the pipe's
// margin, or the least budget (a millisecond, one chunk of worlds) when
// that leaves nothing; the one chunk a search cannot stop within is
// bounded in worlds (advise's TestTimedAdviceOutOfTimePlaysOneChunk).
func TestGoClockNeverOverdraws(t *testing.T) {
	for _, ms := range []int{0, 1, 49, 50, 51, 60, 100, 1000, 30000} {
		for _, guess := range []int{0, 1, 2, 20, 140} {
			line := "time " + strconv.Itoa(ms)
			got := parseGo(strings.Fields(line)).budget(0, guess)
			limit := max(time.Duration(ms)*time.Millisecond-pipeMargin, time.Millisecond)
			if got <= 0 || got > limit {
				t.Errorf("go %s, guess %d: budget %v, want within (0, %v]", line, guess, got, limit)
			}
		}
	}
}
