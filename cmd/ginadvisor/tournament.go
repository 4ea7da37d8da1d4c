package main

import (
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/render"
)

func tournamentCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "tournament",
		Usage:     "play a round robin (or a gauntlet) of players and rate them",
		ArgsUsage: "PLAYER PLAYER...",
		Description: "Players are as for match; ratings are Bradley-Terry, on the Elo scale.\n\n" +
			"Examples:\n  ginadvisor tournament --games 100 simple heuristic cautious",
		Flags: append(outputFlags(), &cli.IntFlag{Name: "games", Value: 100, Usage: "games a pairing, even"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the deals"},
			&cli.StringFlag{Name: "rules", Value: "eaai", Usage: "the rules: a preset or a spec"},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, 1 to 64"},
			&cli.DurationFlag{Name: "movetime", Usage: "an engine's limit a decision"},
			&cli.BoolFlag{Name: "gauntlet", Usage: "the first player against each other only"},
			&cli.BoolFlag{Name: "html", Usage: "write the standings as an HTML page"}),
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) < 2 || len(args) > 32 {
				return usageError("tournament takes 2 to 32 players, not %d", len(args))
			}
			o := arena.TournamentOptions{Gauntlet: c.Bool("gauntlet")}
			var err error
			if o.Match, err = (arena.Config{P1: args[0], P2: args[1], Rules: c.String("rules"), Games: c.Int("games"),
				Concurrency: c.Int("concurrency"), Seed: c.Uint64("seed"), MoveTime: c.Duration("movetime")}).Options(); err != nil {
				return usageError("%v", err)
			}
			for _, a := range args {
				s, err := arena.ParseSpec(a)
				if err != nil {
					return usageError("player %q: %v", render.EscapeControl(a), err)
				}
				o.Players = append(o.Players, s)
			}
			o.Progress = env.stderr
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
			defer stop()
			s, err := arena.Tournament(ctx, o)
			if err != nil && !s.Interrupted {
				return err
			}
			if wantJSON(c) {
				err = render.JSON(env.stdout, &s)
			} else if c.Bool("html") {
				err = s.WriteHTML(env.stdout)
			} else {
				err = s.WriteText(env.stdout)
			}
			if err == nil && s.Interrupted {
				return silentExit(ExitInterrupted) // the games played are reported
			}
			return wrote(err)
		},
	}
}
