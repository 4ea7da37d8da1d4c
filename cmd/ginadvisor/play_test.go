package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/gamelog"
)

// syncBuffer is a buffer the player writes while the answerer reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// follower answers play's prompts by following its hints: the advisor's
// move named in the last hint.
type follower struct {
	out     *syncBuffer
	pending []byte
	turns   int
}

var hintRe = regexp.MustCompile(`Hint \(the advisor at \d+ worlds\): ([^.\n]+)\.`)

func (f *follower) Read(p []byte) (int, error) {
	if len(f.pending) == 0 {
		if f.turns++; f.turns > 5000 {
			return 0, io.EOF
		}
		text := f.out.String()
		hints := hintRe.FindAllStringSubmatch(text, -1)
		hint := ""
		if len(hints) > 0 {
			hint = hints[len(hints)-1][1]
		}
		switch {
		case strings.HasSuffix(text, "Discard which card? "):
			f.pending = []byte(strings.TrimPrefix(hint, "discard ") + "\n")
		case strings.HasSuffix(text, "[n]o, pass: "), strings.HasSuffix(text, "the hand dies: "):
			f.pending = []byte(map[bool]string{true: "y\n", false: "n\n"}[hint == "take the upcard"])
		case strings.HasSuffix(text, "from the [s]tock? "):
			f.pending = []byte(map[bool]string{true: "t\n", false: "s\n"}[hint == "take the upcard"])
		case strings.HasSuffix(text, "[p]lay on? "):
			f.pending = []byte(map[bool]string{true: "p\n", false: "k\n"}[hint == "play on"])
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// TestPlayWritesItsLog: a game played at the terminal to its end, with
// the advisor's hints, is written with --log, and batch grades it (the
// hints being the advisor's, the person who follows them loses little).
func TestPlayWritesItsLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.log")
	out := &syncBuffer{}
	code := run([]string{"ginadvisor", "play", "--seed", "3", "--rules", "eaai,target=30", "--hint-samples", "8", "--log", path},
		&follower{out: out}, out, io.Discard, func(string) string { return "" })
	if code != ExitOK || !strings.Contains(out.String(), "The game is in "+path) {
		t.Fatalf("exit %d:\n%s", code, tail(out.String()))
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := gamelog.ReadLog(f)
	if err != nil || len(games) != 1 {
		t.Fatalf("the log: %d games, %v", len(games), err)
	}
	sum, err := batch.Run(t.Context(), []batch.Input{{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}}, batch.Options{Quick: true, Workers: 1})
	if err != nil || sum.GamesAnalyzed != 1 || len(sum.Players) != 2 {
		t.Fatalf("batch read %d games, %d players: %v", sum.GamesAnalyzed, len(sum.Players), err)
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// TestPlayLogStoppedGame: a game stopped before its end (stdin closed, or
// quit) leaves no log that this run created, so that the rerun the
// message suggests is not refused; a log that was there, replaced with
// --force, is not removed.
func TestPlayLogStoppedGame(t *testing.T) {
	tests := []struct {
		name     string
		stdin    string
		before   bool // a file is there already, replaced with --force
		wantFile bool
	}{
		{"stdin closed at once", "", false, false},
		{"quit at the first prompt", "quit\n", false, false},
		{"stdin closed, --force over a file", "", true, true},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "game.log")
		args := []string{"play", "--seed", "3", "--hint-samples", "0", "--log", path}
		if tt.before {
			if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, "--force")
		}
		code, out, errOut := runCLI(t, tt.stdin, args...)
		if code != ExitOK || !strings.Contains(out, "Game stopped.") {
			t.Fatalf("%s: exit %d: %s%s", tt.name, code, tail(out), errOut)
		}
		if _, err := os.Stat(path); (err == nil) != tt.wantFile {
			t.Errorf("%s: the log is there: %v, want %v", tt.name, err == nil, tt.wantFile)
		}
		// The rerun, without --force, is not refused for a log left over.
		if !tt.wantFile {
			if code, _, errOut := runCLI(t, "", "play", "--seed", "3", "--hint-samples", "0", "--log", path); code != ExitOK {
				t.Errorf("%s: the rerun: exit %d: %s", tt.name, code, errOut)
			}
		}
	}
}
