package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/outfile"
)

// TestOutputs: outputs opened change nothing until Finish puts them in
// place; aborted, they leave their targets as they were and say so; two
// outputs onto one file are refused.
func TestOutputs(t *testing.T) {
	dir := t.TempDir()
	csv, players := filepath.Join(dir, "d.csv"), filepath.Join(dir, "p.csv")
	if err := os.WriteFile(csv, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := OutputPaths{CSV: csv, PlayersCSV: players}
	if got := (OutputPaths{CSV: "-", JSONL: "-", HTML: "-"}).OnStdout(nil); !slices.Equal(got, []string{"--csv", "--jsonl", "--html"}) {
		t.Errorf("OnStdout: %v, want --csv, --jsonl and --html (- is standard output for every output)", got)
	}

	outs, err := OpenOutputs(context.Background(), paths, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	outs.Abort()
	if b, _ := os.ReadFile(csv); string(b) != "old\n" || !slices.Equal(outs.Left(), []string{"--csv", "--players-csv"}) {
		t.Errorf("aborted: the csv holds %q, left %v", b, outs.Left())
	}
	if _, err := os.Stat(players); !os.IsNotExist(err) {
		t.Errorf("aborted: --players-csv's file is there (%v)", err)
	}

	outs, err = OpenOutputs(context.Background(), paths, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := outs.Finish(&Summary{}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(csv)
	if p, _ := os.ReadFile(players); strings.HasPrefix(string(b), "old") || len(p) == 0 || len(outs.Left()) != 0 {
		t.Errorf("finished: the csv holds %q, the players' %q, left %v", b, p, outs.Left())
	}

	_, err = OpenOutputs(context.Background(), OutputPaths{CSV: csv, HTML: csv}, nil, nil)
	if _, ok := errors.AsType[*outfile.Refusal](err); !ok || !strings.Contains(err.Error(), "name the same file") {
		t.Errorf("two outputs onto one file: %v, want a refusal", err)
	}
}

// TestOutputsChecked: before any output opens, Check refuses two outputs
// on standard output, one there beside --json, and one in an input
// directory; and End leaves the outputs as they were when a run failed
// before any game, naming them, but not when it was stopped.
func TestOutputsChecked(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		paths OutputPaths
		json  bool
		want  string
	}{
		{OutputPaths{CSV: "-", HTML: "-"}, false, "--csv and --html all name standard output"},
		{OutputPaths{JSONL: "-"}, true, "--json prints the summary on standard output, which --jsonl - takes"},
		{OutputPaths{PlayersCSV: filepath.Join(dir, "p.csv")}, false, "--players-csv: " + filepath.Join(dir, "p.csv") + " is in the input directory"},
		{OutputPaths{JSONL: "-", PlayersCSV: filepath.Join(t.TempDir(), "p.csv")}, false, ""},
	} {
		err := c.paths.Check(nil, []string{dir}, c.json)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: %v, want %q", c.paths, err, c.want)
		}
	}

	csv := filepath.Join(t.TempDir(), "d.csv")
	runErr := errors.New("the run failed")
	for _, interrupted := range []bool{false, true} {
		outs, err := OpenOutputs(context.Background(), OutputPaths{CSV: csv}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		failed, err := outs.End(&Summary{Complete: true}, runErr, interrupted)
		if failed == interrupted || !errors.Is(err, runErr) || failed && !strings.Contains(err.Error(), "left as they were (--csv)") {
			t.Errorf("interrupted %v: failed %v, %v", interrupted, failed, err)
		}
		if _, err := os.Stat(csv); !os.IsNotExist(err) {
			t.Errorf("interrupted %v: the csv is there (%v)", interrupted, err)
		}
	}
}
