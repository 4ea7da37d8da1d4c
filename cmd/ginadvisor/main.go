// Command ginadvisor analyzes gin rummy hands and advises on play.
//
// Exit codes:
//
//	0  success
//	1  an unexpected failure, such as a read or write error
//	2  a usage error: an unknown command or flag, or a bad flag value
//	3  bad input: a hand, meld list or log line could not be read
//	4  an illegal play: the input was read but the rules forbid it
//	130  interrupted (Ctrl-C or SIGTERM); what was finished is written
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/render"
)

// Exit codes, documented in the package comment and the README.
const (
	ExitOK          = cliexit.OK
	ExitFailure     = cliexit.Failure
	ExitUsage       = cliexit.Usage
	ExitBadInput    = cliexit.BadInput
	ExitIllegal     = cliexit.Illegal
	ExitInterrupted = cliexit.Interrupted
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// run is main without the process: it takes the arguments, the streams and
// the environment, and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return runContext(context.Background(), args, stdin, stdout, stderr, getenv)
}

// runContext is run under ctx: a command stops when ctx is done as it does
// at Ctrl-C.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	// Every write goes through out, which reports what a library dropped.
	out := &cliexit.Writer{W: stdout}
	app := newApp(stdin, out, stderr, getenv)
	err := app.RunContext(ctx, cliargs.Reorder(app, args))
	if err == nil && out.Err != nil {
		err = fmt.Errorf("writing the output: %w", out.Err)
	}
	return cliexit.Exit(err, stderr)
}

func newApp(stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) *cli.App {
	return newAppWith(&environment{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, isTerminal: func(w io.Writer) bool { return render.IsTerminal(unwrap(w)) }})
}

func newAppWith(env *environment) *cli.App {
	app := &cli.App{
		Name:  "ginadvisor",
		Usage: "analyze gin rummy hands and advise on play",
		Description: "Cards are written like As, TH, 10h, A♠ or ♠A, or grouped by suit as s:A23.\n\n" +
			"Exit codes: 0 success, 1 unexpected failure, 2 usage error, 3 bad input,\n" +
			"4 an illegal play (such as a knock over the limit).",
		Version: render.BuildVersion(version),
		// Completion scripts end their request with --generate-bash-completion.
		EnableBashCompletion: true,
		Flags:                cliargs.OutputFlags(),
		Reader:               env.stdin,
		Writer:               env.stdout,
		ErrWriter:            env.stderr,
		// Errors are printed once, by run, with their exit codes.
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    clihelp.OnUsageError,
		CommandNotFound: clihelp.NotFound(env.stderr, &env.notFound),
		Commands:        commands(env),
		After: func(*cli.Context) error {
			if env.notFound {
				return cliexit.Silent(ExitUsage)
			}
			return nil
		},
	}
	// The library's help command is a shared package variable, so every
	// app gets its own (and with it --help), so that apps may run at once.
	app.HideHelpCommand = true
	app.Flags = append(app.Flags, cli.HelpFlag)
	app.Commands = append(app.Commands, clihelp.Command())
	clihelp.Prepare("", app.Commands)
	app.Description = render.UnwrapParagraphs(app.Description)
	return app
}

// commands are the app's commands, in the order its help lists them.
func commands(env *environment) []*cli.Command {
	return []*cli.Command{
		scoreCommand(env),
		knockCommand(env),
		layoffCommand(env),
		rulesCommand(env),
		simulateCommand(env),
		playCommand(env),
		logCommand(env),
		convertCommand(env),
		batchCommand(env),
		mergeCommand(env),
		positionCommand(env),
		adviseCommand(env),
		outsCommand(env),
		dangerCommand(env),
		riskCommand(env),
		calibrateCommand(env),
		equityCommand(env),
		engineCommand(env),
		checkEngineCommand(env),
		serveCommand(env),
		matchCommand(env),
		tournamentCommand(env),
		completionCommand(env),
		manCommand(env),
	}
}

// environment is what the commands share: streams, the environment and
// the output settings.
type environment struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	notFound       bool
	// isTerminal tells whether a writer is a terminal; tests replace it.
	isTerminal func(io.Writer) bool
}

// styleFor is how the command writes for people: --format, or boxes on a
// terminal and plain columns in a pipe, lines as wide as the terminal
// (else COLUMNS, else 80); color as
// useColor says; suits as symbols when its --symbols flag asks for them.
// setColor has checked the flags' values.
func (e *environment) styleFor(c *cli.Context) render.Style {
	f, _ := cliargs.Format(c)
	if f == "auto" || f == "json" || f == "" {
		f = "plain"
		if e.isTerminal(e.stdout) {
			f = "table"
		}
	}
	s := render.Style{Format: f, Color: e.useColor(c), Symbols: cliargs.Bool(c, "symbols")}
	s.Width = render.TableWidth(unwrap(e.stdout), e.getenv("COLUMNS"))
	return s
}

// unwrap finds the stream under the writer that checks for write errors.
func unwrap(w io.Writer) io.Writer {
	if c, ok := w.(*cliexit.Writer); ok {
		return c.W
	}
	return w
}

// useColor decides whether to color output, as render.UseColor does;
// --no-color is --color=never.
func (e *environment) useColor(c *cli.Context) bool {
	if mode, _ := cliargs.ColorMode(c); !cliargs.Bool(c, "no-color") {
		return render.UseColor(mode, e.getenv, e.isTerminal(e.stdout))
	}
	return false
}

// setColor checks the output flags (cliargs.CheckOutput); styleFor then works out
// the style from them.
func (e *environment) setColor(c *cli.Context) error { return cliargs.CheckOutput(c) }

// awaitingInput tells a person at a terminal that input is read from
// stdin, one item a line, and how to end it; a pipe gets no message.
func (e *environment) awaitingInput(what string) {
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(e.stderr, "Reading %s from standard input, one a line. End with Ctrl-D (Ctrl-Z, Enter on Windows).\n", what)
	}
}
