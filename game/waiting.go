package game

import (
	"errors"
	"slices"

	"github.com/ginadvisor/ginadvisor/notation"
)

// A seat waits while the opponent decides: its position then holds the
// facts after its own last move, or after the opponent's moves since. No
// decision of the seat's is described, so the checks of the facts are
// those of the seat's decision that came before, which the facts fix up to
// what the record no longer shows (such as whether the seat's last draw
// was from the pile): each way it may have been is rebuilt, and the events
// since are played on it. The facts hold when one way leads to exactly
// them.

// earlier is one way the facts of a waiting seat can have come about: the
// facts of a position before them and the events since.
type earlier struct {
	facts  Facts
	events []Event
}

// waitingFromFacts builds the position of a seat that waits.
func waitingFromFacts(s Setup, f Facts) (Position, error) {
	if f.Phase == FirstOffer && f.Seat == s.Dealer {
		return dealtFromFacts(s, f)
	}
	ways, err := waysBefore(s, f)
	if err != nil {
		return Position{}, err
	}
	var firstErr error
	for _, w := range ways {
		p, err := PositionFromFacts(s, w.facts)
		for _, e := range w.events {
			if err == nil {
				err = p.Observe(e)
			}
		}
		if err == nil {
			err = checkReached(&p, f)
		}
		if err == nil {
			return p, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	var fe *FactsError
	if !errors.As(firstErr, &fe) {
		firstErr = factErr("turn", "no hand reaches these facts with %s to move: %v", f.Seat.Other(), firstErr)
	}
	return Position{}, firstErr
}

// dealtFromFacts is the dealer's position at the start of the hand, the
// non-dealer to decide on the first upcard.
func dealtFromFacts(s Setup, f Facts) (Position, error) {
	if len(f.Pile) != 1 || f.StockCount != StockSize || f.OppPassed != 0 || f.OppTook != 0 || len(f.OppDiscards) != 0 || f.Draws != 0 {
		return Position{}, factErr("phase", "the non-dealer's first offer comes before any move, with only the first upcard on the pile")
	}
	p := NewPosition(f.Seat, s)
	for c := range f.Hand.All() {
		if err := p.Observe(Event{Kind: Dealt, Seat: f.Seat, Card: c}); err != nil {
			return Position{}, factErr("hand", "%v", err)
		}
	}
	if err := p.Observe(Event{Kind: Upcard, Card: f.Pile[0]}); err != nil {
		return Position{}, factErr("pile", "%v", err)
	}
	return p, checkReached(&p, f)
}

// waysBefore lists the ways the waiting seat's facts can have come about,
// by the phase the opponent is in.
func waysBefore(s Setup, f Facts) ([]earlier, error) {
	opp := f.Seat.Other()
	switch f.Phase {
	case FirstOffer:
		// The non-dealer passed; the dealer decides.
		return []earlier{seatPassed(f, FirstOffer)}, nil
	case DrawPhase:
		return afterSeatsTurn(s, f), nil
	case DiscardPhase:
		return afterOppDraw(f, opp), nil
	case KnockPhase:
		return afterOppDiscard(f, opp)
	}
	return nil, factErr("phase", "a seat waits only in the first-offer, draw, discard and knock phases")
}

// seatPassed is the seat's first offer, which it passed: the first upcard
// on the pile and the stock whole.
func seatPassed(f Facts, phase Phase) earlier {
	b := f
	b.Waiting, b.Phase, b.Draws = false, phase, 0
	b.OppPassed = 0
	if phase == FirstOffer && len(f.Pile) == 1 {
		// As the dealer, the seat was offered the upcard after the
		// opponent passed it.
		b.OppPassed = f.OppPassed
	}
	var up notation.Card
	if len(f.Pile) > 0 {
		up = f.Pile[len(f.Pile)-1]
	}
	return earlier{facts: b, events: []Event{{Kind: Passed, Seat: f.Seat, Card: up}}}
}

// afterSeatsTurn: the opponent is to draw, after both passed the first
// upcard (the seat, the dealer, passing second) or after the seat's turn
// ended with its discard, the top of the pile. The seat drew that turn
// from the stock or the pile, which the facts no longer say, so each is a
// way.
func afterSeatsTurn(s Setup, f Facts) []earlier {
	var ways []earlier
	if len(f.Pile) == 1 && f.StockCount == StockSize && len(f.OppDiscards) == 0 && f.Seat == s.Dealer {
		ways = append(ways, seatPassed(f, FirstOffer))
	}
	if len(f.Pile) == 0 {
		return ways
	}
	b := f
	b.Waiting, b.Phase = false, KnockPhase
	end := []Event{{Kind: PlayedOn, Seat: f.Seat}}
	fromStock := b
	fromStock.Drawn, fromStock.FromPile = Unknown, false
	ways = append(ways, earlier{facts: fromStock, events: end})
	// From the pile: the first upcard, taken at the first offer, or any
	// card of the hand; under RepeatEnds, the card just discarded too.
	cands := []notation.Card{f.FirstUpcard, f.Pile[len(f.Pile)-1]}
	if c, ok := f.Hand.First(); ok {
		cands = append(cands, c)
	}
	for _, c := range cands {
		if c.Valid() && (f.Hand.Has(c) || c == f.Pile[len(f.Pile)-1] && s.Rules.RepeatEnds) {
			fromPile := b
			fromPile.Drawn, fromPile.FromPile = c, true
			ways = append(ways, earlier{facts: fromPile, events: end})
		}
	}
	return ways
}

// afterOppDraw: the opponent drew, from the stock or, taking the card
// Drawn, from the pile (at the first offer, or after it).
func afterOppDraw(f Facts, opp notation.Seat) []earlier {
	b := f
	b.Phase, b.Drawn, b.FromPile = DrawPhase, 0, false
	if f.Draws > 0 {
		b.Draws = f.Draws - 1
	}
	if !f.FromPile {
		b.StockCount++
		ev := []Event{{Kind: Drew, Seat: opp, Card: Unknown}}
		ways := []earlier{{facts: b, events: ev}}
		if n := len(f.Pile); n > 0 && f.OppPassed.Has(f.Pile[n-1]) {
			// Drawing from the stock declines the top of the pile: it may
			// have been passed only now.
			c := b
			c.OppPassed = f.OppPassed.Without(f.Pile[n-1])
			ways = append(ways, earlier{facts: c, events: ev})
		}
		return ways
	}
	took := f.Drawn
	b.Pile = append(slices.Clone(f.Pile), took)
	if f.OppKnown != 0 {
		b.OppKnown = f.OppKnown.Without(took)
	}
	ev := []Event{{Kind: Took, Seat: opp, Card: took}}
	var ways []earlier
	for _, t := range []notation.CardSet{f.OppTook.Without(took), f.OppTook} {
		if t == f.OppTook && !slices.Contains(f.OppDiscards, took) {
			continue // taken before only if discarded since
		}
		c := b
		c.OppTook = t
		if len(f.Pile) == 0 && b.StockCount == StockSize {
			// The first upcard, taken at the first offer.
			fo := c
			fo.Phase = FirstOffer
			ways = append(ways, earlier{facts: fo, events: ev})
		}
		ways = append(ways, earlier{facts: c, events: ev})
	}
	return ways
}

// afterOppDiscard: the opponent discarded the top of the pile, its last
// discard, and has not said whether it knocks.
func afterOppDiscard(f Facts, opp notation.Seat) ([]earlier, error) {
	n := len(f.OppDiscards)
	if n == 0 || len(f.Pile) == 0 || f.Pile[len(f.Pile)-1] != f.OppDiscards[n-1] {
		return nil, factErr("pile", "the opponent decides on a knock after its discard, the top of the pile")
	}
	c := f.OppDiscards[n-1]
	b := f
	b.Phase = DiscardPhase
	b.Pile = slices.Clone(f.Pile[:len(f.Pile)-1])
	b.OppDiscards = slices.Clone(f.OppDiscards[:n-1])
	known := f.OppKnown
	if known == 0 {
		known = f.OppTook &^ notation.SetOf(f.OppDiscards...)
	}
	if f.OppTook.Has(c) {
		// A card taken is known in the opponent's hand until discarded.
		known = known.With(c)
	}
	b.OppKnown = known
	ev := []Event{{Kind: Discarded, Seat: opp, Card: c}}
	if !outgrownBefore(f) {
		return []earlier{{facts: b, events: ev}}, nil
	}
	// The list was full: the discard pushed its oldest out, a card now
	// among the earlier ones or discarded again since; and c had been
	// discarded before, or not.
	all := f.OppEarlier | notation.SetOf(f.OppDiscards...)
	var ways []earlier
	for x := range all.All() {
		for _, allBefore := range []notation.CardSet{all, all.Without(c)} {
			w := b
			w.OppDiscards = append([]notation.Card{x}, b.OppDiscards...)
			w.OppEarlier = allBefore &^ notation.SetOf(w.OppDiscards...)
			ways = append(ways, earlier{facts: w, events: ev})
		}
	}
	return ways, nil
}

// outgrownBefore says the opponent's discard list was full before its
// latest discard, so that the discard pushed the oldest one out: the
// opponent has made ceil(Draws/2) discards, the seat's turns alternating
// with its own, and more than MaxDraws with this one.
func outgrownBefore(f Facts) bool {
	return len(f.OppDiscards) == MaxDraws && (f.Draws+1)/2 > MaxDraws
}

// checkReached checks the position rebuilt shows the facts asked for:
// those given, and the defaults of those left out.
func checkReached(p *Position, want Facts) error {
	if p.Phase() == Over {
		return factErr("turn", "the hand is over: it ended before %s was to move", want.Seat.Other())
	}
	got := p.Facts()
	same := got.Seat == want.Seat && got.Phase == want.Phase && got.Waiting && got.Hand == want.Hand &&
		slices.Equal(got.Pile, want.Pile) && got.StockCount == want.StockCount && got.OppTook == want.OppTook &&
		got.OppPassed == want.OppPassed && slices.Equal(got.OppDiscards, want.OppDiscards) && got.OppEarlier == want.OppEarlier
	switch {
	case !same:
		return factErr("turn", "no hand reaches these facts with %s to move", want.Seat.Other())
	case want.Draws != 0 && got.Draws != want.Draws:
		return factErr("draws", "%d draws; the facts show %d", want.Draws, got.Draws)
	case want.FirstUpcard.Valid() && got.FirstUpcard != want.FirstUpcard:
		return factErr("first", "the first upcard is %s", got.FirstUpcard)
	case want.OppKnown != 0 && got.OppKnown != want.OppKnown:
		return factErr("holds", "the opponent holds %s of the cards it took", got.OppKnown)
	case want.FromPile != got.FromPile || want.FromPile && want.Drawn != got.Drawn:
		return factErr("drawn", "the opponent's draw differs")
	}
	return nil
}
