package probability

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/stats"
)

// TestGainAgainstDirectSums: the gain's mean and 95% half-width, kept as
// running sums game by game, equal the ratio estimator computed directly
// from each game's own gains (a slow, plain reference).
func TestGainAgainstDirectSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for trial := 0; trial < 50; trial++ {
		var c Calibration
		games := 2 + rng.IntN(30)
		ns := make([]float64, games)
		ds := make([]float64, games)
		for g := range games {
			n := 1 + rng.IntN(200)
			d := (rng.Float64() - 0.3) * float64(n) * 0.1
			c.game[1][UniformPrior] = gameGain{n: n, ll: d, brier: d / 2}
			c.EndGame()
			ns[g], ds[g] = float64(n), d
		}
		c.Finish()
		// The reference: mean = ΣD/ΣN, var = G/(G-1) Σ(D - mean·N)² / (ΣN)².
		var sn, sd float64
		for g := range games {
			sn, sd = sn+ns[g], sd+ds[g]
		}
		mean := sd / sn
		var ss float64
		for g := range games {
			r := ds[g] - mean*ns[g]
			ss += r * r
		}
		half := stats.T95(games-1) * math.Sqrt(ss/(sn*sn)*float64(games)/float64(games-1))
		got := c.Gains[1][UniformPrior]
		if got.Games != games || math.Abs(got.LogLoss-mean) > 1e-12 || math.Abs(got.LogLossHalf-half) > 1e-9 ||
			math.Abs(got.Brier-mean/2) > 1e-12 || math.Abs(got.BrierHalf-half/2) > 1e-9 {
			t.Fatalf("trial %d: %+v, want mean %v ± %v over %d games", trial, got, mean, half, games)
		}
	}
}

// TestGainOfOneGameIsNotClear: one game gives no spread, so no interval,
// and no gain is clear; Beats then says no.
func TestGainOfOneGameIsNotClear(t *testing.T) {
	var c Calibration
	for i := range c.game {
		for j := 1; j < numPredictors; j++ {
			c.game[i][j] = gameGain{n: 100, ll: 5, brier: 2}
		}
	}
	c.Finish()
	g := c.Gains[0][UniformPrior]
	if !math.IsInf(g.LogLossHalf, 1) || g.Clear() || c.Beats() {
		t.Errorf("one game: %+v, clear %v, beats %v", g, g.Clear(), c.Beats())
	}
}
