package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Facts are what a seat sees of a hand at one of its decisions, without
// the order of the events that led there: what a position notation
// writes down.
type Facts struct {
	Seat  notation.Seat
	Phase Phase // FirstOffer, DrawPhase, DiscardPhase or KnockPhase
	Hand  notation.CardSet
	// Pile is the discard pile, bottom first.
	Pile       []notation.Card
	StockCount int
	// FirstUpcard is the hand's first upcard, which sets the knock limit
	// under Oklahoma rules.
	FirstUpcard notation.Card
	// OppTook and OppPassed are the cards the opponent took from the pile
	// and the upcards it passed; OppDiscards its discards, in order.
	OppTook     notation.CardSet
	OppPassed   notation.CardSet
	OppDiscards []notation.Card
	// OppKnown holds the cards taken that the opponent still holds. The
	// zero value means OppTook less the discards, which is right unless a
	// card was taken again after it was discarded.
	OppKnown notation.CardSet
	// Drawn is the card drawn this turn, in the discard and knock phases;
	// FromPile says it was taken from the pile.
	Drawn    notation.Card
	FromPile bool
	// Draws counts the draws of the hand so far; 0 means as many as the
	// stock and the takes show.
	Draws int
}

// ErrFacts is wrapped by every error about facts that cannot hold.
var ErrFacts = errors.New("impossible position")

// FactsError names the fact that cannot hold.
type FactsError struct {
	Field  string // the fact: "hand", "pile", "stock", …
	Reason string
}

func (e *FactsError) Error() string { return e.Field + ": " + e.Reason }
func (e *FactsError) Unwrap() error { return ErrFacts }

