package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

func convertCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "turn EAAI transcripts and OpenSpiel histories into ginadvisor's game log",
		ArgsUsage: "FILE... | DIR | -",
		Description: "The format of each input is detected: ginadvisor's log, the EAAI framework's\n" +
			"verbose transcript, or OpenSpiel gin_rummy histories (JSON lines with \"game\"\n" +
			"and \"actions\", or OpenSpiel's save format). Every game is replayed under its\n" +
			"rules and its results checked. The log goes to stdout (or --out); a damaged\n" +
			"game is reported on stderr with its file:line and skipped. Exit code 3 when\n" +
			"some input failed.\n\n" +
			"Examples:\n" +
			"  ginadvisor convert marjj-vs-simple-001.txt > games.log\n" +
			"  ginadvisor convert --from openspiel --out hands.log samples.jsonl\n" +
			"  ginadvisor convert --to eaai games.log > transcripts.txt",
		Flags: append(cliargs.ImportFlags(),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "-", Usage: "write the log to this file; - is stdout"},
			&cli.StringFlag{Name: "to", Value: "ginadvisor", Usage: "the output format: ginadvisor, or eaai (the EAAI framework's verbose transcript, for eaai games)"},
		),
		Action: func(c *cli.Context) error {
			if err := env.setColor(c); err != nil {
				return err
			}
			if err := cliargs.FileNames(c, "out"); err != nil {
				return err
			}
			if err := batch.RefuseInInputDir("out", c.String("out"), c.Args().Slice()); err != nil {
				return cliexit.Usagef("%w", err)
			}
			o, err := cliargs.Import(c)
			if err != nil {
				return err
			}
			ins, err := batch.ExpandInputs(c.Args().Slice(), env.stdin)
			if err != nil {
				return &cliexit.Error{Code: ExitBadInput, Err: err}
			}
			to := c.String("to")
			if to != "ginadvisor" && to != "eaai" {
				return cliexit.Usagef("--to takes ginadvisor or eaai, not %q", to)
			}
			// The signals' context first: its stop, deferred first, runs
			// after the output is aborted.
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			out, closeOut, abort, err := batch.OpenOutput(ctx, c.String("out"), env.stdout, batch.InputFiles(ins, env.stdin))
			if err != nil {
				return fmt.Errorf("--out: %w", cliexit.InterruptedOr(ctx, err))
			}
			defer abort()
			// Stopped, a conversion keeps nothing: the output goes at once.
			stopped, unwatch := cliexit.DieOnInterrupt(ctx, func() {
				abort()
				fmt.Fprintln(env.stderr, "ginadvisor: interrupted: nothing written to --out")
			})
			defer unwatch()
			lw := gamelog.NewWriter(out)
			write := lw.Write
			if to == "eaai" {
				write = func(g *gamelog.Game) error { return importer.WriteEAAI(out, g) }
			}
			res, err := importer.Convert(ctx, ins, o, write, func(source string, err error) { render.Problem(env.stderr, source, err) })
			if ctx.Err() != nil {
				stopped()
				return cliexit.Silent(ExitInterrupted)
			}
			if errors.Is(err, importer.ErrNotEAAI) {
				return cliexit.Usagef("--to eaai: %v", err)
			} else if err != nil {
				return err
			}
			if err := res.Finish(out, to == "ginadvisor", closeOut); err != nil {
				return fmt.Errorf("--out: %w", err)
			}
			fmt.Fprintln(env.stderr, render.Converted(res))
			if res.Bad() {
				return cliexit.Silent(ExitBadInput)
			}
			return nil
		},
	}
}

func batchCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "batch",
		Usage:     "grade every decision of game logs and summarize each player's play",
		ArgsUsage: "FILE... | DIR | -",
		Description: "Each decision is rebuilt as the position the deciding player saw and graded\n" +
			"against the advisor (or, with --quick, by exact deadwood and outs). The equity\n" +
			"lost classifies it: an inaccuracy from 0.02, a mistake from 0.05, a blunder from\n" +
			"0.10 of the chance of winning the game. The advisor spends worlds until\n" +
			"the class is decided at 95%, up to --samples; a grade still undecided is\n" +
			"uncertain. A decision's worlds are seeded from the decision, so its grade\n" +
			"is the same in any order of the inputs. Inputs may be ginadvisor logs, EAAI\n" +
			"transcripts or OpenSpiel histories, detected. A damaged game is reported with\n" +
			"its file:line and skipped; the rest is still analyzed, and the exit code is 3.\n" +
			"The same inputs, seed and budget give the same figures at any worker count, and\n" +
			"--shard summaries combine with `ginadvisor merge` into the one-run result.\n" +
			"Each output file replaces its target only when the run ends complete; one that\n" +
			"names an input, by any name, is refused before any work.\n\n" +
			"Examples:\n" +
			"  ginadvisor batch games.log\n" +
			"  ginadvisor batch --quick --csv decisions.csv logs/\n" +
			"  ginadvisor batch --json --shard 2/8 logs/ > part2.json\n" +
			"  ginadvisor batch --html report.html marjj-vs-simple-001.txt",
		Flags: cliargs.BatchFlags(),
		Action: func(c *cli.Context) error {
			if err := env.setColor(c); err != nil {
				return err
			}
			if err := cliargs.FileNames(c, "csv", "jsonl", "players-csv", "html"); err != nil {
				return err
			}
			o, err := batchOptions(env, c)
			if err != nil {
				return err
			}
			ins, err := batch.ExpandInputs(c.Args().Slice(), env.stdin)
			if err != nil {
				return &cliexit.Error{Code: ExitBadInput, Err: err}
			}
			// The signals' context first: its stop, deferred first, runs
			// after the outputs are aborted.
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			// Every output is opened before any work, so that a bad path
			// fails at once; until the run ends complete, aborted, they
			// change nothing.
			outs, err := openBatchOutputs(ctx, env, c, ins)
			if err != nil {
				return err
			}
			defer outs.Abort()
			o.OnDecision = outs.Sinks.OnDecision()
			var bar *render.Progress
			if !c.Bool("quiet") && env.isTerminal(env.stderr) {
				bar = render.NewProgress(env.stderr, -1, "games")
				o.Progress = bar.Set
			}
			s, runErr := batch.Run(ctx, ins, o)
			bar.Finish()
			return endBatch(ctx, env, c, &s, runErr, outs)
		},
	}
}

// endBatch ends the run on its outputs (batch.Outputs.End), then reports
// how it ended. Whether the run was stopped (ctx, the run's, is done) is
// settled once, here: a signal after this changes nothing.
func endBatch(ctx context.Context, env *environment, c *cli.Context, s *batch.Summary, runErr error, outs *batch.Outputs) error {
	interrupted := ctx.Err() != nil
	failed, err := outs.End(s, runErr, interrupted)
	if failed {
		return err
	}
	return reportBatch(env, c, s, err, interrupted, outs)
}

// batchOptions reads and checks batch's options for the run.
func batchOptions(env *environment, c *cli.Context) (batch.Options, error) {
	imp, err := cliargs.Import(c)
	if err != nil {
		return batch.Options{}, err
	}
	o := batch.Options{Quick: c.Bool("quick"), Samples: c.Int("samples"), Seed: c.Uint64("seed"), Workers: c.Int("workers"), Import: imp}
	if o.Samples < 1 || o.Samples > advise.MaxSamples {
		return o, cliexit.Usagef("--samples must be from 1 to %s, not %d", render.Thousands(advise.MaxSamples), o.Samples)
	} else if o.Quick && c.IsSet("samples") {
		fmt.Fprintln(env.stderr, "ginadvisor: --samples is ignored with --quick, which samples nothing")
	}
	if o.Workers, err = cliargs.WorkersFrom(c); err != nil {
		return o, err
	}
	if s := c.String("shard"); s != "" {
		if o.Shard, o.Shards, err = batch.ParseShard(s); err != nil {
			return o, cliexit.Usagef("--shard %v", err)
		}
	}
	return o, nil
}

