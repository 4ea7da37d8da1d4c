package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyDirIsBadInput: a directory with no file to read in it (a
// hidden one is skipped) holds no game, which is bad input (exit 3) for
// every command that reads logs or summaries from directories, as an
// empty file is; the message names the directory. Before, batch and
// convert exited 0 with "0 games read".
func TestEmptyDirIsBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".hidden"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"batch", "--quick"}, {"convert"}, {"merge"}, {"log", "check"}} {
		code, out, errOut := runCLI(t, "", append(args, dir)...)
		if code != ExitBadInput || !strings.Contains(errOut, dir+": a directory with no file") {
			t.Errorf("%v on an empty directory: exit %d, stdout %q, stderr %q; want exit %d naming it", args, code, out, errOut, ExitBadInput)
		}
	}
}

// TestHeaderOnlyLogIsBadInput: a log with its header and no game, as a
// run stopped before its first game leaves it, is bad input (exit 3) for
// every command that reads logs, as log check says; convert writes
// nothing, and its --out keeps what it held. Before, batch and convert
// exited 0, and convert --out replaced the file with the header alone.
func TestHeaderOnlyLogIsBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.log")
	if err := os.WriteFile(empty, []byte("ginadvisor-log 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(dir, "kept.log")
	if err := os.WriteFile(kept, []byte("PRECIOUS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"batch", "--quick"}, {"convert"}, {"convert", "--out", kept}, {"log", "check"}} {
		code, out, errOut := runCLI(t, "", append(args, empty)...)
		if code != ExitBadInput || !strings.Contains(out+errOut, "no game in it") {
			t.Errorf("%v on a header alone: exit %d, stderr %q; want exit %d, no game in it", args, code, errOut, ExitBadInput)
		}
		if args[0] == "convert" && out != "" {
			t.Errorf("%v on a header alone wrote %q", args, out)
		}
	}
	if b, _ := os.ReadFile(kept); string(b) != "PRECIOUS\n" {
		t.Errorf("convert --out replaced its target with %q", b)
	}
	// From stdin too, and with a good log beside it the run still fails.
	if code, _, errOut := runCLI(t, "ginadvisor-log 2\n", "convert", "-"); code != ExitBadInput || !strings.Contains(errOut, "stdin: no game in it") {
		t.Errorf("convert of a header alone on stdin: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", "convert", empty, filepath.Join("..", "..", "testdata", "sample.log")); code != ExitBadInput || !strings.Contains(errOut, "empty.log: no game in it") {
		t.Errorf("convert of a header alone and a good log: exit %d, %q", code, errOut)
	}
}

// TestMergeKeepsTheRunsProblems: merging the shards of a run that met
// damaged games prints their problems and exits 3, as the one run over
// all the input does; a merge of summaries with no game is bad input too.
// Before, merge printed the summary and exited 0.
func TestMergeKeepsTheRunsProblems(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	damaged := filepath.Join(dir, "damaged.log")
	if err := os.WriteFile(damaged, []byte(strings.Replace(string(data), "p1 discard KD", "p1 discard 9S", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, _ := runCLI(t, "", "batch", "--quick", damaged)
	if code != ExitBadInput {
		t.Fatalf("batch of a damaged log: exit %d", code)
	}
	var parts []string
	for i := 1; i <= 2; i++ {
		_, out, _ := runCLI(t, "", "batch", "--quick", "--json", "--shard", fmt.Sprintf("%d/2", i), damaged)
		part := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
		if err := os.WriteFile(part, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	code, _, errOut := runCLI(t, "", append([]string{"merge"}, parts...)...)
	if code != ExitBadInput || strings.Count(errOut, "9S is not in the hand") != 1 {
		t.Errorf("merge of the shards: exit %d, stderr %q; want exit %d and the problem once", code, errOut, ExitBadInput)
	}
	empty := filepath.Join(dir, "empty.log")
	if err := os.WriteFile(empty, []byte("ginadvisor-log 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI(t, "", "batch", "--quick", "--json", empty)
	if code, _, errOut := runCLI(t, out, "merge", "-"); code != ExitBadInput || !strings.Contains(errOut, "no game in it") {
		t.Errorf("merge of a run with no game: exit %d, %q", code, errOut)
	}
}

// TestOutputInAnInputDirectory: an output named in a directory given as
// an input is refused before any work, on the first run too (the first
// run wrote it, and the next read it as an input or refused it); a
// hidden file, which a directory's reading skips, may stand there.
func TestOutputInAnInputDirectory(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sample.log"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"batch", "--quick", "--csv", filepath.Join(dir, "out.csv"), dir},
		{"batch", "--quick", "--html", filepath.Join(sub, "report.html"), dir},
		{"convert", "--out", filepath.Join(dir, "all.log"), dir},
	} {
		code, _, errOut := runCLI(t, "", args...)
		if code != ExitUsage || !strings.Contains(errOut, "is in the input directory") {
			t.Errorf("%v: exit %d, %q; want a usage error", args, code, errOut)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the input directory holds %d entries, want the log and sub", len(entries))
	}
	if code, _, errOut := runCLI(t, "", "batch", "--quick", "--csv", filepath.Join(dir, ".out.csv"), dir); code != ExitOK {
		t.Errorf("a hidden output in the input directory: exit %d, %q", code, errOut)
	}
}
