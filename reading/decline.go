package reading

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// lastDiscard returns the draws made and the stock left when the
// opponent last discarded.
func lastDiscard(p *game.Position) (draws, stock int, ok bool) {
	draws, stock, ok, _ = walkToLastDiscard(p)
	return draws, stock, ok
}

// walkToLastDiscard walks the record to the opponent's last discard: the
// draws made and the stock left then, and whether the opponent has done
// nothing since but play on.
func walkToLastDiscard(p *game.Position) (draws, stock int, ok, latest bool) {
	if !p.RecordComplete() {
		return 0, 0, false, false
	}
	opp := p.Seat().Other()
	n, left := 0, game.StockSize
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
		case game.Discarded:
			draws, stock, ok, latest = n, left, true, true
		case game.PlayedOn:
		default:
			latest = false
		}
	}
	return draws, stock, ok, latest
}

// Decline is the opponent's latest knock decision, seen from the seat: it
// discarded and played on with Draws draws made and Stock cards left. Its
// hand then is its hand now, so a sampled world says whether it passed up
// a knock.
type Decline struct {
	Draws, Stock, Limit int
	Opp                 notation.Seat
}

// LastDecline finds the opponent's latest decision not to knock, if it is
// the seat's turn right after it.
func LastDecline(p *game.Position) (Decline, bool) {
	if p.Phase() == game.Over || p.Turn() != p.Seat() || !p.RecordComplete() {
		return Decline{}, false
	}
	opp := p.Seat().Other()
	if p.NumEvents() == 0 {
		// A position from the short form has no record: the opponent's
		// last act was a discard if it has discarded and it is the seat's
		// draw or discard.
		if p.OpponentDiscards() == 0 {
			return Decline{}, false
		}
		d := Decline{Draws: p.Draws(), Stock: p.StockCount(), Limit: p.KnockLimit(), Opp: opp}
		switch p.Phase() {
		case game.DrawPhase:
		case game.DiscardPhase:
			_, fromPile := p.Drawn()
			d.Draws--
			if !fromPile {
				d.Stock++
			}
		default:
			return Decline{}, false
		}
		return d, true
	}
	draws, stock, _, latest := walkToLastDiscard(p)
	return Decline{Draws: draws, Stock: stock, Limit: p.KnockLimit(), Opp: opp}, latest
}

// likelihoods returns, for each knock rule, the chance of the decline
// given the opponent's hand in a world.
func (d *Decline) likelihoods(oppHand notation.CardSet) [NumKnockRules]float64 {
	var l [NumKnockRules]float64
	dw := meld.MinDeadwood(oppHand)
	for r := range KnockRule(NumKnockRules) {
		switch {
		case dw == 0:
			// Every style takes gin.
			l[r] = slip
		case rules.DeclareKnock.AllowsDeadwood(dw, d.Limit) && r.Knocks(dw, d.Draws, d.Stock):
			l[r] = slip
		default:
			l[r] = 1 - slip
		}
	}
	return l
}