// openBatchOutputs opens batch's outputs, those asked for: before any
// work, so that a bad path fails at once.
func openBatchOutputs(ctx context.Context, env *environment, c *cli.Context, ins []batch.Input) (*batch.Outputs, error) {
	paths := batchPaths(c)
	if err := paths.Check(unwrap(env.stdout), c.Args().Slice(), cliargs.WantJSON(c)); err != nil {
		return nil, cliexit.Usagef("%w", err)
	}
	outs, err := batch.OpenOutputs(ctx, paths, env.stdout, batch.InputFiles(ins, env.stdin))
	if ctx.Err() != nil {
		return nil, cliexit.Silent(ExitInterrupted)
	}
	return outs, err
}

// batchPaths are batch's outputs as its flags name them.
func batchPaths(c *cli.Context) batch.OutputPaths {
	return batch.OutputPaths{CSV: c.String("csv"), JSONL: c.String("jsonl"), PlayersCSV: c.String("players-csv"), HTML: c.String("html")}
}

// reportBatch prints a run's damaged games and its summary, unless a
// decision stream has stdout, and says how the run ended: interrupted,
// failed, with bad input, or whole, and which output files it left as
// they were.
func reportBatch(env *environment, c *cli.Context, s *batch.Summary, runErr error, interrupted bool, outs *batch.Outputs) error {
	render.Problems(env.stderr, s.Errors)
	if len(batchPaths(c).OnStdout(unwrap(env.stdout))) == 0 {
		var err error
		if cliargs.WantJSON(c) {
			err = render.JSON(env.stdout, *s)
		} else {
			err = render.Batch(env.stdout, env.styleFor(c), s)
		}
		if err != nil {
			return err
		}
	}
	code := ExitOK
	switch {
	case interrupted:
		fmt.Fprintf(env.stderr, "ginadvisor: interrupted: the summary covers the %d games analyzed\n", s.GamesAnalyzed)
		code = ExitInterrupted
	case runErr != nil && !errors.Is(runErr, importer.ErrNotLog):
		fmt.Fprintf(env.stderr, "ginadvisor: %v\n", runErr)
		code = ExitFailure
	case len(s.Errors) > 0:
		code = ExitBadInput
	}
	fmt.Fprint(env.stderr, render.Left(outs.Left(), interrupted))
	if code != ExitOK {
		return cliexit.Silent(code)
	}
	return nil
}

func mergeCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "combine batch --json summaries of shards into one",
		ArgsUsage: "FILE... | -",
		Description: "Summaries keep counts and sums, so the merge of the shards of one input gives\n" +
			"exactly the summary of a single run over all of it.\n\n" +
			"Examples:\n" +
			"  ginadvisor merge part*.json\n" +
			"  cat part*.json | ginadvisor merge --json -",
		Flags: append(cliargs.OutputFlags(), &cli.BoolFlag{Name: "allow-partial", Usage: "merge summaries of runs stopped early"}),
		Action: func(c *cli.Context) error {
			if err := env.setColor(c); err != nil {
				return err
			}
			ins, err := batch.ExpandInputs(c.Args().Slice(), env.stdin)
			if err != nil {
				return &cliexit.Error{Code: ExitBadInput, Err: err}
			}
			parts, err := batch.ReadSummaries(ins)
			if err == nil {
				err = batch.CheckMergeable(parts, c.Bool("allow-partial"))
			}
			if err != nil {
				return &cliexit.Error{Code: ExitBadInput, Err: err}
			}
			m := batch.Merge(parts...)
			// The problems the runs met, and their exit code, as one run
			// over all the inputs would give them.
			render.Problems(env.stderr, m.Errors)
			if cliargs.WantJSON(c) {
				err = render.JSON(env.stdout, m)
			} else {
				err = render.Batch(env.stdout, env.styleFor(c), &m)
			}
			switch {
			case err != nil:
				return cliexit.Wrote(err)
			case len(m.Errors) > 0:
				return cliexit.Silent(ExitBadInput)
			case m.GamesRead == 0:
				return cliexit.Input(errors.New("the summaries hold no game"))
			}
			return nil
		},
	}
}
