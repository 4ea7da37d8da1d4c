package reading

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// What the external tests, which play the players of package bot, read
// of the package's insides.

// Slip is slip.
const Slip = slip

// The kinds of offer.
const (
	DrawOffer  = drawOffer
	FirstOffer = firstOffer
)

// Observe weighs one knock decision.
func (s *Style) Observe(knocked bool, dw, draws, stock int) { s.observe(knocked, dw, draws, stock) }

// Offers is offers.
func Offers(p *game.Position, skipLast bool) (takes, passes [2]int) { return offers(p, skipLast) }

// Turn is the opponent's last turn, as lastTurn reads it.
type Turn struct{ t turn }

// LastTurn is lastTurn.
func LastTurn(p *game.Position) (*Turn, bool) {
	t, ok := lastTurn(p)
	return &Turn{t}, ok
}

// Latest says the opponent has done nothing since the turn but play on.
func (t *Turn) Latest() bool { return t.t.latest }

// Discarded is the card the turn ended in.
func (t *Turn) Discarded() notation.Card { return t.t.discard }

// Up is the upcard the turn took or passed.
func (t *Turn) Up() notation.Card { return t.t.up }

// DiscardLikelihoods is turn.discardLikelihoods.
func (t *Turn) DiscardLikelihoods(before notation.CardSet) [NumDiscardRules]float64 {
	return t.t.discardLikelihoods(before)
}

// TakeLikelihoods is turn.takeLikelihoods.
func (t *Turn) TakeLikelihoods(after notation.CardSet) ([NumTakeRules]float64, bool) {
	return t.t.takeLikelihoods(after)
}

// Accept is turn.accept.
func (t *Turn) Accept(after notation.CardSet, take [NumTakeRules]float64, discard [NumDiscardRules]float64) float64 {
	return t.t.accept(after, take, discard)
}

// TiltAt is tiltAt.
func TiltAt(draws int) float64 { return tiltAt(draws) }

// Weighed returns each particle's whole hand and its normalized weight.
func (ps *Particles) Weighed() ([]notation.CardSet, []float64) {
	w := make([]float64, len(ps.cum))
	total, prev := ps.cum[len(ps.cum)-1], 0.0
	for j := range ps.cum {
		w[j], prev = (ps.cum[j]-prev)/total, ps.cum[j]
	}
	return ps.hands, w
}
