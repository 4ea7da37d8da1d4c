package protocol

import (
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
		if got := parseGo(strings.Fields(tt.line)).budget(tt.movetime); got != tt.want {
			t.Errorf("go %s, movetime %v: budget %v, want %v", tt.line, tt.movetime, got, tt.want)
		}
	}
}
