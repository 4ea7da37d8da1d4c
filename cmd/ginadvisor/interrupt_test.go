package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTournamentInterruptPrintsTable stops a tournament with SIGINT once its
// first pairing has ended: it exits 130 and prints the cross-table of the
// games played, as match does.
func TestTournamentInterruptPrintsTable(t *testing.T) {
	if !*long {
		t.Skip("builds the binary: run with -long")
	}
	bin := filepath.Join(t.TempDir(), "ginadvisor")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	// The second pairing plays the advisor, far slower than the first:
	// the signal comes while it runs. How many games finished by then is
	// the machine's business; the table printed must be the log's.
	log := filepath.Join(t.TempDir(), "t.log")
	cmd := exec.Command(bin, "tournament", "--games", "40", "--log", log, "simple", "random", "advisor")
	var out strings.Builder
	cmd.Stdout = &out
	progress, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(progress)
	if !sc.Scan() || !strings.Contains(sc.Text(), "random") {
		_ = cmd.Process.Kill()
		t.Fatalf("no first pairing: %q", sc.Text())
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitInterrupted {
		t.Fatalf("exit %v; want %d", err, ExitInterrupted)
	}
	text := out.String()
	table, _, ok := strings.Cut(text, "\ninterrupted")
	if !ok || !strings.Contains(table, "wins") {
		t.Fatalf("no cross-table and note of the interruption:\n%s", text)
	}
	replay, err := exec.Command(bin, "tournament", "--from-log", log).Output()
	if err != nil {
		t.Fatalf("--from-log: %v", err)
	}
	// Each player's line is the log's; a player the signal came before
	// has no games, and the log does not name it.
	for _, line := range strings.Split(table, "\n") {
		if name, rest, ok := strings.Cut(line, " "); ok && strings.Contains(rest, "Elo") || strings.Contains(line, "no games") {
			if !strings.Contains(string(replay), line) && !strings.Contains(line, "no games") {
				t.Errorf("%s: the interrupted table says\n%s\n--- the log's:\n%s", name, line, replay)
			}
		}
	}
	if !strings.Contains(table, "Elo") {
		t.Errorf("no player's rating in:\n%s", table)
	}
}
