//go:build lab

package worlds

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
)

// TestFitHandScorerFindsAPlantedScorer: where each example's truth is
// drawn from its pool and itself by the softmax of a known scorer, the
// fit finds the scorer's weights, and its held-out loss is below a
// scorer of no weights.
func TestFitHandScorerFindsAPlantedScorer(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := len(handFeatures)
	want := make([]float64, n)
	for k := range want {
		want[k] = rng.NormFloat64()
	}
	draw := func(count int) []HandExample {
		ex := []HandExample{}
		for range count {
			all := [][]float64{}
			for range 17 {
				x := []float64{}
				for range n {
					x = append(x, rng.NormFloat64())
				}
				all = append(all, x)
			}
			p := exampleSoftmax(want, &HandExample{Truth: all[0], Pool: all[1:]})
			u, j := rng.Float64(), 0
			for ; j < len(p)-1 && u > p[j]; j++ {
				u -= p[j]
			}
			all[0], all[j] = all[j], all[0]
			ex = append(ex, HandExample{Truth: all[0], Pool: all[1:]})
		}
		return ex
	}
	train, test := draw(1000), draw(300)
	s := FitHandScorer(train, ScorerFit{Steps: 150})
	for k := range want {
		if math.Abs(s.W[k]-want[k]) > 0.15 {
			t.Errorf("%s: fitted %.3f, planted %.3f", handFeatures[k], s.W[k], want[k])
		}
	}
	none := &HandScorer{W: make([]float64, n)}
	if got, flat := s.HandLoss(test), none.HandLoss(test); got >= flat-0.1 || math.Abs(flat-math.Log(17)) > 1e-9 {
		t.Errorf("held-out loss %.3f, no weights %.3f (log 17 = %.3f)", got, flat, math.Log(17))
	}
}

// TestScoredWorldsHonourThePosition: at simple's decisions against
// heuristic, every world of the scored pool hides as many unseen cards
// as the opponent does, and a scorer that favours the hands that fit
// more melds draws hands that fit more of them than a flat one.
func TestScoredWorldsHonourThePosition(t *testing.T) {
	flat := &HandScorer{W: make([]float64, len(handFeatures))}
	melds := &HandScorer{W: make([]float64, len(handFeatures))}
	melds.W[8] = 30
	var fitFlat, fitMelds float64
	checked := 0
	againstHeuristic(t, 3, 41, func(st *game.State) {
		if st.Draws() < 6 {
			return
		}
		p := st.Position(0)
		v := newHandView(&p)
		x := make([]float64, len(handFeatures))
		for _, s := range []*HandScorer{flat, melds} {
			w := Scored{Scorer: s}.Worlds(decision(&p, uint64(st.Draws())))
			if w.Share != 1 || w.Hands == nil {
				t.Fatalf("draw %d: share %g", st.Draws(), w.Share)
			}
			rng := rand.New(rand.NewPCG(8, uint64(st.Draws())))
			for range 40 {
				h := w.Hands(rng)
				if h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
					t.Fatalf("draw %d: a world hides %v, want %d unseen cards", st.Draws(), h, p.OpponentHidden())
				}
				v.features(h, x)
				if s == flat {
					fitFlat += x[8]
				} else {
					fitMelds += x[8]
				}
			}
		}
		checked++
	})
	if checked < 10 || fitMelds < fitFlat*1.2 {
		t.Fatalf("%d decisions; cards fitting melds %.1f with the scorer, %.1f flat", checked, fitMelds, fitFlat)
	}
}

// TestHandScorerReadsBack: a scorer written as JSON reads back equal,
// and one with too few weights or a weight that is not finite is refused.
func TestHandScorerReadsBack(t *testing.T) {
	s := &HandScorer{W: []float64{1, -2, 0.5, 0, 3, 0.25, -1, 2, 1.5}}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadHandScorer(data)
	if err != nil || len(back.W) != len(s.W) {
		t.Fatalf("read back %v, %v", back, err)
	}
	for i := range s.W {
		if back.W[i] != s.W[i] {
			t.Fatalf("weight %d read back %g, want %g", i, back.W[i], s.W[i])
		}
	}
	for _, bad := range []string{`{"weights": [1, 2]}`, `{"weights": [1, 2, 3, 4, 5, 6, 7, 8, 1e999]}`, `not json`} {
		if _, err := ReadHandScorer([]byte(bad)); err == nil {
			t.Errorf("read %s", bad)
		}
	}
}
