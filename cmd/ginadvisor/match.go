package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/outfile"
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
			&cli.StringFlag{Name: "log", Usage: "write each game to this log as it ends (a file there is refused without --resume or --force)"},
			&cli.BoolFlag{Name: "resume", Usage: "play only the games --log does not hold yet, and add them to it"},
			&cli.BoolFlag{Name: "force", Usage: "overwrite the --log file when it exists"}),
		Action: func(c *cli.Context) error {
			o, err := arena.Config{P1: c.String("p1"), P2: c.String("p2"), Rules: c.String("rules"), SPRT: c.String("sprt"), Games: c.Int("games"),
				Concurrency: c.Int("concurrency"), Seed: c.Uint64("seed"), MoveTime: c.Duration("movetime"), GameTime: c.Duration("gametime")}.Options()
			if err != nil {
				return usageError("%v", err)
			}
			// The signals' context first: its stop, deferred first, runs
			// after the log is closed.
			ctx, stop := interruptible(c)
			defer stop()
			lw, err := openMatchLog(env, c, &o)
			if err != nil {
				return err
			}
			if lw != nil {
				defer lw.Close()
				o.OnGame = func(g *arena.Game) error { return arena.WriteGame(lw, g, o.Players) }
			}
			o.Progress, o.Escape = env.stderr, render.EscapeControl
			r, err := arena.Play(ctx, o)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if wantJSON(c) {
				err = render.JSON(env.stdout, &r)
			} else {
				err = r.WriteText(env.stdout)
			}
			if err == nil && ctx.Err() != nil && !r.Stopped {
				return silentExit(ExitInterrupted) // what was played is reported
			}
			return wrote(err)
		},
	}
}

// openMatchLog opens --log, when asked for: begun anew (a file there only
// with --force), or with --resume continued after the whole games of the
// earlier run, which o.Done then holds. A game cut short at its end (the
// run was killed while writing it) is cut off and played again; a log of
// an older format version is written again in this one first.
func openMatchLog(env *environment, c *cli.Context, o *arena.Options) (*gameLog, error) {
	path := c.String("log")
	if !c.Bool("resume") {
		if path == "" {
			return nil, nil
		}
		return startGameLog(path, c.Bool("force"), "give --resume to continue it, or --force to overwrite it")
	}
	prior, err := arena.Resume(path, o)
	if err != nil {
		return nil, usageError("--resume: %v", err)
	}
	if prior.Cut {
		fmt.Fprintf(env.stderr, "ginadvisor: --resume: %s:%d: the last game was cut short; it is dropped and played again\n", render.EscapeControl(path), prior.CutLine)
	}
	keep := prior.Whole
	if !prior.Current && len(prior.Games) > 0 {
		if keep, err = rewriteLog(path, prior.Games); err != nil {
			return nil, fmt.Errorf("--log: %w", err)
		}
	}
	return continueGameLog(path, keep)
}

// rewriteLog writes games as the whole log at path, in this version's
// format, and returns its length.
func rewriteLog(path string, games []*gamelog.Game) (int64, error) {
	f, err := outfile.Create(path, nil)
	if err != nil {
		return 0, err
	}
	defer f.Abort()
	if err := gamelog.WriteLog(f, games); err != nil {
		return 0, err
	}
	if err := f.Commit(); err != nil {
		return 0, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}
