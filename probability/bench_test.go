package probability_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/probability"
)

// BenchmarkOuts10 works out the exact outs of a 10-card hand about to
// draw: every unseen card and the upcard, and the next-card chances.
func BenchmarkOuts10(b *testing.B) {
	ps := decisions(b, game.DrawPhase, 64)
	es := make([]probability.Estimate, len(ps))
	for i := range ps {
		es[i] = probability.Infer(&ps[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ps)
		if _, err := probability.ExactOuts(&ps[k], &es[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSampleOpponent10k draws 10,000 weighted opponent hands.
func BenchmarkSampleOpponent10k(b *testing.B) {
	p := decisions(b, game.DrawPhase, 40)[39]
	e := probability.Infer(&p)
	s := probability.NewSampler(&p, &e)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < 10000; k++ {
			_ = s.Hidden(rng)
		}
	}
}

// BenchmarkUndercutRisk10k estimates the undercut risk of a knock at
// 10,000 samples, on every core, comparing every spread within the limit.
func BenchmarkUndercutRisk10k(b *testing.B) {
	p := decisions(b, game.KnockPhase, 1)[0]
	e := probability.Infer(&p)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := probability.UndercutRisk(context.Background(), &p, &e, nil, 10000, uint64(i), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInfer is the inference of one position.
func BenchmarkInfer(b *testing.B) {
	ps := decisions(b, game.DrawPhase, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = probability.Infer(&ps[i%len(ps)])
	}
}
