package protocol

import (
	"bufio"
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/leaktest"
)

// TestServeLeavesNoGoroutine serves over a pipe whose writer stays open,
// starts a go with the largest budget, and ends Serve while the go is in
// flight, by quit or by the context: when Serve has returned, the
// goroutines are back to what they were before, and the pipe still reads.
// The go ended by quit answers nothing; by the context, its best so far.
func TestServeLeavesNoGoroutine(t *testing.T) {
	for _, end := range []string{"quit", "cancel"} {
		t.Run(end, func(t *testing.T) {
			before := runtime.NumGoroutine()
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer pr.Close()
			defer pw.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var out syncBuffer
			served := make(chan error, 1)
			go func() { served <- New(&out, "x").Serve(ctx, pr) }()
			send := lineSender(t, pw)
			send(largestGo)
			// isready is answered at once only while the go runs.
			send("isready")
			for i := 0; i < 1000 && !strings.Contains(out.String(), "readyok"); i++ {
				time.Sleep(5 * time.Millisecond)
			}
			if text := out.String(); !strings.Contains(text, "readyok") || strings.Contains(text, "bestmove") {
				t.Fatalf("the go is not in flight:\n%s", text)
			}
			if end == "quit" {
				send("quit")
			} else {
				cancel()
			}
			err = <-served
			if want := map[string]error{"quit": nil, "cancel": context.Canceled}[end]; !errors.Is(err, want) {
				t.Fatalf("Serve: %v, want %v", err, want)
			}
			// Stopped by the context, the go answers with its best move so
			// far; ended by quit, it answers nothing (docs/protocol.md).
			answered := strings.Contains(out.String(), "bestmove")
			if want := end == "cancel"; answered != want {
				t.Errorf("ended by %s, the go in flight answered %v, want %v:\n%s", end, answered, want, out.String())
			}
			leaktest.Settle(t, before)
			// Serve lifted its deadline: the pipe reads on.
			send("after")
			if line, err := bufio.NewReader(pr).ReadString('\n'); err != nil || line != "after\n" {
				t.Errorf("reading the pipe after Serve: %q, %v", line, err)
			}
		})
	}
}

// TestQuitDuringGoAnswersNothing sends quit right behind a go with the
// largest budget, over and over: the go never answers once quit is read
// (issue 32: bestmove came after quit 3 times of 3).
func TestQuitDuringGoAnswersNothing(t *testing.T) {
	for trial := 0; trial < 5; trial++ {
		var out syncBuffer
		in := largestGo + "\nquit\nisready\n"
		if err := New(&out, "x").Serve(context.Background(), strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		if text := out.String(); text != "" {
			t.Fatalf("trial %d: the engine answered after quit:\n%s", trial, text)
		}
	}
}

// TestQuitBehindWaitingCommands: a quit read while commands wait for the
// running go waits its turn too, so that a script sent at once is answered
// as if sent line by line; nothing read after the quit is answered, not
// even isready, which a go otherwise answers at once.
func TestQuitBehindWaitingCommands(t *testing.T) {
	var out syncBuffer
	in := "setoption name samples value 64\n" + aDiscard + "\ngo\nshow\nquit\nisready\nshow\n"
	if err := New(&out, "x").Serve(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if strings.Count(text, "bestmove ") != 1 || strings.Count(text, "position ") != 1 || strings.Contains(text, "readyok") {
		t.Errorf("a go, show, quit, then isready and show:\n%s", text)
	}
}
