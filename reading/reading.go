// Package reading says what the opponent's play says about its style.
//
// A style is one rule on each axis on which players differ: when to
// knock, when to take the upcard and how to discard. A Style is a
// posterior over those rules, read from what one seat saw: the knocks the
// opponent made and passed up, and its last turn before a showdown. At a
// decision, a Model weighs each sampled world by how likely the
// opponent's latest play is in it, a Filter follows the opponent's hand
// through the whole record of the hand with a particle filter (which a
// FilterCache keeps across the seat's decisions until the opponent plays
// again), and a View says what is read in words.
//
// The package reads; it does not play. The rollout players that play a
// style drawn from a reading are in package bot.
package reading

import (
	"fmt"
	"math"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Style is what a seat has learnt of when its opponent knocks: a
// posterior over the knock rules, from the opponent's knocks and the
// knocks it passed up, seen when its hand was shown at the end of a hand.
// It reads only what the seat saw, so it can live across hands, games and
// a protocol match. The zero value is the prior (KnockPrior, TakePrior
// and DiscardPrior).
//
// It reads the other two axes of a style from the same hands: the
// opponent's last turn before the showdown, whose hand the shown cards
// fix, weighs the take rules by its draw and the discard rules by its
// discard.
type Style struct {
	logw        [NumKnockRules]float64
	takeLogw    [NumTakeRules]float64
	discardLogw [NumDiscardRules]float64
	// Seen counts the knock decisions read, and Turns the turns read
	// for the take and discard rules.
	Seen, Turns int
}

// Weights returns the posterior chance of each knock rule.
func (s *Style) Weights() [NumKnockRules]float64 {
	var w [NumKnockRules]float64
	prior := KnockPrior()
	posterior(prior[:], s.logw[:], w[:])
	return w
}

// TakeWeights returns the posterior chance of each take rule.
func (s *Style) TakeWeights() [NumTakeRules]float64 {
	var w [NumTakeRules]float64
	prior := TakePrior()
	posterior(prior[:], s.takeLogw[:], w[:])
	return w
}

// DiscardWeights returns the posterior chance of each discard rule.
func (s *Style) DiscardWeights() [NumDiscardRules]float64 {
	var w [NumDiscardRules]float64
	prior := DiscardPrior()
	posterior(prior[:], s.discardLogw[:], w[:])
	return w
}

// readTurn weighs the take and discard rules by the opponent's last turn,
// given hand, its hand after it, as shown at the end of the hand.
func (s *Style) readTurn(p *game.Position, hand notation.CardSet) {
	t, ok := lastTurn(p)
	if !ok || hand.Len() != 10 || hand.Has(t.discard) {
		return
	}
	l := t.discardLikelihoods(hand.With(t.discard))
	for r, x := range l {
		if x <= 0 {
			return // the shown hand cannot have made that discard
		}
		s.discardLogw[r] += math.Log(x)
	}
	lt, ok := t.takeLikelihoods(hand)
	if !ok {
		lt, ok = t.passLikelihoods(hand)
	}
	if ok {
		for r, x := range lt {
			s.takeLogw[r] += math.Log(x)
		}
	}
	// The hand's other offers, whose hands the shown cards do not fix,
	// weigh by how often each rule takes.
	ol := offerLogLikelihoods(offers(p, ok))
	for r := range ol {
		s.takeLogw[r] += ol[r]
	}
	s.Turns++
}

// Likeliest returns the rule of the highest posterior and its chance.
func (s *Style) Likeliest() (KnockRule, float64) {
	w := s.Weights()
	best := 0
	for i := range w {
		if w[i] > w[best] {
			best = i
		}
	}
	return KnockRule(best), w[best]
}

// String describes the reading in a few words, for explanations.
func (s *Style) String() string {
	if s.Seen == 0 {
		return "no knock decision of the opponent seen yet"
	}
	w := s.Weights()
	var parts []string
	for i, x := range w {
		if x >= 0.05 {
			parts = append(parts, KnockRule(i).String()+" "+stats.Share(x, 0))
		}
	}
	noun := "decisions"
	if s.Seen == 1 {
		noun = "decision"
	}
	return fmt.Sprintf("%s (from %d knock %s)", strings.Join(parts, ", "), s.Seen, noun)
}

// observe weighs one knock decision: the opponent knocked or not, with dw
// deadwood after draws draws and stock cards left.
func (s *Style) observe(knocked bool, dw, draws, stock int) {
	for r := range KnockRule(NumKnockRules) {
		if r.Knocks(dw, draws, stock) == knocked {
			s.logw[r] += math.Log(1 - slip)
		} else {
			s.logw[r] += math.Log(slip)
		}
	}
	s.Seen++
}

// ReadHand learns from a finished hand, seen from seat p.Seat() with the
// result revealed: a knock of the opponent's, with its deadwood, draws and
// stock; or, when the opponent's hand is shown after the seat's own knock,
// whether it passed up a knock after its last discard. A dead hand shows
// nothing, and a gin says nothing of when a player knocks.
func (s *Style) ReadHand(p *game.Position) {
	res, over := p.Result()
	if !over || !p.Revealed() || res.Knocker == notation.NoSeat {
		return
	}
	opp := p.Seat().Other()
	s.readTurn(p, res.Hands[opp])
	if res.Knocker == opp {
		s.readKnock(p, res.KnockerDeadwood.Value())
		return
	}
	s.readDecline(p, res.Hands[opp])
}

// ReadShowdown learns from the opponent's hand shown at the end of a hand
// that ended with a knock or gin, as the protocol reports it: oppKnocked
// says the opponent laid down spread; otherwise the seat did.
func (s *Style) ReadShowdown(p *game.Position, oppHand notation.CardSet, oppKnocked bool, spread meld.Spread) {
	s.readTurn(p, oppHand)
	if oppKnocked {
		s.readKnock(p, (oppHand &^ spread.Cards()).Value())
		return
	}
	s.readDecline(p, oppHand)
}

// readKnock weighs the opponent's knock with dw deadwood; a gin says
// nothing.
func (s *Style) readKnock(p *game.Position, dw int) {
	if draws, stock, ok := lastDiscard(p); ok && dw > 0 {
		s.observe(true, dw, draws, stock)
	}
}

// readDecline weighs the opponent's hand after its last discard, when it
// chose not to knock.
func (s *Style) readDecline(p *game.Position, hand notation.CardSet) {
	draws, stock, ok := lastDiscard(p)
	if !ok || hand.Len() != 10 {
		return
	}
	if dw := meld.MinDeadwood(hand); dw > 0 && rules.DeclareKnock.AllowsDeadwood(dw, p.KnockLimit()) {
		s.observe(false, dw, draws, stock)
	}
}
