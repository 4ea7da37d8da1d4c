//go:build lab

package worlds

import (
	"math"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// BenchmarkLikelihood times one replay of the record, the chain's step,
// at simple's turns from its tenth draw on against heuristic: with
// heuristic's own code, one fitted style, and the three fitted styles
// mixed (lab/results/styles), and the three through their Chances alone,
// as any Policy is asked, where the replay reads fitted styles' features
// once for them all.
func BenchmarkLikelihood(b *testing.B) {
	styles := fittedStyles(b)
	// The same styles asked through Chances, every move's chance in a
	// slice, as any Policy is.
	var byChances []Policy
	for _, s := range styles {
		byChances = append(byChances, chancesOnly{s})
	}
	type at struct {
		r oppRecord
		a []notation.Card
	}
	var cases []at
	againstHeuristic(b, 4, 3, func(st *game.State) {
		if st.Draws() >= 10 {
			p := st.Position(0)
			r, _ := readRecord(&p)
			cases = append(cases, at{r, trueSlots(st)})
		}
	})
	for _, c := range []struct {
		name string
		like func(r *oppRecord, a []notation.Card) (float64, bool)
	}{
		{"heuristic", func(r *oppRecord, a []notation.Card) (float64, bool) {
			return r.likelihood(a, DefaultEps, math.Inf(-1))
		}},
		{"one-style", func(r *oppRecord, a []notation.Card) (float64, bool) {
			return r.likelihoodBy(a, styles[0], DefaultEps, math.Inf(-1))
		}},
		{"three-styles", func(r *oppRecord, a []notation.Card) (float64, bool) {
			return r.mixture(a, styles, DefaultEps, math.Inf(-1))
		}},
		{"three-styles-by-chances", func(r *oppRecord, a []notation.Card) (float64, bool) {
			return r.mixture(a, byChances, DefaultEps, math.Inf(-1))
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				k := &cases[i%len(cases)]
				c.like(&k.r, k.a)
			}
		})
	}
}
