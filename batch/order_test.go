package batch

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// gradedRows grades ins and returns each graded decision's row as JSON,
// by the decision: its file, game, line, seat and move.
func gradedRows(t *testing.T, ins []Input, o Options) map[string]string {
	t.Helper()
	rows := map[string]string{}
	o.OnDecision = func(d *Graded) error {
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		key := fmt.Sprintf("%s/%d/%d/%d/%d/%d/%d/%s/%s", d.File, d.Game, d.Hand, d.Line, d.Seat, d.Turn, d.Stock, d.KindName(), d.Move)
		if _, dup := rows[key]; dup {
			return fmt.Errorf("decision %s graded twice", key)
		}
		rows[key] = string(b)
		return nil
	}
	run(t, ins, o)
	if len(rows) == 0 {
		t.Fatal("no decision graded")
	}
	return rows
}

// TestGradeDependsOnTheDecisionAlone grades the sample logs (EAAI and
// OpenSpiel) in one order on one worker, in the other order on two, and
// in two shards, and requires the very same row for every decision: a
// decision's worlds are seeded from the decision, not from the order of
// the work.
func TestGradeDependsOnTheDecisionAlone(t *testing.T) {
	t.Parallel()
	// By default two of the OpenSpiel sample's hands, each a file of its
	// own; -long grades an EAAI transcript and the whole OpenSpiel sample.
	inputs := func(reversed bool) []Input {
		var ins []Input
		if longtest.Enabled() {
			ins = fileInputs(t, samples[0], samples[3])
		} else {
			lines := strings.SplitAfter(readFile(t, samples[3]), "\n")
			ins = []Input{textInput("a.jsonl", lines[0]), textInput("b.jsonl", lines[1])}
		}
		if reversed {
			slices.Reverse(ins)
		}
		return ins
	}
	o := Options{Samples: 8, Seed: 5}
	want := gradedRows(t, inputs(false), withWorkers(o, 1))
	got := map[string]map[string]string{
		"the other order, two workers": gradedRows(t, inputs(true), withWorkers(o, 2)),
	}
	shards := map[string]string{}
	for i := range 2 {
		so := o
		so.Shard, so.Shards = i, 2
		for k, v := range gradedRows(t, inputs(false), so) {
			shards[k] = v
		}
	}
	got["two shards"] = shards
	for name, rows := range got {
		if len(rows) != len(want) {
			t.Errorf("%s: %d decisions graded, want %d", name, len(rows), len(want))
		}
		differ := 0
		for k, w := range want {
			if rows[k] != w {
				differ++
				if differ <= 3 {
					t.Errorf("%s: decision %s:\n got %s\nwant %s", name, k, rows[k], w)
				}
			}
		}
		if differ > 0 {
			t.Errorf("%s: %d of %d rows differ", name, differ, len(want))
		}
	}
}

func withWorkers(o Options, w int) Options {
	o.Workers = w
	return o
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
