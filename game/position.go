package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Position is what one seat can know of a hand: its own hand and the
// phase, the ordered events it has seen (its own deal, the upcard, passes,
// takes with their cards, stock draws with the card known only to the
// drawer, discards, and how the hand ended), the pile, the stock count,
// the scores, the dealer, the hand number and the rules.
//
// A Position is a value with no pointers. It changes only by Observe, one
// event of the seat's stream at a time, so it cannot hold anything the seat
// has not seen.
type Position struct {
	flow
	seat  notation.Seat
	hand  notation.CardSet
	dealt uint8
	// opp counts the cards in the opponent's hand; oppKnown holds those
	// of them the seat has seen go in (taken from the pile) and not come
	// out since.
	opp         uint8
	oppKnown    notation.CardSet
	oppTook     notation.CardSet
	oppPassed   notation.CardSet
	oppDiscards notation.CardSet
	// oppOrder lists the opponent's discards in order, a ring of the
	// latest MaxDraws (nOpp counts them all); a card may come back, so it
	// may appear twice.
	oppOrder [MaxDraws]notation.Card
	nOpp     uint32
	started  bool // the upcard is turned
	revealed bool
}

// NewPosition starts the position of seat before the deal.
func NewPosition(seat notation.Seat, s Setup) Position {
	var p Position
	p.seat = seat & 1
	p.setup = s
	p.phase = FirstOffer
	p.turn = p.nonDealer()
	return p
}

// seen returns the cards whose place the seat knows.
func (p *Position) seen() notation.CardSet {
	return p.hand | p.PileSet() | p.oppKnown
}

// Reveal records how the hand ended, once it has: the showdown shows both
// hands. It checks that the result agrees with what the seat has seen.
func (p *Position) Reveal(r Result) error {
	if p.phase != Over {
		return errors.New("the hand is not over")
	}
	if r.Hands[p.seat] != p.hand {
		return fmt.Errorf("the result shows the hand %s, not %s", r.Hands[p.seat], p.hand)
	}
	if r.Knocker == notation.NoSeat {
		// A dead hand is not shown.
		r.Hands[p.seat.Other()] = 0
	} else {
		if leak := r.Hands[p.seat.Other()] & (p.hand | p.PileSet()); leak != 0 {
			return fmt.Errorf("the result shows %s in the other hand", leak)
		}
	}
	p.result = r
	p.revealed = true
	return nil
}

// Seat returns the position's seat.
func (p *Position) Seat() notation.Seat { return p.seat }

// Hand returns the seat's hand.
func (p *Position) Hand() notation.CardSet { return p.hand }

// OpponentCount returns the number of cards in the opponent's hand.
func (p *Position) OpponentCount() int { return int(p.opp) }

// OpponentKnown returns the cards known to be in the opponent's hand: those
// it took from the pile and has not discarded since.
func (p *Position) OpponentKnown() notation.CardSet { return p.oppKnown }

// OpponentTook returns every card the opponent took from the pile.
func (p *Position) OpponentTook() notation.CardSet { return p.oppTook }

// OpponentPassed returns the upcards the opponent passed or did not take.
func (p *Position) OpponentPassed() notation.CardSet { return p.oppPassed }

// OpponentDiscards returns the cards the opponent discarded.
func (p *Position) OpponentDiscards() notation.CardSet { return p.oppDiscards }

// OpponentDiscardOrder appends the opponent's discards, in order, to dst:
// all of them, or the latest MaxDraws of a longer hand.
func (p *Position) OpponentDiscardOrder(dst []notation.Card) []notation.Card {
	for i := max(0, int(p.nOpp)-MaxDraws); i < int(p.nOpp); i++ {
		dst = append(dst, p.oppOrder[i%MaxDraws])
	}
	return dst
}

// Dead returns the cards buried in the pile: every pile card but the top,
// which may still be taken.
func (p *Position) Dead() notation.CardSet {
	d := p.PileSet()
	if up, ok := p.Upcard(); ok {
		d = d.Without(up)
	}
	return d
}

// Unseen returns the cards the seat has not seen: the stock and the
// opponent's hidden cards.
func (p *Position) Unseen() notation.CardSet {
	return notation.FullDeck &^ p.seen()
}

// OpponentHidden returns how many of the opponent's cards the seat has not
// seen.
func (p *Position) OpponentHidden() int { return int(p.opp) - p.oppKnown.Len() }

// Revealed says the hand is over and its result is known.
func (p *Position) Revealed() bool { return p.revealed }

// ErrCompletion is wrapped by the errors of Complete: a completion that
// contradicts the position.
var ErrCompletion = errors.New("completion contradicts the position")

// Complete returns the full state this position would be in if the
// opponent's hidden cards were oppHidden and the stock were stock, top
// first. The cards must be exactly the unseen ones, in the right numbers.
// The state's record is the seat's: the other seat's deal and stock draws
// show Unknown.
func (p *Position) Complete(oppHidden notation.CardSet, stock []notation.Card) (State, error) {
	var st State
	switch {
	case !p.started:
		return st, fmt.Errorf("%w: the deal is not finished", ErrCompletion)
	case p.phase == Over:
		return st, fmt.Errorf("%w: the hand is over", ErrCompletion)
	case oppHidden&p.seen() != 0:
		return st, fmt.Errorf("%w: %s is already placed", ErrCompletion, oppHidden&p.seen())
	case oppHidden.Len() != p.OpponentHidden():
		return st, fmt.Errorf("%w: the opponent hides %d cards, not %d", ErrCompletion, p.OpponentHidden(), oppHidden.Len())
	case len(stock) != int(p.stock):
		return st, fmt.Errorf("%w: the stock holds %d cards, not %d", ErrCompletion, p.stock, len(stock))
	}
	placed := p.seen() | oppHidden
	for _, c := range stock {
		if !c.Valid() || placed.Has(c) {
			return st, fmt.Errorf("%w: stock card %s is unknown or in two places", ErrCompletion, cardString(c))
		}
		placed = placed.With(c)
	}
	if placed != notation.FullDeck {
		return st, fmt.Errorf("%w: %s is nowhere", ErrCompletion, notation.FullDeck&^placed)
	}
	st.flow = p.flow
	st.hands[p.seat] = p.hand
	st.hands[p.seat.Other()] = p.oppKnown | oppHidden
	copy(st.stockSeq[StockSize-len(stock):], stock)
	// The cards already drawn from the stock are not known to the seat.
	for i := 0; i < StockSize-len(stock); i++ {
		st.stockSeq[i] = Unknown
	}
	return st, nil
}

// Started says the deal is done and the upcard turned.
func (p *Position) Started() bool { return p.started }
