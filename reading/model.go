package reading

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Model is a reading at one decision of the seat, ready to weigh sampled
// worlds: the posteriors of the earlier hands, and the opponent's latest
// play, a decline to knock and the turn that ended in it, whose likelihood
// each world's cards fix. It is read only once made, so the rollouts of
// every worker may share it.
type Model struct {
	// Knock, Take and Discard are the posterior chances of the rules
	// before any world is drawn: the Style's, with the hand's offers so
	// far read into Take.
	Knock   [NumKnockRules]float64
	Take    [NumTakeRules]float64
	Discard [NumDiscardRules]float64
	decline Decline
	// declined says the opponent has just played on, and hasTurn that
	// its turn before is known too.
	declined, hasTurn bool
	turn              turn
	// record says the position holds the whole record of the hand.
	record bool
}

// NewModel reads s and the opponent's latest play at p.
func NewModel(s *Style, p *game.Position) *Model {
	m := &Model{Knock: s.Weights(), Take: s.TakeWeights(), Discard: s.DiscardWeights(), record: p.RecordComplete()}
	m.decline, m.declined = LastDecline(p)
	t, tok := lastTurn(p)
	m.hasTurn = tok && m.declined && t.latest
	// The hand's takes and passes so far, but a last take that each world
	// weighs by the hand it fixes.
	m.Take = withOffers(m.Take, p, m.hasTurn && t.took)
	// Once the reading all but rules out the open discarder, its count of
	// live cards is not worth its time in every world.
	t.noOpen = m.Discard[DiscardOpen] < 0.001
	m.turn = t
	return m
}

// Declined says the opponent has just discarded and played on: only then
// do its cards in a world say anything, and Accept weigh worlds.
func (m *Model) Declined() bool { return m.declined }

// Accept returns the chance of keeping a world whose opponent holds
// oppHand, by how likely its decline and the turn before it are with
// those cards, relative to the likeliest they could be. It is for a
// Model that Declined.
func (m *Model) Accept(oppHand notation.CardSet) float64 {
	l := m.decline.likelihoods(oppHand)
	sum := 0.0
	for i := range l {
		sum += m.Knock[i] * l[i]
	}
	acc := sum / (1 - slip)
	if m.hasTurn {
		acc *= m.turn.accept(oppHand, m.Take, m.Discard)
	}
	return acc
}

// Given returns the posterior chances of the rules in world: Knock, Take
// and Discard weighed by how likely the opponent's latest play is with the
// cards it holds there. Without a decline, the world says nothing.
func (m *Model) Given(world *game.State) (knock [NumKnockRules]float64, take [NumTakeRules]float64, discard [NumDiscardRules]float64) {
	knock, take, discard = m.Knock, m.Take, m.Discard
	if !m.declined {
		return
	}
	hand := world.Hand(m.decline.Opp)
	l := m.decline.likelihoods(hand)
	reweigh(m.Knock[:], l[:], knock[:])
	if !m.hasTurn {
		return
	}
	ld := m.turn.discardLikelihoods(hand.With(m.turn.discard))
	reweigh(m.Discard[:], ld[:], discard[:])
	if lt, ok := m.turn.takeLikelihoods(hand); ok {
		reweigh(m.Take[:], lt[:], take[:])
	}
	return
}

// Useful returns each card's usefulness to the seat, by card index, as the
// opponent has seen the seat over the whole record: what a safe
// discarder weighs. It is nil without the whole record.
func (m *Model) Useful() *[notation.NumCards]float64 {
	if !m.record {
		return nil
	}
	return &m.turn.nowUseful
}
