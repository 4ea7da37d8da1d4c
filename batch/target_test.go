package batch

import (
	"context"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestGradingAtTheLargestTarget grades a game whose log's rules line sets
// the largest target accepted: each decision within a second and 100 MB.
func TestGradingAtTheLargestTarget(t *testing.T) {
	g := testgames.Play(t, rules.Presets()["eaai"], 1, 5)[0]
	g.Rules.Target = rules.MaxBonus
	var r result
	took, used := budget.Measure(func() {
		r = analyseGame(context.Background(), job{file: "big.log", game: g}, &Options{Samples: 64, Seed: 1, Workers: 1})
	})
	if r.err != nil {
		t.Fatal(r.err)
	}
	n := max(len(r.decisions), 1)
	if per := took / time.Duration(n); per > budget.MaxTime || used/uint64(n) > budget.MaxBytes || len(r.decisions) == 0 {
		t.Fatalf("%d decisions took %v and %d MB", len(r.decisions), took, used>>20)
	}
}
