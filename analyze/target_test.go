package analyze

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// largestTarget reads the position whose rules set the largest target
// accepted, as advise does.
func largestTarget(tb testing.TB) game.Position {
	tb.Helper()
	p, err := position.Parse(testpositions.LargestTarget)
	if err != nil {
		tb.Fatal(err)
	}
	if p.Setup().Rules.Target != rules.MaxBonus {
		tb.Fatalf("target %d", p.Setup().Rules.Target)
	}
	return p
}

// TestAdviceAtTheLargestTarget asks for advice at the largest target
// accepted: it must play out no more worlds than asked and stay within
// budget.MaxBytes. BenchmarkAdviceAtTheLargestTarget measures its time.
func TestAdviceAtTheLargestTarget(t *testing.T) {
	p := largestTarget(t)
	const samples = 256
	var a *report.Advice
	var aerr error
	used := budget.Bytes(func() {
		a, aerr = Advise(context.Background(), &p, Options{Samples: samples, Seed: 1, Workers: 1})
	})
	if aerr != nil {
		t.Fatal(aerr)
	}
	if len(a.Candidates) < 2 {
		t.Fatalf("%d candidates", len(a.Candidates))
	}
	// Successive halving gives the worlds of the candidates it drops to
	// the ones it keeps: the playouts, not each candidate's, are bounded.
	played := 0
	for _, c := range a.Candidates {
		played += c.Samples
	}
	if played == 0 || played > samples*len(a.Candidates) {
		t.Errorf("%d playouts for %d candidates at %d worlds", played, len(a.Candidates), samples)
	}
	if used > budget.MaxBytes {
		t.Fatalf("a decision allocated %.1f MB, over %d MB", float64(used)/(1<<20), budget.MaxBytes>>20)
	}
	t.Logf("%.1f MB", float64(used)/(1<<20))
}

// BenchmarkAdviceAtTheLargestTarget is the time of the decision above;
// the target is under a second a decision on one core.
func BenchmarkAdviceAtTheLargestTarget(b *testing.B) {
	p := largestTarget(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Advise(context.Background(), &p, Options{Samples: 256, Seed: 1, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
