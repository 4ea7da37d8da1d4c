package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
)

// atTheLargestTarget returns an engine set to the largest target
// setoption accepts, at a position, and the buffer of its replies.
func atTheLargestTarget() (*Engine, *bytes.Buffer) {
	var out bytes.Buffer
	e := New(&out, "x")
	ctx := context.Background()
	e.Handle(ctx, "setoption name rules value eaai")
	e.Handle(ctx, "setoption name target value 100000")
	e.Handle(ctx, "position "+testpositions.LargestTarget)
	return e, &out
}

// TestGoAtTheLargestTarget asks for a decision at the largest target: it
// must answer with a discard within budget.MaxBytes.
// BenchmarkGoAtTheLargestTarget measures its time.
func TestGoAtTheLargestTarget(t *testing.T) {
	e, out := atTheLargestTarget()
	used := budget.Bytes(func() { e.Handle(context.Background(), "go") })
	_ = e.flush()
	if !strings.Contains(out.String(), "bestmove discard") || strings.Contains(out.String(), "error") {
		t.Fatalf("replies:\n%s", out.String())
	}
	if used > budget.MaxBytes {
		t.Fatalf("a decision allocated %.1f MB, over %d MB", float64(used)/(1<<20), budget.MaxBytes>>20)
	}
}

// BenchmarkGoAtTheLargestTarget is the time of the decision above; the
// target is under a second a decision.
func BenchmarkGoAtTheLargestTarget(b *testing.B) {
	e, out := atTheLargestTarget()
	b.ReportAllocs()
	for b.Loop() {
		e.Handle(context.Background(), "go")
		_ = e.flush()
		out.Reset()
	}
}
