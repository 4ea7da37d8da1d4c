package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// BenchmarkHandSimple plays whole hands of simple against simple under the
// EAAI rules on one goroutine; hands/s is the figure to compare.
func BenchmarkHandSimple(b *testing.B) {
	players := [2]Player{NewSimple(1), NewSimple(2)}
	rng := rand.New(rand.NewPCG(1, 2))
	r := rules.Presets["eaai"]
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := PlayHand(HandSetup{Rules: r, Dealer: i & 1, Number: 1, Rng: rng}, players); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkGameSimple plays whole games.
func BenchmarkGameSimple(b *testing.B) {
	r := rules.Presets["eaai"]
	b.ReportAllocs()
	hands := 0
	for i := 0; i < b.N; i++ {
		st, _, err := PlayGame(GameSetup{Rules: r, Seed: uint64(i)}, [2]Player{NewSimple(uint64(i)), NewSimple(uint64(i) + 1)})
		if err != nil {
			b.Fatal(err)
		}
		hands += st.Hands
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}
