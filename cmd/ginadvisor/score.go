package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

func scoreCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "show the best ways to meld a hand, its deadwood and the verdict",
		ArgsUsage: "[HAND | -]",
		Description: "HAND is 10 or 11 cards, for example \"As 2s 3s 7h 7d 7c Kd Qd Jd 4c\".\n" +
			"With no HAND, or \"-\", hands are read from standard input, one per line;\n" +
			"blank lines are skipped, and # starts a comment anywhere on a line. A HAND\n" +
			"that names a file reads the file.\n\n" +
			"Examples:\n" +
			"  ginadvisor score \"As 2s 3s 7h 7d 7c Kd Qd Jd 4c\"\n" +
			"  ginadvisor score --rules modern --symbols \"s:A234 h:789 d:TJQK\"\n" +
			"  ginadvisor score --json < hands.txt\n" +
			"  ginadvisor score --rules oklahoma --upcard 4h \"s:A23 h:7 d:7JQK c:47\"",
		Flags: append(append(cliargs.OutputFlags(),
			cliargs.Symbols("print cards with suit symbols"),
			&cli.BoolFlag{Name: "all-splits", Usage: "list each split of a run as its own row (JSON always does)"},
			&cli.StringFlag{Name: "upcard", Usage: "the first upcard, which sets the knock limit under Oklahoma rules"},
		), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			if err := env.setColor(c); err != nil {
				return err
			}
			rs, err := cliargs.Rules(c)
			if err != nil {
				return err
			}
			deal, err := cliargs.Deal(c, rs)
			if err != nil {
				return err
			}
			style := env.styleFor(c)
			w := render.ScoreWriter{W: env.stdout, Tables: style.Tables(env.stdout), JSON: cliargs.WantJSON(c), AllSplits: c.Bool("all-splits")}
			arg := strings.Join(c.Args().Slice(), " ")
			if c.Args().Len() == 0 || arg == "-" {
				env.awaitingInput("hands")
				return stream(env, style, w, rs, deal, env.stdin, "stdin")
			}
			hand, err := notation.ParseHand(arg)
			if err != nil {
				// A file named on the command line is read as input; an
				// argument that names a path gets the file's error.
				f, ferr := os.Open(arg)
				if ferr == nil {
					defer f.Close()
					if info, serr := f.Stat(); serr == nil && !info.Mode().IsRegular() {
						ferr = fmt.Errorf("%s is not a regular file", arg)
					} else {
						return stream(env, style, w, rs, deal, f, arg)
					}
				}
				if _, serr := os.Lstat(arg); serr == nil || strings.ContainsAny(arg, "/.") {
					return cliexit.Input(ferr)
				}
				return cliexit.ParseFailure("hand", arg, err)
			}
			r, err := report.Score(hand, rs, deal)
			if err != nil {
				return cliexit.Input(err)
			}
			return w.Write(0, arg, r, nil)
		},
	}
}

// stream scores one hand per line, reporting bad lines by number and going
// on with the rest.
//
// Output is buffered, and flushed whenever the input has nothing more
// waiting, so that a file is scored at full speed while a person or a
// pipe sees each result as soon as its line is in.
func stream(env *environment, style render.Style, w render.ScoreWriter, rs rules.Rules, deal rules.Deal, r io.Reader, name string) error {
	out := bufio.NewWriterSize(w.W, 64*1024)
	w.W, w.Tables = out, style.Tables(out)
	defer out.Flush()
	read, bad, err := report.ScoreLines(r, rs, deal, func(n int, line string, s *report.ScoreReport, err error) error {
		if err != nil {
			fmt.Fprintln(env.stderr, "ginadvisor:", name+":"+strconv.Itoa(n)+": "+err.Error())
		}
		return w.Write(n, line, s, err)
	}, out.Flush)
	if err != nil {
		return cliexit.NotText(name, err)
	}
	if read == 0 {
		return cliexit.Input(fmt.Errorf("%s: no hands in it", name))
	} else if bad > 0 {
		fmt.Fprintf(env.stderr, "ginadvisor: %d of the lines could not be scored\n", bad)
		return cliexit.Silent(ExitBadInput)
	}
	return nil
}
