// Command clockab plays the advisor under a clock (a bound on each
// decision, or a game's time it keeps itself) against the advisor at its
// fixed default, in process, in mirrored games, and prints the timed
// player's share of the games won with the pairs' interval, and each
// player's time a decision. It tells the clock's search apart from the
// engine's pipes.
//
//	go run ./lab/cmd/clockab -games 200 -move 150ms
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/stats"
)

func main() {
	games := flag.Int("games", 100, "mirrored games (even)")
	seed := flag.Uint64("seed", 1, "seed of the deals")
	move := flag.Duration("move", 0, "the timed player's bound on each decision")
	total := flag.Duration("game", 0, "the timed player's time for each game")
	samples := flag.Int("samples", 0, "the timed player's worlds: its cap under a clock, else its budget")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *games, *seed, *move, *total, *samples); err != nil {
		fmt.Fprintln(os.Stderr, "clockab:", err)
		os.Exit(1)
	}
}

// timed names the player it wraps, so that a game's record tells the two
// advisors apart, and records the time of each of its decisions.
type timed struct {
	bot.Player
	name  string
	times *[]time.Duration
}

func (t *timed) Name() string { return t.name }

func (t *timed) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	start := time.Now()
	m, err := t.Player.Move(ctx, p)
	if !p.MustDraw() {
		*t.times = append(*t.times, time.Since(start))
	}
	return m, err
}

func run(ctx context.Context, games int, seed uint64, move, total time.Duration, samples int) error {
	switch {
	case games <= 0 || games%2 != 0 || games > engine.MaxGames:
		return fmt.Errorf("-games %d: need an even number from 2 to %d", games, engine.MaxGames)
	case move < 0 || total < 0 || samples < 0:
		return fmt.Errorf("-move %v, -game %v, -samples %d: none may be negative", move, total, samples)
	}
	var times [2][]time.Duration
	var won []float64
	std := rules.Standard()
	_, err := engine.Simulate(ctx, engine.SimOptions{
		Rules: std, Games: games, Seed: seed, Workers: 1, Mirrored: true,
		Names: [2]string{"timed", "fixed"},
		Players: [2]bot.NewPlayerFunc{
			func(s uint64) bot.Player {
				pl := analyze.NewPlayer(s, samples, 0, false)
				if total > 0 {
					pl.SetGameTime(total)
				} else if move > 0 {
					pl.SetClock(analyze.Clock{Move: move})
				}
				return &timed{Player: pl, name: "timed", times: &times[0]}
			},
			func(s uint64) bot.Player {
				return &timed{Player: analyze.NewPlayer(s, 0, 0, false), name: "fixed", times: &times[1]}
			},
		},
		OnGame: func(n int, g *engine.GameRecord) error {
			seat := slices.Index(g.Players[:], "timed")
			if seat < 0 {
				return fmt.Errorf("game %d: no timed player among %q", n, g.Players)
			}
			w := 0.0
			if g.Final.Winner == notation.Seat(seat) {
				w = 1
			}
			won = append(won, w)
			if n%20 == 0 {
				fmt.Fprintf(os.Stderr, "game %d: timed won %.0f\n", n, sum(won))
			}
			return nil
		},
	})
	if err != nil && ctx.Err() == nil {
		return err
	}
	pairs := len(won) / 2
	var ps stats.Mean
	for i := 0; i < pairs; i++ {
		ps.Add((won[2*i] + won[2*i+1]) / 2)
	}
	m, se := ps.Mean(), ps.SE()
	fmt.Printf("timed (move %v, game %v, samples %d) against fixed: %d games, won %.0f, %.1f%% [%.1f, %.1f]\n",
		move, total, samples, 2*pairs, sum(won[:2*pairs]), 100*m, 100*(m-1.96*se), 100*(m+1.96*se))
	for i, name := range []string{"timed", "fixed"} {
		quick := 0
		for _, d := range times[i] {
			if d < time.Millisecond {
				quick++
			}
		}
		fmt.Printf("%s: %d decisions, mean %v, %d under 1 ms\n", name, len(times[i]), mean(times[i]), quick)
	}
	return nil
}

func sum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

func mean(t []time.Duration) time.Duration {
	if len(t) == 0 {
		return 0
	}
	var s time.Duration
	for _, d := range t {
		s += d
	}
	return s / time.Duration(len(t))
}
