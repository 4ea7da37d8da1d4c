package main

import (
	"strings"
	"testing"
)

// TestLogPathRefused: a --log that cannot be written, a directory or a
// path in no directory, is refused before any game as a usage error (exit
// 2), as convert's --out and batch's --html are. Before, it exited 1.
func TestLogPathRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, log := range []string{dir, dir + "/no/such/dir/x.log"} {
		for _, args := range [][]string{
			{"simulate", "--games", "2"},
			{"play"},
			{"tournament", "--games", "2", "simple", "random"},
			{"match", "--p1", "simple", "--p2", "random", "--games", "2"},
			{"match", "--p1", "simple", "--p2", "random", "--games", "2", "--resume"},
		} {
			// Flags first: urfave/cli reads none after an argument.
			args := append([]string{args[0], "--log", log}, args[1:]...)
			code, _, errOut := runCLI(t, "", args...)
			if code != ExitUsage || !strings.Contains(errOut, "--log: ") {
				t.Errorf("%v: exit %d, %q; want exit %d naming --log", args, code, errOut, ExitUsage)
			}
		}
	}
}
