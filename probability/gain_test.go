package probability

import (
	"math"
	"math/rand/v2"
	"testing"
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
		half := 1.96 * math.Sqrt(ss/(sn*sn)*float64(games)/float64(games-1))
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

// TestWilson checks the interval against values worked by hand.
func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{50, 100, 0.4038, 0.5962},
	} {
		lo, hi := wilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > 1e-4 || math.Abs(hi-tt.hi) > 1e-4 {
			t.Errorf("wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}
