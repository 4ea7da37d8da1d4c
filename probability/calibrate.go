package probability

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Stage is a part of a hand by the draws made so far, for calibration.
type Stage struct {
	Name     string
	From, To int // draws, inclusive
}

// Stages returns the stages of a hand, in order, in a slice of the
// caller's own.
func Stages() []Stage {
	return []Stage{
		{"draws 0-4", 0, 4},
		{"draws 5-9", 5, 9},
		{"draws 10-14", 10, 14},
		{"draws 15+", 15, 1 << 30},
	}
}

func stageOf(draws int) int {
	stages := Stages()
	for i, s := range stages {
		if draws >= s.From && draws <= s.To {
			return i
		}
	}
	return len(stages) - 1
}

// Predictors compared by the calibration.
const (
	// Inferred is the model's estimate.
	Inferred = iota
	// UniformPrior gives every card the seat has not seen in its hand or
	// the pile the same chance.
	UniformPrior
	// KnownTakes knows the cards the opponent took and kept, and spreads
	// the rest of its hand evenly over the unseen cards.
	KnownTakes
	numPredictors
)

// PredictorNames returns the predictors' names, in order.
func PredictorNames() [numPredictors]string {
	return [numPredictors]string{"inference", "uniform prior", "known takes only"}
}

// Bins of the reliability table.
const Bins = 10

// Score is one predictor's score over a stage.
type Score struct {
	N       int     `json:"n"`
	LogLoss float64 `json:"log_loss"`
	Brier   float64 `json:"brier"`
	logLoss float64 // sums
	brier   float64
	binN    [Bins]int
	binPred [Bins]float64
	binTrue [Bins]int
}

// ReliabilityBin is one row of a reliability table.
type ReliabilityBin struct {
	From, To  float64
	N         int
	Predicted float64 // mean predicted chance
	Observed  float64 // fraction that held
}

// Calibration gathers predictions and outcomes, by stage and predictor.
type Calibration struct {
	Scores [4][numPredictors]Score
}

func (s *Score) add(p float64, held bool) {
	const eps = 1e-6
	q := math.Min(1-eps, math.Max(eps, p))
	y := 0.0
	if held {
		y = 1
	}
	s.N++
	s.logLoss += -(y*math.Log(q) + (1-y)*math.Log(1-q))
	s.brier += (p - y) * (p - y)
	b := min(Bins-1, int(p*Bins))
	s.binN[b]++
	s.binPred[b] += p
	if held {
		s.binTrue[b]++
	}
}

// Add scores every predictor on one position, given the opponent's true
// hand. The cards scored are those the seat has not seen in its own hand
// or the pile, so the known takes count too.
func (c *Calibration) Add(p *game.Position, e *Estimate, oppHand notation.CardSet) {
	st := stageOf(p.Draws())
	candidates := notation.FullDeck &^ p.Hand() &^ p.PileSet()
	n := candidates.Len()
	if n == 0 {
		return
	}
	uniform := float64(p.OpponentCount()) / float64(n)
	hidden := float64(p.OpponentHidden())
	var spread float64
	if u := p.Unseen().Len(); u > 0 {
		spread = hidden / float64(u)
	}
	known := p.OpponentKnown()
	for card := range candidates.All() {
		held := oppHand.Has(card)
		c.Scores[st][Inferred].add(e.Prob(card), held)
		c.Scores[st][UniformPrior].add(uniform, held)
		k := spread
		if known.Has(card) {
			k = 1
		}
		c.Scores[st][KnownTakes].add(k, held)
	}
}

// Finish turns the sums into means.
func (c *Calibration) Finish() {
	for i := range c.Scores {
		for j := range c.Scores[i] {
			s := &c.Scores[i][j]
			if s.N > 0 {
				s.LogLoss = s.logLoss / float64(s.N)
				s.Brier = s.brier / float64(s.N)
			}
		}
	}
}

// Reliability returns the reliability table of a predictor at a stage.
func (c *Calibration) Reliability(stage, predictor int) []ReliabilityBin {
	s := &c.Scores[stage][predictor]
	var out []ReliabilityBin
	for b := 0; b < Bins; b++ {
		if s.binN[b] == 0 {
			continue
		}
		out = append(out, ReliabilityBin{
			From: float64(b) / Bins, To: float64(b+1) / Bins, N: s.binN[b],
			Predicted: s.binPred[b] / float64(s.binN[b]), Observed: float64(s.binTrue[b]) / float64(s.binN[b]),
		})
	}
	return out
}

// Beats says the inference has lower log-loss and Brier score than both
// baselines at every stage.
func (c *Calibration) Beats() bool {
	for i := range c.Scores {
		inf := c.Scores[i][Inferred]
		for j := 1; j < numPredictors; j++ {
			b := c.Scores[i][j]
			if inf.N == 0 || inf.LogLoss >= b.LogLoss || inf.Brier >= b.Brier {
				return false
			}
		}
	}
	return true
}
