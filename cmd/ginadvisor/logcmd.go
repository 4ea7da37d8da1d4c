package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
				Usage:     "validate game logs and summarise them",
				ArgsUsage: "FILE... | -",
				Description: "Every game is read and replayed under its rules: every move must be legal\n" +
					"and every result, running score and final score must add up. A damaged game\n" +
					"is reported with its file:line and skipped; the other games are still read.\n" +
					"Exit code 0 when every game read, 3 when some input failed.\n\n" +
					"Examples:\n" +
					"  ginadvisor log check games.log\n" +
					"  ginadvisor simulate --games 10 --log /dev/stdout --quiet | ginadvisor log check -",
				Flags:        outputFlags(),
				OnUsageError: onUsageError,
				Action: func(c *cli.Context) error {
					if err := env.setColor(c); err != nil {
						return err
					}
					paths := c.Args().Slice()
					if len(paths) == 0 {
						paths = []string{"-"}
					}
					rep := checkLogs(env, paths)
					var err error
					if wantJSON(c) {
						err = render.JSON(env.stdout, rep)
					} else {
						err = printLogCheck(env.stdout, rep)
					}
					if err != nil {
						return err
					}
					if rep.GamesSkipped > 0 || rep.failed {
						return silentExit(ExitBadInput)
					}
					return nil
				},
			},
		},
	}
}

// logProblem is one error or warning of a log check, shaped as a batch's.
type logProblem = batch.Problem

// logCheckReport is the result of `log check`.
type logCheckReport struct {
	Files        int          `json:"files"`
	GamesRead    int          `json:"games_read"`
	GamesSkipped int          `json:"games_skipped"`
	Hands        int          `json:"hands"`
	Errors       []logProblem `json:"errors"`
	Warnings     []logProblem `json:"warnings"`
	failed       bool         // a file could not be opened or read
}

func problemOf(file string, err error) logProblem {
	var le *gamelog.Error
	if errors.As(err, &le) {
		return logProblem{File: file, Line: le.Line, Message: le.Msg + textSuffix(le.Text)}
	}
	return logProblem{File: file, Message: err.Error()}
}

func textSuffix(text string) string {
	if text == "" {
		return ""
	}
	return ": " + strconv.Quote(text)
}

func checkLogs(env *environment, paths []string) *logCheckReport {
	rep := &logCheckReport{Errors: []logProblem{}, Warnings: []logProblem{}}
	for _, path := range paths {
		rep.Files++
		var r io.Reader
		name := path
		if path == "-" {
			r, name = env.stdin, "stdin"
		} else {
			f, err := os.Open(path)
			if err != nil {
				rep.failed = true
				rep.Errors = append(rep.Errors, logProblem{File: path, Message: err.Error()})
				continue
			}
			defer f.Close()
			r = f
		}
		lr := gamelog.NewReader(r, name)
		for {
			g, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var le *gamelog.Error
				if errors.As(err, &le) {
					rep.GamesSkipped++
				} else {
					rep.failed = true
				}
				rep.Errors = append(rep.Errors, problemOf(name, err))
				continue
			}
			rep.GamesRead++
			rep.Hands += len(g.Hands)
		}
		for _, w := range lr.Warnings {
			rep.Warnings = append(rep.Warnings, problemOf(name, w))
		}
	}
	return rep
}

func printLogCheck(w io.Writer, rep *logCheckReport) error {
	for _, e := range rep.Errors {
		if _, err := fmt.Fprintf(w, "%s: %s\n", where(e), escapeControl(e.Message)); err != nil {
			return err
		}
	}
	for _, e := range rep.Warnings {
		fmt.Fprintf(w, "%s: warning: %s\n", where(e), escapeControl(e.Message))
	}
	_, err := fmt.Fprintf(w, "%d games read (%d hands), %d skipped, in %d %s.\n",
		rep.GamesRead, rep.Hands, rep.GamesSkipped, rep.Files, plural(rep.Files, "file", "files"))
	return err
}

func where(p logProblem) string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// escapeControl keeps control characters from input off the terminal.
func escapeControl(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) || r == utf8.RuneError {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
