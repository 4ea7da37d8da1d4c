package bot

import (
	"context"
	"math"
	"math/bits"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
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
}

// DefaultHeuristic returns the tuning of the "heuristic" player, chosen by
// games against simple (TestHeuristicBeatsSimple checks it; the mirrored
// round robin of docs/play.md measures it against the other styles):
// gin only, after the first six draws; a live completing card is worth 0.3
// of a point of deadwood. Tried and no better over 20,000 to 40,000 games:
// knocking at low deadwood, knock thresholds that fall through the hand,
// knocking when the stock runs low, taking upcards that lower the deadwood,
// and avoiding discards next to live cards or to cards the opponent took.
func DefaultHeuristic() HeuristicParams {
	return HeuristicParams{KnockAt: 0, EarlyDraws: 6, OutWeight: 0.3}
}

// Heuristic is a fast rule-based player, stronger than simple, used by the
// advisor as its own rollout policy. It reads only its own hand and the
// public table. Discards weigh the deadwood left against the live cards
// that would complete a meld; knocks wait for gin or an undercut in the
// middle of the hand unless the deadwood is already low.
type Heuristic struct {
	P HeuristicParams
	// spread holds the melds of the last knock Decide made.
	spread meld.Spread
}

// NewHeuristic returns a Heuristic player with the default tuning.
func NewHeuristic(uint64) *Heuristic { return &Heuristic{P: DefaultHeuristic()} }

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
	var v seatView
	stateView(&v, st)
	return h.choose(&v, st.PileSet(), st.StockCount(), st.Draws())
}

// Decide is Choose for a game.Decider.
func (h *Heuristic) Decide(st *game.State) (game.MoveKind, notation.Card, *meld.Spread) {
	var v seatView
	stateView(&v, st)
	return h.decide(&v, &h.spread, st.PileSet(), st.StockCount(), st.Draws())
}

func (h *Heuristic) choose(v *seatView, pile notation.CardSet, stock, draws int) game.Move {
	var sp meld.Spread
	return moveOf(h.decide(v, &sp, pile, stock, draws))
}

// decide writes the melds of a knock or big gin to sp.
func (h *Heuristic) decide(v *seatView, sp *meld.Spread, pile notation.CardSet, stock, draws int) (game.MoveKind, notation.Card, *meld.Spread) {
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		take := false
		if v.hasUpcard && !v.mustDraw {
			take = meld.InMeld(v.hand.With(v.upcard), v.upcard)
		}
		return drawKind(v, take), 0, nil
	case game.DiscardPhase:
		if v.canBigGin() {
			return layBigGin(v.hand, sp)
		}
		return game.Discard, h.discard(v, pile), nil
	case game.KnockPhase:
		dw := meld.MinDeadwood(v.hand)
		if !rules.DeclareKnock.AllowsDeadwood(dw, v.limit) {
			return game.PlayOn, 0, nil
		}
		if dw == 0 || dw <= h.P.KnockAt || draws <= h.P.EarlyDraws || stock <= h.P.LateStock {
			*sp, _, _ = meld.FirstArrangement(v.hand)
			return game.LayDownKind(v.hand, sp), 0, sp
		}
	}
	return game.PlayOn, 0, nil
}

// discard picks the card whose loss leaves the least deadwood less the
// worth of the live cards that would then complete a meld; ties go to the
// higher card.
func (h *Heuristic) discard(v *seatView, pile notation.CardSet) notation.Card {
	return bestDiscard(v, &discardTerm{kind: liveCards, pile: pile, weight: h.P.OutWeight})
}

// termKind says which weighing a discardTerm adds.
type termKind uint8

const (
	// liveCards counts against a discard the live cards that would
	// still complete a meld of the rest, weight points of deadwood each.
	liveCards termKind = iota
	// safeCards counts three points for each unit of the card's
	// usefulness to the opponent.
	safeCards
	// lookAhead counts the stand-in's one-draw look-ahead and danger.
	lookAhead
)

// discardTerm is what a weighing discarder adds to the deadwood a discard
// leaves. It is one concrete type, not an interface or a func, so that
// the rollouts' hottest loop calls it directly.
type discardTerm struct {
	kind               termKind
	pile               notation.CardSet
	weight             float64
	useful             *[notation.NumCards]float64
	unseen, took, gone notation.CardSet
}

