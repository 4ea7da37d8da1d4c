package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
)

// TestGoAtTheLargestTarget sets the largest target setoption accepts and
// asks for a decision: it must come within a second and 100 MB.
func TestGoAtTheLargestTarget(t *testing.T) {
	var out bytes.Buffer
	e := New(&out, "x")
	ctx := context.Background()
	e.Handle(ctx, "setoption name rules value eaai")
	e.Handle(ctx, "setoption name target value 100000")
	e.Handle(ctx, "position "+testpositions.LargestTarget)
	took, used := budget.Measure(func() { e.Handle(ctx, "go") })
	_ = e.flush()
	if !strings.Contains(out.String(), "bestmove discard") || strings.Contains(out.String(), "error") {
		t.Fatalf("replies:\n%s", out.String())
	}
	if took > budget.MaxTime || used > budget.MaxBytes {
		t.Fatalf("a decision took %v and %d MB", took, used>>20)
	}
}
