package main

import (
	"strings"
	"testing"
)

// TestTournamentNamesPlayerByPlace: a player a tournament cannot read is
// named by its place (and its spec), never as a match's --p1 or --p2,
// which a tournament has not. Before, the first two were "--p1" and
// "--p2".
func TestTournamentNamesPlayerByPlace(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"bogus", "simple"}, `player 1: unknown player "bogus"`},
		{[]string{"simple", "bogus"}, `player 2: unknown player "bogus"`},
		{[]string{"simple", "heuristic", "bogus"}, `player 3: unknown player "bogus"`},
		{[]string{"simple", "engine:"}, `player 2, "engine:": `},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"tournament"}, tt.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "--p") {
			t.Errorf("tournament %v: exit %d, %q; want exit %d and %q", tt.args, code, errOut, ExitUsage, tt.want)
		}
	}
}
