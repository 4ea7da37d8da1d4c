// Package engine drives gin rummy: it deals, asks each player for its
// moves, plays them on a game.State, and plays whole games to the target
// under any rule set, with reproducible shuffles, and simulates many games
// between two players with their statistics. The players are in package bot.
//
// A player sees only a game.Position built from its own seat's events;
// nothing else of the state reaches it.
package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrIllegalMove reports a player move the rules forbid.
var ErrIllegalMove = game.ErrIllegal

// MoveError says which player made which illegal move.
type MoveError struct {
	Player string
	Seat   notation.Seat
	Err    error // a *game.MoveError
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("player %d (%s): %v", e.Seat.Number(), e.Player, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// HandSetup is what a hand starts from.
type HandSetup struct {
	game.Setup
	// Deck, if not nil, is the order of the cards; otherwise Rng shuffles.
	Deck *[notation.NumCards]notation.Card
	Rng  *rand.Rand
	// Events, when not nil, has every event of the hand appended to it,
	// in order. The State's own record keeps only the latest
	// game.MaxEvents, and a hand under rules with no draw limit may run
	// to game.EndlessDraws draws; a log of it needs them all.
	Events *[]game.Event
}

// newDeck is the deck in index order, where every shuffle starts.
var newDeck = func() (d [notation.NumCards]notation.Card) {
	for i := range d {
		d[i] = notation.CardAt(i)
	}
	return d
}()

func shuffle(deck *[notation.NumCards]notation.Card, rng *rand.Rand) {
	*deck = newDeck
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// PlayHand deals a hand and plays it between the players, by seat, to its
// end. It returns the finished state, which holds the hand's result and
// its record, whole unless the hand ran past game.MaxDraws draws (see
// HandSetup.Events).
func PlayHand(ctx context.Context, s HandSetup, players [2]bot.Player) (game.State, error) {
	var deck [notation.NumCards]notation.Card
	switch {
	case s.Deck != nil:
		deck = *s.Deck
	case s.Rng != nil:
		shuffle(&deck, s.Rng)
	default:
		return game.State{}, errors.New("a hand needs a deck or a random source")
	}
	st, err := game.Deal(s.Setup, &deck)
	if err != nil {
		return st, err
	}
	t := tables.Get().(*table)
	defer t.release()
	t.init(&st, s.Events)
	for st.Phase() != game.Over {
		if st.Draws() >= game.EndlessDraws && st.Phase() == game.DrawPhase {
			// Abandoned at a draw, where a hand may die, so that the
			// seats' positions follow.
			st.Abandon()
			break
		}
		seat := st.Turn()
		t.sync(&st)
		// The player gets its own copy, so that what it does to it changes
		// nothing here.
		pos := &t.give[seat]
		*pos = t.pos[seat]
		m, err := players[seat].Move(ctx, pos)
		if err != nil {
			return st, fmt.Errorf("player %d (%s): %w", seat.Number(), players[seat].Name(), err)
		}
		if err := st.Apply(m); err != nil {
			return st, &MoveError{Player: players[seat].Name(), Seat: seat, Err: err}
		}
	}
	if err := defend(ctx, &st, t, players); err != nil {
		return st, err
	}
	t.sync(&st)
	res, _ := st.Result()
	for seat := range notation.NumSeats {
		pos := &t.give[seat]
		*pos = t.pos[seat]
		if err := pos.Reveal(res); err != nil {
			return st, err
		}
		players[seat].HandOver(pos)
	}
	return st, nil
}

// Defender is a player that makes its own lay-offs after the opponent's
// knock, where the rules let the defender choose them (not under greedy
// lay-offs, and not against gin). A player that is not one lays off as the
// rules choose, at its best.
type Defender interface {
	// Defend returns the cards the defender lays off on the knock's
	// melds; pos is its position at the knock.
	Defend(ctx context.Context, pos *game.Position, knock *game.Result) (notation.CardSet, error)
}

// defend lets a defender that chooses its lay-offs make them, and scores
// the hand again with them.
func defend(ctx context.Context, st *game.State, t *table, players [2]bot.Player) error {
	res, _ := st.Result()
	if !res.Knocker.Valid() || res.KnockerDeadwood == 0 || st.Rules().GreedyLayoffs {
		return nil
	}
	seat := res.Knocker.Other()
	p := players[seat]
	if c, ok := p.(*cancellable); ok {
		p = c.Player
	}
	d, ok := p.(Defender)
	if !ok {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	t.sync(st)
	pos := &t.give[seat]
	*pos = t.pos[seat]
	laid, err := d.Defend(ctx, pos, &res)
	if err != nil {
		return fmt.Errorf("player %d (%s): %w", seat.Number(), players[seat].Name(), err)
	}
	if err := st.LayOff(laid); err != nil {
		return &MoveError{Player: players[seat].Name(), Seat: seat, Err: err}
	}
	return nil
}

// table keeps each seat's position, fed only with the events that seat
// sees.
type table struct {
	pos  [2]game.Position
	give [2]game.Position
	seen int
	// events, when not nil, receives every event as it is seen.
	events *[]game.Event
}

// tables reuses tables between hands: a table is large, and holds the
// rules' name, so a fresh one per hand keeps the collector busy.
var tables = sync.Pool{New: func() any { return new(table) }}

func (t *table) init(st *game.State, events *[]game.Event) {
	t.seen, t.events = 0, events
	for seat := range notation.NumSeats {
		t.pos[seat] = game.NewPosition(seat, st.Setup())
	}
}

// release returns the table to the pool, without the caller's events.
func (t *table) release() {
	t.events = nil
	tables.Put(t)
}

// sync shows each seat the events since the last sync. It runs before
// every move, and no move makes game.MaxEvents events, so none has left
// the state's record unseen.
func (t *table) sync(st *game.State) {
	for ; t.seen < st.NumEvents(); t.seen++ {
		ev := st.Event(t.seen)
		if t.events != nil {
			*t.events = append(*t.events, ev)
		}
		for seat := range notation.NumSeats {
			if e, ok := game.SeesEvent(ev, seat); ok {
				// The state's record is consistent, so a position accepts it.
				_ = t.pos[seat].Observe(e)
			}
		}
	}
}

// scoreHand records a finished hand in a game's running score.
func scoreHand(g *rules.Game, res *game.Result) {
	g.Record(res.Winner, res.Score.Points)
}
