//go:build lab

package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the watch's timer and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestWatchTellsOfLateAnswer: a decision unanswered past the bound is
// told with its go line, the hand's lines and the stacks; its answer then
// with how long it took. The engine's input passes through unchanged.
func TestWatchTellsOfLateAnswer(t *testing.T) {
	log := &lockedBuffer{}
	w := &watch{bound: time.Millisecond, log: log}
	sent := "newgame\nnewhand seat 1 dealer 2 hand AS 2S 3S 4S 5S 6S 7S 8S 9S TS upcard KD\ngo time 900\n"
	in := w.input(strings.NewReader(sent))
	got, err := io.ReadAll(in)
	if err != nil || string(got) != sent {
		t.Fatalf("the engine read %q, %v; want %q", got, err, sent)
	}
	for i := 0; !strings.Contains(log.String(), "goroutine"); i++ {
		if i == 5000 {
			t.Fatalf("no word of the late answer: %q", log.String())
		}
		time.Sleep(time.Millisecond)
	}
	if _, err := w.output(io.Discard).Write([]byte("bestmove pass\n")); err != nil {
		t.Fatal(err)
	}
	text := log.String()
	for _, want := range []string{`after "go time 900"`, "< newhand seat 1 dealer 2 hand AS", "answered (CPU "} {
		if !strings.Contains(text, want) {
			t.Errorf("the watch's log lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "< newgame") {
		t.Errorf("the hand's lines start before its newhand:\n%s", text)
	}
}

// TestWatchQuietOnTime: a decision answered within its bound leaves
// nothing on the log, and a long line is passed on whole, its later
// chunks taken for no line of their own (one that reads "go " starts no
// watch).
func TestWatchQuietOnTime(t *testing.T) {
	log := &lockedBuffer{}
	w := &watch{bound: time.Hour, log: log}
	long := "setoption name seed value " + strings.Repeat("9", 4096-26) + "go " + strings.Repeat("9", 10000) + "\n"
	sent := long + "go\n"
	got, err := io.ReadAll(w.input(strings.NewReader(sent)))
	if err != nil || string(got) != sent {
		t.Fatalf("the engine read %d bytes, %v; want %d", len(got), err, len(sent))
	}
	if _, err := w.output(io.Discard).Write([]byte("info string x\nbestmove draw\n")); err != nil {
		t.Fatal(err)
	}
	if w.timer.Stop() {
		t.Error("the watch is still running after the answer")
	}
	if len(w.hand) != 2 {
		t.Errorf("the watch kept %d lines, want 2", len(w.hand))
	}
	if text := log.String(); text != "" {
		t.Errorf("an answer on time was told of: %q", text)
	}
}
