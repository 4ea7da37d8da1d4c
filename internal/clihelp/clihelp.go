// Package clihelp gives a urfave/cli app its help and its usage errors:
// a help command and flag of its own, so that apps may run at once; help
// wrapped at the terminal's width; and unknown flags and commands worded
// in the --flag form, with the nearest name and the way to the help.
package clihelp

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/render"

	"github.com/ginadvisor/ginadvisor/notation"
)

// UsageError is a command line the app cannot run: an unknown flag, a
// bad flag value.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the library's error, reworded.
func (e *UsageError) Unwrap() error { return e.Err }

// flagNotDefined matches the flag package's one-dash unknown-flag message.
var flagNotDefined = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)

// flagName matches what may be a flag's name; an argument that starts
// with - and is not one ("-As 2s 3s", "- 7h") is an argument misread.
var flagName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*(=.*)?$`)

// singleDashFlag matches the flag package's "for flag -name".
var singleDashFlag = regexp.MustCompile(`for (?:flag )?-+([a-z0-9-]+)`)

// misread says an argument taken for a flag is more likely an argument:
// cards ("-As") or a file that is there ("-x.log").
func misread(arg string) bool {
	if _, err := notation.ParseHand(arg); err == nil {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

// OnUsageError words a flag error in the --flag form and points at the
// command's help; the error is a UsageError.
func OnUsageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	if m := flagNotDefined.FindStringSubmatch(msg); m != nil {
		msg = "unknown flag --" + m[1]
		arg := strings.TrimPrefix(err.Error(), "flag provided but not defined: ")
		// At the top there is no command for an argument to belong to.
		if CommandPath(c) != "" && (!flagName.MatchString(m[1]) || misread(arg)) {
			msg = fmt.Sprintf("%q is read as a flag, since it starts with -: put -- before the arguments (such as -- %q)", arg, arg)
		}
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		if want := wants(c, m[2]); want != "" {
			msg = fmt.Sprintf("--%s takes %s, not %s", m[2], want, m[1])
		}
	}
	msg = singleDashFlag.ReplaceAllString(msg, "for --$1")
	help := "ginadvisor --help"
	if path := CommandPath(c); path != "" {
		help = "ginadvisor " + path + " --help"
	}
	return &UsageError{Err: fmt.Errorf("%s; see '%s'", msg, help)}
}

// badValue matches the flag package's message for a value it could not
// parse, which says only "parse error".
var badValue = regexp.MustCompile(`^invalid value (".*") for flag -+([^:]+): parse error$`)

// wants says what the flag named takes, by its type, or "" for a flag
// the command does not have.
func wants(c *cli.Context, name string) string {
	for _, x := range c.Lineage() {
		var flags []cli.Flag
		if x.Command != nil {
			flags = x.Command.Flags
		} else if x.App != nil {
			flags = x.App.Flags
		}
		for _, f := range flags {
			if !slices.Contains(f.Names(), name) {
				continue
			}
			switch f.(type) {
			case *cli.IntFlag, *cli.Int64Flag:
				return "a whole number"
			case *cli.UintFlag, *cli.Uint64Flag:
				return "a whole number, 0 or more"
			case *cli.Float64Flag:
				return "a number"
			case *cli.DurationFlag:
				return "a duration, such as 200ms, 2s or 1m30s"
			case *cli.BoolFlag:
				return "true or false"
			}
			return ""
		}
	}
	return ""
}

// CommandPath is the names of the command c runs and its parents, such as
// "log check", or "" for the app itself. The app's own context has a root
// command named as the app, which is left out.
func CommandPath(c *cli.Context) string {
	var names []string
	if c == nil {
		return ""
	}
	for _, x := range c.Lineage() {
		if x.Command != nil && x.Command.Name != "" && (x.App == nil || x.Command.Name != x.App.Name) {
			names = append([]string{x.Command.Name}, names...)
		}
	}
	return strings.Join(names, " ")
}

// NotFound is the app's CommandNotFound: it reports an unknown command on
// stderr, with the nearest name among its level's commands, and sets
// *missed, which the app's After turns into a usage error.
func NotFound(stderr io.Writer, missed *bool) cli.CommandNotFoundFunc {
	return func(c *cli.Context, name string) { notFound(stderr, c, name); *missed = true }
}

func notFound(stderr io.Writer, c *cli.Context, name string) {
	var names []string
	cmds, where := c.App.Commands, "ginadvisor"
	if c.Command != nil && len(c.Command.Subcommands) > 0 && c.Command.Name != c.App.Name {
		cmds, where = c.Command.Subcommands, "ginadvisor "+c.Command.Name
	}
	for _, cmd := range cmds {
		names = append(names, cmd.Name)
	}
	hint := ""
	if s := render.Suggest(name, names); s != "" {
		hint = fmt.Sprintf(" Did you mean %q?", s)
	}
	fmt.Fprintf(stderr, "ginadvisor: unknown command %q.%s See '%s --help'.\n", render.EscapeControl(name), hint, where)
}

// Command is an app's own help command. The library's is a shared
// package variable: each app gets its own, so that apps may run at once.
func Command() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the commands, or one command's help",
		ArgsUsage: "[COMMAND]",
		Description: "Examples:\n" +
			"  ginadvisor help\n" +
			"  ginadvisor help advise",
		Action: func(c *cli.Context) error {
			if args := c.Args().Slice(); len(args) > 0 {
				// "help log check" is check's help: the context is moved
				// down to each named command that has subcommands.
				ctx, cmds := c, c.App.Commands
				for len(args) > 1 {
					var next *cli.Command
					for _, cmd := range cmds {
						if cmd.HasName(args[0]) && len(cmd.Subcommands) > 0 {
							next = cmd
						}
					}
					if next == nil {
						break
					}
					ctx = cli.NewContext(c.App, nil, ctx)
					ctx.Command, cmds, args = next, next.Subcommands, args[1:]
				}
				// A command with subcommands is run with --help, as the
				// app runs it: the library's help for it lists its
				// subcommands only once the command has been set up.
				for _, cmd := range cmds {
					if cmd.HasName(args[0]) && len(cmd.Subcommands) > 0 {
						sub := cli.NewContext(c.App, nil, ctx)
						sub.Command = cmd
						return cmd.Run(sub, args[0], "--help")
					}
				}
				return cli.ShowCommandHelp(ctx, args[0])
			}
			return cli.ShowAppHelp(c)
		},
	}
}

// Prepare gives every command and subcommand the app's usage
// error handler, hides their help subcommands, and joins the hand-wrapped
// lines of their descriptions, which help wraps once at its width. Each
// subcommand is given its help name ("ginadvisor log check"), which "help
// log check" shows as "log check --help" does.
func Prepare(prefix string, cmds []*cli.Command) {
	for _, c := range cmds {
		if c.HelpName == "" && prefix != "" {
			// The library names a top command itself, and a subcommand
			// only when its parent runs, which help does not.
			c.HelpName = "ginadvisor " + prefix + " " + c.Name
		}
		c.OnUsageError = OnUsageError
		c.HideHelpCommand = true
		c.Description = render.UnwrapParagraphs(c.Description)
		Prepare(strings.TrimSpace(prefix+" "+c.Name), c.Subcommands)
	}
}

// copyOnApply is a flag of urfave/cli's that applies a copy of itself to
// each flag set. The help and version flags are package variables of the
// library, and their Apply writes to them; applied through copies, many
// apps may run at once (as the tests do) without racing on them.
type copyOnApply struct{ *cli.BoolFlag }

// Apply applies a copy of the flag.
func (f copyOnApply) Apply(set *flag.FlagSet) error {
	c := *f.BoolFlag
	return c.Apply(set)
}

func init() {
	// The library reads these variables; it is told once, before any app
	// runs, to apply them through copies.
	for _, f := range []*cli.Flag{&cli.HelpFlag, &cli.VersionFlag} {
		if b, ok := (*f).(*cli.BoolFlag); ok {
			*f = copyOnApply{b}
		}
	}
	// Help fits the terminal, or 80 columns: long flag and prose lines are
	// folded.
	print := cli.HelpPrinterCustom
	cli.HelpPrinterCustom = func(w io.Writer, templ string, data any, funcs map[string]any) {
		var b strings.Builder
		print(&b, templ, data, funcs)
		io.WriteString(w, render.WrapHelp(b.String(), helpWidth(w)))
	}
}

// helpWidth is the width help is wrapped at: the terminal's, else 80. A
// writer that wraps another, with an Unwrap method, is seen through.
func helpWidth(w io.Writer) int {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	if n := render.Width(w); n > 0 {
		return n
	}
	return 80
}
