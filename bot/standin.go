package bot

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The tuning of the stand-in. Its description gives the terms and not
// their weights; these are the project's choice.
const (
	// StandInKnockTurns is how many of its own turns the stand-in may
	// knock in with deadwood; afterwards it plays for gin.
	StandInKnockTurns = 3
	// standInDanger is the points of deadwood one sign that the opponent
	// could use a card is worth (reading.Usefulness), as the discard's
	// danger. At 2 (cautious weighs 3) the stand-in won 21.7% of 600
	// mirrored games against heuristic; at 1, 38.8%; at 0.5, 55.0%; at 0,
	// 55.8% (seed 5): danger must break ties of deadwood, not outweigh it.
	standInDanger = 0.5
)

// StandIn plays as the strongest public EAAI player is described to play,
// written from that description and not from its code. It takes the
// upcard only into a meld, and only when that lowers its deadwood. It
// discards the card whose loss leaves the least deadwood after a one-draw
// look-ahead (the deadwood left less the mean gain of the best discard
// after one more card from the unseen ones), plus the card's danger (how
// likely the opponent is to use it). It knocks voluntarily only in its
// first StandInKnockTurns turns and afterwards plays for gin; when it
// knocks, it lays down, of its least-deadwood arrangements, the one that
// leaves the defender the fewest cards to lay off.
type StandIn struct{}

// NewStandIn returns the stand-in; it has no random choices.
func NewStandIn(uint64) *StandIn { return &StandIn{} }

// Name returns "standin".
func (*StandIn) Name() string { return "standin" }

// HandOver does nothing: the player keeps no memory between hands.
func (*StandIn) HandOver(*game.Position) {}

// Move decides from the position.
func (s *StandIn) Move(_ context.Context, p *game.Position) (game.Move, error) {
	v := positionView(p)
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		return drawChoice(&v, v.hasUpcard && !v.mustDraw && standInTakes(v.hand, v.upcard)), nil
	case game.DiscardPhase:
		if v.canBigGin() {
			return bigGinMove(v.hand), nil
		}
		return game.DiscardMove(standInDiscard(&v, p)), nil
	case game.KnockPhase:
		dw := meld.MinDeadwood(v.hand)
		if rules.DeclareKnock.AllowsDeadwood(dw, v.limit) && (dw == 0 || standInKnocks(p.Draws())) {
			sp := fewestLayoffs(v.hand, dw, p.Unseen()|p.OpponentKnown())
			return game.LayDown(v.hand, sp), nil
		}
	}
	return game.PlayOnMove(), nil
}

// standInTakes says the upcard joins a meld and, with the best discard
// after it, lowers the deadwood.
func standInTakes(hand notation.CardSet, up notation.Card) bool {
	with := hand.With(up)
	if !meld.InMeld(with, up) {
		return false
	}
	now := meld.MinDeadwood(hand)
	for c := range hand.All() {
		if meld.MinDeadwood(with.Without(c)) < now {
			return true
		}
	}
	return false
}

// standInKnocks says a knock with deadwood is still voluntary after draws
// draws of the hand by both seats. The seats draw in turn, so a seat's
// k-th draw is the hand's (2k-1)-th or 2k-th: draws <= 2k says the seat
// has drawn at most k times.
func standInKnocks(draws int) bool {
	return draws <= 2*StandInKnockTurns
}

// standInDiscard is the stand-in's discard: the least deadwood after the
// look-ahead, plus danger; ties go to the higher card.
func standInDiscard(v *seatView, p *game.Position) notation.Card {
	unseen := p.Unseen()
	took, gone := p.OpponentTook(), p.OpponentDiscards()|p.OpponentPassed()
	return bestDiscard(v, &discardTerm{kind: lookAhead, unseen: unseen, took: took, gone: gone})
}

// drawGain is the mean fall in deadwood that one more card, drawn at
// random from unseen, brings to rest once the best card is thrown again,
// counting only the cards that complete a meld with rest. A lower card
// that only replaces a high one is left out: counting it too made the
// stand-in keep high cards (54.2% against heuristic over 600 games, seed
// 5, against 55.0% without).
func drawGain(rest, unseen notation.CardSet) float64 {
	if unseen == 0 {
		return 0
	}
	dw := meld.MinDeadwood(rest)
	completes := meld.Completions(rest) & unseen
	total := 0
	for u := range completes.All() {
		with, best := rest.With(u), dw
		for c := range rest.All() {
			best = min(best, meld.MinDeadwood(with.Without(c)))
		}
		total += dw - best
	}
	return float64(total) / float64(unseen.Len())
}

// fewestLayoffs returns, of the hand's spreads that leave dw deadwood, the
// one onto which the fewest cards of possible (the cards the defender may
// hold) could be laid off; the first such spread on ties.
func fewestLayoffs(hand notation.CardSet, dw int, possible notation.CardSet) meld.Spread {
	var best meld.Spread
	bestN := -1
	meld.KnockSpreads(hand, dw, func(sp meld.Spread, dead notation.CardSet) bool {
		if dead.Value() != dw {
			return true
		}
		if n := layoffTargets(&sp, possible).Len(); bestN < 0 || n < bestN {
			best, bestN = sp, n
		}
		return true
	})
	if bestN < 0 {
		best, _, _ = meld.FirstArrangement(hand)
	}
	return best
}

// layoffTargets is the cards of possible that could be laid off directly
// onto one of the spread's melds: a set's missing suit, a run's next card
// at either end.
func layoffTargets(sp *meld.Spread, possible notation.CardSet) notation.CardSet {
	var out notation.CardSet
	for _, m := range sp.Melds[:sp.N] {
		switch meld.Classify(m) {
		case meld.Set:
			first, _ := m.First()
			out |= notation.FullDeck.Rank(first.Rank())
		case meld.Run:
			u := uint64(m)
			out |= notation.CardSet(u<<1|u>>1) & notation.FullDeck
		}
		out &^= m
	}
	return out & possible
}
