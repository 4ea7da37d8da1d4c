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
	// stock and the takes show. A hand longer than MaxDraws draws (the
	// rules set no draw limit, or one above it) lists only the latest
	// MaxDraws of the opponent's discards in OppDiscards: Draws then says
	// how many turns there were, and OppEarlier holds the cards discarded
	// before them that the list no longer shows.
	Draws      int
	OppEarlier notation.CardSet
	// Waiting says the opponent is to move, in Phase: the seat waits. Its
	// facts are then those after its own last move, or after the
	// opponent's moves since; Drawn and FromPile are the opponent's draw,
	// known only when taken from the pile.
	Waiting bool
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
	if err := checkSetupFacts(s, f); err != nil {
		return Position{}, err
	}
	if f.Waiting {
		return waitingFromFacts(s, f)
	}
	pile, err := checkPlaces(f)
	if err != nil {
		return Position{}, err
	}
	known, discarded, err := opponentFacts(f, pile)
	if err != nil {
		return Position{}, err
	}
	up, err := firstUpcardOf(f)
	if err != nil {
		return Position{}, err
	}
	tc, err := checkTurns(s, f, up)
	if err != nil {
		return Position{}, err
	}
	if err := checkEarlier(f, tc.oppTurns, pile); err != nil {
		return Position{}, err
	}
	p := factsPosition(s, f, up, known, discarded|f.OppEarlier, tc)
	if err := p.phaseFromFacts(f, up); err != nil {
		return p, err
	}
	return p, checkPileTop(f, tc.draws)
}

// checkEarlier checks the discards older than the list: only a hand that
// outgrew it has them, and a discarded card is in the seat's hand, in the
// pile or taken back by the opponent, never in the stock.
func checkEarlier(f Facts, oppTurns int, pile notation.CardSet) error {
	switch {
	case f.OppEarlier == 0:
		return nil
	case oppTurns <= len(f.OppDiscards):
		return factErr("earlier", "the discards list every discard of the hand, so there are none earlier")
	case !f.OppEarlier.Valid() || f.OppEarlier&^(f.Hand|pile|f.OppTook) != 0:
		return factErr("earlier", "%s was discarded, so it is in the hand, the pile or taken back", f.OppEarlier&^(f.Hand|pile|f.OppTook))
	}
	return nil
}

// checkSetupFacts checks the seat, the dealer and the rules.
func checkSetupFacts(s Setup, f Facts) error {
	switch {
	case !f.Seat.Valid():
		return factErr("seat", "%s is not p1 or p2", f.Seat)
	case !s.Dealer.Valid():
		return factErr("dealer", "%s is not p1 or p2", s.Dealer)
	}
	if err := s.Rules.Validate(); err != nil {
		return factErr("rules", "%v", err)
	}
	return nil
}

// checkPlaces checks the seat's hand for its phase, the stock and the
// pile, and that with the opponent's ten cards they make the deck. It
// returns the pile's cards.
func checkPlaces(f Facts) (notation.CardSet, error) {
	wantHand := 10
	switch f.Phase {
	case FirstOffer, DrawPhase, KnockPhase:
	case DiscardPhase:
		wantHand = 11
	default:
		return 0, factErr("phase", "a seat decides only in the first-offer, draw, discard and knock phases")
	}
	if n := f.Hand.Len(); n != wantHand || !f.Hand.Valid() {
		return 0, factErr("hand", "holds %d cards; in the %s phase it holds %d", n, f.Phase, wantHand)
	}
	if f.StockCount < 0 || f.StockCount > StockSize {
		return 0, factErr("stock", "%d cards; the stock holds 0 to %d", f.StockCount, StockSize)
	}
	var pile notation.CardSet
	for _, c := range f.Pile {
		if !c.Valid() || pile.Has(c) {
			return 0, factErr("pile", "%s is in it twice", c)
		}
		pile = pile.With(c)
	}
	if both := pile & f.Hand; both != 0 {
		return 0, factErr("pile", "%s is also in the hand", both)
	}
	if total := f.Hand.Len() + len(f.Pile) + f.StockCount + 10; total != notation.NumCards {
		return 0, factErr("stock", "the hand (%d), the pile (%d), the stock (%d) and the opponent's 10 cards make %d, not 52",
			f.Hand.Len(), len(f.Pile), f.StockCount, total)
	}
	return pile, nil
}

// opponentFacts checks what the seat saw of the opponent, and returns
// the cards it is known to hold and the cards it discarded.
func opponentFacts(f Facts, pile notation.CardSet) (known, discarded notation.CardSet, err error) {
	for _, c := range f.OppDiscards {
		if !c.Valid() {
			return 0, 0, factErr("discards", "not a card")
		}
		discarded = discarded.With(c)
	}
	if len(f.OppDiscards) > MaxDraws {
		return 0, 0, factErr("discards", "more than %d", MaxDraws)
	}
	known = f.OppTook &^ discarded
	if f.OppKnown != 0 {
		if f.OppKnown&^f.OppTook != 0 {
			return 0, 0, factErr("holds", "%s was never taken", f.OppKnown&^f.OppTook)
		}
		known = f.OppKnown
	}
	if both := known & (f.Hand | pile); both != 0 {
		return 0, 0, factErr("took", "%s was taken by the opponent and not discarded, so it cannot be in the hand or the pile", both)
	}
	if !f.OppTook.Valid() || !f.OppPassed.Valid() {
		return 0, 0, factErr("took", "not cards")
	}
	return known, discarded, nil
}

