package game

import (
	"errors"
	"fmt"
	"strings"

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
	draws, err := checkTurns(s, f, up)
	if err != nil {
		return p, err
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
	p.nOpp = uint32(len(f.OppDiscards))
	p.draws = uint32(draws)
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
		// The stock is checked at the end of a turn, so the hand's first
		// draw is made whatever the dead size.
		if f.StockCount <= s.Rules.DeadStock && draws > 0 {
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
		case draws <= 1:
			// The hand's first turn: no turn has ended, so the stock has
			// not been checked against the dead size yet.
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

// opening is one way the first offer can have gone: who took the first
// upcard (NoSeat when both passed).
type opening struct {
	taker notation.Seat
}

// turnCounts is what an opening implies for the facts: the draws of the
// hand so far, and how many of them can and must have been takes from
// the pile.
type turnCounts struct {
	draws              int
	minTakes, maxTakes int
	takes              int // the takes the pile's size shows
}

// countTurns works out the turns for an opening, or false when the
// opening contradicts the facts. The turns alternate from the first mover
// (the dealer only when it took the first upcard); every finished turn
// ended with a discard; the seat to move has drawn once more in the
// discard and knock phases, and discarded once more in the knock phase.
func countTurns(s Setup, f Facts, up notation.Card, o opening) (turnCounts, bool) {
	var c turnCounts
	nd, opp := s.Dealer.Other(), f.Seat.Other()
	// The opponent's first-offer decisions are public.
	switch {
	case o.taker == opp && !f.OppTook.Has(up):
		return c, false
	case o.taker == s.Dealer && !f.OppPassed.Has(up) && opp == nd:
		return c, false
	case !o.taker.Valid() && !f.OppPassed.Has(up):
		return c, false
	}
	first := nd
	// When the non-dealer took the first upcard, the dealer was never
	// offered it; the dealer passed it later only if the seat discarded it
	// again, which it may not do on the turn it took it.
	if o.taker == f.Seat && f.Seat == nd && f.OppPassed.Has(up) {
		again := len(f.OppDiscards) // the seat's finished turns, it moving first
		if again < 2 && !(s.Rules.RepeatEnds && again >= 1) {
			return c, false
		}
	}
	if o.taker == s.Dealer {
		first = s.Dealer
	}
	oppTurns := len(f.OppDiscards)
	ownTurns := oppTurns
	if first == opp {
		ownTurns--
	}
	if ownTurns < 0 {
		return c, false
	}
	current, curStock, curPile, ownDiscards := 0, 0, 0, ownTurns
	if f.Phase != DrawPhase {
		current = 1
		if f.FromPile {
			curPile = 1
		} else {
			curStock = 1
		}
	}
	if f.Phase == KnockPhase {
		ownDiscards++
	}
	c.draws = oppTurns + ownTurns + current
	// After both passed, the non-dealer's first draw is from the stock.
	forcedOwn, forcedOpp := 0, 0
	if !o.taker.Valid() {
		if nd == f.Seat {
			forcedOwn = 1
		} else {
			forcedOpp = 1
		}
	}
	// The seat's first draw took the first upcard, or was forced from the
	// stock; when that draw is this turn's, the card drawn must show it.
	ownTookUp := 0
	if o.taker == f.Seat {
		if ownTurns == 0 && (curPile == 0 || f.Drawn != up) {
			return c, false
		}
		if ownTurns > 0 {
			ownTookUp = 1
		}
	}
	if forcedOwn == 1 && ownTurns == 0 {
		if curStock == 0 && f.Phase != DrawPhase {
			return c, false
		}
		forcedOwn = 0
	}
	// The opponent's takes are public: each card it took is in took=, and
	// it takes a card again only after discarding it.
	retakes := 0
	for _, d := range f.OppDiscards {
		if f.OppTook.Has(d) {
			retakes++
		}
	}
	oppMax := min(oppTurns-forcedOpp, f.OppTook.Len()+retakes)
	c.minTakes = f.OppTook.Len() + curPile + ownTookUp
	c.maxTakes = oppMax + (ownTurns + current - forcedOwn - curStock)
	c.takes = 1 + oppTurns + ownDiscards - len(f.Pile)
	return c, true
}

// checkTurns refuses facts that no sequence of turns could reach: upcards
// the opponent could not have passed, a first upcard that is nowhere,
// draws that disagree with the discards, and a pile whose size needs more
// or fewer takes than the turns allow. It returns the draws of the hand.
func checkTurns(s Setup, f Facts, up notation.Card) (int, error) {
	opp := f.Seat.Other()
	pile := notation.SetOf(f.Pile...)
	if f.Phase == FirstOffer {
		want := notation.CardSet(0)
		if opp != s.Dealer {
			want = up.Set()
		}
		switch {
		case f.OppPassed != want && want == 0:
			return 0, factErr("passed", "at the non-dealer's first offer the opponent has passed nothing")
		case f.OppPassed != want:
			return 0, factErr("passed", "the dealer is offered the first upcard after the non-dealer passed it: passed=%s", up)
		case f.OppTook != 0 || len(f.OppDiscards) != 0:
			return 0, factErr("took", "nothing is taken or discarded before the first offer ends")
		case f.Draws != 0:
			return 0, factErr("draws", "no draw is made before the first offer ends")
		}
		return 0, nil
	}
	if f.FirstUpcard.Valid() && len(f.Pile) > 0 && f.Pile[0] != f.FirstUpcard && !(f.Hand | pile | f.OppTook).Has(f.FirstUpcard) {
		return 0, factErr("first", "%s is not at the bottom of the pile, so it was taken at the first offer, but it is not where a taken card can be", f.FirstUpcard)
	}
	if never := f.OppPassed &^ (f.Hand | pile | f.OppTook); never != 0 {
		return 0, factErr("passed", "%s was never offered to the opponent: a card it passed stays in the pile, unless taken since", never)
	}
	if opp != s.Dealer && !(f.OppPassed | f.OppTook).Has(up) {
		return 0, factErr("passed", "the first upcard %s was offered to the opponent first: it is in passed= or took=", up)
	}
	var counts []turnCounts
	for _, o := range []opening{{taker: notation.NoSeat}, {taker: s.Dealer.Other()}, {taker: s.Dealer}} {
		if c, ok := countTurns(s, f, up, o); ok {
			counts = append(counts, c)
		}
	}
	if len(counts) == 0 {
		return 0, factErr("discards", "the first offer cannot have gone any way that leads here: the opponent moved first, so it has discarded, or the first upcard is missing from passed= and took=")
	}
	// The facts hold when one opening explains them all; otherwise the
	// first opening that matches the draws names what is wrong.
	var firstErr error
	for _, c := range counts {
		var err error
		switch {
		case f.Draws != 0 && c.draws != f.Draws:
			err = factErr("draws", "%d draws; with %d discards by the opponent the hand has seen %d", f.Draws, len(f.OppDiscards), c.draws)
		case c.takes < c.minTakes:
			err = factErr("pile", "%d cards in the pile after %d discards by the opponent leave %d takes from it, fewer than the %d known", len(f.Pile), len(f.OppDiscards), c.takes, c.minTakes)
		case c.takes > c.maxTakes:
			err = factErr("pile", "%d cards in the pile after %d discards by the opponent leave %d takes from it, more than the %d turns that could take allow", len(f.Pile), len(f.OppDiscards), c.takes, c.maxTakes)
		default:
			return c.draws, nil
		}
		if firstErr == nil || f.Draws != 0 && c.draws == f.Draws && strings.HasPrefix(firstErr.Error(), "draws") {
			firstErr = err
		}
	}
	return 0, firstErr
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
