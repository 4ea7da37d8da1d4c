package probability

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/stats"
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
	// Low and High bound Observed's 95% Wilson interval, the bin's cards
	// taken as independent trials (the cards of a hand are not quite).
	Low, High float64
}

// Calibration gathers predictions and outcomes, by stage and predictor.
type Calibration struct {
	Scores [4][numPredictors]Score
	// Gains are the inference's gains over each baseline (index 0 is
	// unused), by stage, with their noise: filled by Finish.
	Gains [4][numPredictors]Gain
	// game is the current game's sums, added to gains by EndGame: the
	// games are the units the noise is measured over, since the cards of
	// one hand are not independent.
	game  [4][numPredictors]gameGain
	gains [4][numPredictors]gainSums
}

// Gain is how much lower the inference's mean log-loss and Brier score
// are than a baseline's, over the same cards, with the half-widths of
// their 95% intervals, from the spread of the games' own gains (Student's
// t, with one degree of freedom fewer than the games).
type Gain struct {
	LogLoss, LogLossHalf float64
	Brier, BrierHalf     float64
	Games                int
}

// Clear says the gain is above zero in both scores at 95%.
func (g Gain) Clear() bool {
	return g.Games > 1 && g.LogLoss-g.LogLossHalf > 0 && g.Brier-g.BrierHalf > 0
}

// gameGain is one game's sums of a gain over its cards.
type gameGain struct {
	n         int
	ll, brier float64
}

// gainSums are the sums, over games, that the cluster estimate of a
// mean gain's variance needs.
type gainSums struct {
	games         int
	n, nn         float64 // Σ n_g, Σ n_g²
	ll, llll, lln float64 // Σ D_g, Σ D_g², Σ D_g n_g for log-loss
	brier, bb, bn float64 // the same for the Brier score
}

// EndGame closes the game whose positions were added since the last:
// its gains count as one unit of the noise.
func (c *Calibration) EndGame() {
	for i := range c.game {
		for j := range c.game[i] {
			g := c.game[i][j]
			if g.n == 0 {
				continue
			}
			s := &c.gains[i][j]
			n := float64(g.n)
			s.games++
			s.n, s.nn = s.n+n, s.nn+n*n
			s.ll, s.llll, s.lln = s.ll+g.ll, s.llll+g.ll*g.ll, s.lln+g.ll*n
			s.brier, s.bb, s.bn = s.brier+g.brier, s.bb+g.brier*g.brier, s.bn+g.brier*n
			c.game[i][j] = gameGain{}
		}
	}
}

// gain is the mean gain the sums hold and the half-width of its 95%
// interval, by the ratio estimator's variance over games and Student's t.
func (s gainSums) gain() Gain {
	g := Gain{Games: s.games}
	if s.n == 0 {
		return g
	}
	half := func(sum, sq, cross float64) (float64, float64) {
		d := sum / s.n
		if s.games < 2 {
			return d, math.Inf(1)
		}
		v := (sq - 2*d*cross + d*d*s.nn) / (s.n * s.n) * float64(s.games) / float64(s.games-1)
		// Student's t over the games' degrees of freedom: from a few
		// games the spread itself is uncertain.
		return d, stats.T95(s.games-1) * math.Sqrt(math.Max(v, 0))
	}
	g.LogLoss, g.LogLossHalf = half(s.ll, s.llll, s.lln)
	g.Brier, g.BrierHalf = half(s.brier, s.bb, s.bn)
	return g
}

// add scores one card's prediction p, and returns its log-loss and
// Brier score.
func (s *Score) add(p float64, held bool) (logLoss, brier float64) {
	const eps = 1e-6
	q := math.Min(1-eps, math.Max(eps, p))
	y := 0.0
	if held {
		y = 1
	}
	s.N++
	logLoss, brier = -(y*math.Log(q) + (1-y)*math.Log(1-q)), (p-y)*(p-y)
	s.logLoss += logLoss
	s.brier += brier
	b := min(Bins-1, int(p*Bins))
	s.binN[b]++
	s.binPred[b] += p
	if held {
		s.binTrue[b]++
	}
	return logLoss, brier
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
		k := spread
		if known.Has(card) {
			k = 1
		}
		probs := [numPredictors]float64{Inferred: e.Prob(card), UniformPrior: uniform, KnownTakes: k}
		var ll, brier [numPredictors]float64
		for j, q := range probs {
			ll[j], brier[j] = c.Scores[st][j].add(q, held)
		}
		for j := 1; j < numPredictors; j++ {
			g := &c.game[st][j]
			g.n++
			g.ll += ll[j] - ll[Inferred]
			g.brier += brier[j] - brier[Inferred]
		}
	}
}

// Finish turns the sums into means, closing the game under way.
func (c *Calibration) Finish() {
	c.EndGame()
	for i := range c.gains {
		for j := 1; j < numPredictors; j++ {
			c.Gains[i][j] = c.gains[i][j].gain()
		}
	}
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
		w := stats.Wilson(s.binTrue[b], s.binN[b])
		out[len(out)-1].Low, out[len(out)-1].High = w[0], w[1]
	}
	return out
}

// Beats says the inference has lower log-loss and Brier score than both
// baselines at every stage, at 95% (see Gain.Clear).
func (c *Calibration) Beats() bool {
	for i := range c.Gains {
		for j := 1; j < numPredictors; j++ {
			if !c.Gains[i][j].Clear() {
				return false
			}
		}
	}
	return true
}
