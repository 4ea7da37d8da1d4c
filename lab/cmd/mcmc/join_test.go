//go:build lab

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/lab/worlds"
)

// TestOutcomesRead: outcome lines are read among other lines, a game read
// twice must agree, and a line that names no known kind, game or outcome
// is refused with its place.
func TestOutcomesRead(t *testing.T) {
	tests := []struct {
		name, text string
		err        string // a part of the error, "" for none
		games      int    // the games read of every kind
	}{
		{"among progress lines", "chain: game 1 of 2\noutcome chain game 1 won 1\noutcome own game 1 won 0\n", "", 2},
		{"a repeat that agrees", "outcome own game 3 won 1\noutcome own game 3 won 1\n", "", 1},
		{"a repeat that differs", "outcome own game 3 won 1\noutcome own game 3 won 0\n", "x:2: own game 3 won 0", 0},
		{"an unknown kind", "outcome mine game 3 won 1\n", "x:1: not an outcome line: kind \"mine\"", 0},
		{"game 0", "outcome own game 0 won 1\n", "x:1:", 0},
		{"a half win", "outcome own game 1 won 0.5\n", "x:1:", 0},
		{"a torn line", "outcome own game\n", "x:1: not an outcome line", 0},
		{"a line too long", "outcome " + strings.Repeat("x", maxOutcomeLine), "x:1:", 0},
		{"a long line of another kind", "chain: " + strings.Repeat("x", maxOutcomeLine), "x:1:", 0},
		{"trailing text", "outcome own game 1 won 1 junk\n", "x:1: not an outcome line", 0},
		{"a signed game", "outcome own game +1 won 1\n", "x:1: not an outcome line", 0},
		{"a won in another spelling", "outcome own game 1 won 1e0\n", "x:1: not an outcome line", 0},
		{"runs that agree", "run seed 11 burn 1\noutcome own game 1 won 1\nrun seed 11 burn 1\noutcome own game 2 won 1\n", "", 2},
		{"another seed", "run seed 11 burn 1\noutcome own game 1 won 1\nrun seed 12 burn 1\noutcome own game 2 won 1\n", "x:4: own game 2 was played with \"seed 12\"", 0},
		{"a setting named by one run alone", "run seed 11 burn 1\noutcome own game 1 won 1\nrun seed 11 burn 1 policy 0a\noutcome fitted game 1 won 0\n", "", 2},
		{"another policy", "run seed 11 policy 0a\noutcome fitted game 1 won 1\nrun seed 11 policy 0b\noutcome fitted game 2 won 1\n", "x:4: fitted game 2 was played with \"seed 11 policy 0b\"", 0},
		{"own games of runs of other chains", "run seed 11 burn 40000\noutcome own game 1 won 1\nrun seed 11 burn 4000\noutcome own game 2 won 0\n", "", 2},
		{"chain games of other chains", "run seed 11 burn 40000\noutcome chain game 1 won 1\nrun seed 11 burn 4000\noutcome chain game 2 won 0\n", "x:4: chain game 2 was played with \"seed 11 burn 4000\"", 0},
		{"a setting without a value", "run seed 11 burn\n", "x:1: \"run seed 11 burn\": a setting without a value", 0},
		{"a setting named twice", "run seed 11 seed 12\n", "x:1: \"run seed 11 seed 12\": seed named twice", 0},
	}
	for _, tt := range tests {
		o := outcomes{}
		err := o.read(strings.NewReader(tt.text), "x")
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.err)
		case tt.err == "":
			n := 0
			for _, g := range o.won {
				n += len(g)
			}
			if n != tt.games {
				t.Errorf("%s: %d games read, want %d", tt.name, n, tt.games)
			}
		}
	}
}

// TestAlignedKeepsWholePairs: only the mirrored pairs that every kind
// finished are kept, in order, each kind's games aligned with the others'.
func TestAlignedKeepsWholePairs(t *testing.T) {
	o := outcomes{}
	text := `outcome own game 1 won 1
outcome own game 2 won 0
outcome own game 3 won 1
outcome own game 4 won 1
outcome own game 5 won 0
outcome own game 6 won 0
outcome chain game 5 won 1
outcome chain game 6 won 1
outcome chain game 1 won 0
outcome chain game 2 won 1
outcome chain game 3 won 1
`
	if err := o.read(strings.NewReader(text), "x"); err != nil {
		t.Fatal(err)
	}
	won, firsts := o.aligned([]string{"own", "chain"})
	if !slices.Equal(firsts, []int{1, 5}) {
		t.Errorf("pairs from games %v, want 1 and 5 (game 4 of chain is missing)", firsts)
	}
	if !slices.Equal(won["own"], []float64{1, 0, 0, 0}) || !slices.Equal(won["chain"], []float64{0, 1, 1, 1}) {
		t.Errorf("own %v, chain %v", won["own"], won["chain"])
	}
	if got := spans([]int{1, 3, 5, 9, 11}); got != "1-6, 9-12" {
		t.Errorf("spans: %q", got)
	}
}

