package gamelog

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// handReader reads one hand, part by part. It remembers every card placed
// so far, so that a card in two places is an error on the line that
// places it the second time.
type handReader struct {
	lr   *Reader
	h    *Hand
	seen notation.CardSet
}

// hand reads one hand: its hand line, the deal, the upcard, the stock if
// given, the moves, the showdown if the hand was knocked, the result and
// the running score. Each part reads its own lines; an optional part
// leaves a line that is not its own for the next part.
func (lr *Reader) hand() (*Hand, error) {
	hr := &handReader{lr: lr, h: &Hand{Knocker: notation.NoSeat, Winner: notation.NoSeat}}
	parts := []func() error{
		hr.handLine, hr.deals, hr.upcard, hr.stock, hr.moves, hr.showdown, hr.result, hr.score,
	}
	for _, read := range parts {
		if err := read(); err != nil {
			return nil, err
		}
	}
	return hr.h, nil
}

// place records the known cards of cs as placed, by line l.
func (hr *handReader) place(l *line, cs []notation.Card) error {
	for _, c := range cs {
		if c == Unknown {
			continue
		}
		if hr.seen.Has(c) {
			return l.fail("card %s is in two places", c)
		}
		hr.seen = hr.seen.With(c)
	}
	return nil
}

// handLine reads "hand N dealer P".
func (hr *handReader) handLine() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	h := hr.h
	h.Line = l.n
	if err := l.want("hand", 4); err != nil {
		return err
	}
	if h.Number, err = l.int(1); err != nil {
		return err
	}
	if l.f[2] != "dealer" {
		return l.fail("expected hand N dealer P")
	}
	h.Dealer, err = l.seat(3)
	return err
}

// deals reads one "deal P CARD…" line for each seat, in seat order.
func (hr *handReader) deals() error {
	for seat := range notation.NumSeats {
		l, err := hr.lr.expect()
		if err != nil {
			return err
		}
		if err := l.want("deal", 12); err != nil {
			return err
		}
		if s, err := l.seat(1); err != nil || s != seat {
			return l.fail("expected deal %s", seatName(seat))
		}
		if hr.h.Deal[seat], err = l.cards(2, true); err != nil {
			return err
		}
		if err := hr.place(l, hr.h.Deal[seat]); err != nil {
			return err
		}
	}
	return nil
}

// upcard reads "upcard CARD".
func (hr *handReader) upcard() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	if err := l.want("upcard", 2); err != nil {
		return err
	}
	if hr.h.Upcard, err = l.card(1, false); err != nil {
		return err
	}
	return hr.place(l, []notation.Card{hr.h.Upcard})
}

// stock reads the optional stock line, which may name only the top of the
// stock.
func (hr *handReader) stock() error {
	l, err := hr.lr.expect()
	if err != nil {
		return err
	}
	if l.f[0] != "stock" {
		hr.lr.unread(l)
		return nil
	}
	if len(l.f)-1 > game.StockSize {
		return l.fail("the stock holds at most %d cards, found %d", game.StockSize, len(l.f)-1)
	}
	if hr.h.Stock, err = l.cards(1, true); err != nil {
		return err
	}
	return hr.place(l, hr.h.Stock)
}

// moves reads the move lines, each starting with the seat that moved.
func (hr *handReader) moves() error {
	for {
		l, err := hr.lr.expect()
		if err != nil {
			return err
		}
		if l.f[0] == infoKey {
			// The optional info annotation of the move before it.
			n := len(hr.h.Moves)
			if n == 0 || len(l.f) < 3 || hr.h.Moves[n-1].Info != "" {
				return l.fail("an info line follows a move of its seat: info P TEXT, at most one")
			}
			if seat, err := l.seat(1); err != nil || seat != hr.h.Moves[n-1].Seat {
				return l.fail("an info line follows a move of its seat: info P TEXT")
			}
			hr.h.Moves[n-1].Info = strings.Join(l.f[2:], " ")
			continue
		}
		if l.f[0] != "p1" && l.f[0] != "p2" {
			hr.lr.unread(l)
			return nil
		}
		m, err := move(l)
		if err != nil {
			return err
		}
		hr.h.Moves = append(hr.h.Moves, m)
	}
}

// moveTimeKey starts a move's time annotation, "ms=12.345"; maxMoveMs
// bounds it (a day).
const (
	infoKey     = "info"
	moveTimeKey = "ms="
	maxMoveMs   = 86_400_000
)

// move reads "P KIND [CARD] [ms=TIME]": a knock or gin takes no card, every other
// move one, which only a draw may leave unknown.
func move(l *line) (Move, error) {
	seat, _ := l.seat(0)
	if len(l.f) < 2 {
		return Move{}, l.fail("a move needs a kind")
	}
	kind, ok := game.ParseMoveKind(l.f[1])
	if !ok {
		return Move{}, l.fail("unknown move %q", l.f[1])
	}
	m := Move{Seat: seat, Kind: kind, Line: l.n}
	if last := l.f[len(l.f)-1]; strings.HasPrefix(last, moveTimeKey) {
		// The optional time annotation: read, and kept apart from the move.
		x, err := strconv.ParseFloat(last[len(moveTimeKey):], 64)
		if err != nil || x < 0 || x > maxMoveMs || math.IsNaN(x) {
			return Move{}, l.fail("a move's time %q: want ms=MILLISECONDS", last)
		}
		m.Time, m.HasTime = time.Duration(math.Round(x*1000))*time.Microsecond, true
		l.f = l.f[:len(l.f)-1]
	}
	switch kind {
	case game.Knock, game.Gin, game.BigGin:
		if len(l.f) != 2 {
			return Move{}, l.fail("%s takes no card", l.f[1])
		}
	default:
		if len(l.f) != 3 {
			return Move{}, l.fail("%s takes one card", l.f[1])
		}
		var err error
		if m.Card, err = l.card(2, kind == game.Draw); err != nil {
			return Move{}, err
		}
	}
	return m, nil
}
