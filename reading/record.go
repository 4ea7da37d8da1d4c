package reading

import (
	"iter"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// pile is the discard pile as the record builds it: a stack of at most
// the deck, and the set of its cards. Its top is what a draw from the
// stock passes.
type pile struct {
	cards [notation.NumCards]notation.Card
	n     int
	set   notation.CardSet
}

// push lays c on the pile.
func (pl *pile) push(c notation.Card) {
	if pl.n < len(pl.cards) {
		pl.cards[pl.n], pl.n = c, pl.n+1
		pl.set = pl.set.With(c)
	}
}

// pop takes the top off the pile.
func (pl *pile) pop() {
	if pl.n > 0 {
		pl.n--
		pl.set = pl.set.Without(pl.cards[pl.n])
	}
}

// top returns the pile's top card; ok is false when the pile is empty.
func (pl *pile) top() (c notation.Card, ok bool) {
	if pl.n == 0 {
		return 0, false
	}
	return pl.cards[pl.n-1], true
}

// recordWalk is a walk through a seat's record of the hand, event by
// event, with the bookkeeping that the particle filter and the reading
// of the opponent's last turn share, so that the two can never read the
// record apart: the pile, what the seat took and let go, what the
// opponent took, the draws by both seats and the stock left, the
// opponent's turn under way and its last that ended in a discard.
type recordWalk struct {
	me, opp                     notation.Seat
	pl                          pile
	seatTook, seatGone, oppTook notation.CardSet
	draws, stock                int
	// discarded says a discard was made: a draw before the first one is
	// forced, and passes nothing.
	discarded bool
	// cur is the opponent's turn under way, whole once it has discarded;
	// last is the last such turn, and found says there was one.
	cur, last turn
	found     bool
}

// newRecordWalk starts a walk of p's record from the deal.
func newRecordWalk(p *game.Position) recordWalk {
	return recordWalk{me: p.Seat(), opp: p.Seat().Other(), stock: game.StockSize}
}

// events yields each event of p's record after the walk has taken it
// in: a reader of the opponent's decisions finds, at each, the walk as
// it stands after it (the turn's discard in cur, the draws and the stock
// in their counts).
func (w *recordWalk) events(p *game.Position) iter.Seq[game.Event] {
	return func(yield func(game.Event) bool) {
		for i := 0; i < p.NumEvents(); i++ {
			e := p.Event(i)
			w.step(e)
			if !yield(e) {
				return
			}
		}
	}
}

// step takes in the record's next event.
func (w *recordWalk) step(e game.Event) {
	switch e.Kind {
	case game.Upcard:
		w.pl.push(e.Card)
	case game.Passed:
		if e.Seat == w.me {
			w.seatGone = w.seatGone.With(e.Card)
		}
	case game.Took:
		w.took(e)
	case game.Drew:
		w.drew(e.Seat)
	case game.Discarded:
		w.discard(e)
		return
	}
	// The last turn is the opponent's hand now only while it has done
	// nothing since but play on.
	if e.Seat == w.opp && e.Kind != game.PlayedOn {
		w.last.latest = false
	}
}

// took takes in a card taken from the pile.
func (w *recordWalk) took(e game.Event) {
	w.draws++
	w.pl.pop()
	if e.Seat == w.me {
		w.seatTook = w.seatTook.With(e.Card)
		return
	}
	w.oppTook = w.oppTook.With(e.Card)
	w.cur = turn{took: true, up: e.Card, hasUp: true}
}

// drew takes in a draw from the stock by seat: the pile's top card, after
// the first discard, is passed up.
func (w *recordWalk) drew(seat notation.Seat) {
	w.draws++
	w.stock--
	top, hasTop := w.pl.top()
	if seat == w.me {
		if hasTop {
			w.seatGone = w.seatGone.With(top)
		}
		return
	}
	w.cur = turn{up: top, hasUp: hasTop && w.discarded, fromStock: true}
}

// discard takes in a discard, which ends the opponent's turn under way
// when it is the opponent's.
func (w *recordWalk) discard(e game.Event) {
	w.discarded = true
	if e.Seat == w.opp {
		w.cur.discard, w.cur.pile = e.Card, w.pl.set
		w.cur.seatTook, w.cur.seatGone, w.cur.oppTook = w.seatTook, w.seatGone, w.oppTook
		w.cur.latest = true
		w.last, w.found = w.cur, true
	} else {
		w.seatGone = w.seatGone.With(e.Card)
	}
	w.pl.push(e.Card)
}
