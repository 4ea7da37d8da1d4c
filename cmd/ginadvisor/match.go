package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

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
				&cli.StringFlag{Name: "p2", Usage: "the second player"}}, cliargs.ArenaFlags(200)...)...),
		Action: func(c *cli.Context) error {
			if err := cliargs.RefuseTSV(c, "match"); err != nil {
				return err
			}
			if err := cliargs.FileNames(c, "log", "save-deals", "stderr", "deals"); err != nil {
				return err
			}
			if c.Bool("from-log") {
				return matchFromLog(env, c)
			}
			if c.String("p1") == "" || c.String("p2") == "" {
				return cliexit.Usagef("match needs --p1 and --p2 (or --from-log LOG...)")
			}
			o, err := cliargs.ArenaConfig(c, c.String("p1"), c.String("p2")).Options()
			if err != nil {
				return cliexit.Usagef("%v", err)
			}
			for k, p := range o.Players {
				if err := arena.CheckOptions(p, o.Rules); err != nil {
					return cliexit.Usagef("--p%d %s: %v", k+1, arena.QuoteSpec(p), err)
				}
			}
			files := arenaFiles(c, []string{c.String("p1"), c.String("p2")})
			if err := files.Check(); err != nil {
				return err
			}
			// The signals' context first: its stop, deferred first, runs
			// after the log is closed.
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			if err := files.WriteSavedDeals(&o); err != nil {
				return err
			}
			specs, err := arena.ResolveNames(ctx, o.Players[:], o.Rules, o.Handshake)
			if err != nil {
				return startFailed(ctx, err)
			}
			o.Players = [2]arena.Spec{specs[0], specs[1]}
			lw, err := files.OpenLog(ctx, "the match", func(path string) (arena.Resumed, error) { return arena.Resume(path, &o) }, env.note)
			if err != nil {
				return cliexit.InterruptedOr(ctx, err)
			}
			if lw != nil {
				defer lw.Close()
				o.OnGame = func(g *arena.Game) error { return arena.WriteGame(lw, g, o.Players, o.Rules) }
			}
			o.Progress, o.Escape = env.stderr, render.EscapeControl
			r, err := arena.Play(ctx, o)
			if err != nil && ctx.Err() == nil {
				return optionRefused(err)
			}
			if err := writeResult(env, summaryOut(env, c, lw != nil), c, &r); err != nil {
				return cliexit.Wrote(err)
			}
			if ctx.Err() != nil && !r.Stopped {
				return cliexit.Silent(ExitInterrupted) // what was played is reported
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
		return cliexit.Silent(ExitInterrupted)
	}
	return cliexit.Usagef("%v", err)
}

// optionRefused makes an engine's refusal of an option, found in a game
// after the check before the first, the usage error it is before it.
func optionRefused(err error) error {
	if oe := (*arena.OptionError)(nil); errors.As(err, &oe) {
		return cliexit.Usagef("%v", err)
	}
	return err
}

// writeResult writes the match's result to out.
func writeResult(env *environment, out io.Writer, c *cli.Context, r *arena.Result) error {
	if cliargs.WantJSON(c) {
		return render.JSON(out, r)
	}
	return render.MatchResult(out, env.styleFor(c), r)
}

// matchFromLog prints the result of the match the logs hold, as the match
// printed it: the logs of one run, or of its shards.
func matchFromLog(env *environment, c *cli.Context) error {
	pairings, test, err := fromLog(c)
	if err != nil {
		return err
	}
	p, err := arena.OnePairing(pairings)
	if err != nil {
		return cliexit.Usagef("--from-log: %v", err)
	}
	r := p.Result(test)
	if note := r.DroppedNote(); note != "" {
		fmt.Fprintf(env.stderr, "ginadvisor: --from-log: %s\n", note)
	}
	if err := cliexit.Wrote(writeResult(env, env.stdout, c, &r)); err != nil {
		return err
	}
	return missingGames(env, pairings)
}

// missingGames says on stderr which games the logs leave out, pairing by
// pairing, after the result of those they hold is printed; and then exits
// 3, as a run with an input it could not read does, so that a script does
// not take a partial result for the whole.
func missingGames(env *environment, pairings []*arena.Pairing) error {
	notes := arena.MissingNotes(pairings)
	for _, note := range notes {
		fmt.Fprintf(env.stderr, "ginadvisor: --from-log: %s\n", note)
	}
	if len(notes) > 0 {
		return cliexit.Silent(ExitBadInput)
	}
	return nil
}

// fromLog reads the logs named as arguments for --from-log: their
// pairings, and the --sprt test, if any, to judge them by.
func fromLog(c *cli.Context) ([]*arena.Pairing, *arena.SPRT, error) {
	if c.NArg() == 0 {
		return nil, nil, cliexit.Usagef("--from-log: give the logs as arguments")
	}
	p, err := arena.ReadPairings(c.Args().Slice())
	if err != nil {
		return nil, nil, &cliexit.Error{Code: ExitBadInput, Err: fmt.Errorf("--from-log: %w", err)}
	}
	var test *arena.SPRT
	if s := c.String("sprt"); s != "" {
		if test, err = arena.ParseSPRT(s); err != nil {
			return nil, nil, cliexit.Usagef("--sprt: %v", err)
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