// firstUpcardOf returns the hand's first upcard: as given, or the bottom
// of the pile.
func firstUpcardOf(f Facts) (notation.Card, error) {
	if f.FirstUpcard.Valid() {
		return f.FirstUpcard, nil
	}
	if len(f.Pile) == 0 {
		return 0, factErr("first", "the first upcard is needed when the pile is empty")
	}
	return f.Pile[0], nil
}

// factsPosition lays out the position of checked facts, before the
// phase's own state.
func factsPosition(s Setup, f Facts, up notation.Card, known, discarded notation.CardSet, tc turnCounts) Position {
	p := NewPosition(f.Seat, s)
	p.hand = f.Hand
	p.dealt = 10
	p.started = true
	p.deal = rules.Deal{Upcard: up, HasUpcard: true}
	p.limit = s.Rules.KnockLimitFor(p.deal)
	copy(p.pile[:], f.Pile)
	p.npile = uint8(len(f.Pile))
	for _, c := range f.Pile {
		p.pileSet = p.pileSet.With(c)
	}
	p.stock = uint8(f.StockCount)
	p.phase, p.turn = f.Phase, f.Seat
	p.opp = 10
	p.oppKnown = known
	p.oppTook, p.oppPassed = f.OppTook, f.OppPassed
	p.oppDiscards = discarded
	// The list is the latest of tc.oppTurns discards, in the ring.
	p.nOpp = uint32(tc.oppTurns)
	for j, c := range f.OppDiscards {
		p.oppOrder[(tc.oppTurns-len(f.OppDiscards)+j)%MaxDraws] = c
	}
	p.draws = uint32(tc.draws)
	return p
}

// phaseFromFacts sets what the phase implies: the first offer's passes,
// the forced draw, the 50th-card rule's last chance, the card drawn.
func (p *Position) phaseFromFacts(f Facts, up notation.Card) error {
	switch f.Phase {
	case FirstOffer:
		return p.firstOfferFacts(f, up)
	case DrawPhase:
		return p.drawFacts(f, up)
	}
	return p.turnFacts(f)
}

func (p *Position) firstOfferFacts(f Facts, up notation.Card) error {
	if len(f.Pile) != 1 || f.StockCount != StockSize || f.Pile[0] != up {
		return factErr("phase", "the first offer comes before any draw, with only the first upcard on the pile")
	}
	if f.Seat == p.setup.Dealer {
		p.passes = 1
	}
	return nil
}

// drawFacts: past the first offer; with no draw yet, both passed it, and
// the stock must be drawn.
func (p *Position) drawFacts(f Facts, up notation.Card) error {
	r := &p.setup.Rules
	p.passes = 2
	if p.draws == 0 && !(f.Seat != p.setup.Dealer && f.OppPassed.Has(up)) {
		return factErr("phase", "a draw with no draw made comes only after both passed the first upcard")
	}
	// The turn that made the last draw ended the hand at the draw limit.
	if r.DrawLimit > 0 && int(p.draws) >= r.DrawLimit {
		return factErr("draws", "the hand died at the draw limit of %d, reached by the last turn", r.DrawLimit)
	}
	// The stock is checked at the end of a turn, so the hand's first
	// draw is made whatever the dead size.
	if f.StockCount <= r.DeadStock && p.draws > 0 {
		if !r.FiftiethCard {
			return factErr("stock", "the hand died when the stock came down to %d", r.DeadStock)
		}
		p.lastChance = true
	}
	return nil
}

// turnFacts is the discard and knock phases: the seat has drawn.
func (p *Position) turnFacts(f Facts) error {
	r := &p.setup.Rules
	p.passes = 2
	if f.Phase == DiscardPhase && !f.Hand.Has(f.Drawn) {
		return factErr("drawn", "the card drawn this turn must be in the hand")
	}
	p.drawn, p.fromPile = f.Drawn, f.FromPile
	// The turn before this one ended the hand at the draw limit.
	if r.DrawLimit > 0 && int(p.draws) > r.DrawLimit {
		return factErr("draws", "the hand died at the draw limit of %d, reached before this turn", r.DrawLimit)
	}
	// A turn taken with the stock at the dead size is the 50th-card
	// rule's last chance: the hand dies after it.
	switch {
	case p.draws <= 1:
		// The hand's first turn: no turn has ended, so the stock has
		// not been checked against the dead size yet.
	case f.FromPile && f.StockCount <= r.DeadStock:
		if !r.FiftiethCard {
			return factErr("stock", "the hand died when the stock came down to %d", r.DeadStock)
		}
		p.lastChance = true
	case f.StockCount < r.DeadStock:
		return factErr("stock", "no card is drawn from a stock of %d or less", r.DeadStock)
	}
	return nil
}

// checkPileTop: the seat moves after the opponent's turn, which ended
// with a discard; until the seat takes it, it is the top of the pile.
func checkPileTop(f Facts, draws int) error {
	if (f.Phase == DrawPhase && draws > 0) || (f.Phase == DiscardPhase && !f.FromPile && draws > 1) {
		n := len(f.OppDiscards)
		if n == 0 || len(f.Pile) == 0 || f.Pile[len(f.Pile)-1] != f.OppDiscards[n-1] {
			return factErr("pile", "the top of the pile must be the opponent's last discard")
		}
	}
	return nil
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
	f.OppEarlier = p.oppDiscards &^ notation.SetOf(f.OppDiscards...)
	f.Waiting = p.turn != p.seat && p.phase != Over
	if f.Phase != DiscardPhase && f.Phase != KnockPhase {
		f.Drawn, f.FromPile = 0, false
	}
	return f
}
