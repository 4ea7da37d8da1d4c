package analyze

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestAdvisorAtTheLargestTarget is simulate --target 100000 with the
// advisor: its first decision must come within a second and 100 MB.
func TestAdvisorAtTheLargestTarget(t *testing.T) {
	p, err := position.Parse(testpositions.LargestTarget)
	if err != nil {
		t.Fatal(err)
	}
	a := NewPlayer(1, 0, 0, false)
	var merr error
	took, used := budget.Measure(func() { _, merr = a.Move(context.Background(), &p) })
	if merr != nil {
		t.Fatal(merr)
	}
	if took > budget.MaxTime || used > budget.MaxBytes {
		t.Fatalf("a decision took %v and %d MB", took, used>>20)
	}
}
