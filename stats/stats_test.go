package stats

import (
	"fmt"
	"math"
	"testing"
)

// wilsonByBisection finds the interval the slow way: the set of rates p
// whose normal test does not reject k of n, |k/n - p| ≤ z·√(p(1-p)/n).
func wilsonByBisection(k, n int) [2]float64 {
	phat := float64(k) / float64(n)
	inside := func(p float64) bool {
		return math.Abs(phat-p) <= z95*math.Sqrt(p*(1-p)/float64(n))
	}
	edge := func(lo, hi float64) float64 { // lo inside, hi outside or the reverse
		in := inside(lo)
		for range 100 {
			mid := (lo + hi) / 2
			if inside(mid) == in {
				lo = mid
			} else {
				hi = mid
			}
		}
		return (lo + hi) / 2
	}
	var ci [2]float64
	if k == 0 {
		ci[0] = 0
	} else {
		ci[0] = edge(phat, 0)
	}
	if k == n {
		ci[1] = 1
	} else {
		ci[1] = edge(phat, 1)
	}
	return ci
}

func TestWilsonAgainstBisection(t *testing.T) {
	for n := 1; n <= 60; n++ {
		for k := 0; k <= n; k++ {
			got, want := Wilson(k, n), wilsonByBisection(k, n)
			if math.Abs(got[0]-want[0]) > 1e-9 || math.Abs(got[1]-want[1]) > 1e-9 {
				t.Fatalf("Wilson(%d, %d) = %v, bisection says %v", k, n, got, want)
			}
			mirror := Wilson(n-k, n)
			if math.Abs(got[0]-(1-mirror[1])) > 1e-12 {
				t.Fatalf("Wilson(%d, %d) is not the mirror of Wilson(%d, %d)", k, n, n-k, n)
			}
		}
	}
	if ci := Wilson(0, 0); ci != [2]float64{0, 1} {
		t.Errorf("Wilson(0, 0) = %v, want [0 1]", ci)
	}
}

func TestMean(t *testing.T) {
	tests := []struct {
		xs       []float64
		mean, se float64
	}{
		{nil, 0, 0},
		{[]float64{3}, 3, 0},
		{[]float64{1, 3}, 2, 1}, // s = √2, se = √2/√2
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, math.Sqrt(32.0 / 7 / 8)},
	}
	for _, tt := range tests {
		var m Mean
		for _, x := range tt.xs {
			m.Add(x)
		}
		if m.N() != len(tt.xs) || math.Abs(m.Mean()-tt.mean) > 1e-12 || math.Abs(m.SE()-tt.se) > 1e-12 {
			t.Errorf("%v: n %d mean %v se %v, want %d %v %v", tt.xs, m.N(), m.Mean(), m.SE(), len(tt.xs), tt.mean, tt.se)
		}
	}
}

func ExampleWilson() {
	ci := Wilson(805, 1000)
	fmt.Printf("%.1f%% to %.1f%%\n", 100*ci[0], 100*ci[1])
	// Output: 77.9% to 82.8%
}

// TestT95: Student's quantiles from the table and past it, against
// published values, approaching the normal's 1.96.
func TestT95(t *testing.T) {
	for _, tt := range []struct {
		df   int
		want float64
	}{{1, 12.706}, {2, 4.303}, {10, 2.228}, {30, 2.042}, {40, 2.021}, {60, 2.000}, {120, 1.980}, {1000, 1.962}} {
		if got := T95(tt.df); math.Abs(got-tt.want) > 0.001 {
			t.Errorf("T95(%d) = %.4f, want %.3f", tt.df, got, tt.want)
		}
	}
	if !math.IsInf(T95(0), 1) {
		t.Errorf("T95(0) = %v, want +Inf", T95(0))
	}
}
