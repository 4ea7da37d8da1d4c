package meld

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// benchHands deals a fixed pool of hands so that every run of a benchmark
// sees the same inputs.
func benchHands(n, size int, dense bool) []notation.CardSet {
	rng := rand.New(rand.NewPCG(42, uint64(size)))
	out := make([]notation.CardSet, n)
	for i := range out {
		if dense {
			out[i] = denseHand(rng, size)
		} else {
			out[i] = randomHand(rng, size)
		}
	}
	return out
}

var sink int

func BenchmarkMinDeadwood10(b *testing.B) {
	hands := benchHands(1<<12, 10, false)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += MinDeadwood(hands[i&(len(hands)-1)])
	}
	sink = s
}

func BenchmarkMinDeadwood10Dense(b *testing.B) {
	hands := benchHands(1<<12, 10, true)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += MinDeadwood(hands[i&(len(hands)-1)])
	}
	sink = s
}

func BenchmarkBestDiscard11(b *testing.B) {
	hands := benchHands(1<<12, 11, false)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		_, dw, _ := BestDiscard(hands[i&(len(hands)-1)])
		s += dw
	}
	sink = s
}

func BenchmarkBestDiscard11Dense(b *testing.B) {
	hands := benchHands(1<<12, 11, true)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		_, dw, _ := BestDiscard(hands[i&(len(hands)-1)])
		s += dw
	}
	sink = s
}

func benchArrangements(b *testing.B, dense bool) {
	hands := benchHands(1<<12, 10, dense)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += len(Arrangements(hands[i&(len(hands)-1)]))
	}
	sink = s
}

func BenchmarkArrangements10(b *testing.B) { benchArrangements(b, false) }

func benchVisit(b *testing.B, dense bool) {
	hands := benchHands(1<<12, 10, dense)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	count := func(Spread, notation.CardSet) bool { s++; return true }
	for i := 0; i < b.N; i++ {
		_ = VisitArrangements(hands[i&(len(hands)-1)], count)
	}
	sink = s
}

// BenchmarkVisitArrangements10 visits every tied arrangement of a random
// 10-card hand without allocating.
func BenchmarkVisitArrangements10(b *testing.B) { benchVisit(b, false) }

// BenchmarkVisitArrangements10Dense does the same on hands of 4 to 7
// neighbouring ranks, where sets and runs compete.
func BenchmarkVisitArrangements10Dense(b *testing.B) { benchVisit(b, true) }

func BenchmarkArrangements10Dense(b *testing.B) { benchArrangements(b, true) }

// BenchmarkAppendArrangements10 is the sorted form into a reused slice.
func BenchmarkAppendArrangements10(b *testing.B) {
	hands := benchHands(1<<12, 10, false)
	buf := make([]Spread, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		buf, _ = AppendArrangements(buf[:0], hands[i&(len(hands)-1)])
		s += len(buf)
	}
	sink = s
}