// extra is the term for throwing c, rest being the hand without c.
func (t *discardTerm) extra(c notation.Card, rest notation.CardSet) float64 {
	switch t.kind {
	case safeCards:
		return 3 * t.useful[c.Index()]
	case lookAhead:
		return -drawGain(rest, t.unseen) + standInDanger*reading.Usefulness(c, t.took, t.gone)
	}
	live := meld.Completions(rest) &^ t.pile &^ c.Set()
	return -t.weight * float64(live.Len())
}

// score is the score of throwing c from the solved hand: the deadwood
// left plus the extra.
func (t *discardTerm) score(hand *meld.Solved, c notation.Card) float64 {
	return float64(hand.Without(c)) + t.extra(c, hand.Hand().Without(c))
}

// bestDiscard is the step every weighing discarder shares: of the cards
// the seat may throw, the one whose loss leaves the least deadwood plus
// term's extra; ties go to the higher card.
func bestDiscard(v *seatView, term *discardTerm) notation.Card {
	if term.kind == liveCards && term.weight >= 0 {
		return bestLiveDiscard(v, term)
	}
	return bestDiscardEach(v, term)
}

// bestDiscardEach is bestDiscard scoring every card the seat may throw.
func bestDiscardEach(v *seatView, term *discardTerm) notation.Card {
	allowed := v.hand
	if v.fromPile {
		allowed = allowed.Without(v.drawn)
	}
	best, bestScore := notation.Card(0), 1e18
	solved := meld.Solve(v.hand)
	for c := range allowed.All() {
		score := term.score(&solved, c)
		if score < bestScore || score == bestScore && c.Rank() >= best.Rank() {
			best, bestScore = c, score
		}
	}
	return best
}

// bestLiveDiscard is bestDiscard for the live cards' term, at a weight of
// 0 or more, scoring only the cards that could be best. Each card's score
// has a floor: throwing it saves at most its value, and the rest keeps at
// most the live completions of the whole hand. A card whose floor is
// above a score already found cannot be best, nor tie for it, so it is
// passed over; the highest card in no meld, scored first, passes over
// most; so is one whose deadwood left, once found, puts it above with the
// same bound on the live cards. The others are judged as bestDiscardEach
// judges them, in the same order and with the same arithmetic, so both
// give the same card.
func bestLiveDiscard(v *seatView, term *discardTerm) notation.Card {
	allowed := v.hand
	if v.fromPile {
		allowed = allowed.Without(v.drawn)
	}
	solved := meld.Solve(v.hand)
	whole, meldable := solved.Deadwood(), meld.Meldable(v.hand)
	most := -term.weight * float64((meld.Completions(v.hand) &^ term.pile).Len())
	bound, top, topScore, haveTop := math.Inf(1), notation.Card(0), 0.0, false
	if dead := allowed &^ meldable; dead != 0 {
		top, haveTop = highest(dead), true
		topScore = term.score(&solved, top)
		bound = topScore
	}
	// The cards go by rank, highest first, so that once a rank's floor
	// is above the bound every lower rank's is too. The card picked does
	// not depend on the order: it is the lowest score's highest rank's
	// card of the highest suit, which is also the last such card that
	// suit order meets.
	best, pick := math.Inf(1), notation.Card(0)
	for r := notation.NumRanks - 1; r >= 0; r-- {
		floor := float64(whole-notation.Rank(r).Value()) + most
		if floor > bound {
			break
		}
		for m := uint64(allowed) & (lanes << r); m != 0; m &= m - 1 {
			c := notation.Card(bits.TrailingZeros64(m))
			if floor > bound {
				break
			}
			var sc float64
			if haveTop && c == top {
				sc = topScore
			} else {
				// The deadwood left, found first, sets a tighter
				// floor with the same most: the live cards are
				// counted only for a card that can still be best.
				dw := float64(solved.Without(c))
				if dw+most > bound {
					continue
				}
				sc = dw + term.extra(c, v.hand.Without(c))
			}
			bound = min(bound, sc)
			if sc < best || sc == best && c.Rank() >= pick.Rank() {
				best, pick = sc, c
			}
		}
	}
	return pick
}

// highest returns a card of the highest rank in a set that is not empty.
func highest(set notation.CardSet) notation.Card {
	return notation.Card(bits.TrailingZeros64(uint64(set) & (lanes << topRank(set))))
}
