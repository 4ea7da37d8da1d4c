package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/enginecheck"
)

// TestCheckEngineBuiltIn runs check-engine on the built-in engine: this
// test binary, linked as ginadvisor (see TestMain), serving the protocol.
// Every situation passes and the exit is 0; --json says the same.
func TestCheckEngineBuiltIn(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the engine some twenty times")
	}
	link := linkedBinary(t)
	dir := filepath.Dir(link)
	engine := `engine:"` + link + `" engine`
	args := []string{"check-engine", "--set", "samples=16", "--grace", "30s", "--json"}
	if !longtest.Enabled() {
		// An engine process a situation: by default the decisions after
		// a move ("after" names seven of them); -long checks all.
		args = append(args, "--only", "after")
	}
	code, out, errText := runCLI(t, "", append(args, engine)...)
	var rep enginecheck.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errText)
	}
	for _, r := range rep.Results {
		if !r.Passed {
			t.Errorf("%s: %s\n%s", r.Name, r.Reason, strings.Join(r.Exchange, "\n"))
		}
	}
	if code != 0 || len(rep.Results) < 7 || longtest.Enabled() && len(rep.Results) < 20 {
		t.Fatalf("exit %d with %d situations", code, len(rep.Results))
	}
	// A command that is no engine fails the check, and exits 1.
	code, out, _ = runCLI(t, "", "check-engine", "--only", "handshake", "engine:"+filepath.Join(dir, "no-such-engine"))
	if code != ExitFailure || !strings.Contains(out, "handshake") || !strings.Contains(out, "FAILED") {
		t.Fatalf("a missing engine: exit %d:\n%s", code, out)
	}
}

// TestCheckEngineNamesByIDName: check-engine names the engine by its
// handshake's id name, as the arena does, not by its program (here a
// wrapper script, as python3 would be for a bot in Python).
func TestCheckEngineNamesByIDName(t *testing.T) {
	link := linkedBinary(t)
	dir := filepath.Dir(link)
	script := filepath.Join(dir, "wrapper.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec '"+link+"' engine\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errText := runCLI(t, "", "check-engine", "--only", "handshake", "--json", "engine:"+script)
	var rep enginecheck.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errText)
	}
	if !strings.HasPrefix(rep.Engine, "ginadvisor ") || rep.Command != script {
		t.Errorf("engine %q, command %q: want the id name and the command", rep.Engine, rep.Command)
	}
	_, out, _ = runCLI(t, "", "check-engine", "--only", "handshake", "engine:"+script)
	if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, "engine ginadvisor ") {
		t.Errorf("the text does not begin with the id name:\n%s", out)
	}
}

// TestCheckEngineGamesFlag: check-engine's --games is validated as every
// number flag is, before any engine starts: a count that is no pairs of
// games, or no number, is a usage error that says what it wants and what
// it got. With -long, two games on the built-in engine pass.
func TestCheckEngineGamesFlag(t *testing.T) {
	for _, tt := range []struct{ games, want string }{
		{"3", "ginadvisor: --games must be even, from 2 to 1,000 (pairs of mirrored games), not 3\n"},
		{"0", "not 0\n"},
		{"1002", "not 1002\n"},
		{"abc", `--games takes a whole number, not "abc"`},
	} {
		code, out, errText := runCLI(t, "", "check-engine", "--games", tt.games, "engine:./no-such-engine")
		if code != 2 || out != "" || !strings.Contains(errText, tt.want) {
			t.Errorf("--games %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.games, code, out, errText, tt.want)
		}
	}
	if !longtest.Enabled() {
		return
	}
	link := linkedBinary(t)
	code, out, errText := runCLI(t, "", "check-engine", "--only", "whole games", "--games", "2", `engine:"`+link+`" engine`)
	if code != 0 || !strings.Contains(out, "1 of 1 situations passed") {
		t.Errorf("exit %d:\n%s\n%s", code, out, errText)
	}
}
