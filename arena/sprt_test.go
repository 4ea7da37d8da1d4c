package arena

import (
	"math/rand/v2"
	"testing"
)

// runSPRT plays pairs of Bernoulli games at win chance p until the test
// decides, at most 200,000 pairs.
func runSPRT(t *testing.T, p float64, rng *rand.Rand) Verdict {
	s, err := NewSPRT(0, 20, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200_000; i++ {
		x := 0.0
		if rng.Float64() < p {
			x += 0.5
		}
		if rng.Float64() < p {
			x += 0.5
		}
		s.AddPair(x)
		if v := s.Verdict(); v != Continue {
			return v
		}
	}
	return Continue
}

// TestSPRTErrorRates: over many simulated matches with known strength,
// the test accepts H1 when H0 holds, and H0 when H1 holds, at most about as
// often as alpha and beta allow.
func TestSPRTErrorRates(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const runs = 400
	count := func(p float64, wrong Verdict) float64 {
		n := 0
		for range runs {
			if runSPRT(t, p, rng) == wrong {
				n++
			}
		}
		return float64(n) / runs
	}
	// Under H0 (Elo 0) accepting H1 is the type I error; under H1 (Elo
	// 20) accepting H0 is the type II error. The bound allows the
	// binomial noise of 400 runs (3 standard errors of 0.05).
	if a := count(Score(0), AcceptH1); a > 0.083 {
		t.Errorf("type I error %.3f, want at most about 0.05", a)
	} else {
		t.Logf("type I error %.3f (alpha 0.05)", a)
	}
	if b := count(Score(20), AcceptH0); b > 0.083 {
		t.Errorf("type II error %.3f, want at most about 0.05", b)
	} else {
		t.Logf("type II error %.3f (beta 0.05)", b)
	}
	// Far from both, the test decides the right way almost always.
	if w := count(Score(60), AcceptH0); w > 0.01 {
		t.Errorf("a player 60 Elo stronger was judged no better %.3f of the time", w)
	}
}

func TestEloAndScore(t *testing.T) {
	for _, elo := range []float64{-400, -100, 0, 35, 200} {
		if got := float64(EloOf(Score(elo))); got < elo-1e-6 || got > elo+1e-6 {
			t.Errorf("EloOf(Score(%g)) = %g", elo, got)
		}
	}
	if s := Score(0); s != 0.5 {
		t.Errorf("Score(0) = %g", s)
	}
	if _, err := NewSPRT(10, 0, 0.05, 0.05); err == nil {
		t.Error("elo0 > elo1 accepted")
	}
}
