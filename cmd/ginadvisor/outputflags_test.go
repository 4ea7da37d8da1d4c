package main

import (
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestOutputFlagsCheckedFirst: every command with --format refuses a bad
// --format, and --json beside --format tsv, as a usage error before any
// work; match and tournament ran their games with --format bogus, and
// --json --format tsv was taken as --json.
func TestOutputFlagsCheckedFirst(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	// Arguments enough to reach the work, were the flags not checked.
	args := map[string][]string{
		"match":      {"--p1", "simple", "--p2", "simple", "--games", "2"},
		"tournament": {"simple", "heuristic", "--games", "2"},
		"score":      {"As 2s 3s"},
		"batch":      {"--quick", "../../testdata/sample.log"},
		"log check":  {"../../testdata/sample.log"},
	}
	var paths [][]string
	for _, cmd := range app.Commands {
		if hasFlag(cmd, "format") {
			paths = append(paths, []string{cmd.Name})
		}
		for _, sub := range cmd.Subcommands {
			if hasFlag(sub, "format") {
				paths = append(paths, []string{cmd.Name, sub.Name})
			}
		}
	}
	n := len(paths)
	for _, path := range paths {
		name := strings.Join(path, " ")
		for _, bad := range [][]string{{"--format", "bogus"}, {"--json", "--format", "tsv"}} {
			code, out, errOut := runCLI(t, "", append(append(path, args[name]...), bad...)...)
			if code != ExitUsage || out != "" || !strings.Contains(errOut, "--format") {
				t.Errorf("%s %v: exit %d, stdout %.80q, stderr %.120q; want a usage error naming --format", name, bad, code, out, errOut)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d commands have --format", n)
	}
}

func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}
