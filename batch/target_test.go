package batch

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/budget"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// atTheLargestTarget is a game whose log's rules line sets the largest
// target accepted, and the target it was played to. The game is eaai's
// played to 10 points, a hand or two, so that grading it stays cheap.
func atTheLargestTarget(tb testing.TB) (job, int) {
	tb.Helper()
	r, err := rules.ParseSpec("eaai,target=10")
	if err != nil {
		tb.Fatal(err)
	}
	g := testgames.Play(tb, r, 1, 5)[0]
	g.Rules.Target = rules.MaxBonus
	return job{file: "big.log", game: g}, r.Target
}

// TestGradingAtTheLargestTarget grades a game at the largest target and
// again at its own: the largest may cost about one equity table more
// (advise.MaxTableTarget squared cells), never a table that grows with the
// target. BenchmarkGradingAtTheLargestTarget measures its time.
func TestGradingAtTheLargestTarget(t *testing.T) {
	big, own := atTheLargestTarget(t)
	usual := big
	g := *big.game
	g.Rules.Target = own
	usual.game = &g
	grade := func(j job) uint64 {
		var r result
		used := budget.Bytes(func() {
			r = analyseGame(context.Background(), j, &Options{Samples: 64, Seed: 1, Workers: 1})
		})
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.graded == 0 {
			t.Fatal("no decision graded")
		}
		return used
	}
	bigUsed, usualUsed := grade(big), grade(usual)
	// The table of 500 by 500 cells is 2 MB; twice that leaves room.
	const extra = 4 << 20
	if bigUsed > usualUsed+extra {
		t.Fatalf("the game allocated %.1f MB at the largest target, %.1f MB at its own", float64(bigUsed)/(1<<20), float64(usualUsed)/(1<<20))
	}
	t.Logf("%.1f MB at the largest target, %.1f MB at its own", float64(bigUsed)/(1<<20), float64(usualUsed)/(1<<20))
}

// BenchmarkGradingAtTheLargestTarget is the time of the grading above; the
// target is under a second a decision.
func BenchmarkGradingAtTheLargestTarget(b *testing.B) {
	j, _ := atTheLargestTarget(b)
	b.ReportAllocs()
	decisions := 0
	for b.Loop() {
		r := analyseGame(context.Background(), j, &Options{Samples: 64, Seed: 1, Workers: 1})
		if r.err != nil {
			b.Fatal(r.err)
		}
		decisions += r.graded
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(decisions, 1)), "ns/decision")
}
