package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/rules"
)

// A Position follows the hand one event of its seat's stream at a time,
// and refuses an event that cannot happen.

// ErrEvent is wrapped by every error about an event that cannot happen.
var ErrEvent = errors.New("impossible event")

// EventError says why an event cannot happen in a position: Reason in
// words, and Err, when the reason has a sentinel (such as ErrJustTaken or
// rules.ErrOverLimit), that sentinel.
type EventError struct {
	Index  int // the event's index in the seat's stream
	Event  Event
	Reason string
	Err    error
}

func (e *EventError) Error() string {
	return fmt.Sprintf("event %d (%s): %s", e.Index+1, e.Event, e.Reason)
}

// Unwrap returns ErrEvent, and the reason's sentinel when there is one.
func (e *EventError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrEvent}
	}
	return []error{ErrEvent, e.Err}
}

func (p *Position) bad(e Event, format string, args ...any) error {
	return &EventError{Index: int(p.nevents), Event: e, Reason: fmt.Sprintf(format, args...)}
}

// badBecause is bad with the reason's sentinel.
func (p *Position) badBecause(e Event, why error, format string, args ...any) error {
	return &EventError{Index: int(p.nevents), Event: e, Reason: fmt.Sprintf(format, args...), Err: why}
}

// refused is bad for a reason the rules package gave.
func (p *Position) refused(e Event, err error) error {
	return &EventError{Index: int(p.nevents), Event: e, Reason: err.Error(), Err: err}
}

// Observe applies the next event of the seat's stream. An event that
// cannot happen returns an *EventError and changes nothing.
func (p *Position) Observe(e Event) error {
	if err := p.checkOpen(e); err != nil {
		return err
	}
	switch e.Kind {
	case Dealt:
		return p.observeDealt(e)
	case Upcard:
		return p.observeUpcard(e)
	case Died:
		return p.observeDied(e)
	}
	if e.Seat != p.turn {
		return p.bad(e, "it is %s's turn", p.turn)
	}
	switch e.Kind {
	case Passed:
		return p.observePass(e)
	case Took:
		return p.observeTake(e)
	case Drew:
		return p.observeDraw(e)
	case Discarded:
		return p.observeDiscard(e)
	case PlayedOn:
		return p.observePlayOn(e)
	case Knocked, WentGin:
		return p.observeKnock(e)
	case WentBigGin:
		return p.observeBigGin(e)
	}
	return p.bad(e, "unknown event")
}

// checkOpen refuses an event of no seat, any but Died after the end, and
// a move before the deal is done.
func (p *Position) checkOpen(e Event) error {
	switch {
	case e.Kind != Upcard && e.Kind != Died && !e.Seat.Valid():
		return p.bad(e, "no seat %s", e.Seat)
	case p.phase == Over && e.Kind != Died:
		return p.badBecause(e, ErrHandOver, "the hand is over")
	case !p.started && e.Kind != Dealt && e.Kind != Upcard:
		return p.bad(e, "the deal is not finished")
	}
	return nil
}

// keepHandAtEnd records the seat's hand in the result of a hand that has
// just ended.
func (p *Position) keepHandAtEnd() {
	if p.phase == Over {
		p.result.Hands[p.seat] = p.hand
	}
}

func (p *Position) observeDealt(e Event) error {
	switch {
	case e.Seat != p.seat:
		return p.bad(e, "the other seat's cards are not seen")
	case p.dealt >= 10:
		return p.bad(e, "ten cards are already dealt")
	case !e.Card.Valid() || p.hand.Has(e.Card):
		return p.bad(e, "%s cannot be dealt", cardString(e.Card))
	}
	p.hand = p.hand.With(e.Card)
	p.dealt++
	p.record(Dealt, e.Seat, e.Card)
	return nil
}

func (p *Position) observeUpcard(e Event) error {
	switch {
	case p.dealt < 10:
		return p.bad(e, "the deal is not finished")
	case p.started:
		return p.bad(e, "the upcard was already turned")
	case !e.Card.Valid() || p.hand.Has(e.Card):
		return p.bad(e, "%s cannot be the upcard", cardString(e.Card))
	}
	p.opp = 10
	p.started = true
	p.start(e.Card)
	return nil
}

// observeDied ends the hand with no score; at the end of a hand the
// position has already seen end, it only records the event.
func (p *Position) observeDied(e Event) error {
	if p.phase != Over {
		if p.phase != DrawPhase && p.phase != KnockPhase {
			return p.bad(e, "a hand dies only when the stock runs down")
		}
		p.die()
	}
	p.record(Died, 0, 0)
	p.result.Hands[p.seat] = p.hand
	return nil
}

func (p *Position) observePass(e Event) error {
	up, _ := p.Upcard()
	if p.phase != FirstOffer && !(p.phase == DrawPhase && p.lastChance) {
		return p.badBecause(e, ErrWrongPhase, "there is nothing to pass in the %s phase", p.phase)
	}
	if e.Card != up {
		return p.bad(e, "the upcard is %s", up)
	}
	p.pass()
	if e.Seat != p.seat {
		p.oppPassed = p.oppPassed.With(up)
	}
	p.keepHandAtEnd()
	return nil
}

