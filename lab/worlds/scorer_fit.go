package worlds

import (
	"math"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// HandExample is one decision as the scorer's fit sees it: the features
// of the opponent's true hand and of the hands of a pool drawn as the
// advisor's worlds are.
type HandExample struct {
	Truth []float64
	Pool  [][]float64
}

// ExamplePool bounds the pool's hands an example keeps.
const ExamplePool = 128

// HandExampleOf is the example of the decision at p, whose opponent
// hides hidden, as the advisor reading from the prior style draws its
// worlds there; false where the record leaves its filter nothing to
// follow.
func HandExampleOf(p *game.Position, hidden notation.CardSet, seed uint64) (HandExample, bool) {
	_, accept := analyze.ReadingModel(new(reading.Style), p)
	d := &analyze.Decision{Position: p, Seed: seed, Accept: accept}
	ps, ok := d.Filter()
	if !ok {
		return HandExample{}, false
	}
	return HandExampleAt(p, ps, accept, hidden, seed), true
}

// HandExampleAt is the example of the decision at p, whose opponent hides
// hidden: its pool the first ExamplePool hands of the pool the advisor's
// worlds would draw at seed (Scored), from the filter ps.
func HandExampleAt(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, hidden notation.CardSet, seed uint64) HandExample {
	est := probability.Infer(p)
	pool, _ := drawPool(p, &est, ps, accept, advise.MaxRedraws, seed)
	// The pool is half the filter's hands then half the estimate's: the
	// example keeps as many of each.
	kept := make([]notation.CardSet, 0, ExamplePool)
	kept = append(kept, pool[:ExamplePool/2]...)
	kept = append(kept, pool[len(pool)/2:len(pool)/2+ExamplePool/2]...)
	v := newHandView(p)
	e := HandExample{Truth: make([]float64, len(handFeatures)), Pool: make([][]float64, len(kept))}
	v.features(hidden, e.Truth)
	for i, h := range kept {
		e.Pool[i] = make([]float64, len(handFeatures))
		v.features(h, e.Pool[i])
	}
	return e
}

// ScorerFit sets FitHandScorer; its zero value fits with the defaults.
type ScorerFit struct {
	// L2 is the weight decay (0: 0.001); Steps the gradient steps (0:
	// 400).
	L2    float64
	Steps int
}

// FitHandScorer fits the scorer's weights to tell each example's true
// hand from its pool's: the chance the softmax of the scores over the
// truth and the pool gives the truth is brought up (the mean log-loss,
// with L2 decay), by full-batch gradient descent with Adam.
func FitHandScorer(ex []HandExample, o ScorerFit) *HandScorer {
	if o.L2 <= 0 {
		o.L2 = 0.001
	}
	if o.Steps <= 0 {
		o.Steps = 400
	}
	const rate, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
	n := len(handFeatures)
	w := make([]float64, n)
	mom, vel, grad := make([]float64, n), make([]float64, n), make([]float64, n)
	for step := 1; step <= o.Steps; step++ {
		clear(grad)
		for i := range ex {
			exampleGrad(w, &ex[i], grad)
		}
		for k := range w {
			g := grad[k]/float64(max(1, len(ex))) + o.L2*w[k]
			mom[k] = b1*mom[k] + (1-b1)*g
			vel[k] = b2*vel[k] + (1-b2)*g*g
			mh := mom[k] / (1 - math.Pow(b1, float64(step)))
			vh := vel[k] / (1 - math.Pow(b2, float64(step)))
			w[k] -= rate * mh / (math.Sqrt(vh) + eps)
		}
	}
	return &HandScorer{W: w}
}

// exampleGrad adds to grad the gradient of e's log-loss at weights w:
// the features' mean under the softmax over the truth and the pool, less
// the truth's.
func exampleGrad(w []float64, e *HandExample, grad []float64) {
	p := exampleSoftmax(w, e)
	for k := range grad {
		grad[k] += (p[0] - 1) * e.Truth[k]
	}
	for j, x := range e.Pool {
		for k := range grad {
			grad[k] += p[j+1] * x[k]
		}
	}
}

// exampleSoftmax is the softmax of the scores of e's truth (first) and
// pool at weights w.
func exampleSoftmax(w []float64, e *HandExample) []float64 {
	s := make([]float64, 1+len(e.Pool))
	s[0] = dotOf(w, e.Truth)
	top := s[0]
	for j, x := range e.Pool {
		s[j+1] = dotOf(w, x)
		top = max(top, s[j+1])
	}
	sum := 0.0
	for j := range s {
		s[j] = math.Exp(s[j] - top)
		sum += s[j]
	}
	for j := range s {
		s[j] /= sum
	}
	return s
}

// HandLoss is the mean log-loss of the truth among its pool under the
// scorer, over the examples: the fit's objective without its decay. A
// scorer of no weights loses the log of the pool's size plus one.
func (s *HandScorer) HandLoss(ex []HandExample) float64 {
	sum := 0.0
	for i := range ex {
		sum -= math.Log(max(exampleSoftmax(s.W, &ex[i])[0], 1e-300))
	}
	return sum / float64(max(1, len(ex)))
}

func dotOf(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
