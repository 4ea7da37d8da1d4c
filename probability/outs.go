package probability

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// OutKind sorts a card by what drawing it does for the hand.
type OutKind uint8

// The kinds of card, best first.
const (
	OutGin OutKind = iota
	OutKnock
	OutImprove
	OutBlank
)

var outNames = [...]string{"gin", "knock", "improve", "blank"}

func (k OutKind) String() string {
	if int(k) < len(outNames) {
		return outNames[k]
	}
	return fmt.Sprintf("OutKind(%d)", uint8(k))
}

// CardOut is what one card would do for the hand if drawn.
type CardOut struct {
	Card notation.Card
	// Deadwood is the least deadwood after drawing the card and making
	// the best discard, Discard.
	Deadwood int
	Discard  notation.Card
	Kind     OutKind
	// Next is the chance that the card is the next card of the stock.
	Next float64
}

// ReachRow is the chance of reaching a knock, and gin, within Draws draws.
type ReachRow struct {
	Draws int
	Knock float64
	Gin   float64
	// Method is "exact" or "monte carlo"; a Monte Carlo row gives its
	// sample count and the standard errors.
	Method  string
	Samples int
	KnockSE float64
	GinSE   float64
	// Possible says the stock still holds enough cards for these draws;
	// a row that is not carries the last possible row's figures, since
	// the hand dies before it can draw again.
	Possible bool
}

// OutsReport is the draw outs of a 10-card hand before its draw.
type OutsReport struct {
	Hand       notation.CardSet
	Deadwood   int
	KnockLimit int
	// Upcard is what taking the upcard would do, when there is one; the
	// card taken may not be discarded at once.
	Upcard *CardOut
	// Cards are the unseen cards, best first.
	Cards []CardOut
	// Count and NextChance give, for each kind, how many unseen cards are
	// of that kind and the chance that the next stock card is one.
	Count      [4]int
	NextChance [4]float64
	Reach      []ReachRow
}

// ErrNotBeforeDraw means outs were asked of a position that is not a
// 10-card hand about to draw.
var ErrNotBeforeDraw = errors.New("outs need a 10-card hand about to draw")

func kindOf(dw, current, limit int) OutKind {
	switch {
	case rules.DeclareGin.AllowsDeadwood(dw, limit):
		return OutGin
	case rules.DeclareKnock.AllowsDeadwood(dw, limit):
		return OutKnock
	case dw < current:
		return OutImprove
	}
	return OutBlank
}

// bestAfter is the least deadwood after adding c to hand and discarding
// one card, never the card in keep when keep is set.
func bestAfter(hand notation.CardSet, c notation.Card, keepDrawn bool) (int, notation.Card) {
	h := hand.With(c)
	if !keepDrawn {
		d, dw, _ := meld.BestDiscard(h)
		return dw, d
	}
	best, bestCard := math.MaxInt, notation.Card(0)
	for d := range hand.All() {
		if dw := meld.MinDeadwood(h.Without(d)); dw < best {
			best, bestCard = dw, d
		}
	}
	return best, bestCard
}

// ExactOuts works out, for the upcard and every unseen card, what drawing
// it does, and the chance that the next stock card is of each kind,
// weighted by the estimate: a card the opponent probably holds is less
// likely to be in the stock.
func ExactOuts(p *game.Position, e *Estimate) (OutsReport, error) {
	r := OutsReport{Hand: p.Hand(), KnockLimit: p.KnockLimit()}
	if (p.Phase() != game.DrawPhase && p.Phase() != game.FirstOffer) || p.Hand().Len() != 10 {
		return r, ErrNotBeforeDraw
	}
	r.Deadwood = meld.MinDeadwood(p.Hand())
	if up, ok := p.Upcard(); ok && !p.MustDraw() {
		dw, d := bestAfter(p.Hand(), up, true)
		r.Upcard = &CardOut{Card: up, Deadwood: dw, Discard: d, Kind: kindOf(dw, r.Deadwood, r.KnockLimit)}
	}
	stock := float64(p.StockCount())
	hand := p.Hand()
	// A card that melds with nothing in the hand stays deadwood, and
	// changes no meld: the best is to throw it back, or to keep it and
	// throw the card whose removal leaves least, found once.
	best9Card, best9, _ := meld.BestDiscard(hand)
	r.Cards = make([]CardOut, 0, e.Unseen.Cards.Len())
	for c := range e.Unseen.Cards.All() {
		var dw int
		var d notation.Card
		if meld.InMeld(hand.With(c), c) {
			dw, d = bestAfter(hand, c, false)
		} else {
			dw, d = r.Deadwood, c
			if keep := best9 + c.Value(); keep < dw || keep == dw && preferDiscard(best9Card, c) {
				dw, d = keep, best9Card
			}
		}
		o := CardOut{Card: c, Deadwood: dw, Discard: d, Kind: kindOf(dw, r.Deadwood, r.KnockLimit)}
		if stock > 0 {
			o.Next = e.InStock(c) / stock
		}
		r.Cards = append(r.Cards, o)
		r.Count[o.Kind]++
		r.NextChance[o.Kind] += o.Next
	}
	sortOuts(r.Cards)
	return r, nil
}

// preferDiscard breaks a tie between two discards as meld.BestDiscard
// does: the higher card, then the first in card order.
func preferDiscard(a, b notation.Card) bool {
	if a.Value() != b.Value() {
		return a.Value() > b.Value()
	}
	return a < b
}

