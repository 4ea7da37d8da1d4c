package advise

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// winByRecursion is the equity's recurrence evaluated the slow, obvious
// way: by memoised recursion from the scores, with no table layout.
func winByRecursion(d Distribution, target int) func(a, b int) float64 {
	memo := map[[2]int]float64{}
	var w func(a, b int) float64
	w = func(a, b int) float64 {
		if a >= target {
			return 1
		}
		if b >= target {
			return 0
		}
		if v, ok := memo[[2]int{a, b}]; ok {
			return v
		}
		sum := 0.0
		for k := 1; k < len(d.Points); k++ {
			sum += d.Points[k] * (w(a+k, b) + w(a, b+k))
		}
		v := sum / (1 - d.Dead - 2*d.Points[0])
		memo[[2]int{a, b}] = v
		return v
	}
	return w
}

func TestEquityAgainstRecursion(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		// A random distribution: a dead-hand chance and 40 point values.
		d := Distribution{Points: make([]float64, 40), Dead: 0.05 * rng.Float64()}
		total := 0.0
		for k := 0; k < len(d.Points); k++ {
			d.Points[k] = rng.Float64()
			total += d.Points[k]
		}
		for k := range d.Points {
			d.Points[k] *= (1 - d.Dead) / (2 * total)
		}
		target := 1 + rng.IntN(90)
		e, slow := NewEquity(d, target), winByRecursion(d, target)
		for a := -2; a < target+3; a += 1 + rng.IntN(5) {
			for b := -2; b < target+3; b += 1 + rng.IntN(5) {
				want := slow(max(a, 0), max(b, 0))
				if a >= target && b >= target {
					want = 0
					if a >= b {
						want = 1
					}
				}
				if got := e.Win(a, b); math.Abs(got-want) > 1e-9 {
					t.Fatalf("target %d: Win(%d, %d) = %v, recursion %v", target, a, b, got, want)
				}
			}
		}
	}
}

func TestEquityIsAFairRace(t *testing.T) {
	for _, preset := range rules.PresetNames() {
		r := rules.Presets()[preset]
		e := ForRules(r)
		if w := e.Win(0, 0); w < 0.49 || w > 0.51 {
			t.Errorf("%s: W(0, 0) = %v", preset, w)
		}
		for a := 0; a < 100; a += 7 {
			for b := 0; b < 100; b += 7 {
				if w, v := e.Win(a, b), e.Win(b, a); w < 0 || w > 1 || math.Abs(w+v-1) > 1e-3 {
					t.Fatalf("%s: W(%d, %d) = %v, W(%d, %d) = %v", preset, a, b, w, b, a, v)
				}
				if a+7 < 100 && e.Win(a+7, b) < e.Win(a, b) {
					t.Fatalf("%s: more points lower the chance at %d, %d", preset, a, b)
				}
			}
		}
	}
}

// TestEquityAtTheLargestTarget builds the model at the largest target a
// rule set accepts: the table is capped, and the race keeps its shape.
func TestEquityAtTheLargestTarget(t *testing.T) {
	r := rules.Presets()["eaai"]
	r.Target = rules.MaxBonus
	e := ForRules(r)
	if len(e.win) != MaxTableTarget*MaxTableTarget {
		t.Fatalf("table of %d cells, want %d", len(e.win), MaxTableTarget*MaxTableTarget)
	}
	if w := e.Win(0, 0); math.Abs(w-0.5) > 0.01 {
		t.Errorf("W(0, 0) = %v", w)
	}
	if e.Win(90_000, 0) <= e.Win(50_000, 0) || e.Win(50_000, 0) <= 0.5 {
		t.Errorf("a lead does not help: %v, %v", e.Win(50_000, 0), e.Win(90_000, 0))
	}
	if e.Win(rules.MaxBonus, 0) != 1 || e.Win(0, rules.MaxBonus) != 0 {
		t.Error("a score at the target has not won")
	}
}

func BenchmarkEquityWin(b *testing.B) {
	e := ForRules(rules.Presets()["eaai"])
	sum := 0.0
	for i := 0; b.Loop(); i++ {
		sum += e.Win(i%120, (i*7)%120)
	}
	_ = sum
}

func BenchmarkEquityBuild(b *testing.B) {
	for _, target := range []int{100, 250, rules.MaxBonus} {
		r := rules.Presets()["eaai"]
		r.Target = target
		b.Run(rules.Fields()[6].Format(&r), func(b *testing.B) {
			for b.Loop() {
				ForRules(r)
			}
		})
	}
}
