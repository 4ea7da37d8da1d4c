package engine

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// HeuristicParams tunes the Heuristic player.
type HeuristicParams struct {
	// KnockAt is the deadwood at or below which the player knocks at any
	// time; above it (and within the limit) it knocks only early in the
	// hand or when the stock runs low, and otherwise plays on for gin or
	// an undercut.
	KnockAt int
	// EarlyDraws is how many draws of the hand (both seats) count as
	// early, when any legal knock is taken.
	EarlyDraws int
	// LateStock is the stock count at or below which any legal knock is
	// taken.
	LateStock int
	// OutWeight is how many points of deadwood one live card that would
	// complete a meld is worth when choosing a discard.
	OutWeight float64
	// TakeGain is how much an upcard outside any meld must lower the
	// deadwood (after the best discard) for the player to take it; 0
	// never takes such a card.
	TakeGain int
	// DangerWeight is how many points of deadwood it is worth not to
	// discard a card next to live cards: each live card of its rank, and
	// each live card one rank away in its suit, counts once.
	DangerWeight float64
	// KnockSlope lowers the knock threshold from the limit by this much a
	// draw after the early draws, down to KnockAt; 0 leaves it at KnockAt.
	KnockSlope float64
}

// DefaultHeuristic is the tuning of the "heuristic" player, chosen by
// games against simple (see TestHeuristicBeatsSimple).
var DefaultHeuristic = HeuristicParams{KnockAt: 0, EarlyDraws: 6, OutWeight: 0.3}

// Heuristic is a fast rule-based player, stronger than simple, used by the
// advisor as its own rollout policy. It reads only its own hand and the
// public table. Discards weigh the deadwood left against the live cards
// that would complete a meld; knocks wait for gin or an undercut in the
// middle of the hand unless the deadwood is already low.
type Heuristic struct {
	P HeuristicParams
}

// NewHeuristic returns a Heuristic player with the default tuning.
func NewHeuristic(uint64) *Heuristic { return &Heuristic{P: DefaultHeuristic} }

// Name returns "heuristic".
func (*Heuristic) Name() string { return "heuristic" }

// HandOver does nothing: the player keeps no memory between hands.
func (*Heuristic) HandOver(*game.Position) {}

// Move decides from the position.
func (h *Heuristic) Move(_ context.Context, p *game.Position) (game.Move, error) {
	v := positionView(p)
	return h.choose(&v, p.PileSet(), p.StockCount(), p.Draws()), nil
}

// Choose decides for the seat to move in a state, as a rollout policy.
func (h *Heuristic) Choose(st *game.State) game.Move {
	v := stateView(st)
	return h.choose(&v, st.PileSet(), st.StockCount(), st.Draws())
}

func (h *Heuristic) choose(v *seatView, pile notation.CardSet, stock, draws int) game.Move {
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		take := false
		if v.hasUpcard && !v.mustDraw {
			take = meld.InMeld(v.hand.With(v.upcard), v.upcard)
			if !take && h.P.TakeGain > 0 {
				take = bestKeeping(v.hand, v.upcard) <= meld.MinDeadwood(v.hand)-h.P.TakeGain
			}
		}
		return drawChoice(v, take)
	case game.DiscardPhase:
		if v.canBigGin() {
			return bigGinMove(v.hand)
		}
		return game.DiscardMove(h.discard(v, pile))
	case game.KnockPhase:
		dw := meld.MinDeadwood(v.hand)
		if dw > v.limit {
			return game.PassMove
		}
		at := h.P.KnockAt
		if h.P.KnockSlope > 0 {
			at = max(at, v.limit-int(h.P.KnockSlope*float64(draws-h.P.EarlyDraws)))
		}
		if dw == 0 || dw <= at || draws <= h.P.EarlyDraws || stock <= h.P.LateStock {
			sp, _, _ := meld.FirstArrangement(v.hand)
			return knockMove(v.hand, sp)
		}
	}
	return game.PassMove
}

// discard picks the card whose loss leaves the least deadwood less the
// worth of the live cards that would then complete a meld; ties go to the
// higher card.
func (h *Heuristic) discard(v *seatView, pile notation.CardSet) notation.Card {
	allowed := v.hand
	if v.fromPile {
		allowed = allowed.Without(v.drawn)
	}
	best, bestScore := notation.Card(0), 1e18
	for c := range allowed.All() {
		rest := v.hand.Without(c)
		live := meld.Completions(rest) &^ pile &^ c.Set()
		score := float64(meld.MinDeadwood(rest)) - h.P.OutWeight*float64(live.Len())
		if h.P.DangerWeight != 0 {
			score += h.P.DangerWeight * float64((neighbours(c) &^ v.hand &^ pile).Len())
		}
		if score < bestScore || score == bestScore && c.Rank() >= best.Rank() {
			best, bestScore = c, score
		}
	}
	return best
}

// neighbours returns the other cards of c's rank and the cards one rank
// away in its suit.
func neighbours(c notation.Card) notation.CardSet {
	u := uint64(c.Set())
	rank := (u | u>>16 | u>>32 | u>>48) & 0x1FFF
	suit := (u>>1 | u<<1) & (0x1FFF << (16 * uint(c.Suit())))
	return notation.CardSet((rank*lanes | suit) &^ u)
}

// bestKeeping is the least deadwood after taking c and discarding another
// card of hand.
func bestKeeping(hand notation.CardSet, c notation.Card) int {
	h := hand.With(c)
	best := 1 << 30
	for d := range hand.All() {
		best = min(best, meld.MinDeadwood(h.Without(d)))
	}
	return best
}
