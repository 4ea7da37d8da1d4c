package main

import (
	"cmp"
	"errors"
	"io"
	"os"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/gamelog"
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
				Flags:        outputFlags(),
				OnUsageError: onUsageError,
				Action: func(c *cli.Context) error {
					if err := env.setColor(c); err != nil {
						return err
					}
					if err := refuseTSV(c, "log check"); err != nil {
						return err
					}
					paths := c.Args().Slice()
					sources, err := batch.ExpandInputs(paths, env.stdin)
					if err != nil {
						return &exitError{code: ExitBadInput, err: err}
					}
					cuts := cutGames(sources)
					rep, err := gamelog.CheckAll(c.Context, sources)
					if err != nil {
						return err
					}
					addCuts(rep, sources, *cuts)
					if wantJSON(c) {
						err = render.JSON(env.stdout, rep)
					} else {
						err = render.LogCheck(env.stdout, rep)
					}
					if err != nil {
						return err
					}
					if rep.GamesSkipped > 0 || rep.Failed {
						return silentExit(ExitBadInput)
					}
					return nil
				},
			},
		},
	}
}

// cutGames makes each source that is a regular file read only its whole
// games, and collects, as it is opened, the problem of a last game cut
// short, which the reader would report by whatever its cut line says.
func cutGames(sources []gamelog.Source) *[]gamelog.Problem {
	cuts := new([]gamelog.Problem)
	for i := range sources {
		open, name := sources[i].Open, sources[i].Name
		sources[i].Open = func() (io.ReadCloser, error) {
			rc, err := open()
			f, ok := rc.(*os.File)
			if err != nil || !ok {
				return rc, err
			}
			if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
				return rc, nil
			}
			w, err := gamelog.WholeGames(f)
			if _, serr := f.Seek(0, io.SeekStart); err != nil || serr != nil || !w.Cut {
				return rc, errors.Join(err, serr)
			}
			*cuts = append(*cuts, gamelog.Problem{File: name, Line: w.Line,
				Message: "the last game is cut short (the run that wrote it was stopped while writing it); match --resume drops it"})
			return struct {
				io.Reader
				io.Closer
			}{io.LimitReader(f, w.Bytes), f}, nil
		}
	}
	return cuts
}

// addCuts adds the cut games to the report, each after its file's other
// problems.
func addCuts(rep *gamelog.CheckReport, sources []gamelog.Source, cuts []gamelog.Problem) {
	if len(cuts) == 0 {
		return
	}
	rep.GamesSkipped += len(cuts)
	rep.Errors = append(rep.Errors, cuts...)
	order := func(file string) int {
		return slices.IndexFunc(sources, func(s gamelog.Source) bool { return s.Name == file })
	}
	slices.SortStableFunc(rep.Errors, func(a, b gamelog.Problem) int { return cmp.Compare(order(a.File), order(b.File)) })
}
