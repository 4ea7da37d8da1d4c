package testgames

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Cycler plays the first Draws draws of a game's first hand by taking the
// upcard and throwing back the card it took the turn before, so that,
// with another Cycler opposite, three cards go round and the hand runs as
// long as asked (under rules with no draw limit); after that, and in
// every other hand, the Player inside it plays. It keeps every position
// it was given and every move it made.
type Cycler struct {
	bot.Player
	Draws     int
	Positions []game.Position
	Moves     []game.Move
	taken     notation.Card
}

// Move makes the cycle's move, or the inner player's, and keeps both the
// position and the move.
func (c *Cycler) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	m, err := c.move(ctx, p)
	c.Positions = append(c.Positions, *p)
	c.Moves = append(c.Moves, m)
	return m, err
}

func (c *Cycler) move(ctx context.Context, p *game.Position) (game.Move, error) {
	if p.Setup().Number != 1 || p.Draws() >= c.Draws {
		return c.Player.Move(ctx, p)
	}
	switch p.Phase() {
	case game.FirstOffer, game.DrawPhase:
		return game.TakeMove(), nil
	case game.DiscardPhase:
		drawn, _ := p.Drawn()
		prev := c.taken
		c.taken = drawn
		if prev == 0 {
			// The first discard: any card but the one just taken.
			prev = p.Hand().Without(drawn).Cards()[0]
		}
		return game.DiscardMove(prev), nil
	}
	return game.PlayOnMove(), nil
}

// PlayLong plays a recorded eaai game between two simple players whose
// first hand the seats' Cyclers make run draws draws (or to
// game.EndlessDraws, where the driver abandons it) before the simple
// players take over. It returns the record and the two seats' players.
func PlayLong(t testing.TB, draws int, seed uint64) (*engine.GameRecord, [2]*Cycler) {
	t.Helper()
	eaai, err := rules.Preset("eaai")
	if err != nil {
		t.Fatal(err)
	}
	// Each seat is given about one position a draw of the long hand;
	// room for them all up front spares the copies of a growing slice of
	// positions of some 2 kB each.
	room := min(draws, game.EndlessDraws) + 512
	seats := [2]*Cycler{
		{Player: bot.NewSimple(seed ^ 1), Draws: draws, Positions: make([]game.Position, 0, room), Moves: make([]game.Move, 0, room)},
		{Player: bot.NewSimple(seed ^ 2), Draws: draws, Positions: make([]game.Position, 0, room), Moves: make([]game.Move, 0, room)},
	}
	_, rec, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: eaai, Seed: seed, Record: true}, [2]bot.Player{seats[0], seats[1]})
	if err != nil {
		t.Fatal(err)
	}
	first, _ := rec.Hands[0].Result()
	if want := min(draws, game.EndlessDraws); first.Draws < want {
		t.Fatalf("the first hand played %d draws; want at least %d", first.Draws, want)
	}
	return rec, seats
}
