package bot

import (
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Rollout returns the fixed model's rollout policies: the own seat plays
// on as the heuristic player, the other as simple. It is an
// advise.Rollout; ReadingRollouts makes the one that reads the opponent.
func Rollout() (own, opponent game.Policy) {
	return NewHeuristic(0), NewSimple(2)
}

// ReadingRollouts returns the rollout policies of the advisor that reads
// its opponent, from m, the reading at the decision: the own seat plays
// on as the heuristic player, the other a style drawn from m's
// posteriors, given each world's cards (ReadingRollout).
func ReadingRollouts(m *reading.Model) advise.Rollout {
	return func() (own, opponent game.Policy) {
		r := NewReadingRollout(m.Knock)
		r.take, r.discard = m.Take, m.Discard
		r.model, r.safe = m, m.Useful()
		return NewHeuristic(0), r
	}
}

// ReadingRollout is a rollout opponent that plays as simple but knocks by
// a rule drawn, for each world, from a reading.Style's posterior: the
// opponent's side of each rollout plays the style the seat believes in.
// The rule is drawn from the world's seed, so every candidate of a world
// meets the same opponent, at any worker count.
//
// It takes the upcard and discards by rules drawn the same way: to lower
// its deadwood or only into a meld, and keeping draws open or throwing
// its most deadwood, or avoiding the cards the seat seemed to collect. A
// safe discarder judges a card by what it had seen of the seat when the
// rollout began; without the whole record it plays as a deadwood one.
type ReadingRollout struct {
	simple *Simple
	open   Heuristic
	// model gives the posteriors of each world; without it, weights,
	// take and discard stay as made.
	model   *reading.Model
	weights [reading.NumKnockRules]float64
	take    [reading.NumTakeRules]float64
	discard [reading.NumDiscardRules]float64
	// safe is each card's usefulness to the seat, as the opponent has
	// seen it, by card index; nil without the whole record.
	safe        *[notation.NumCards]float64
	rule        reading.KnockRule
	takeRule    reading.TakeRule
	discardRule reading.DiscardRule
}

// NewReadingRollout returns an opponent policy for the posterior weights
// of the knock rules; it takes and discards as simple does.
func NewReadingRollout(weights [reading.NumKnockRules]float64) *ReadingRollout {
	r := &ReadingRollout{simple: NewSimple(2), weights: weights}
	r.open.P.OutWeight = 1
	r.take[reading.TakeIntoMeld], r.discard[reading.DiscardDeadwood] = 1, 1
	return r
}

// SetWorld weighs the rules by the opponent's latest play in the world.
func (r *ReadingRollout) SetWorld(world *game.State) {
	if r.model != nil {
		r.weights, r.take, r.discard = r.model.Given(world)
	}
}

// draw picks an index by weights with u uniform in [0, 1).
func draw(weights []float64, u float64) int {
	for i, w := range weights {
		if u < w {
			return i
		}
		u -= w
	}
	return len(weights) - 1
}

// splitmix returns the splitmix64 output of z.
func splitmix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Reseed restarts the random choices and draws the world's knock rule.
func (r *ReadingRollout) Reseed(seed uint64) {
	r.simple.Reseed(seed)
	// Splitmix64 steps, so that the rules' draws are apart from simple's
	// stream of the same seed and from each other.
	const unit = 1.0 / (1 << 53)
	z := splitmix(seed)
	r.rule = reading.KnockRule(draw(r.weights[:], float64(z>>11)*unit))
	z = splitmix(z)
	r.takeRule = reading.TakeRule(draw(r.take[:], float64(z>>11)*unit))
	z = splitmix(z)
	r.discardRule = reading.DiscardRule(draw(r.discard[:], float64(z>>11)*unit))
}

// Choose decides as simple does, except whether to knock, and, for the
// rules drawn that differ from simple's, whether to take the upcard and
// what to discard.
func (r *ReadingRollout) Choose(st *game.State) game.Move { return moveOf(r.Decide(st)) }

// Decide is Choose for a game.Decider.
func (r *ReadingRollout) Decide(st *game.State) (game.MoveKind, notation.Card, *meld.Spread) {
	switch st.Phase() {
	case game.KnockPhase:
		dw := meld.MinDeadwood(st.Hand(st.Turn()))
		if dw > 0 && rules.DeclareKnock.AllowsDeadwood(dw, st.KnockLimit()) && !r.rule.Knocks(dw, st.Draws(), st.StockCount()) {
			return game.PlayOn, 0, nil
		}
	case game.FirstOffer, game.DrawPhase:
		if r.takeRule == reading.TakeToLower {
			var v seatView
			stateView(&v, st)
			return drawKind(&v, v.hasUpcard && !v.mustDraw && reading.TakeToLower.Takes(v.hand, v.upcard)), 0, nil
		}
	case game.DiscardPhase:
		if r.discardRule == reading.DiscardOpen || r.discardRule == reading.DiscardSafe && r.safe != nil {
			var v seatView
			stateView(&v, st)
			switch {
			case v.canBigGin():
			case r.discardRule == reading.DiscardOpen:
				return game.Discard, r.open.discard(&v, st.PileSet()), nil
			default:
				return game.Discard, safeDiscard(&v, r.safe), nil
			}
		}
	}
	return r.simple.Decide(st)
}
