package batch_test

import (
	"context"
	"io"
	"math"
	"os"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
)

// TestErrorsHoldTheSpreadOfSeeds grades four (-long: sixteen) discards
// of a real game late in their hands, where the filter has the most of
// the record to read, under four seeds at a grade's first budget, and
// compares every two seeds' gain of each candidate over the baseline:
// their difference over its combined standard error squares to 1 on
// average when the errors hold every source of noise. Drawn from one
// filter for all the worlds, the errors leave the filter's draw out and
// the mean comes to about 1.8; the grader's replicas bring it back to 1.
func TestErrorsHoldTheSpreadOfSeeds(t *testing.T) {
	// Four discards give 240 comparisons (0.98; 1.54 with one replica,
	// which fails); sixteen, 954.
	discards := 4
	if longtest.Enabled() {
		discards = 16
	}
	ps := lateDiscards(t, "../testdata/eaai/heuristic-vs-simple-001.txt", discards)
	seeds := []uint64{1, 2, 3, 4}
	var sum float64
	n := 0
	for _, p := range ps {
		gains := make([][]float64, len(seeds))
		ses := make([][]float64, len(seeds))
		for si, seed := range seeds {
			s := analyze.Search{Full: true, Replicas: batch.Replicas, Particles: batch.FirstParticles}
			a, err := s.Advise(context.Background(), &p, analyze.Options{Samples: batch.MinWorlds, Seed: seed, Workers: 1, MovesOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			gains[si], ses[si] = byMove(p.Legal(nil), a)
		}
		for i := range seeds {
			for j := i + 1; j < len(seeds); j++ {
				for m := range gains[i] {
					se := math.Hypot(ses[i][m], ses[j][m])
					if se == 0 {
						continue
					}
					z := (gains[i][m] - gains[j][m]) / se
					sum += z * z
					n++
				}
			}
		}
	}
	mean := sum / float64(n)
	t.Logf("mean squared z over %d comparisons: %.3f", n, mean)
	if n < 200 || mean > 1.3 {
		t.Errorf("over %d comparisons of two seeds, the gains' differences square to %.3f combined standard errors on average, want about 1: the errors leave noise out", n, mean)
	}
}

// byMove is each candidate's gain over the baseline and its error, in
// the order of the legal moves; 0 and 0 for the baseline, and for a move
// the advice did not value.
func byMove(legal []game.Move, a *report.Advice) (gains, ses []float64) {
	gains, ses = make([]float64, len(legal)), make([]float64, len(legal))
	for _, c := range a.Candidates {
		for i, m := range legal {
			if m.Same(c.Move) && !c.Baseline {
				gains[i], ses[i] = c.Advantage, c.AdvantageSE
			}
		}
	}
	return gains, ses
}

// lateDiscards reads the discard decisions of a log made with 20 cards or
// fewer in the stock, every other one up to n.
func lateDiscards(t *testing.T, path string, n int) []game.Position {
	t.Helper()
	in := batch.Input{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
	var out []game.Position
	seen := 0
	_, err := batch.Run(context.Background(), []batch.Input{in}, batch.Options{Quick: true, Workers: 1, OnDecision: func(g *batch.Graded) error {
		if g.Kind != batch.Discard || g.Stock > 20 || len(out) == n {
			return nil
		}
		if seen++; seen%2 == 0 {
			return nil
		}
		p, err := position.Parse(g.Position)
		if err != nil {
			return err
		}
		out = append(out, p)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < n {
		t.Fatalf("%s: %d late discards, want %d", path, len(out), n)
	}
	return out
}
