package analyze

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestAdviceAtTheLargestTarget reads a position whose rules set the
// largest target accepted, as advise does, and asks for advice: it must
// return within a second and 100 MB.
func TestAdviceAtTheLargestTarget(t *testing.T) {
	p, err := position.Parse(testpositions.LargestTarget)
	if err != nil {
		t.Fatal(err)
	}
	if p.Setup().Rules.Target != rules.MaxBonus {
		t.Fatalf("target %d", p.Setup().Rules.Target)
	}
	var aerr error
	took, bytes := budget.Measure(func() {
		_, aerr = Advise(context.Background(), &p, Options{Samples: 256, Seed: 1, Workers: 1})
	})
	if aerr != nil {
		t.Fatal(aerr)
	}
	if took > budget.MaxTime || bytes > budget.MaxBytes {
		t.Fatalf("a decision took %v and %d MB", took, bytes>>20)
	}
	t.Logf("%v, %.1f MB", took, float64(bytes)/(1<<20))
}
