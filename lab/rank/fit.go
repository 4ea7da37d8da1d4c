package rank

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/stats"
)

// example is a verdict as the fit sees it: its group, each move's
// features, and the chance the fit aims at of each move being the best.
type example struct {
	g      Group
	x      [][]float64
	target []float64
}

// FitOptions sets the fit. Its zero value fits with the defaults.
type FitOptions struct {
	// Temp is the equity that counts as one unit of log-odds in the
	// target: a move Temp below the best is e times less the aim (0:
	// 0.003; of 0.001 to 0.02 on 1,443 verdicts, 0.002 and 0.003 lost the
	// least on the held-out 481).
	Temp float64
	// L2 is the weight decay (0: 0.001); Steps the gradient steps (0: 2000).
	L2    float64
	Steps int
	// NoHeuristic fits without the first feature, whether a move is the
	// heuristic's: its weight stays 0 and the model never reads it
	// (Model.NoHeuristic). A model of the heuristic's own play is then
	// fitted, not copied.
	NoHeuristic bool
}

func (o FitOptions) withDefaults() FitOptions {
	if o.Temp <= 0 {
		o.Temp = 0.003
	}
	if o.L2 <= 0 {
		o.L2 = 0.001
	}
	if o.Steps <= 0 {
		o.Steps = 2000
	}
	return o
}

// examples turns verdicts of decisions the model ranks, with two moves or
// more, into examples.
// The first feature, the heuristic's move, is 0 for every move unless
// withHeuristic.
func examples(vs []Verdict, temp float64, withHeuristic bool) []example {
	var out []example
	for i := range vs {
		v := &vs[i]
		g, ok := GroupOf(&v.Position)
		if !ok || len(v.Moves) < 2 {
			continue
		}
		view := newView(&v.Position, withHeuristic)
		n := len(names[g])
		e := example{g: g, x: make([][]float64, len(v.Moves)), target: softmax(v.Equity, 1/temp)}
		for j, m := range v.Moves {
			e.x[j] = make([]float64, n)
			view.features(g, m, e.x[j])
		}
		out = append(out, e)
	}
	return out
}

// Fit fits each group's weights to the verdicts: the softmax of the
// moves' scores is brought near the softmax of their equities over Temp
// (cross-entropy, with L2 decay), by full-batch gradient descent with
// Adam. A group without verdicts keeps no weights.
func Fit(vs []Verdict, o FitOptions) *Model {
	o = o.withDefaults()
	ex := examples(vs, o.Temp, !o.NoHeuristic)
	m := Model{NoHeuristic: o.NoHeuristic}
	for g := range numGroups {
		var mine []example
		for _, e := range ex {
			if e.g == g {
				mine = append(mine, e)
			}
		}
		if len(mine) > 0 {
			m.W[g] = fitGroup(mine, len(names[g]), o)
		}
	}
	return &m
}

// fitGroup runs Adam on one group's examples.
func fitGroup(ex []example, n int, o FitOptions) []float64 {
	const rate, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
	w := make([]float64, n)
	mom, vel, grad := make([]float64, n), make([]float64, n), make([]float64, n)
	for step := 1; step <= o.Steps; step++ {
		clear(grad)
		for _, e := range ex {
			p := softmax(scores(w, e.x), 1)
			for j := range e.x {
				d := p[j] - e.target[j]
				for k, x := range e.x[j] {
					grad[k] += d * x
				}
			}
		}
		for k := range w {
			g := grad[k]/float64(len(ex)) + o.L2*w[k]
			mom[k] = b1*mom[k] + (1-b1)*g
			vel[k] = b2*vel[k] + (1-b2)*g*g
			mh := mom[k] / (1 - math.Pow(b1, float64(step)))
			vh := vel[k] / (1 - math.Pow(b2, float64(step)))
			w[k] -= rate * mh / (math.Sqrt(vh) + eps)
		}
	}
	return w
}

// Loss is the mean cross-entropy of the model's softmax against the
// verdicts' targets at temp, over the verdicts it ranks: the fit's
// objective without its decay, to compare fits on held-out verdicts.
func (m *Model) Loss(vs []Verdict, temp float64) float64 {
	sum, n := 0.0, 0
	for _, e := range examples(vs, temp, !m.NoHeuristic) {
		if len(m.W[e.g]) == 0 {
			continue
		}
		p := softmax(scores(m.W[e.g], e.x), 1)
		for j := range p {
			if e.target[j] > 0 {
				sum -= e.target[j] * math.Log(max(p[j], 1e-300))
			}
		}
		n++
	}
	return sum / float64(max(n, 1))
}

func scores(w []float64, x [][]float64) []float64 {
	out := make([]float64, len(x))
	for j := range x {
		out[j] = dot(w, x[j])
	}
	return out
}

// softmax returns the softmax of s times k.
func softmax(s []float64, k float64) []float64 {
	top := math.Inf(-1)
	for _, x := range s {
		top = max(top, x)
	}
	out := make([]float64, len(s))
	sum := 0.0
	for i, x := range s {
		out[i] = math.Exp(k * (x - top))
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// Regret is what picking by a rule loses against the best measured move,
// in equity, over verdicts: the model's pick and the heuristic's, each
// mean with the paired difference's standard error, and how often each
// picks the best measured move.
type Regret struct {
	N                        int
	Model, Heuristic         float64
	Diff, DiffSE             float64
	ModelBest, HeuristicBest float64
	Pruned, PrunedBest       float64
}

// Regrets measures the model against the heuristic on verdicts: the
// equity each one's pick loses against the best measured move, and, with
// Prune set, the candidates it leaves out and how often the best measured
// one is among them.
func (m *Model) Regrets(vs []Verdict) Regret {
	var r Regret
	var diffs stats.Mean
	for i := range vs {
		v := &vs[i]
		if len(v.Moves) < 2 {
			continue
		}
		if _, ok := m.Scores(&v.Position, v.Moves); !ok {
			continue
		}
		best := argmax(v.Equity)
		kept, base := m.Pick(&v.Position, v.Moves)
		mine := indexOf(v.Moves, kept[base])
		theirs := heuristicIndex(&v.Position, v.Moves)
		lm, lh := v.Equity[best]-v.Equity[mine], v.Equity[best]-v.Equity[theirs]
		r.N++
		r.Model += lm
		r.Heuristic += lh
		diffs.Add(lm - lh)
		if mine == best {
			r.ModelBest++
		}
		if theirs == best {
			r.HeuristicBest++
		}
		r.Pruned += float64(len(v.Moves) - len(kept))
		if indexOf(kept, v.Moves[best]) < 0 {
			r.PrunedBest++
		}
	}
	if r.N == 0 {
		return r
	}
	n := float64(r.N)
	r.Model, r.Heuristic, r.ModelBest, r.HeuristicBest, r.Pruned, r.PrunedBest = r.Model/n, r.Heuristic/n, r.ModelBest/n, r.HeuristicBest/n, r.Pruned/n, r.PrunedBest/n
	r.Diff, r.DiffSE = diffs.Mean(), diffs.SE()
	return r
}

func argmax(x []float64) int {
	best := 0
	for i := range x {
		if x[i] > x[best] {
			best = i
		}
	}
	return best
}

func indexOf(moves []game.Move, m game.Move) int {
	for i, mv := range moves {
		if mv.Same(m) {
			return i
		}
	}
	return -1
}
