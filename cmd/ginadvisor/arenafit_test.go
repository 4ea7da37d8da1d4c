package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestArenaOutputFits: every line a tournament or a match prints for
// people, in plain columns and in boxes, fits 80 columns (the width when
// stdout is no terminal and COLUMNS is unset). Before, the standings'
// lines and the tournament's note ran to 83 and 108 columns, and a
// match's win rate to over 100.
func TestArenaOutputFits(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"tournament", "--games", "2", "simple", "heuristic", "random"},
		{"tournament", "--games", "4", "--format", "table", "simple", "heuristic", "cautious", "random"},
		{"tournament", "--games", "2", "--gauntlet", "heuristic", "simple", "random"},
		{"match", "--p1", "heuristic", "--p2", "simple", "--games", "4"},
		{"match", "--p1", "heuristic", "--p2", "simple", "--games", "2", "--max-hands", "1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, "", args...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, line := range strings.Split(out+errOut, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("a line of %d columns:\n%s", n, line)
				}
			}
		})
	}
}
