package main

import (
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

// helpPaths are the argument lists naming every command and subcommand,
// and the app itself (none).
func helpPaths() [][]string {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	paths := [][]string{nil}
	var walk func(prefix []string, cmds []*cli.Command)
	walk = func(prefix []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(append([]string(nil), prefix...), c.Name)
			paths = append(paths, p)
			walk(p, c.Subcommands)
		}
	}
	walk(nil, app.Commands)
	return paths
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// TestHelpFits checks every command's --help at 80 columns (the width
// when stdout is no terminal): no line is longer, but for one unbreakable
// token; every example line fits; and no paragraph leaves a single word
// on a line of its own before it goes on (an orphan, from wrapping text
// that was already wrapped).
func TestHelpFits(t *testing.T) {
	t.Parallel()
	for _, path := range helpPaths() {
		name := strings.Join(append([]string{"ginadvisor"}, path...), " ")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, "", append(path, "--help")...)
			if code != ExitOK || errOut != "" || out == "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			examples := false
			for i, line := range lines {
				trimmed := strings.TrimSpace(line)
				switch {
				case trimmed == "Examples:":
					examples = true
					continue
				case indentOf(line) == 0:
					examples = false
				}
				width := utf8.RuneCountInString(line)
				words := strings.Fields(line)
				if examples && indentOf(line) > 3 {
					if width > 80 {
						t.Errorf("an example line of %d columns:\n%s", width, line)
					}
					continue
				}
				if width > 80 && len(words) > 1 {
					t.Errorf("a line of %d columns:\n%s", width, line)
				}
				if len(words) == 1 && !strings.HasSuffix(trimmed, ":") && i+1 < len(lines) {
					next := lines[i+1]
					if strings.TrimSpace(next) != "" && indentOf(next) == indentOf(line) {
						t.Errorf("an orphan %q in:\n%s\n%s\n%s", trimmed, lines[max(i-1, 0)], line, next)
					}
				}
			}
		})
	}
}

// TestHelpNamesDocPages checks that help sends the reader to the page
// that has the notation or the protocol, not to the README.
func TestHelpNamesDocPages(t *testing.T) {
	t.Parallel()
	for cmd, page := range map[string]string{"position": "docs/notation.md", "engine": "docs/protocol.md"} {
		_, out, _ := runCLI(t, "", cmd, "--help")
		if !strings.Contains(out, page) || strings.Contains(out, "README") {
			t.Errorf("%s --help does not name %s:\n%s", cmd, page, out)
		}
	}
}

// TestHelpOfSubcommand checks that "help log check" is check's help.
func TestHelpOfSubcommand(t *testing.T) {
	t.Parallel()
	for _, path := range [][]string{{"log", "check"}, {"score"}, {"advise"}} {
		code, got, errOut := runCLI(t, "", append([]string{"help"}, path...)...)
		_, want, _ := runCLI(t, "", append(path, "--help")...)
		if code != ExitOK || errOut != "" || got != want {
			t.Errorf("help %s: exit %d, stderr %q, got\n%s\nwant\n%s", strings.Join(path, " "), code, errOut, got, want)
		}
	}
}

// TestUsageErrorNamesHelp checks the help a usage error points at: the
// app's for a global flag, else the command's, with its parents.
func TestUsageErrorNamesHelp(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--verbose", "score", "As"}, "see 'ginadvisor --help'"},
		{[]string{"score", "--bad", "As"}, "see 'ginadvisor score --help'"},
		{[]string{"log", "check", "--bad", "x"}, "see 'ginadvisor log check --help'"},
	} {
		code, _, errOut := runCLI(t, "", tt.args...)
		if code != ExitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestHelpCommandIsHelpFlag: "help X" prints what "X --help" prints, for
// every command and subcommand but help itself (whose --help is the
// app's); a command with subcommands lists them. Before, "help log" left
// out log's COMMANDS block.
func TestHelpCommandIsHelpFlag(t *testing.T) {
	t.Parallel()
	for _, path := range helpPaths() {
		if len(path) == 0 || path[0] == "help" {
			continue
		}
		code, viaHelp, errOut := runCLI(t, "", append([]string{"help"}, path...)...)
		code2, viaFlag, errOut2 := runCLI(t, "", append(path, "--help")...)
		if code != code2 || viaHelp != viaFlag || errOut != errOut2 {
			t.Errorf("help %s (exit %d) differs from %s --help (exit %d):\n%s\n---\n%s", strings.Join(path, " "), code,
				strings.Join(path, " "), code2, viaHelp, viaFlag)
		}
	}
}