// TestRunLineNamesTheFilterOffItsDefault: a run line names the filter's
// size only when it is not the default, so that the runs from before the
// filter join those after.
func TestRunLineNamesTheFilterOffItsDefault(t *testing.T) {
	old := "run seed 11 burn 0 steps 0 hands 0 eps 0"
	for _, c := range []struct {
		f    worlds.ResampleMove
		want string
	}{
		{worlds.ResampleMove{}, old},
		{worlds.ResampleMove{Particles: worlds.DefaultParticles, Moves: worlds.DefaultMoves}, old},
		{worlds.ResampleMove{Particles: 64}, old + fmt.Sprintf(" particles 64 moves %d", worlds.DefaultMoves)},
		{worlds.ResampleMove{Moves: 2}, old + fmt.Sprintf(" particles %d moves 2", worlds.DefaultParticles)},
	} {
		if got := runLine(config{seed: 11, filter: c.f}); got != c.want {
			t.Errorf("filter %+v: run line %q, want %q", c.f, got, c.want)
		}
	}
}

// TestSettingsOf: a kind's games depend on the seed and on its own
// settings alone, whatever order the run line names them in, a value
// that is another setting's name included.
func TestSettingsOf(t *testing.T) {
	long := "run seed 11 burn 40000 steps 40000 hands 200 eps 0.02"
	short := "run seed 11 burn 4000 steps 4000 hands 200 eps 0.02 policy 0a"
	for _, c := range []struct {
		kind, run, want string
	}{
		{"own", long, "seed 11"},
		{"own", short, "seed 11"},
		{"chain", long, "seed 11 burn 40000 steps 40000 hands 200 eps 0.02"},
		{"chain", "run eps 0.02 hands 200 steps 4000 burn 4000 seed 11", "seed 11 burn 4000 steps 4000 hands 200 eps 0.02"},
		{"fitchain", short, "seed 11 burn 4000 steps 4000 hands 200 eps 0.02 policy 0a"},
		{"filter", short, "seed 11 eps 0.02"},
		{"fitted", short, "seed 11 eps 0.02 policy 0a"},
		{"scored", "run seed burn burn 5 scorer 0b", "seed burn scorer 0b"},
	} {
		run, err := parseRun(c.run)
		if err != nil {
			t.Fatalf("parseRun(%q): %v", c.run, err)
		}
		if got := settingsOf(c.kind, run); got != c.want {
			t.Errorf("settingsOf(%s, %q) = %q, want %q", c.kind, c.run, got, c.want)
		}
	}
	if got := settingsOf("own", nil); got != "" {
		t.Errorf("settingsOf with no run line = %q, want \"\"", got)
	}
}

// TestJoinFilesTablesEveryKind: a join of runs' stderr tables every kind
// they played, fitted too, over the pairs all finished.
func TestJoinFilesTablesEveryKind(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.err"), filepath.Join(dir, "b.err")
	os.WriteFile(a, []byte("run seed 11\noutcome own game 1 won 1\noutcome own game 2 won 0\noutcome own game 3 won 1\n"), 0o644)
	os.WriteFile(b, []byte("run seed 11 policy 0a\noutcome fitted game 1 won 1\noutcome fitted game 2 won 1\n"), 0o644)
	out := captureStdout(t, func() {
		if err := joinFiles([]string{a, b}, nil); err != nil {
			t.Fatal(err)
		}
	})
	for _, want := range []string{"2 mirrored eaai games", "games 1-2", "own: seed 11; fitted: seed 11 policy 0a", titles["own"], titles["fitted"]} {
		if !strings.Contains(out, want) {
			t.Errorf("the join printed no %q:\n%s", want, out)
		}
	}
}

// captureStdout returns what fn prints to standard output.
func captureStdout(t *testing.T, fn func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	defer func() { os.Stdout = old }()
	fn()
	w.Close()
	os.Stdout = old
	return <-done
}

// TestJoinFilesOnlyTheKindsAsked: a run's chain games of other settings
// stop a join of every kind, and join when only the kinds asked are read.
func TestJoinFilesOnlyTheKindsAsked(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.err"), filepath.Join(dir, "b.err")
	os.WriteFile(a, []byte("run seed 11 burn 40000\noutcome own game 1 won 1\noutcome chain game 1 won 1\noutcome own game 2 won 0\noutcome chain game 2 won 1\n"), 0o644)
	os.WriteFile(b, []byte("run seed 11 burn 4000\noutcome chain game 1 won 0\noutcome chain game 2 won 0\n"), 0o644)
	if err := joinFiles([]string{a, b}, nil); err == nil || !strings.Contains(err.Error(), "chain game 1") {
		t.Errorf("a join of chains of other settings: error %v, want one naming chain game 1", err)
	}
	out := captureStdout(t, func() {
		if err := joinFiles([]string{a, b}, []string{"own"}); err != nil {
			t.Error(err)
		}
	})
	if strings.Contains(out, titles["chain"]) {
		t.Errorf("a join of own alone tabled the chain:\n%s", out)
	}
	if err := joinFiles([]string{b, a}, []string{"chain"}); err == nil {
		t.Error("chains of other settings joined with -kinds chain")
	}
}
