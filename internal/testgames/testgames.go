// Package testgames plays games for the tests of several packages: whole
// games between built-in players, recorded as game logs, and games whose
// first hand runs past the State's record, for the logs of long hands.
package testgames

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Play plays games of simple against random under r and returns them as
// logs, tagged with tags.
func Play(t testing.TB, r rules.Rules, games int, seed uint64, tags ...gamelog.Tag) []*gamelog.Game {
	t.Helper()
	return PlayBetween(t, r, "simple", "random", games, seed, tags...)
}

// PlayBetween plays games between two built-in players.
func PlayBetween(t testing.TB, r rules.Rules, p1, p2 string, games int, seed uint64, tags ...gamelog.Tag) []*gamelog.Game {
	t.Helper()
	a, err := players.Lookup(p1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := players.Lookup(p2)
	if err != nil {
		t.Fatal(err)
	}
	var out []*gamelog.Game
	_, err = engine.Simulate(context.Background(), engine.SimOptions{
		Rules: r, Players: [2]bot.NewPlayerFunc{a.New, b.New},
		Names: [2]string{p1, p2}, Games: games, Seed: seed, Workers: 2,
		OnGame: func(n int, g *engine.GameRecord) error {
			lg, err := gamelog.GameFromStates(n, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final, tags...)
			out = append(out, lg)
			return err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// HideSecondSeat rewrites g as p1 would keep it, who does not see p2's
// deal, the stock or p2's stock draws: the log writes those cards as
// unknown, and p2's decisions replay as partial.
func HideSecondSeat(g *gamelog.Game) {
	for i := range g.Hands {
		h := &g.Hands[i]
		for j := range h.Deal[1] {
			h.Deal[1][j] = gamelog.Unknown
		}
		h.Stock = nil
		for j := range h.Moves {
			if h.Moves[j].Seat == 1 && h.Moves[j].Kind == game.Draw {
				h.Moves[j].Card = gamelog.Unknown
			}
		}
	}
}
