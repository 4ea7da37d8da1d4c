package batch

import (
	"encoding/json"
	"fmt"
	"testing"
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
	files := []string{samples[0], samples[3]}
	o := Options{Samples: 8, Seed: 5}
	want := gradedRows(t, fileInputs(t, files...), withWorkers(o, 1))
	got := map[string]map[string]string{
		"the other order, two workers": gradedRows(t, fileInputs(t, files[1], files[0]), withWorkers(o, 2)),
	}
	shards := map[string]string{}
	for i := range 2 {
		so := o
		so.Shard, so.Shards = i, 2
		for k, v := range gradedRows(t, fileInputs(t, files...), so) {
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
