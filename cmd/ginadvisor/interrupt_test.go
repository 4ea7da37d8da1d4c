package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestTournamentInterruptPrintsTable stops a tournament with SIGINT once its
// first pairing has ended: it exits 130 and prints the cross-table of the
// games played, as match does.
func TestTournamentInterruptPrintsTable(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds the binary: run with -long")
	}
	bin := linkedBinary(t)
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
	table, _, ok := strings.Cut(text, "\nInterrupted:")
	if !ok || !strings.Contains(table, "wins") {
		t.Fatalf("no cross-table and note of the interruption:\n%s", text)
	}
	replay, err := exec.Command(bin, "tournament", "--from-log", log).Output()
	if err != nil {
		t.Fatalf("--from-log: %v", err)
	}
	// Each player's line of the standings (those under its header, up to
	// the blank line) is the log's; a player the signal came before has
	// no games, and the log does not name it.
	lines := strings.Split(table, "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Player ") })
	if head < 0 {
		t.Fatalf("no standings in:\n%s", table)
	}
	checked := 0
	for _, line := range lines[head+1:] {
		if strings.TrimSpace(line) == "" {
			break
		}
		if strings.Contains(line, "no games") {
			continue
		}
		checked++
		// The columns' padding follows the longest name, which a player
		// with no games may be: the line's words are compared.
		words := strings.Join(strings.Fields(line), " ")
		if !slices.ContainsFunc(strings.Split(string(replay), "\n"), func(l string) bool { return strings.Join(strings.Fields(l), " ") == words }) {
			t.Errorf("the interrupted table says\n%s\n--- the log's:\n%s", line, replay)
		}
	}
	if checked == 0 {
		t.Errorf("no player with games in:\n%s", table)
	}
	if !strings.Contains(table, "Elo") {
		t.Errorf("no player's rating in:\n%s", table)
	}
}

// TestPlayInterruptLeavesNoLog stops a game of play with SIGINT while it
// waits for the person's answer: the log the run created, holding no
// game, is removed and the run ends as by Ctrl-C, so that the command it
// names plays the deal again. Before, the log stayed with its header
// alone, and the rerun was refused for it.
func TestPlayInterruptLeavesNoLog(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds the binary: run with -long")
	}
	bin := linkedBinary(t)
	log := filepath.Join(t.TempDir(), "g.log")
	cmd := exec.Command(bin, "play", "--seed", "1", "--hint-samples", "0", "--log", log)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The first prompt shows the game waits for a line.
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		_ = cmd.Process.Kill()
		t.Fatal("play printed nothing")
	}
	if _, err := os.Stat(log); err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("the log is not started: %v", err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
	}
	err = cmd.Wait()
	stdin.Close()
	if err == nil {
		t.Fatal("play ended as if the game were over")
	}
	if _, err := os.Stat(log); !os.IsNotExist(err) {
		t.Errorf("the log of no game stays: %v", err)
	}
	if !strings.Contains(stderr.String(), "play --seed 1") {
		t.Errorf("no way to play the deal again: %q", stderr.String())
	}
	rerun := exec.Command(bin, "play", "--seed", "1", "--hint-samples", "0", "--log", log)
	rerun.Stdin = strings.NewReader("quit\n")
	if out, err := rerun.CombinedOutput(); err != nil {
		t.Errorf("the rerun: %v\n%s", err, out)
	}
}
