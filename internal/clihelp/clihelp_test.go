package clihelp

import (
	"errors"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestUsageErrors: an unknown flag is worded in the --flag form with the
// way to the command's help, and an unknown command is named with the
// nearest command.
func TestUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args, want string
	}{
		{"x log check --bogus", "unknown flag --bogus; see 'ginadvisor log check --help'"},
		{"x log check --n=z", "--n takes a whole number, not \"z\"; see 'ginadvisor log check --help'"},
		{"x lgo", `unknown command "lgo". Did you mean "log"? See 'ginadvisor --help'.`},
		// A hand written with - between its cards is not a flag.
		{"x log check -As,2s,3s", `"-As,2s,3s" is read as a flag, since it starts with -: put -- before the arguments (such as -- "-As,2s,3s")`},
		// So is a card alone; a name that is neither cards nor a file
		// stays an unknown flag.
		{"x log check -As", `"-As" is read as a flag, since it starts with -: put -- before the arguments (such as -- "-As")`},
		{"x log check -zz", "unknown flag --zz; see 'ginadvisor log check --help'"},
		// At the top, with no command, the hint would lead nowhere.
		{"x -As", "unknown flag --As; see 'ginadvisor --help'"},
	} {
		var stderr strings.Builder
		missed := false
		app := &cli.App{Name: "x", ErrWriter: &stderr, Writer: &stderr, HideHelpCommand: true, OnUsageError: OnUsageError,
			CommandNotFound: NotFound(&stderr, &missed),
			Commands:        []*cli.Command{{Name: "log", Subcommands: []*cli.Command{{Name: "check", Flags: []cli.Flag{&cli.IntFlag{Name: "n"}}, Action: func(*cli.Context) error { return nil }}}}}}
		Prepare("", app.Commands)
		err := app.Run(strings.Fields(tt.args))
		got := stderr.String()
		if err != nil {
			if _, ok := errors.AsType[*UsageError](err); !ok {
				t.Errorf("%s: %v is not a UsageError", tt.args, err)
			}
			got = err.Error()
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q in it", tt.args, got, tt.want)
		}
	}
}
