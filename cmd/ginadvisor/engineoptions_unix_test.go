//go:build unix

package main

import (
	"strings"
	"testing"
)

// TestEngineOptionsRefusedExitTwo: an engine option that contradicts the
// match's rules, and one the engine answers with an error, end match and
// tournament with exit 2 before any game, naming the player and the
// option. Before, the first played on under other rules than the match
// said, the second at the engine's default samples, both with exit 0.
func TestEngineOptionsRefusedExitTwo(t *testing.T) {
	engine := "engine:" + linkedEngine(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--p1", engine + " option.rules=eaai", "--p2", "simple", "--games", "2"},
			"ginadvisor: --p1 '" + engine + " option.rules=eaai': option rules=eaai contradicts the match, which plays standard and sets the engine's rules itself: leave the option out, and give the rules to the match (--rules eaai)\n"},
		{[]string{"tournament", "--games", "2", "simple", engine + " option.knock_limit=7"},
			"ginadvisor: player 2, '" + engine + " option.knock_limit=7': option knock_limit=7 contradicts the match, which plays standard"},
		{[]string{"match", "--p1", engine + " option.samples=abc", "--p2", "simple", "--games", "2"},
			"ginadvisor: '" + engine + " option.samples=abc': engine ginadvisor 0.1.0-dev refuses the option samples=abc: it answered: error samples must be from 1 to 100000, not \"abc\"\n"},
		{[]string{"tournament", "--games", "2", "simple", engine + " option.samples=100000000"},
			"refuses the option samples=100000000: it answered: error samples must be from 1 to 100000"},
	} {
		code, out, errText := runCLI(t, "", tt.args...)
		if code != 2 || out != "" || !strings.Contains(errText, tt.want) || strings.Contains(errText, "game 1") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), code, out, errText, tt.want)
		}
	}
}

// TestDefaultMoveLimitInHelp: match's and tournament's help name the
// limit an engine's decision has when no clock is given, and that an
// engine past it forfeits on time. Before, the help said "0: none", and
// the limit was nowhere.
func TestDefaultMoveLimitInHelp(t *testing.T) {
	for _, cmd := range []string{"match", "tournament"} {
		code, out, _ := runCLI(t, "", cmd, "--help")
		text := strings.Join(strings.Fields(out), " ")
		if want := "with no --movetime, --tc or --gametime, an engine that has not answered a decision in 1m forfeits the game on time"; code != 0 || !strings.Contains(text, want) {
			t.Errorf("%s --help: exit %d, want %q in:\n%s", cmd, code, want, out)
		}
	}
}
