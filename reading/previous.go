package reading

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// PreviousTurns is how many of the opponent's turns before its last a
// hand shown at the end is read back through. Each step back multiplies
// the ways the unseen draws could have gone by up to eleven, and the
// turns far back seldom had a knock to pass up.
const PreviousTurns = 3

// oppTurn is one of the opponent's turns, as the seat saw it: its draw
// (the upcard up, or a card from the stock that the seat did not see),
// its discard, the draws made and the stock left at the discard, and the
// cards the seat knows it held before the draw (those it took from the
// pile and kept).
type oppTurn struct {
	took         bool
	up, discard  notation.Card
	draws, stock int
	held         notation.CardSet
}

// opponentTurns lists, in order, the opponent's turns of the record that
// ended in a discard.
func opponentTurns(p *game.Position) []oppTurn {
	opp := p.Seat().Other()
	n, left := 0, game.StockSize
	var (
		out  []oppTurn
		cur  oppTurn
		held notation.CardSet
	)
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		switch e.Kind {
		case game.Drew:
			n++
			left--
		case game.Took:
			n++
		}
		if e.Seat != opp {
			continue
		}
		switch e.Kind {
		case game.Took:
			cur = oppTurn{took: true, up: e.Card, held: held}
			held = held.With(e.Card)
		case game.Drew:
			cur = oppTurn{held: held}
		case game.Discarded:
			held = held.Without(e.Card)
			cur.discard, cur.draws, cur.stock = e.Card, n, left
			out = append(out, cur)
		}
	}
	return out
}

// readPreviousDeclines weighs the opponent's turns before its last, up to
// PreviousTurns of them: after each it played on, with a hand that was the
// hand after the next turn, that turn's discard back and its draw out.
// Reading the last turn alone, as readKnock and readDecline do, learns
// nothing from a gin and little from a player that holds for one; the
// turns before show it passing up knocks. A draw from the stock leaves
// which card it was unknown, so each rule's likelihood sums over every way
// the draws could have gone, each alike; a way that leaves a gin after a
// turn is ruled out, since every style takes gin.
func (s *Style) readPreviousDeclines(p *game.Position, hand notation.CardSet) {
	if !p.RecordComplete() || hand.Len() != 10 {
		return
	}
	turns := opponentTurns(p)
	if len(turns) < 2 {
		return
	}
	b := backward{turns: turns, limit: p.KnockLimit()}
	var like [NumKnockRules]float64
	for r := range like {
		like[r] = 1
	}
	b.step(len(turns)-1, hand, PreviousTurns, 1, like)
	if b.total == ([NumKnockRules]float64{}) {
		return
	}
	informative := false
	for r := range b.total {
		s.logw[r] += math.Log(b.total[r])
		informative = informative || b.total[r] != b.total[0]
	}
	if informative {
		s.Seen++
	}
}

// backward is a walk back through the opponent's turns: the turns, the
// knock limit, the likelihood of each rule summed over the ways walked,
// and, for tests, a function shown each hand reached (nil otherwise).
type backward struct {
	turns []oppTurn
	limit int
	total [NumKnockRules]float64
	seen  func(turn int, hand notation.CardSet)
}

// step goes from after, the hand after turns[i], to each hand the
// opponent could have held after turns[i-1], weighing the decline there;
// weight is the chance of the way so far and like each rule's likelihood
// along it. With depth steps taken, or no turn before, it adds the way to
// the total.
func (b *backward) step(i int, after notation.CardSet, depth int, weight float64, like [NumKnockRules]float64) {
	if depth == 0 || i == 0 {
		for r := range b.total {
			b.total[r] += weight * like[r]
		}
		return
	}
	t := b.turns[i]
	if after.Has(t.discard) {
		return
	}
	before := after.With(t.discard)
	drawn := before &^ t.held
	if t.took {
		if !before.Has(t.up) {
			return
		}
		drawn = t.up.Set()
	}
	n := float64(drawn.Len())
	prev := b.turns[i-1]
	for c := range drawn.All() {
		h := before.Without(c)
		dw := meld.MinDeadwood(h)
		if dw == 0 {
			continue
		}
		if b.seen != nil {
			b.seen(i-1, h)
		}
		next := like
		for r := range KnockRule(NumKnockRules) {
			if rules.DeclareKnock.AllowsDeadwood(dw, b.limit) && r.Knocks(dw, prev.draws, prev.stock) {
				next[r] *= slip
			} else {
				next[r] *= 1 - slip
			}
		}
		b.step(i-1, h, depth-1, weight/n, next)
	}
}
