package stats

import "testing"

// TestWilsonCertainScores checks that the interval of a score of 0 or n in
// n trials reaches 0 or 1 exactly, and that every interval holds its
// estimate. Before, 14 wins of 14 gave an upper end of
// 0.9999999999999999, which the arena turned into a finite Elo beside an
// infinite estimate.
func TestWilsonCertainScores(t *testing.T) {
	for n := 1; n <= 2000; n++ {
		if w := Wilson(n, n); w[1] != 1 {
			t.Fatalf("Wilson(%d, %d) = %v, want an upper end of 1", n, n, w)
		}
		if w := Wilson(0, n); w[0] != 0 {
			t.Fatalf("Wilson(0, %d) = %v, want a lower end of 0", n, w)
		}
	}
	for n := 1; n <= 200; n++ {
		for k := 0; k <= n; k++ {
			w, p := Wilson(k, n), float64(k)/float64(n)
			if !(w[0] <= p && p <= w[1]) {
				t.Fatalf("Wilson(%d, %d) = %v does not hold %v", k, n, w, p)
			}
		}
	}
}