func (p *Position) observeTake(e Event) error {
	up, hasUp := p.Upcard()
	switch {
	case p.phase != FirstOffer && p.phase != DrawPhase:
		return p.badBecause(e, ErrWrongPhase, "no card may be taken in the %s phase", p.phase)
	case !hasUp || e.Card != up:
		return p.bad(e, "%s is not the upcard", cardString(e.Card))
	case p.mustDraw():
		return p.badBecause(e, ErrMustDraw, "both passed the first upcard, so the stock must be drawn")
	}
	switch _, ok := p.take(); {
	case !ok:
		// The take reached the rules' limit and killed the hand.
		p.result.Hands[p.seat] = p.hand
	case e.Seat == p.seat:
		p.hand = p.hand.With(up)
	default:
		p.opp++
		p.oppKnown = p.oppKnown.With(up)
		p.oppTook = p.oppTook.With(up)
	}
	return nil
}

func (p *Position) observeDraw(e Event) error {
	own := e.Seat == p.seat
	switch {
	case p.phase != DrawPhase || p.lastChance:
		return p.badBecause(e, ErrWrongPhase, "no card may be drawn in the %s phase", p.phase)
	case p.stock == 0:
		return p.bad(e, "the stock is empty")
	case own && (!e.Card.Valid() || p.seen().Has(e.Card)):
		return p.bad(e, "%s cannot be in the stock", cardString(e.Card))
	case !own && e.Card != Unknown:
		return p.bad(e, "the other seat's draw is not seen")
	}
	if up, hasUp := p.Upcard(); hasUp && !own {
		p.oppPassed = p.oppPassed.With(up)
	}
	p.drew(e.Card)
	if own {
		p.hand = p.hand.With(e.Card)
	} else {
		p.opp++
	}
	return nil
}

func (p *Position) observeDiscard(e Event) error {
	own := e.Seat == p.seat
	switch {
	case p.phase != DiscardPhase:
		return p.badBecause(e, ErrWrongPhase, "no card may be discarded in the %s phase", p.phase)
	case p.fromPile && e.Card == p.drawn && !p.mayDiscardTaken():
		return p.badBecause(e, ErrJustTaken, "%s was just taken from the pile", e.Card)
	case own && !p.hand.Has(e.Card):
		return p.badBecause(e, ErrNotInHand, "%s is not in the hand", cardString(e.Card))
	case !own && (!e.Card.Valid() || (p.hand | p.PileSet()).Has(e.Card)):
		return p.bad(e, "%s cannot be in the other seat's hand", cardString(e.Card))
	}
	if own {
		p.hand = p.hand.Without(e.Card)
	} else {
		p.opp--
		p.oppKnown = p.oppKnown.Without(e.Card)
		p.oppDiscards = p.oppDiscards.With(e.Card)
		p.oppOrder[p.nOpp%MaxDraws] = e.Card
		p.nOpp++
	}
	p.discarded(e.Card)
	p.keepHandAtEnd()
	return nil
}

func (p *Position) observePlayOn(e Event) error {
	if p.phase != KnockPhase {
		return p.badBecause(e, ErrWrongPhase, "there is no knock to decline in the %s phase", p.phase)
	}
	p.playedOn()
	p.keepHandAtEnd()
	return nil
}

// observeKnock ends the hand at a knock or gin. The seat's own is checked
// against its hand by the rules; the opponent's hand is not seen.
func (p *Position) observeKnock(e Event) error {
	if p.phase != KnockPhase {
		return p.badBecause(e, ErrWrongPhase, "no knock in the %s phase", p.phase)
	}
	if e.Seat == p.seat {
		d := rules.DeclareKnock
		if e.Kind == WentGin {
			d = rules.DeclareGin
		}
		if err := p.setup.Rules.CheckDeclaration(d, p.hand, p.limit); err != nil {
			return p.refused(e, err)
		}
	}
	p.record(e.Kind, e.Seat, 0)
	p.phase = Over
	return nil
}

// observeBigGin ends the hand at big gin, in place of a discard.
func (p *Position) observeBigGin(e Event) error {
	if p.phase != DiscardPhase {
		return p.badBecause(e, ErrWrongPhase, "no big gin in the %s phase", p.phase)
	}
	if err := p.setup.Rules.CheckAllowed(rules.DeclareBigGin); err != nil {
		return p.refused(e, err)
	}
	if e.Seat == p.seat {
		if err := p.setup.Rules.CheckDeclaration(rules.DeclareBigGin, p.hand, 0); err != nil {
			return p.refused(e, err)
		}
	}
	p.record(e.Kind, e.Seat, 0)
	p.phase = Over
	return nil
}
