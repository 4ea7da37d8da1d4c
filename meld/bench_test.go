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

// benchSum times f over the fixed pool of hands of a size, summing what
// it returns into sink so that the work is not optimized away.
func benchSum(b *testing.B, size int, dense bool, f func(notation.CardSet) int) {
	hands := benchHands(1<<12, size, dense)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += f(hands[i&(len(hands)-1)])
	}
	sink = s
}

func bestDiscardDeadwood(h notation.CardSet) int {
	_, dw, _ := BestDiscard(h)
	return dw
}

func arrangementCount(h notation.CardSet) int { return len(Arrangements(h)) }

func BenchmarkMinDeadwood10(b *testing.B)      { benchSum(b, 10, false, MinDeadwood) }
func BenchmarkMinDeadwood10Dense(b *testing.B) { benchSum(b, 10, true, MinDeadwood) }
func BenchmarkBestDiscard11(b *testing.B)      { benchSum(b, 11, false, bestDiscardDeadwood) }
func BenchmarkBestDiscard11Dense(b *testing.B) { benchSum(b, 11, true, bestDiscardDeadwood) }
func BenchmarkArrangements10(b *testing.B)     { benchSum(b, 10, false, arrangementCount) }

// benchVisit counts the arrangements VisitArrangements visits, with one
// visitor for the whole run so that the count itself allocates nothing.
func benchVisit(b *testing.B, dense bool) {
	n := 0
	count := func(Spread, notation.CardSet) bool { n++; return true }
	benchSum(b, 10, dense, func(h notation.CardSet) int {
		_ = VisitArrangements(h, count)
		return 0
	})
	sink = n
}

// BenchmarkVisitArrangements10 visits every tied arrangement of a random
// 10-card hand without allocating.
func BenchmarkVisitArrangements10(b *testing.B) { benchVisit(b, false) }

// BenchmarkVisitArrangements10Dense does the same on hands of 4 to 7
// neighbouring ranks, where sets and runs compete.
func BenchmarkVisitArrangements10Dense(b *testing.B) { benchVisit(b, true) }

func BenchmarkArrangements10Dense(b *testing.B) { benchSum(b, 10, true, arrangementCount) }

// BenchmarkAppendArrangements10 is the sorted form into a reused slice.
func BenchmarkAppendArrangements10(b *testing.B) {
	buf := make([]Spread, 0, 64)
	benchSum(b, 10, false, func(h notation.CardSet) int {
		buf, _ = AppendArrangements(buf[:0], h)
		return len(buf)
	})
}
