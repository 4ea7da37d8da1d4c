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
	// the signal comes while it runs.
	cmd := exec.Command(bin, "tournament", "--games", "40", "simple", "random", "advisor")
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
	if text := out.String(); !strings.Contains(text, "wins") || !strings.Contains(text, "40 of") || !strings.Contains(text, "interrupted") {
		t.Errorf("no cross-table of the games played:\n%s", text)
	}
}
