package eaai

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/enginecheck"
)

// hostCommand compiles the host with the stand-ins, and returns the
// command line that runs the stand-in competitor eaaiplayer.SimplePlayer
// as an engine.
func hostCommand(t *testing.T) string {
	t.Helper()
	javac, java := javaTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := compiled(ctx, t, javac)
	return `"` + java + `" ` + strings.Join(jvmFlags, " ") + ` -cp "` + dir + `" ginadvisor.Host eaaiplayer.SimplePlayer`
}

// TestHostPassesCheck runs the compliance check on an EAAI player through
// the host: whole games against simple pass, and with -long every
// situation does.
func TestHostPassesCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a JVM some twenty times")
	}
	// What is checked is the host's answers, not its speed: a JVM on a
	// busy machine may take seconds to answer at once.
	o := enginecheck.Options{Command: hostCommand(t), Grace: 30 * time.Second}
	if !longtest.Enabled() {
		// A JVM a situation: by default only the whole games, which
		// pass through every kind of decision; -long checks all.
		o.Only = "whole games"
	}
	rep, err := enginecheck.Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if !r.Passed {
			t.Errorf("%s: %s\n%s", r.Name, r.Reason, strings.Join(r.Exchange, "\n"))
		}
	}
	if len(rep.Results) < 20 && longtest.Enabled() || len(rep.Results) < 1 {
		t.Fatalf("%d situations", len(rep.Results))
	}
}

// TestHostRoundTrip measures what a go costs through the host: the time
// from go to bestmove for the player's first-offer decision, logged, not
// judged (run with -long -v to see it). A JVM of its own for a figure
// nobody reads by default: it runs with -long, and the whole games of
// TestHostPassesCheck check the host's answers to go every run.
func TestHostRoundTrip(t *testing.T) {
	longtest.Skip(t, "a measurement, logged, on a JVM of its own")
	p, err := arena.Start(context.Background(), hostCommand(t), arena.StartOptions{Handshake: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	for _, l := range []string{"setoption name rules value eaai", "newgame", "newhand seat p1 dealer p2 number 1 hand AC 2C 3C 7D 7H 7S 9S TS JS KH upcard 4D"} {
		if err := p.Send(l); err != nil {
			t.Fatal(err)
		}
	}
	// A figure for a look, not a bound.
	rounds := 2000
	took := make([]time.Duration, 0, rounds)
	for range rounds {
		start := time.Now()
		if err := p.Send("go"); err != nil {
			t.Fatal(err)
		}
		line, err := p.Receive(context.Background(), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if line != "bestmove pass" && line != "bestmove take" {
			t.Fatalf("go answered %q", line)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	t.Logf("a go through the host, %d rounds: median %v, 90th percentile %v, slowest %v",
		rounds, took[rounds/2], took[rounds*9/10], took[len(took)-1])
}

// TestHostAnswersQueuedBeforeQuit sends the host a burst of lines ending
// in quit, all at once: every line read before quit is answered, in order,
// before the host exits (an unknown option's error, then readyok, a
// thousand times), and nothing after quit.
func TestHostAnswersQueuedBeforeQuit(t *testing.T) {
	javac, java := javaTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := compiled(ctx, t, javac)
	const n = 1000
	var in strings.Builder
	in.WriteString("ginrummy\n")
	for range n {
		in.WriteString("setoption name bogus value 1\nisready\n")
	}
	in.WriteString("quit\nisready\n")
	cmd := exec.CommandContext(ctx, java, append(slices.Clone(jvmFlags), "-cp", dir, "ginadvisor.Host", "eaaiplayer.SimplePlayer")...)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the host: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	i := slices.Index(lines, "ginrummyok")
	if i < 0 {
		t.Fatalf("no handshake: %q", lines)
	}
	rest := lines[i+1:]
	if len(rest) != 2*n {
		t.Fatalf("%d lines answered after the handshake, want %d", len(rest), 2*n)
	}
	for k := 0; k < len(rest); k += 2 {
		if !strings.HasPrefix(rest[k], "error unknown option") || rest[k+1] != "readyok" {
			t.Fatalf("answers %d and %d: %q, %q", k, k+1, rest[k], rest[k+1])
		}
	}
}
