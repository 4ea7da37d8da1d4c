package analyze

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
)

// TestAdvisorAtTheLargestTarget is simulate --target 100000 with the
// advisor: its first decision must stay within budget.MaxBytes.
// BenchmarkAdvisorAtTheLargestTarget measures its time.
func TestAdvisorAtTheLargestTarget(t *testing.T) {
	p := largestTarget(t)
	a := NewPlayer(1, 0, 0, false)
	var merr error
	used := budget.Bytes(func() { _, merr = a.Move(context.Background(), &p) })
	if merr != nil {
		t.Fatal(merr)
	}
	if used > budget.MaxBytes {
		t.Fatalf("a decision allocated %.1f MB, over %d MB", float64(used)/(1<<20), budget.MaxBytes>>20)
	}
}

// BenchmarkAdvisorAtTheLargestTarget is the time of the decision above;
// the target is under a second a decision on one core.
func BenchmarkAdvisorAtTheLargestTarget(b *testing.B) {
	p := largestTarget(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewPlayer(1, 0, 0, false).Move(context.Background(), &p); err != nil {
			b.Fatal(err)
		}
	}
}
