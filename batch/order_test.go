package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// gradedRows grades ins and returns the summary and each graded
// decision's row as JSON, by the decision: its file, game, line, seat and
// move.
func gradedRows(ins []Input, o Options) (Summary, map[string]string, error) {
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
	s, err := Run(context.Background(), ins, o)
	if err == nil && len(rows) == 0 {
		err = errors.New("no decision graded")
	}
	return s, rows, err
}

// orderInputs are the logs TestGradeDependsOnTheDecisionAlone grades, in
// one order or the other: by default two of the OpenSpiel sample's hands,
// each a file of its own; -long, an EAAI transcript and the whole
// OpenSpiel sample.
func orderInputs(reversed bool) ([]Input, error) {
	var ins []Input
	if longtest.Enabled() {
		for _, path := range []string{samples[0], samples[3]} {
			ins = append(ins, Input{Name: filepath.Base(path), Open: func() (io.ReadCloser, error) { return os.Open(path) }})
		}
	} else {
		b, err := os.ReadFile(samples[3])
		if err != nil {
			return nil, err
		}
		lines := strings.SplitAfter(string(b), "\n")
		ins = []Input{textInput("a.jsonl", lines[0]), textInput("b.jsonl", lines[3])}
	}
	if reversed {
		slices.Reverse(ins)
	}
	return ins, nil
}

// orderOptions grade orderInputs.
var orderOptions = Options{Samples: 8, Seed: 5}

// graded is one grading's summary, as JSON, and rows.
type graded struct {
	summary []byte
	rows    map[string]string
}

// orderRuns grades orderInputs once for the tests that compare gradings:
// the whole on one worker, then each of two shards on every core.
var orderRuns = sync.OnceValues(func() (runs [3]graded, err error) {
	ins, err := orderInputs(false)
	if err != nil {
		return runs, err
	}
	for i := range runs {
		o := withWorkers(orderOptions, 1)
		if i > 0 {
			o.Workers, o.Shard, o.Shards = 0, i-1, 2
		}
		var s Summary
		if s, runs[i].rows, err = gradedRows(ins, o); err != nil {
			return runs, err
		}
		if runs[i].summary, err = json.Marshal(s); err != nil {
			return runs, err
		}
	}
	return runs, nil
})

// TestGradeDependsOnTheDecisionAlone grades the sample logs (EAAI and
// OpenSpiel) in one order on one worker, in the other order on two, and
// in two shards, and requires the very same row for every decision: a
// decision's worlds are seeded from the decision, not from the order of
// the work.
func TestGradeDependsOnTheDecisionAlone(t *testing.T) {
	t.Parallel()
	runs, err := orderRuns()
	if err != nil {
		t.Fatal(err)
	}
	want := runs[0].rows
	reversed, err := orderInputs(true)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := gradedRows(reversed, withWorkers(orderOptions, 2))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]string{"the other order, two workers": other}
	shards := map[string]string{}
	for _, r := range runs[1:] {
		for k, v := range r.rows {
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