func sortOuts(cs []CardOut) {
	slices.SortFunc(cs, func(a, b CardOut) int {
		if a.Deadwood != b.Deadwood {
			return a.Deadwood - b.Deadwood
		}
		return int(a.Card) - int(b.Card)
	})
}

// Outs is ExactOuts, then the chance of reaching a knock, and gin, within
// 1 to 5 draws from the stock, playing the best discard after each: exact
// for one draw, and by Monte Carlo over sampled worlds (samples of them,
// from seed) beyond, the opponent drawing from the stock in between.
func Outs(ctx context.Context, p *game.Position, e *Estimate, samples int, seed uint64, workers int) (OutsReport, error) {
	r, err := ExactOuts(p, e)
	if err != nil {
		return r, err
	}
	dead := p.Rules().DeadStock
	// Draw 1, exactly.
	first := ReachRow{Draws: 1, Method: "exact", Possible: p.StockCount() > dead}
	if first.Possible {
		// The chances are sums of weights in floating point: one that
		// ought to be 1 may come out a hair either side of it, and is 1
		// when every unseen card is of the kinds summed.
		first.Knock = min(1, r.NextChance[OutGin]+r.NextChance[OutKnock])
		first.Gin = r.NextChance[OutGin]
		if r.Count[OutGin]+r.Count[OutKnock] == len(r.Cards) {
			first.Knock = 1
		}
		if r.Count[OutGin] == len(r.Cards) {
			first.Gin = 1
		}
	}
	r.Reach = append(r.Reach, first)
	if samples <= 0 {
		return r, nil
	}
	s := NewSampler(p, e)
	results, err := parallel(ctx, samples, seed, workers, func(rng *rand.Rand, n int) reachTally {
		var t reachTally
		for i := 0; i < n; i++ {
			if st, _, err := s.World(rng); err == nil {
				t.add(&st, p.Hand(), r.KnockLimit, dead)
			}
		}
		return t
	})
	if err != nil {
		return r, err
	}
	var total reachTally
	for _, t := range results {
		for k := range total.knock {
			total.knock[k] += t.knock[k]
			total.gin[k] += t.gin[k]
		}
	}
	n := float64(samples)
	for k := 1; k < reachHorizon; k++ {
		row := ReachRow{Draws: k + 1, Method: "monte carlo", Samples: samples, Possible: drawAllowed(p, k)}
		if !row.Possible {
			// The hand dies before this draw, so within k draws is within
			// the draws the stock allows: the last row that was possible,
			// exact or sampled, carries on, and the chance never falls.
			last := r.Reach[k-1]
			last.Draws, last.Possible = row.Draws, false
			r.Reach = append(r.Reach, last)
			continue
		}
		row.Knock, row.Gin = float64(total.knock[k])/n, float64(total.gin[k])/n
		row.KnockSE = math.Sqrt(row.Knock * (1 - row.Knock) / n)
		row.GinSE = math.Sqrt(row.Gin * (1 - row.Gin) / n)
		r.Reach = append(r.Reach, row)
	}
	return r, nil
}

// drawAllowed says the hand lives to the seat's draw k turns after this
// one: the stock still holds more than its dead cards then, and the draws
// of both seats before it are under the rules' draw limit, at which the
// hand dies.
func drawAllowed(p *game.Position, k int) bool {
	if p.StockCount()-2*k <= p.Rules().DeadStock {
		return false
	}
	limit := p.Rules().DrawLimit
	return limit == 0 || p.Draws()+2*k < limit
}

// reachHorizon is the most draws Outs looks ahead.
const reachHorizon = 5

// reachTally counts the sampled worlds in which the hand has reached a
// knock, and gin, by each draw.
type reachTally struct{ knock, gin [reachHorizon]int }

// add plays hand on through a sampled world: it draws every other card
// of the stock (the opponent draws those in between) and plays the best
// discard after each, until the stock is down to dead cards.
func (t *reachTally) add(st *game.State, hand notation.CardSet, knockLimit, dead int) {
	left := st.StockCount()
	knocked, ginned := false, false
	for k := 0; k < reachHorizon; k++ {
		at := 2 * k // the opponent draws the cards in between
		c, ok := st.StockCard(at)
		if !ok || left-at <= dead {
			break
		}
		d, dw, _ := meld.BestDiscard(hand.With(c))
		hand = hand.With(c).Without(d)
		knocked = knocked || rules.DeclareKnock.AllowsDeadwood(dw, knockLimit)
		ginned = ginned || rules.DeclareGin.AllowsDeadwood(dw, knockLimit)
		if knocked {
			t.knock[k]++
		}
		if ginned {
			t.gin[k]++
		}
	}
}

// CountOuts counts the unseen cards that, drawn into a 10-card hand and
// followed by the best discard, bring gin, or a knock (gin included).
func CountOuts(hand notation.CardSet, unseen notation.CardSet, limit int) (gin, knock int) {
	for c := range unseen.All() {
		_, dw, _ := meld.BestDiscard(hand.With(c))
		if rules.DeclareGin.AllowsDeadwood(dw, limit) {
			gin++
		}
		if rules.DeclareKnock.AllowsDeadwood(dw, limit) {
			knock++
		}
	}
	return gin, knock
}
