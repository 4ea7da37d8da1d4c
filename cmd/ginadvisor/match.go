package main

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/render"
)

func matchCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play two players, built-in or engines speaking the protocol, on mirrored deals",
		Description: "A player is a name of the registry, engine:COMMAND (a program speaking the\n" +
			"engine protocol) or conf:FILE:NAME; a misbehaving engine forfeits (docs/arena.md).\n\n" +
			"Examples:\n" +
			"  ginadvisor match --p1 heuristic --p2 simple --games 200\n" +
			"  ginadvisor match --p1 'engine:ginadvisor engine' --p2 simple --movetime 500ms --sprt 'elo0=0 elo1=20'",
		Flags: append(outputFlags(),
			&cli.StringFlag{Name: "p1", Usage: "the first player (its win rate and Elo are reported)", Required: true},
			&cli.StringFlag{Name: "p2", Usage: "the second player", Required: true},
			&cli.IntFlag{Name: "games", Value: 200, Usage: "games, even: pairs of mirrored deals"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the deals"},
			&cli.StringFlag{Name: "rules", Value: "eaai", Usage: "the rules: a preset or a spec"},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, 1 to 64"},
			&cli.DurationFlag{Name: "movetime", Usage: "an engine's limit a decision (such as 500ms); 0: none"},
			&cli.DurationFlag{Name: "gametime", Usage: "an engine's limit a game; 0: none"},
			&cli.StringFlag{Name: "sprt", Usage: "stop when a test decides: 'elo0=0 elo1=10 alpha=0.05 beta=0.05'"},
			&cli.StringFlag{Name: "log", Usage: "write each game to this log as it ends"},
			&cli.BoolFlag{Name: "resume", Usage: "play only the games --log does not hold yet"}),
		Action: func(c *cli.Context) error {
			o, err := arena.Config{P1: c.String("p1"), P2: c.String("p2"), Rules: c.String("rules"), SPRT: c.String("sprt"), Games: c.Int("games"),
				Concurrency: c.Int("concurrency"), Seed: c.Uint64("seed"), MoveTime: c.Duration("movetime"), GameTime: c.Duration("gametime")}.Options()
			if err != nil {
				return usageError("%v", err)
			}
			var prior []*gamelog.Game
			if c.Bool("resume") {
				if prior, err = arena.Resume(c.String("log"), &o); err != nil {
					return usageError("--resume: %v", err)
				}
			}
			var lw *gamelog.Writer
			commit := func() error { return nil }
			if path := c.String("log"); path != "" {
				w, ok, abort, err := openOut(env, path, nil)
				if err != nil {
					return fmt.Errorf("--log: %w", err)
				}
				defer abort()
				if lw, err = arena.StartLog(w, prior); err != nil {
					return err
				}
				commit = ok
			}
			o.OnGame = func(g *arena.Game) error { return arena.WriteGame(lw, g, o.Players) }
			o.Progress, o.Escape = env.stderr, render.EscapeControl
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
			defer stop()
			r, err := arena.Play(ctx, o)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if err = commit(); err == nil && wantJSON(c) {
				err = render.JSON(env.stdout, &r)
			} else if err == nil {
				err = r.WriteText(env.stdout)
			}
			if err == nil && ctx.Err() != nil && !r.Stopped {
				return silentExit(ExitInterrupted) // what was played is reported
			}
			return wrote(err)
		},
	}
}
