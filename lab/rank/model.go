package rank

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/fitfile"
)

// Model scores a decision's moves: each move's score is its features
// times its group's weights. Its zero value has no weights and ranks
// nothing; Pick then keeps the search as it is.
type Model struct {
	W [numGroups][]float64 `json:"weights"`
	// Prune leaves out of the search a candidate whose score is more than
	// this below the best's (0: none). The scores are log-odds of being
	// the best move, so 6 leaves out a move about 400 times less likely.
	Prune float64 `json:"prune,omitempty"`
	// NoHeuristic says the model was fitted without the first feature,
	// whether a move is the heuristic's (FitOptions.NoHeuristic), and
	// does not read it.
	NoHeuristic bool `json:"no_heuristic,omitempty"`
}

// Scores returns the score of each move at p and true, or false where the
// model has no weights for the decision.
func (m *Model) Scores(p *game.Position, moves []game.Move) ([]float64, bool) {
	g, ok := GroupOf(p)
	if !ok || len(m.W[g]) == 0 {
		return nil, false
	}
	v := newView(p, !m.NoHeuristic)
	x := make([]float64, len(m.W[g]))
	out := make([]float64, len(moves))
	for i, mv := range moves {
		v.features(g, mv, x)
		out[i] = dot(m.W[g], x)
	}
	return out, true
}

// Chances returns the chance the model gives each move at p, the
// softmax of their scores, and true; false where it has no weights for
// the decision. Fitted to one player's own moves, it is a model of that
// player's play.
func (m *Model) Chances(p *game.Position, moves []game.Move) ([]float64, bool) {
	s, ok := m.Scores(p, moves)
	if !ok {
		return nil, false
	}
	return softmax(s, 1), true
}

// ChanceOf is the chance the model gives the moves at p for which pick
// says true, the sum of their Chances, and true; false where it has no
// weights for the decision. It allocates nothing for a decision of up to
// maxStackMoves moves: the replay of a record asks it at every one of
// the opponent's decisions, for every world a chain tries.
func (m *Model) ChanceOf(p *game.Position, moves []game.Move, pick func(game.Move) bool) (float64, bool) {
	var out [1]float64
	ok := ChancesOf([]*Model{m}, p, moves, pick, out[:])
	return out[0], ok[0]
}

// ChancesOf is ChanceOf of each of models at once, into out, which has
// their length: it reads the decision and each move's features once for
// them all, which is where the time goes. It says for each model whether
// it had weights for the decision (out is 0 where not). The models must
// agree on NoHeuristic, or the features of the first are read.
func ChancesOf(models []*Model, p *game.Position, moves []game.Move, pick func(game.Move) bool, out []float64) (ok [MaxModels]bool) {
	clear(out)
	g, known := GroupOf(p)
	if !known || len(models) == 0 || len(models) > MaxModels {
		return ok
	}
	var v view
	v.init(p, !models[0].NoHeuristic)
	var xbuf [maxFeatures]float64
	var sbuf [MaxModels][maxStackMoves]float64
	var s [MaxModels][]float64
	var top [MaxModels]float64
	for k, m := range models {
		ok[k] = len(m.W[g]) != 0
		s[k], top[k] = sbuf[k][:0], math.Inf(-1)
		if len(moves) > maxStackMoves {
			s[k] = make([]float64, 0, len(moves))
		}
	}
	x := xbuf[:numFeatures(g)]
	for _, mv := range moves {
		v.features(g, mv, x)
		for k, m := range models {
			if ok[k] {
				s[k] = append(s[k], dot(m.W[g], x))
				top[k] = max(top[k], s[k][len(s[k])-1])
			}
		}
	}
	for k := range models {
		if !ok[k] {
			continue
		}
		all, picked := 0.0, 0.0
		for i, mv := range moves {
			e := math.Exp(s[k][i] - top[k])
			all += e
			if pick(mv) {
				picked += e
			}
		}
		out[k] = picked / all
	}
	return ok
}

// MaxModels is the most models ChancesOf weighs at once; it weighs none
// of more.
const MaxModels = 8

// maxStackMoves is the most moves ChanceOf scores without allocating:
// more than any take or discard decision offers.
const maxStackMoves = 32

// Pick is the model's answer to advise.Options.Baseline at p: the
// candidates within Prune of the best score (all of them when Prune is 0),
// and the best-scored move as the baseline. Where the model has no
// weights it keeps every move and the heuristic's baseline.
func (m *Model) Pick(p *game.Position, moves []game.Move) ([]game.Move, int) {
	s, ok := m.Scores(p, moves)
	if !ok || len(moves) < 2 {
		return moves, heuristicIndex(p, moves)
	}
	best := 0
	for i := range s {
		if s[i] > s[best] {
			best = i
		}
	}
	if m.Prune <= 0 {
		return moves, best
	}
	kept, base := moves[:0:0], 0
	for i, mv := range moves {
		if s[best]-s[i] > m.Prune {
			continue
		}
		if i == best {
			base = len(kept)
		}
		kept = append(kept, mv)
	}
	return kept, base
}

// heuristicIndex is the index of the heuristic's move among moves, 0 if
// it is not there.
func heuristicIndex(p *game.Position, moves []game.Move) int {
	h, _ := analyze.Quick(context.Background(), p)
	for i, mv := range moves {
		if mv.Same(h) {
			return i
		}
	}
	return 0
}

// Check says the model's weights fit its groups' features, and that every
// number is finite.
func (m *Model) Check() error {
	for g, w := range m.W {
		if len(w) != 0 && len(w) != numFeatures(Group(g)) {
			return fmt.Errorf("group %d: %d weights, want %d", g, len(w), numFeatures(Group(g)))
		}
		for _, x := range w {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("group %d: a weight is %v", g, x)
			}
		}
	}
	if math.IsNaN(m.Prune) || m.Prune < 0 || math.IsInf(m.Prune, 0) {
		return fmt.Errorf("prune %v: need 0 or more", m.Prune)
	}
	return nil
}

// ReadModel reads a model as JSON and checks it.
func ReadModel(data []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, m.Check()
}

// MaxModelBytes bounds a model's file.
const MaxModelBytes = 1 << 20

// ReadModelFile reads a model's file, at most MaxModelBytes, and checks
// it; it returns the file's bytes too. Its errors name the file.
func ReadModelFile(name string) (*Model, []byte, error) {
	data, err := fitfile.ReadBounded(name, MaxModelBytes)
	if err != nil {
		return nil, nil, err
	}
	m, err := ReadModel(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, data, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// Source is the model as the advisor's seam: its worlds are the
// advisor's own (analyze.FilterWorlds), its baseline and candidates the
// model's.
type Source struct{ Model *Model }

// Worlds returns the advisor's own worlds.
func (s Source) Worlds(d *analyze.Decision) advise.Worlds { return analyze.FilterWorlds(d) }

// Baseline returns the model's Pick at d's position.
func (s Source) Baseline(d *analyze.Decision) func([]game.Move) ([]game.Move, int) {
	return func(moves []game.Move) ([]game.Move, int) { return s.Model.Pick(d.Position, moves) }
}
