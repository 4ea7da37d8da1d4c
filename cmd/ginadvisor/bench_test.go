package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// handFile returns n lines of random 10- and 11-card hands, as a file of
// hands given to `score` would hold them.
func handFile(n int) []byte {
	rng := rand.New(rand.NewPCG(7, 8))
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		var h notation.CardSet
		for h.Len() < 10+i%2 {
			h = h.With(notation.CardAt(rng.IntN(notation.NumCards)))
		}
		b.WriteString(h.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func benchmarkScoreStream(b *testing.B, args ...string) {
	const hands = 100_000
	input := handFile(hands)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		code := run(append([]string{"ginadvisor", "score"}, args...), bytes.NewReader(input), io.Discard, io.Discard, noEnv)
		if code != ExitOK {
			b.Fatalf("exit code %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/hands, "ns/hand")
}

// BenchmarkScoreStream100kJSON scores a file of 100,000 hands end to end,
// as `ginadvisor score --json < file` does.
func BenchmarkScoreStream100kJSON(b *testing.B) { benchmarkScoreStream(b, "--json") }

// BenchmarkScoreStream100kTable is the same with the human tables.
func BenchmarkScoreStream100kTable(b *testing.B) { benchmarkScoreStream(b) }
