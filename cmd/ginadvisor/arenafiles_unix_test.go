//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// Issue 47: no run is lost, and every log replays.

// TestSaveDealsNeverAnInput: --save-deals naming --deals, or a file
// already there without --force, and --log naming --deals, are usage
// errors that leave the file as it was.
func TestSaveDealsNeverAnInput(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.txt")
	if code, _, errOut := runCLI(t, "", append(matchArgs, "--save-deals", book)...); code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	os.WriteFile(book, []byte("# my book\n7\n8\n9\n10\n"), 0o644)
	for _, args := range [][]string{
		{"--deals", book, "--save-deals", book},
		{"--deals", book, "--save-deals", book, "--force"},
		{"--deals", book, "--log", book, "--force"},
		{"--save-deals", book},
		{"--save-deals", book, "--log", book, "--force"},
	} {
		code, _, errOut := runCLI(t, "", append(matchArgs, args...)...)
		if b, _ := os.ReadFile(book); code != ExitUsage || string(b) != "# my book\n7\n8\n9\n10\n" {
			t.Errorf("%q: exit %d, %s; the book holds %q", args, code, errOut, b)
		}
	}
	if code, _, errOut := runCLI(t, "", append(matchArgs, "--save-deals", book, "--force")...); code != ExitOK {
		t.Errorf("--force: exit %d, %s", code, errOut)
	}
}

// TestStderrFilesNeedForce: a --stderr directory that holds another run's
// files is refused without --force or --resume.
func TestStderrFilesNeedForce(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "game000001-player1.stderr")
	os.WriteFile(old, []byte("precious\n"), 0o644)
	code, _, errOut := runCLI(t, "", append(matchArgs, "--stderr", dir)...)
	if code != ExitUsage || !strings.Contains(errOut, "--force") {
		t.Errorf("exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", append(matchArgs, "--stderr", dir, "--force")...); code != ExitOK {
		t.Errorf("--force: exit %d, %s", code, errOut)
	}
}

// TestLogLockedWhileAppending: while a run appends to a log (here, holds
// its lock), another --resume or --force onto it is refused and leaves
// it as it was; once the lock is let go, --resume completes it.
func TestLogLockedWhileAppending(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.log")
	code, want, errOut := runCLI(t, "", append(matchArgs, "--log", whole)...)
	if code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	data, _ := os.ReadFile(whole)
	half := bytes.Index(data, []byte("game 5 "))
	path := filepath.Join(dir, "same.log")
	os.WriteFile(path, data[:half], 0o644)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Skipf("no flock here: %v", err)
	}
	for _, flag := range []string{"--resume", "--force"} {
		code, _, errOut := runCLI(t, "", append(matchArgs, "--log", path, flag)...)
		if b, _ := os.ReadFile(path); code != ExitUsage || !strings.Contains(errOut, "another run is appending to") || !bytes.Equal(b, data[:half]) {
			t.Errorf("%s onto a locked log: exit %d, %s; it holds %d bytes, not %d", flag, code, errOut, len(b), half)
		}
	}
	f.Close()
	code, got, errOut := runCLI(t, "", append(matchArgs, "--log", path, "--resume")...)
	if b, _ := os.ReadFile(path); code != ExitOK || got != want || !bytes.Equal(b, data) {
		t.Errorf("resumed: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
	}
}

// TestResumeDropsTornTail: a log torn within its last game's end line
// (before its line break) or within the next game line (g to game) is
// resumed by dropping the torn game and playing it again: the log and
// the result are those of a run never stopped, and --from-log agrees.
func TestResumeDropsTornTail(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.log")
	code, want, errOut := runCLI(t, "", append(matchArgs, "--log", whole)...)
	if code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	data, _ := os.ReadFile(whole)
	third := bytes.Index(data, []byte("game 3 "))
	for name, torn := range map[string][]byte{
		"end without its line break": data[:third-1],
		"g":                          data[:third+1],
		"gam":                        data[:third+3],
		"game":                       data[:third+4],
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".log")
			os.WriteFile(path, torn, 0o644)
			code, got, errOut := runCLI(t, "", append(matchArgs, "--log", path, "--resume")...)
			if code != ExitOK || got != want {
				t.Fatalf("--resume: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
			}
			if b, _ := os.ReadFile(path); !bytes.Equal(b, data) {
				t.Errorf("the resumed log differs from the whole one:\n%s", b)
			}
			if code, got, errOut := runCLI(t, "", "match", "--from-log", "--json", path); code != ExitOK || got != want {
				t.Errorf("--from-log: exit %d, %s\n%s", code, errOut, got)
			}
		})
	}
}

