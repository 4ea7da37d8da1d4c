package main

import (
	"context"
	"fmt"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/render"
)

// arenaFlags are the flags match and tournament share: the deals, the
// time control, adjudication, sharding, the log and the engines' stderr.
func arenaFlags(games int) []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "games", Value: games, Usage: "games a pairing, even: pairs of mirrored deals"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the deals"},
		&cli.StringFlag{Name: "deals", Usage: "play these deals: seeds (as --save-deals writes), explicit deals (52 cards, the first hand's deck top first) or a log; without --games, each once"},
		&cli.BoolFlag{Name: "deals-repeat", Usage: "play the --deals again, in order, when --games asks for more"},
		&cli.StringFlag{Name: "save-deals", Usage: "write the deals' seeds to this file, for --deals"},
		&cli.StringFlag{Name: "rules", Value: "standard", Usage: "the rules: a preset or a spec (eaai for the EAAI framework's, as its players play)"},
		&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, 1 to 64"},
		&cli.StringFlag{Name: "tc", Usage: "time control per game, [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.5 or 60+1"},
		&cli.DurationFlag{Name: "movetime", Aliases: []string{"st"}, Usage: "an engine's limit a decision (such as 500ms); 0: none"},
		&cli.DurationFlag{Name: "gametime", Usage: "an engine's time a game, no increment (--tc 60 is --gametime 60s)"},
		&cli.DurationFlag{Name: "timemargin", Usage: "how late an engine may answer before it forfeits (such as 50ms)"},
		&cli.IntFlag{Name: "max-draws", Usage: "adjudicate: a hand dies at this many draws (0: the rules' limit)"},
		&cli.IntFlag{Name: "max-hands", Usage: "adjudicate: a game ends at this many hands, won by the leader (0: 1000)"},
		&cli.StringFlag{Name: "shard", Usage: "play only the i-th of n shares of the pairs of deals, as i/n"},
		&cli.StringFlag{Name: "stderr", Usage: "keep each engine's stderr and the whole exchange in this directory, files per game"},
		&cli.StringFlag{Name: "log", Usage: "write each game to this log as it counts (a file there is refused without --resume or --force)"},
		&cli.BoolFlag{Name: "log-info", Usage: "with --log: after each engine's move, its last info line before the bestmove"},
		&cli.BoolFlag{Name: "resume", Usage: "play only the games --log does not hold yet, and add them to it"},
		&cli.BoolFlag{Name: "force", Usage: "overwrite the --log file when it exists"},
		&cli.StringFlag{Name: "sprt", Usage: "stop when a test decides: 'elo0=0 elo1=10 alpha=0.05 beta=0.05'"},
		&cli.BoolFlag{Name: "from-log", Usage: "play nothing: recompute the result from the logs given as arguments (a run's, or its shards')"},
	}
}

// arenaConfig reads the shared flags.
func arenaConfig(c *cli.Context, p1, p2 string) arena.Config {
	games := c.Int("games")
	if c.String("deals") != "" && !c.IsSet("games") {
		games = 0 // twice the deals
	}
	return arena.Config{P1: p1, P2: p2, Rules: c.String("rules"), SPRT: c.String("sprt"), Games: games, DealsRepeat: c.Bool("deals-repeat"), LogInfo: c.Bool("log-info"),
		Concurrency: c.Int("concurrency"), Seed: c.Uint64("seed"), MoveTime: c.Duration("movetime"), GameTime: c.Duration("gametime"),
		TimeMargin: c.Duration("timemargin"), TC: c.String("tc"), Shard: c.String("shard"), Deals: c.String("deals"),
		StderrDir: c.String("stderr"), MaxDraws: c.Int("max-draws"), MaxHands: c.Int("max-hands"),
		StderrReplace: c.Bool("force") || c.Bool("resume")}
}

func matchCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play two players, built-in or engines speaking the protocol, on mirrored deals",
		ArgsUsage: "[LOG... with --from-log]",
		Description: "A player is a name of the registry, engine:COMMAND (a program speaking the\n" +
			"engine protocol) or conf:FILE:NAME; a misbehaving engine forfeits (docs/arena.md).\n\n" +
			"Examples:\n" +
			"  ginadvisor match --p1 heuristic --p2 simple --games 200\n" +
			"  ginadvisor match --p1 'engine:ginadvisor engine' --p2 simple --tc 60+1 \\\n    --sprt 'elo0=0 elo1=20' --log m.log\n" +
			"  ginadvisor match --from-log m.log",
		Flags: append(cliargs.OutputFlags(),
			append([]cli.Flag{&cli.StringFlag{Name: "p1", Usage: "the first player (its win rate and Elo are reported)"},
				&cli.StringFlag{Name: "p2", Usage: "the second player"}}, arenaFlags(200)...)...),
		Action: func(c *cli.Context) error {
			if err := refuseTSV(c, "match"); err != nil {
				return err
			}
			if c.Bool("from-log") {
				return matchFromLog(env, c)
			}
			if c.String("p1") == "" || c.String("p2") == "" {
				return usageError("match needs --p1 and --p2 (or --from-log LOG...)")
			}
			o, err := arenaConfig(c, c.String("p1"), c.String("p2")).Options()
			if err != nil {
				return usageError("%v", err)
			}
			files := arenaFiles(c, []string{c.String("p1"), c.String("p2")})
			if err := files.Check(); err != nil {
				return err
			}
			// The signals' context first: its stop, deferred first, runs
			// after the log is closed.
			ctx, stop := interruptible(c)
			defer stop()
			if err := files.WriteSavedDeals(&o); err != nil {
				return err
			}
			specs, err := arena.ResolveNames(ctx, o.Players[:], o.Handshake)
			if err != nil {
				return startFailed(ctx, err)
			}
			o.Players = [2]arena.Spec{specs[0], specs[1]}
			lw, err := files.OpenLog("the match", func(path string) (arena.Resumed, error) { return arena.Resume(path, &o) }, env.note)
			if err != nil {
				return err
			}
			if lw != nil {
				defer lw.Close()
				o.OnGame = func(g *arena.Game) error { return arena.WriteGame(lw, g, o.Players, o.Rules) }
			}
			o.Progress, o.Escape = env.stderr, render.EscapeControl
			r, err := arena.Play(ctx, o)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if err := writeResult(env, c, &r); err != nil {
				return wrote(err)
			}
			if ctx.Err() != nil && !r.Stopped {
				return silentExit(ExitInterrupted) // what was played is reported
			}
			return nil
		},
	}
}

// startFailed is the error of an engine that did not start or make its
// handshake before the first game: a usage error, as a bad flag is,
// unless the run was interrupted meanwhile.
func startFailed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return silentExit(ExitInterrupted)
	}
	return usageError("%v", err)
}

func writeResult(env *environment, c *cli.Context, r *arena.Result) error {
	if cliargs.WantJSON(c) {
		return render.JSON(env.stdout, r)
	}
	return r.WriteText(env.stdout)
}

// matchFromLog prints the result of the match the logs hold, as the match
// printed it: the logs of one run, or of its shards.
func matchFromLog(env *environment, c *cli.Context) error {
	pairings, test, err := fromLog(c)
	if err != nil {
		return err
	}
	if len(pairings) != 1 {
		return usageError("--from-log: the logs hold %d pairings; a match is one (see tournament --from-log)", len(pairings))
	}
	r := pairings[0].Result(test)
	if note := r.DroppedNote(); note != "" {
		fmt.Fprintf(env.stderr, "ginadvisor: --from-log: %s\n", note)
	}
	return wrote(writeResult(env, c, &r))
}

// fromLog reads the logs named as arguments for --from-log: their
// pairings, and the --sprt test, if any, to judge them by.
func fromLog(c *cli.Context) ([]*arena.Pairing, *arena.SPRT, error) {
	if c.NArg() == 0 {
		return nil, nil, usageError("--from-log: give the logs as arguments")
	}
	p, err := arena.ReadPairings(c.Args().Slice())
	if err != nil {
		return nil, nil, &exitError{code: ExitBadInput, err: fmt.Errorf("--from-log: %w", err)}
	}
	var test *arena.SPRT
	if s := c.String("sprt"); s != "" {
		if test, err = arena.ParseSPRT(s); err != nil {
			return nil, nil, usageError("--sprt: %v", err)
		}
	}
	return p, test, nil
}

// arenaFiles are the files a match or tournament of players reads and
// writes, as the flags name them.
func arenaFiles(c *cli.Context, players []string) arena.Files {
	return arena.Files{Deals: c.String("deals"), Players: players, Log: c.String("log"), SaveDeals: c.String("save-deals"),
		Stderr: c.String("stderr"), Force: c.Bool("force"), Resume: c.Bool("resume")}
}

// note says something on stderr that the run goes on after.
func (env *environment) note(msg string) { fmt.Fprintln(env.stderr, "ginadvisor:", msg) }
