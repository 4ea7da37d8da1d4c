package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/render"
)

func logCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "log",
		Usage: "work with game logs",
		Subcommands: []*cli.Command{
			{
				Name:      "check",
				Usage:     "validate game logs and summarize them",
				ArgsUsage: "FILE... | -",
				Description: "Every game is read and replayed under its rules: every move must be legal\n" +
					"and every result, running score and final score must add up. A damaged game\n" +
					"is reported with its file:line and skipped; the other games are still read.\n" +
					"A last game cut short (a run killed while writing it) is reported as such;\n" +
					"match --resume drops it and plays it again.\n" +
					"Exit code 0 when every game read, 3 when some input failed.\n\n" +
					"Examples:\n" +
					"  ginadvisor log check games.log\n" +
					"  ginadvisor simulate --games 10 --log /dev/stdout --quiet \\\n    | ginadvisor log check -",
				Flags:        cliargs.OutputFlags(),
				OnUsageError: clihelp.OnUsageError,
				Action: func(c *cli.Context) error {
					if err := env.setColor(c); err != nil {
						return err
					}
					if err := cliargs.RefuseTSV(c, "log check"); err != nil {
						return err
					}
					paths := c.Args().Slice()
					sources, err := batch.ExpandInputs(paths, env.stdin)
					if err != nil {
						return &cliexit.Error{Code: ExitBadInput, Err: err}
					}
					rep, err := gamelog.CheckWritten(c.Context, sources)
					if err != nil {
						return err
					}
					if cliargs.WantJSON(c) {
						err = render.JSON(env.stdout, rep)
					} else {
						err = render.LogCheck(env.stdout, rep)
					}
					if err != nil {
						return err
					}
					if rep.GamesSkipped > 0 || rep.Failed {
						return cliexit.Silent(ExitBadInput)
					}
					return nil
				},
			},
		},
	}
}
