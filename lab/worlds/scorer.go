package worlds

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/fitfile"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// HandScorer scores a whole candidate hand of the opponent: a linear
// function of features of its cards, summed over the hand, and of its
// structure. It is fitted to tell the opponent's true hand from the
// hands of a pool drawn as the advisor's worlds are drawn (FitHandScorer),
// so that its score is the log of how much likelier the truth is than the
// pool makes it, up to a constant: what the record says beyond what the
// advisor's reading already took from it, not the same evidence again.
// Weighing the pool's hands by e^score then draws them nearer the truth
// (Scored).
type HandScorer struct {
	W []float64 `json:"weights"`
}

// handFeatures names the features of a candidate hand, in order: summed
// over its hidden cards, how useful each is to the opponent by what it
// took and threw (reading.Usefulness), whether it threw or passed a card
// of the same rank, or next to it in its suit, whether it took one of
// the same rank, or within two in its suit, and the card's value; then
// of the whole hand with the cards the opponent showed, its least
// deadwood, whether that is within the knock limit, and the cards that
// fit a meld.
var handFeatures = [...]string{"usefulness", "rank-thrown", "next-thrown", "rank-taken", "near-taken", "value", "deadwood", "can-knock", "meldable"}

// handView is what the features read of a position, once for every hand.
type handView struct {
	took, gone, known notation.CardSet
	limit             int
}

func newHandView(p *game.Position) handView {
	return handView{took: p.OpponentTook(), gone: p.OpponentDiscards() | p.OpponentPassed(), known: p.OpponentKnown(), limit: p.KnockLimit()}
}

// features writes the features of the hand hiding hidden to dst, of
// length len(handFeatures).
func (v *handView) features(hidden notation.CardSet, dst []float64) {
	clear(dst)
	for c := range hidden.All() {
		dst[0] += reading.Usefulness(c, v.took, v.gone)
		if v.gone.Rank(c.Rank()).Without(c) != 0 {
			dst[1]++
		}
		if v.gone&inSuit(c, 1) != 0 {
			dst[2]++
		}
		if v.took.Rank(c.Rank()).Without(c) != 0 {
			dst[3]++
		}
		if v.took&inSuit(c, 2) != 0 {
			dst[4]++
		}
		dst[5] += float64(c.Value()) / 10
	}
	whole := hidden | v.known
	dw := meld.MinDeadwood(whole)
	dst[6] = float64(dw) / 10
	if dw <= v.limit {
		dst[7] = 1
	}
	dst[8] = float64(meld.Meldable(whole).Len()) / 10
}

// inSuit is the cards of c's suit within d ranks of it, c left out.
func inSuit(c notation.Card, d int) notation.CardSet {
	var s notation.CardSet
	for k := -d; k <= d; k++ {
		r := int(c.Rank()) + k
		if k != 0 && r >= 0 && r < notation.NumRanks {
			s = s.With(notation.NewCard(notation.Rank(r), c.Suit()))
		}
	}
	return s
}

// Score is the scorer's score of the hand hiding hidden at the view v.
func (s *HandScorer) score(v *handView, hidden notation.CardSet, x []float64) float64 {
	v.features(hidden, x)
	sum := 0.0
	for i, w := range s.W {
		sum += w * x[i]
	}
	return sum
}

// Check says the scorer has a finite weight for every feature.
func (s *HandScorer) Check() error {
	if len(s.W) != len(handFeatures) {
		return fmt.Errorf("%d weights, want %d", len(s.W), len(handFeatures))
	}
	for i, w := range s.W {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("weight %d (%s) is %v", i, handFeatures[i], w)
		}
	}
	return nil
}

// ReadHandScorer reads a scorer as JSON and checks it.
func ReadHandScorer(data []byte) (*HandScorer, error) {
	var s HandScorer
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, s.Check()
}

// MaxScorerBytes bounds a scorer's file.
const MaxScorerBytes = 1 << 20

// ReadHandScorerFile reads a scorer's file, at most MaxScorerBytes, and
// checks it; it returns the file's bytes too. Its errors name the file.
func ReadHandScorerFile(name string) (*HandScorer, []byte, error) {
	data, err := fitfile.ReadBounded(name, MaxScorerBytes)
	if err != nil {
		return nil, nil, err
	}
	s, err := ReadHandScorer(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, data, nil
}

// Scored draws every world's opponent hand from a pool drawn as the
// advisor's worlds are (half the filter's particles, half the estimate's
// hands), each weighed by e^score of the scorer; where the record leaves
// the filter nothing to follow, the advisor's own worlds.
type Scored struct{ Scorer *HandScorer }

// Worlds returns the decision's worlds.
func (s Scored) Worlds(d *analyze.Decision) advise.Worlds {
	ps, ok := d.Filter()
	if !ok {
		return analyze.FilterWorlds(d)
	}
	pool, cum := s.weighed(d.Position, ps, d.Accept, d.Seed)
	return advise.Worlds{Hands: func(rng *rand.Rand) notation.CardSet { return pick(pool, cum, rng) }, Share: 1}
}

// weighed draws the pool at p and returns it with the running sums of
// its hands' weights.
func (s Scored) weighed(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, seed uint64) ([]notation.CardSet, []float64) {
	est := probability.Infer(p)
	pool, _ := drawPool(p, &est, ps, accept, advise.MaxRedraws, seed)
	v := newHandView(p)
	x := make([]float64, len(handFeatures))
	scores := make([]float64, len(pool))
	top := math.Inf(-1)
	for i, h := range pool {
		scores[i] = s.Scorer.score(&v, h, x)
		top = max(top, scores[i])
	}
	cum := make([]float64, len(pool))
	sum := 0.0
	for i := range pool {
		sum += math.Exp(scores[i] - top)
		cum[i] = sum
	}
	return pool, cum
}

// HandFeatures names the features of a candidate hand, in the order of a
// HandScorer's weights; the slice is the caller's.
func HandFeatures() []string { return slices.Clone(handFeatures[:]) }
