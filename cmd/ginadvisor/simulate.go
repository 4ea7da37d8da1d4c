package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/render"
)

func simulateCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "play many games between two players and measure their strength",
		Description: "Seats and first dealers are balanced, and games run in parallel. A seed gives\n" +
			"the same results whatever the number of workers. Players (options after a\n" +
			"comma: advisor,samples=512 gives that seat its own budget, and\n" +
			"advisor,margin=2.5 leaves its baseline move only at 2.5 standard errors):\n" + players.Help() +
			"Ctrl-C stops cleanly: finished games are in the log and summarized (exit 130).\n\n" +
			"Examples:\n" +
			"  ginadvisor simulate --p1 simple --p2 random --games 1000 --seed 7\n" +
			"  ginadvisor simulate --rules eaai --games 3000 --json\n" +
			"  ginadvisor simulate --p1 advisor,samples=512 --p2 advisor \\\n    --games 200 --mirrored\n" +
			"  ginadvisor simulate --games 200 --log games.log && \\\n    ginadvisor log check games.log",
		Flags: cliargs.SimulateFlags(),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			if n := c.Int("advisor-samples"); n < 1 || n > advise.MaxSamples {
				return cliexit.Usagef("--advisor-samples must be from 1 to %s, not %d", render.Thousands(advise.MaxSamples), n)
			}
			var makers [2]bot.NewPlayerFunc
			var names [2]string
			for i, flag := range []string{"p1", "p2"} {
				names[i] = c.String(flag)
				if makers[i], err = players.LookupWith(names[i], players.Options{AdvisorSamples: c.Int("advisor-samples")}); err != nil {
					return cliexit.Usagef("--%s: %v", flag, err)
				}
			}
			if names[0] == names[1] {
				names[0], names[1] = names[0]+" (p1)", names[1]+" (p2)"
			}
			games, workers, err := simulationSize(c)
			if err != nil {
				return err
			}
			opts := engine.SimOptions{Rules: r, Players: makers, Names: names, Games: games, Seed: c.Uint64("seed"), Workers: workers, Mirrored: c.Bool("mirrored")}
			// The signals' context first: its stop, deferred first, runs
			// after the log is closed.
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			lw, err := openSimulationLog(ctx, c, &opts)
			if err != nil {
				return cliexit.InterruptedOr(ctx, err)
			}
			if lw != nil {
				defer lw.Close()
			}
			var bar *render.Progress
			if !c.Bool("quiet") && env.isTerminal(env.stderr) {
				bar = render.NewProgress(env.stderr, games, "games")
				opts.Progress = bar.Set
			}
			s, err := engine.Simulate(ctx, opts)
			bar.Finish()
			if err != nil {
				return err
			}
			// A log on standard output (--log /dev/stdout) keeps it to
			// itself, so that a pipe reads the log alone.
			summary := summaryOut(env, c, lw != nil)
			if cliargs.WantJSON(c) {
				err = render.JSON(summary, s)
			} else {
				err = render.Simulation(summary, env.styleFor(c), s)
			}
			if err != nil {
				return err
			}
			if s.Interrupted {
				fmt.Fprintf(env.stderr, "ginadvisor: interrupted: the summary covers the first %d of %d games\n", s.Games, games)
				return cliexit.Silent(ExitInterrupted)
			}
			return nil
		},
	}
}

// simulationSize reads and checks the number of games and of workers.
func simulationSize(c *cli.Context) (games, workers int, err error) {
	games = c.Int("games")
	if games < 1 || games > engine.MaxGames {
		return 0, 0, cliexit.Usagef("--games must be from 1 to %s, not %d", render.Thousands(engine.MaxGames), games)
	} else if c.Bool("mirrored") && games%2 != 0 {
		return 0, 0, cliexit.Usagef("--mirrored plays pairs of games: --games must be even, not %d", games)
	}
	workers, err = cliargs.WorkersFrom(c)
	return games, workers, err
}

// openSimulationLog opens the --log file, when asked for, before the first
// game, so that a bad path fails at once; a file there is refused unless
// --force says to overwrite it. opts.OnGame then adds each game to the log
// as it finishes, in game order, so that a run stopped in any way leaves
// every game it finished. The log is nil when none was asked for.
func openSimulationLog(ctx context.Context, c *cli.Context, opts *engine.SimOptions) (*gamelog.File, error) {
	if err := cliargs.FileNames(c, "log"); err != nil {
		return nil, err
	}
	path := c.String("log")
	if path == "" {
		return nil, nil
	}
	lw, err := gamelog.StartFile(ctx, path, c.Bool("force"), "give --force to overwrite it")
	if err != nil {
		return nil, err
	}
	opts.OnGame = recorder(lw, "ginadvisor simulate")
	return lw, nil
}

// recorder writes each game played here to the log, tagged with its
// source (see engine.GameRecord.Logged).
func recorder(l *gamelog.File, source string) func(n int, g *engine.GameRecord) error {
	return func(n int, g *engine.GameRecord) error {
		lg, err := g.Logged(n, source)
		if err != nil {
			return err
		}
		return l.Write(lg)
	}
}
