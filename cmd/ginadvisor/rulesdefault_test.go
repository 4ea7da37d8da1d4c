package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// TestOneRulesDefault: every command with a --rules flag defaults to the
// one preset, standard.
func TestOneRulesDefault(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	seen := 0
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			for _, f := range c.Flags {
				if sf, ok := f.(*cli.StringFlag); ok && sf.Name == "rules" {
					seen++
					if sf.Value != "standard" {
						t.Errorf("%s%s --rules defaults to %q, want standard", prefix, c.Name, sf.Value)
					}
				}
			}
			walk(prefix+c.Name+" ", c.Subcommands)
		}
	}
	walk("", app.Commands)
	// score, knock, rules, simulate, play, position, advise, outs, danger,
	// risk, calibrate, match and tournament.
	if seen < 13 {
		t.Errorf("%d commands with --rules", seen)
	}
}

// TestArenaRulesDefault: a match and a tournament play standard unless
// --rules says otherwise, as their logs' rules show.
func TestArenaRulesDefault(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"match", "--p1", "simple", "--p2", "random", "--games", "2"}, "standard"},
		{[]string{"match", "--p1", "simple", "--p2", "random", "--games", "2", "--rules", "eaai"}, "eaai"},
		{[]string{"tournament", "--games", "2", "simple", "random"}, "standard"},
		{[]string{"simulate", "--p1", "simple", "--p2", "random", "--games", "2"}, "standard"},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "games.log")
		code, _, errOut := runCLI(t, "", append(tt.args, "--log", path)...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errOut)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := gamelog.ReadLog(f)
		f.Close()
		if err != nil || len(games) == 0 {
			t.Fatalf("%v: %d games: %v", tt.args, len(games), err)
		}
		for _, g := range games {
			if g.Rules.Name != tt.want {
				t.Errorf("%v: a game under %s, want %s", tt.args, g.Rules.Name, tt.want)
			}
		}
	}
}

// TestOklahomaNeedsTheUpcard: under Oklahoma the first upcard sets the
// knock limit, so score and knock without --upcard are usage errors that
// say so (they assumed 10), and with it the limit is the upcard's.
func TestOklahomaNeedsTheUpcard(t *testing.T) {
	hand := "As 2s 3s 7h 7d 7c Kd Qd Jd 4c"
	knock := []string{"knock", "--rules", "oklahoma", "--knocker", "5H 6H 7H KC KD KS 2C 2D 2S 3C", "--defender", "4H 8H 9C 9D TS JS QH 4S 5D 6C"}
	for _, args := range [][]string{{"score", "--rules", "oklahoma", hand}, knock, {"score", "--oklahoma", "-"}} {
		code, out, errOut := runCLI(t, hand+"\n", args...)
		if code != ExitUsage || !strings.Contains(errOut, "give it with --upcard") || out != "" {
			t.Errorf("%q: exit %d, %q, %q; want a usage error asking for --upcard", args, code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, "", "score", "--rules", "oklahoma", "--upcard", "3h", hand)
	if code != ExitOK || !strings.Contains(out, "over the knock limit of 3") {
		t.Errorf("score with --upcard 3h: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", append(knock, "--upcard", "5d")...)
	if code != ExitOK || !strings.Contains(out, "knock limit 5") {
		t.Errorf("knock with --upcard 5d: exit %d, %q, %q", code, out, errOut)
	}
}