// TestTournamentOfOnePlayerTwice: a tournament with one built-in player
// twice replays from its log and resumes from it, to its printed result.
func TestTournamentOfOnePlayerTwice(t *testing.T) {
	args := []string{"tournament", "--games", "4", "--json", "simple", "simple", "heuristic"}
	tournamentReplays(t, args, 4)
}

// tournamentReplays runs a tournament with --log, then checks that
// --from-log prints its result, and that --resume from the log cut after
// its first games plays the rest to the same log and result.
func tournamentReplays(t *testing.T, args []string, games int) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "t.log")
	code, want, errOut := runCLI(t, "", append(args, "--log", path)...)
	if code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	if code, got, errOut := runCLI(t, "", "tournament", "--from-log", "--json", path); code != ExitOK || got != want {
		t.Errorf("--from-log: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
	}
	data, _ := os.ReadFile(path)
	// Cut after the first game of the second pairing.
	cut := 0
	for range games + 2 {
		cut += bytes.Index(data[cut:], []byte("\ngame ")) + 1
	}
	os.WriteFile(path, data[:cut], 0o644)
	code, got, errOut := runCLI(t, "", append(args, "--log", path, "--resume")...)
	if code != ExitOK || got != want {
		t.Fatalf("--resume: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, data) {
		t.Errorf("the resumed log differs from the whole one")
	}
}

// linkedEngine is this test binary linked as ginadvisor (see TestMain),
// as an engines file's command: the built-in engine.
func linkedEngine(t *testing.T) string {
	return linkedBinary(t) + " engine"
}

// engineFile writes an engines file of entries, name to samples.
func engineFile(t *testing.T, command string, entries map[string]string) string {
	var list []map[string]any
	for name, samples := range entries {
		list = append(list, map[string]any{"name": name, "command": command, "options": map[string]string{"samples": samples}})
	}
	b, _ := json.Marshal(list)
	path := filepath.Join(t.TempDir(), "engines.json")
	os.WriteFile(path, b, 0o644)
	return path
}

// TestTournamentOfConfVariants: conf: variants of one engine, which share
// its command, replay and resume from their tournament's log.
func TestTournamentOfConfVariants(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("plays engines; give -long")
	}
	conf := engineFile(t, linkedEngine(t), map[string]string{"few": "8", "more": "16"})
	args := []string{"tournament", "--games", "2", "--max-hands", "1", "--json", "conf:" + conf + ":few", "conf:" + conf + ":more", "simple"}
	tournamentReplays(t, args, 2)
}

// TestControlCharacterInAName: an engine named with a control character
// (a conf: entry's name) writes a log that log check reads, and
// --from-log prints the match's result.
func TestControlCharacterInAName(t *testing.T) {
	conf := engineFile(t, linkedEngine(t), map[string]string{"bad\x01bot": "8"})
	path := filepath.Join(t.TempDir(), "m.log")
	code, want, errOut := runCLI(t, "", "match", "--p1", "conf:"+conf+":bad\x01bot", "--p2", "simple", "--games", "2", "--max-hands", "1", "--json", "--log", path)
	if code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	if code, out, _ := runCLI(t, "", "log", "check", path); code != ExitOK {
		t.Errorf("log check: exit %d, %s", code, out)
	}
	if code, got, errOut := runCLI(t, "", "match", "--from-log", "--json", path); code != ExitOK || got != want {
		t.Errorf("--from-log: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
	}
}
