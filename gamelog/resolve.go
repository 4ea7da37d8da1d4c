package gamelog

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// dealt is a hand's full deal, as resolve places it.
type dealt struct {
	hands  [2]notation.CardSet
	upcard notation.Card
	stock  [game.StockSize]notation.Card
	// partial says a seat's own cards were not all known.
	partial [2]bool
	// guessed is the cards placed where the log has "?" and that
	// nothing later showed: the replay needs a card there, but the log
	// does not know which.
	guessed notation.CardSet
}

// resolve turns the cards a log knows into a full deal: where the log has
// "?" (a card its source could not see), it places cards that agree with
// everything the log shows later. A card that a seat later discards or lays
// down, and that the seat was not seen to get, must have been one of its
// unknown cards; the cards never seen fill the rest.
func resolve(h *Hand) (dealt, error) {
	r := &resolver{h: h}
	if err := r.deal(); err != nil {
		return dealt{}, err
	}
	if err := r.stockLine(); err != nil {
		return dealt{}, err
	}
	if err := r.moves(); err != nil {
		return dealt{}, err
	}
	r.showdown()
	return r.fill(), nil
}

// A slot is an unknown card's place: in a seat's deal, or in the stock.
type slot struct {
	seat  notation.Seat
	stock int // index in the stock, or -1 for the deal
	card  notation.Card
}

// resolver follows a hand's record, binding each unknown card's slot to
// the first card its seat shows without having been seen to get it.
type resolver struct {
	h       *Hand
	slots   []slot
	known   [2]notation.CardSet // cards each seat is known to hold now
	open    [2][]int            // each seat's unbound slots
	placed  notation.CardSet
	stock   [game.StockSize]notation.Card // the stock as far as known, top first
	draws   int
	partial [2]bool
}

// place records card c as placed; a card is in one place only.
func (r *resolver) place(c notation.Card) error {
	if r.placed.Has(c) {
		return fmt.Errorf("%s is in two places", c)
	}
	r.placed = r.placed.With(c)
	return nil
}

// openSlot gives seat an unknown card, dealt (stock < 0) or drawn from the
// stock at that index.
func (r *resolver) openSlot(seat notation.Seat, stock int) {
	r.open[seat] = append(r.open[seat], len(r.slots))
	r.slots = append(r.slots, slot{seat: seat, stock: stock, card: Unknown})
}

// bind says seat shows card c: it is known, or it fills an open slot. A
// card the seat cannot hold is left for the replay to report, at the line
// of the move.
func (r *resolver) bind(seat notation.Seat, c notation.Card) {
	if r.known[seat].Has(c) || len(r.open[seat]) == 0 || r.placed.Has(c) {
		return
	}
	r.placed = r.placed.With(c)
	s := r.open[seat][0]
	r.open[seat] = r.open[seat][1:]
	r.slots[s].card = c
	r.known[seat] = r.known[seat].With(c)
}

// deal places the dealt cards the log knows, and the upcard.
func (r *resolver) deal() error {
	for seat := range notation.NumSeats {
		for _, c := range r.h.Deal[seat] {
			if c == Unknown {
				r.partial[seat] = true
				r.openSlot(seat, -1)
				continue
			}
			if err := r.place(c); err != nil {
				return err
			}
			r.known[seat] = r.known[seat].With(c)
		}
	}
	return r.place(r.h.Upcard)
}

// stockLine places the stock cards the log's stock line knows.
func (r *resolver) stockLine() error {
	for i := range r.stock {
		r.stock[i] = Unknown
	}
	for i, c := range r.h.Stock {
		if c != Unknown {
			if err := r.place(c); err != nil {
				return err
			}
		}
		r.stock[i] = c
	}
	return nil
}

// moves follows the cards each seat takes, draws and discards.
func (r *resolver) moves() error {
	for _, m := range r.h.Moves {
		switch m.Kind {
		case game.Take:
			r.known[m.Seat] = r.known[m.Seat].With(m.Card)
		case game.Draw:
			if err := r.draw(m); err != nil {
				return err
			}
		case game.Discard:
			r.bind(m.Seat, m.Card)
			r.known[m.Seat] = r.known[m.Seat].Without(m.Card)
		}
	}
	return nil
}

// draw follows a draw from the stock, whose card the move, the stock line
// or neither may know.
func (r *resolver) draw(m Move) error {
	if r.draws >= game.StockSize {
		return fmt.Errorf("more draws than the stock holds")
	}
	c := r.stock[r.draws]
	switch {
	case c != Unknown && m.Card != Unknown && c != m.Card:
		return &Error{Line: m.Line, Msg: fmt.Sprintf("the draw is %s, but the stock line has %s there", m.Card, c)}
	case c == Unknown && m.Card != Unknown:
		if err := r.place(m.Card); err != nil {
			return err
		}
		r.stock[r.draws] = m.Card
		c = m.Card
	}
	if c == Unknown {
		r.openSlot(m.Seat, r.draws)
	} else {
		r.known[m.Seat] = r.known[m.Seat].With(c)
	}
	r.draws++
	return nil
}

// showdown binds the cards each seat lays down at the end of a knocked
// hand.
func (r *resolver) showdown() {
	h := r.h
	if !h.Knocker.Valid() {
		return
	}
	k, d := h.Knocker, h.Knocker.Other()
	shown := [2]notation.CardSet{}
	shown[k] = h.Spread.Cards() | h.KnockerDeadwood
	shown[d] = h.DefenderMelds.Cards() | h.DefenderDeadwood
	for _, l := range h.Layoffs {
		shown[d] = shown[d].With(l.Card)
	}
	for seat := range notation.NumSeats {
		for c := range shown[seat].All() {
			r.bind(seat, c)
		}
	}
}

// fill gives the cards never seen, lowest first, to the slots still open
// and then to the unknown rest of the stock, and returns the whole deal.
func (r *resolver) fill() dealt {
	free := notation.FullDeck &^ r.placed
	var guessed notation.CardSet
	take := func() notation.Card {
		c, _ := free.First()
		free = free.Without(c)
		guessed = guessed.With(c)
		return c
	}
	for i := range r.slots {
		if r.slots[i].card == Unknown {
			r.slots[i].card = take()
		}
		if r.slots[i].stock >= 0 {
			r.stock[r.slots[i].stock] = r.slots[i].card
		}
	}
	d := dealt{upcard: r.h.Upcard, partial: r.partial}
	for seat := range r.h.Deal {
		for _, c := range r.h.Deal[seat] {
			if c != Unknown {
				d.hands[seat] = d.hands[seat].With(c)
			}
		}
	}
	for _, s := range r.slots {
		if s.stock < 0 {
			d.hands[s.seat] = d.hands[s.seat].With(s.card)
		}
	}
	for i := range r.stock {
		if r.stock[i] == Unknown {
			r.stock[i] = take()
		}
		d.stock[i] = r.stock[i]
	}
	d.guessed = guessed
	return d
}
