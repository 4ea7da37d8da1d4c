package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestShardedBatchThroughXargs runs a batch in three shards at once with
// xargs -P, as a scheduler would, merges the shards' summaries, and
// requires exactly the summary of one run.
func TestShardedBatchThroughXargs(t *testing.T) {
	t.Parallel()
	if !longtest.Enabled() {
		t.Skip("builds the binary and runs it in shards: run with -long")
	}
	if _, err := exec.LookPath("xargs"); err != nil {
		t.Skip("no xargs")
	}
	dir := t.TempDir()
	bin := linkedBinary(t)
	data, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	inputs := []string{filepath.Join(data, "eaai"), filepath.Join(data, "openspiel"), filepath.Join(data, "sample.log")}
	for _, grading := range [][]string{{"--quick"}, {"--samples", "4"}} {
		args := append(append([]string{"batch", "--json", "--quiet"}, grading...), inputs...)
		script := `"$0" ` + strings.Join(quoteAll(args), " ") + ` --shard "$1/3" > "$2/part-$1.json"; test $? -le 3`
		xargs := exec.Command("sh", "-c", `printf '1\n2\n3\n' | xargs -P 3 -I{} sh -c '`+script+`' "`+bin+`" {} "`+dir+`"`)
		if out, err := xargs.CombinedOutput(); err != nil {
			t.Fatalf("xargs: %v\n%s", err, out)
		}
		merged, err := exec.Command(bin, "merge", "--json", filepath.Join(dir, "part-1.json"), filepath.Join(dir, "part-2.json"), filepath.Join(dir, "part-3.json")).Output()
		// Exit 3, as the one run's: the damaged samples are the merge's
		// problems too.
		if ee := (*exec.ExitError)(nil); err != nil && (!errors.As(err, &ee) || ee.ExitCode() != ExitBadInput) {
			t.Fatalf("merge: %v", err)
		}
		whole, _ := exec.Command(bin, args...).Output() // exit 3: the damaged samples
		a, b := withoutShards(t, whole), withoutShards(t, merged)
		if a != b {
			t.Errorf("%v: the merged shards differ from one run:\n%s\n---\n%s", grading, a, b)
		}
		if !strings.Contains(a, `"games_skipped": 3`) {
			t.Errorf("the damaged samples were not counted: %.300s", a)
		}
	}
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = `"` + a + `"`
	}
	return out
}

// withoutShards re-encodes a summary without its list of shards.
func withoutShards(t *testing.T, b []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %.200s", err, b)
	}
	delete(m, "shards")
	out, _ := json.MarshalIndent(m, "", " ")
	return string(out)
}

// TestConvertToEAAIRoundTrip converts a transcript to the log and back:
// the transcript must come out byte for byte.
func TestConvertToEAAIRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "testdata", "eaai", "heuristic-vs-simple-002.txt")
	code, log, errOut := runCLI(t, "", "convert", path)
	if code != ExitOK {
		t.Fatalf("convert: exit %d: %s", code, errOut)
	}
	code, back, errOut := runCLI(t, log, "convert", "--to", "eaai", "--players", "heuristic,simple", "-")
	if code != ExitOK {
		t.Fatalf("convert --to eaai: exit %d: %s", code, errOut)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if back != string(want) {
		t.Errorf("the transcript does not survive the round trip")
	}
}
