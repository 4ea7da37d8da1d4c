package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestConvertKeepsGameNumbers: a ginadvisor log converted to a ginadvisor
// log reads back equal, byte for byte, its games keeping their numbers:
// a match's shard, whose games are numbered as in the whole match, then
// still resumes and merges with the other shards.
func TestConvertKeepsGameNumbers(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard2.log")
	if code, _, errOut := runCLI(t, "", "match", "--p1", "heuristic", "--p2", "simple", "--games", "8", "--shard", "2/2", "--log", shard); code != ExitOK {
		t.Fatalf("match: exit %d: %s", code, errOut)
	}
	converted := filepath.Join(dir, "converted.log")
	if code, _, errOut := runCLI(t, "", "convert", "--out", converted, shard); code != ExitOK {
		t.Fatalf("convert: exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(shard)
	b, _ := os.ReadFile(converted)
	if string(a) != string(b) || len(a) == 0 {
		t.Errorf("the converted shard differs:\n%.400s\nfrom:\n%.400s", b, a)
	}
	if code, _, errOut := runCLI(t, "", "match", "--p1", "heuristic", "--p2", "simple", "--games", "8", "--shard", "2/2", "--log", converted, "--resume"); code != ExitOK {
		t.Errorf("the converted shard does not resume: exit %d: %s", code, errOut)
	}
}
