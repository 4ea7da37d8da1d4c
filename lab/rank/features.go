// Package rank is the lab's ranking model of a decision's moves: each
// legal move is scored by a linear function of a few features of what the
// seat sees, one weight vector for each kind of decision, fitted to the
// advisor's verdicts at a high budget (distillation). It picks the
// search's baseline in place of the heuristic's move, and leaves out the
// candidates it judges hopeless, through the seam analyze.BaselineSource.
package rank

import (
	"context"
	"strconv"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// Group is the kind of decision a weight vector scores.
type Group uint8

// The groups: whether to take the upcard, which card to discard, whether
// to knock and with which melds.
const (
	TakeGroup Group = iota
	DiscardGroup
	KnockGroup
	numGroups
)

// String names the group: take, discard or knock.
func (g Group) String() string {
	switch g {
	case TakeGroup:
		return "take"
	case DiscardGroup:
		return "discard"
	case KnockGroup:
		return "knock"
	}
	return "Group(" + strconv.Itoa(int(g)) + ")"
}

// GroupOf is the group of p's decision, and false for one the model does
// not rank.
func GroupOf(p *game.Position) (Group, bool) {
	switch p.Phase() {
	case game.FirstOffer, game.DrawPhase:
		return TakeGroup, true
	case game.DiscardPhase:
		return DiscardGroup, true
	case game.KnockPhase:
		return KnockGroup, true
	}
	return 0, false
}

// The features of each group, in order; Names lists them.
const (
	takeFeatures    = 7
	discardFeatures = 10
	knockFeatures   = 9
	// maxFeatures is the most of any group.
	maxFeatures = discardFeatures
)

// numFeatures is the count of g's features.
func numFeatures(g Group) int {
	switch g {
	case TakeGroup:
		return takeFeatures
	case DiscardGroup:
		return discardFeatures
	}
	return knockFeatures
}

// Names names each group's features, for the weights' file.
var names = [numGroups][]string{
	TakeGroup:    {"heuristic", "take", "take-melds", "take-gain", "take-value", "take-stock", "take-deadwood"},
	DiscardGroup: {"heuristic", "deadwood-after", "value", "meldable", "live-outs", "usefulness", "partners", "deadwood-stock", "can-knock", "safe-rank"},
	KnockGroup:   {"heuristic", "knock", "knock-deadwood", "gin", "knock-stock", "knock-draws", "knock-took", "knock-layoffs", "knock-behind"},
}

// view is what the features read of a decision, computed once for all of
// its moves.
type view struct {
	p          *game.Position
	hand       notation.CardSet
	unseen     notation.CardSet
	took, gone notation.CardSet
	dw         int
	meldable   notation.CardSet
	stock      float64
	heuristic  game.Move
	// withHeuristic says heuristic was read.
	withHeuristic bool
}

// newView is the view of p; its first feature is whether a move is the
// heuristic's, where withHeuristic says to read it, and 0 for every move
// where not.
func newView(p *game.Position, withHeuristic bool) *view {
	v := new(view)
	v.init(p, withHeuristic)
	return v
}

// init makes v the view of p, as newView.
func (v *view) init(p *game.Position, withHeuristic bool) {
	*v = view{p: p, hand: p.Hand(), unseen: p.Unseen(), took: p.OpponentTook(),
		gone: p.OpponentDiscards() | p.OpponentPassed(), stock: float64(p.StockCount()) / 30}
	if withHeuristic {
		v.heuristic, _ = analyze.Quick(context.Background(), p)
		v.withHeuristic = true
	}
	v.dw = meld.MinDeadwood(v.hand)
	v.meldable = meld.Meldable(v.hand)
}

// features writes m's features to dst, which has its group's length.
func (v *view) features(g Group, m game.Move, dst []float64) {
	clear(dst)
	if v.withHeuristic && m.Same(v.heuristic) {
		dst[0] = 1
	}
	switch g {
	case TakeGroup:
		v.take(m, dst)
	case DiscardGroup:
		v.discard(m, dst)
	case KnockGroup:
		v.knock(m, dst)
	}
}

// take: taking the upcard (draw, pass and big gin's absence score 0),
// whether it joins a meld, the deadwood it saves after the best discard,
// its value, the stock left and the deadwood before.
func (v *view) take(m game.Move, dst []float64) {
	up, ok := v.p.Upcard()
	if m.Kind != game.Take || !ok {
		return
	}
	with := v.hand.With(up)
	best := v.dw
	for c := range v.hand.All() {
		best = min(best, meld.MinDeadwood(with.Without(c)))
	}
	dst[1] = 1
	if meld.InMeld(with, up) {
		dst[2] = 1
	}
	dst[3] = float64(v.dw-best) / 10
	dst[4] = float64(up.Value()) / 10
	dst[5] = v.stock
	dst[6] = float64(v.dw) / 30
}

// discard: the deadwood left, the card's value, whether it fits a meld,
// the unseen cards that would complete a meld of the rest, how likely the
// opponent is to use it, the hand's cards next to it (its partners), the
// deadwood left as the stock runs low, whether the rest may knock, and
// whether the opponent threw or passed its rank.
func (v *view) discard(m game.Move, dst []float64) {
	switch m.Kind {
	case game.BigGin:
		dst[8] = 1
		return
	case game.Discard:
	default:
		return
	}
	c := m.Card
	rest := v.hand.Without(c)
	after := v.dw - c.Value()
	if v.meldable.Has(c) {
		after = meld.MinDeadwood(rest)
		dst[3] = 1
	}
	dst[1] = float64(after) / 10
	dst[2] = float64(c.Value()) / 10
	dst[4] = float64((meld.Completions(rest) & v.unseen).Len()) / 10
	dst[5] = reading.Usefulness(c, v.took, v.gone)
	dst[6] = float64(partners(rest, c)) / 4
	dst[7] = dst[1] * (1 - v.stock)
	if after <= v.p.KnockLimit() {
		dst[8] = 1
	}
	if v.gone.Rank(c.Rank()) != 0 {
		dst[9] = 1
	}
}

// knock: knocking, its deadwood, gin, the stock left, the draws so far,
// the cards the opponent took, the unseen cards that would lay off on its
// melds, and whether the seat is behind in the game.
func (v *view) knock(m game.Move, dst []float64) {
	if m.Kind != game.Knock && m.Kind != game.Gin && m.Kind != game.BigGin {
		return
	}
	melded := m.Spread.Cards()
	dw := (v.hand &^ melded).Value()
	dst[1] = 1
	dst[2] = float64(dw) / 10
	if m.Kind != game.Knock {
		dst[3] = 1
	}
	dst[4] = v.stock
	dst[5] = float64(v.p.Draws()) / 20
	dst[6] = float64(v.took.Len()) / 5
	dst[7] = float64((meld.Completions(melded) & v.unseen).Len()) / 10
	sc := v.p.Setup().Scores
	if sc[v.p.Seat()] < sc[v.p.Seat().Other()] {
		dst[8] = 1
	}
}

// partners counts the cards of rest of c's rank or next but one to it in
// its suit: the half-melds that c belongs to.
func partners(rest notation.CardSet, c notation.Card) int {
	n := rest.Rank(c.Rank()).Len()
	for _, d := range []int{-2, -1, 1, 2} {
		r := int(c.Rank()) + d
		if r >= 0 && r < notation.NumRanks && rest.Has(notation.Card(int(c.Suit())<<4|r)) {
			n++
		}
	}
	return n
}

// FeatureName names feature k of group g, as the fit reports write it.
func FeatureName(g, k int) string { return names[g][k] }