func factErr(field, format string, args ...any) error {
	return &FactsError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// PositionFromFacts builds the position the facts describe, with the seat
// to move. Its record of events is empty; everything else is as if it had
// been built event by event, so it can be completed and played on.
func PositionFromFacts(s Setup, f Facts) (Position, error) {
	var p Position
	if !f.Seat.Valid() {
		return p, factErr("seat", "%s is not p1 or p2", f.Seat)
	}
	if !s.Dealer.Valid() {
		return p, factErr("dealer", "%s is not p1 or p2", s.Dealer)
	}
	if err := s.Rules.Validate(); err != nil {
		return p, factErr("rules", "%v", err)
	}
	wantHand := 10
	switch f.Phase {
	case FirstOffer, DrawPhase, KnockPhase:
	case DiscardPhase:
		wantHand = 11
	default:
		return p, factErr("phase", "a seat decides only in the first-offer, draw, discard and knock phases")
	}
	if n := f.Hand.Len(); n != wantHand || !f.Hand.Valid() {
		return p, factErr("hand", "holds %d cards; in the %s phase it holds %d", n, f.Phase, wantHand)
	}
	if f.StockCount < 0 || f.StockCount > StockSize {
		return p, factErr("stock", "%d cards; the stock holds 0 to %d", f.StockCount, StockSize)
	}
	var pile notation.CardSet
	for _, c := range f.Pile {
		if !c.Valid() || pile.Has(c) {
			return p, factErr("pile", "%s is in it twice", c)
		}
		pile = pile.With(c)
	}
	if both := pile & f.Hand; both != 0 {
		return p, factErr("pile", "%s is also in the hand", both)
	}
	if total := f.Hand.Len() + len(f.Pile) + f.StockCount + 10; total != notation.NumCards {
		return p, factErr("stock", "the hand (%d), the pile (%d), the stock (%d) and the opponent's 10 cards make %d, not 52",
			f.Hand.Len(), len(f.Pile), f.StockCount, total)
	}
	var discarded notation.CardSet
	for _, c := range f.OppDiscards {
		if !c.Valid() {
			return p, factErr("discards", "not a card")
		}
		discarded = discarded.With(c)
	}
	if len(f.OppDiscards) > MaxDraws {
		return p, factErr("discards", "more than %d", MaxDraws)
	}
	known := f.OppTook &^ discarded
	if f.OppKnown != 0 {
		if f.OppKnown&^f.OppTook != 0 {
			return p, factErr("holds", "%s was never taken", f.OppKnown&^f.OppTook)
		}
		known = f.OppKnown
	}
	if both := known & (f.Hand | pile); both != 0 {
		return p, factErr("took", "%s was taken by the opponent and not discarded, so it cannot be in the hand or the pile", both)
	}
	if !f.OppTook.Valid() || !f.OppPassed.Valid() {
		return p, factErr("took", "not cards")
	}
	up := f.FirstUpcard
	if !up.Valid() {
		if len(f.Pile) == 0 {
			return p, factErr("first", "the first upcard is needed when the pile is empty")
		}
		up = f.Pile[0]
	}
	p = NewPosition(f.Seat, s)
	p.hand = f.Hand
	p.dealt = 10
	p.started = true
	p.deal = rules.Deal{Upcard: up, HasUpcard: true}
	p.limit = s.Rules.KnockLimitFor(p.deal)
	copy(p.pile[:], f.Pile)
	p.npile = uint8(len(f.Pile))
	p.stock = uint8(f.StockCount)
	p.phase, p.turn = f.Phase, f.Seat
	p.opp = 10
	p.oppKnown = known
	p.oppTook, p.oppPassed = f.OppTook, f.OppPassed
	p.oppDiscards = discarded
	copy(p.oppOrder[:], f.OppDiscards)
	p.nOpp = uint8(len(f.OppDiscards))
	draws := f.Draws
	if draws == 0 {
		draws = StockSize - f.StockCount + f.OppTook.Len()
	}
	p.draws = uint16(draws)
	switch f.Phase {
	case FirstOffer:
		if len(f.Pile) != 1 || f.StockCount != StockSize || f.Pile[0] != up {
			return p, factErr("phase", "the first offer comes before any draw, with only the first upcard on the pile")
		}
		if f.Seat == s.Dealer {
			p.passes = 1
		}
	case DrawPhase:
		// Past the first offer; with no draw yet, both passed it, and
		// the stock must be drawn.
		p.passes = 2
		if draws == 0 && !(f.Seat != s.Dealer && f.OppPassed.Has(up)) {
			return p, factErr("phase", "a draw with no draw made comes only after both passed the first upcard")
		}
		if f.StockCount <= s.Rules.DeadStock {
			if !s.Rules.FiftiethCard {
				return p, factErr("stock", "the hand died when the stock came down to %d", s.Rules.DeadStock)
			}
			p.lastChance = true
		}
	case DiscardPhase, KnockPhase:
		p.passes = 2
		if f.Phase == DiscardPhase && !f.Hand.Has(f.Drawn) {
			return p, factErr("drawn", "the card drawn this turn must be in the hand")
		}
		p.drawn, p.fromPile = f.Drawn, f.FromPile
		// A turn taken with the stock at the dead size is the 50th-card
		// rule's last chance: the hand dies after it.
		switch {
		case f.FromPile && f.StockCount <= s.Rules.DeadStock:
			if !s.Rules.FiftiethCard {
				return p, factErr("stock", "the hand died when the stock came down to %d", s.Rules.DeadStock)
			}
			p.lastChance = true
		case f.StockCount < s.Rules.DeadStock:
			return p, factErr("stock", "no card is drawn from a stock of %d or less", s.Rules.DeadStock)
		}
	}
	// The seat moves after the opponent's turn, which ended with a
	// discard: until the seat takes it, it is the top of the pile.
	if (f.Phase == DrawPhase && p.draws > 0) || (f.Phase == DiscardPhase && !f.FromPile && p.draws > 1) {
		n := len(f.OppDiscards)
		if n == 0 || len(f.Pile) == 0 || f.Pile[len(f.Pile)-1] != f.OppDiscards[n-1] {
			return p, factErr("pile", "the top of the pile must be the opponent's last discard")
		}
	}
	return p, nil
}

// Facts returns what the position shows, as PositionFromFacts takes it.
func (p *Position) Facts() Facts {
	f := Facts{
		Seat: p.seat, Phase: p.phase, Hand: p.hand, StockCount: int(p.stock),
		FirstUpcard: p.deal.Upcard, OppTook: p.oppTook, OppPassed: p.oppPassed, OppKnown: p.oppKnown,
		Drawn: p.drawn, FromPile: p.fromPile, Draws: int(p.draws),
	}
	f.Pile = append(f.Pile, p.pile[:p.npile]...)
	f.OppDiscards = p.OpponentDiscardOrder(nil)
	if f.Phase != DiscardPhase && f.Phase != KnockPhase {
		f.Drawn, f.FromPile = 0, false
	}
	return f
}
