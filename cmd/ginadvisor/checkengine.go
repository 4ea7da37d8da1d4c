package main

import (
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/enginecheck"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

func checkEngineCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "check-engine",
		Usage:     "check that an engine keeps the protocol, situation by situation",
		ArgsUsage: "engine:COMMAND",
		Description: "Starts the engine afresh for each scripted situation (the handshake,\n" +
			"options, every kind of decision, knocks and gin, the defender, a long hand,\n" +
			"stop, isready, a clock on go, quit, --games whole games against simple, each\n" +
			"decision told go movetime 50) and says of\n" +
			"each whether it passed, with the exchange of each that failed (all with\n" +
			"--verbose). It exits 0 only if every situation passed, 1 otherwise\n" +
			"(docs/protocol.md, Checking an engine).\n\n" +
			"Examples:\n" +
			"  ginadvisor check-engine 'engine:ginadvisor engine'\n" +
			"  ginadvisor check-engine --set samples=32 --json 'engine:python3 mybot.py'",
		Flags: append(cliargs.OutputFlags(),
			&cli.StringSliceFlag{Name: "set", Usage: "NAME=VALUE: an option sent in every situation, when the engine declares it"},
			&cli.StringFlag{Name: "only", Usage: "run only the situations whose names contain this"},
			&cli.DurationFlag{Name: "grace", Value: 2 * time.Second, Usage: "the wait for an answer due at once (readyok, stop, quit)"},
			&cli.DurationFlag{Name: "movetime", Value: time.Minute, Usage: "the wait for a decision with no clock"},
			&cli.IntFlag{Name: "games", Value: enginecheck.DefaultGames, Usage: "the whole games against simple, even: pairs of mirrored games"},
			&cli.BoolFlag{Name: "verbose", Usage: "print every situation's exchange, passed or not"}),
		Action: func(c *cli.Context) error {
			if err := cliargs.RefuseTSV(c, "check-engine"); err != nil {
				return err
			}
			if c.Args().Len() != 1 {
				return cliexit.Usagef("check-engine takes one engine: engine:COMMAND")
			}
			command, ok := strings.CutPrefix(c.Args().First(), "engine:")
			if !ok || strings.TrimSpace(command) == "" {
				return cliexit.Usagef("check-engine takes engine:COMMAND, not %q", render.EscapeControl(c.Args().First()))
			}
			set := map[string]string{}
			for _, kv := range c.StringSlice("set") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok || k == "" || strings.ContainsAny(k+v, " \t") {
					return cliexit.Usagef("--set takes NAME=VALUE, with no spaces, not %q", render.EscapeControl(kv))
				}
				set[k] = v
			}
			if n := c.Int("games"); n < 2 || n%2 != 0 || n > enginecheck.MaxGames {
				return cliexit.Usagef("--games must be even, from 2 to %s (pairs of mirrored games), not %d", render.Thousands(enginecheck.MaxGames), n)
			}
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			rep, err := enginecheck.Run(ctx, enginecheck.Options{Command: command, Grace: c.Duration("grace"), Move: c.Duration("movetime"), Games: c.Int("games"), Only: c.String("only"), Set: set})
			if err != nil && ctx.Err() == nil {
				return cliexit.Usagef("%v", err)
			}
			if cliargs.WantJSON(c) {
				err = render.JSON(env.stdout, rep)
			} else {
				err = rep.WriteText(env.stdout, c.Bool("verbose"))
			}
			switch {
			case err != nil:
				return cliexit.Wrote(err)
			case ctx.Err() != nil:
				return cliexit.Silent(ExitInterrupted)
			case !rep.Passed():
				return cliexit.Silent(ExitFailure)
			}
			return nil
		},
	}
}
