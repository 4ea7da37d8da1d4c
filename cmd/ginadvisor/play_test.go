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
