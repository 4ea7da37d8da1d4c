package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestShardsOfBatchMerge grades the sample of sampleRuns (with -long,
// testdata/sample.log) in two shards, as `batch --json --shard i/2` does,
// and merges the summaries read back: merge accepts every summary batch
// writes. Every grade's class is one ClassFits allows for its loss and
// error, with no slack: the rule merge checks is the grader's. At 64
// worlds a grade is judged at the cap; with -long, at 320 and 1,024 too,
// where grades stop by need and, at 1,024, start again with the finer
// filter.
func TestShardsOfBatchMerge(t *testing.T) {
	check := func(samples int, shards [2][]byte, graded [2][]gradedClass) {
		uncertain := 0
		for _, gs := range graded {
			for _, g := range gs {
				if !ClassFits(classNamed(g.class), g.lost, g.se, 0) {
					t.Errorf("%d worlds, line %d: class %s for a loss of %g ± %g", samples, g.line, g.class, g.lost, g.se)
				}
				if g.class == "uncertain" {
					uncertain++
				}
			}
		}
		if uncertain == 0 {
			t.Errorf("%d worlds: no grade uncertain, so the test checks nothing of them", samples)
		}
		var parts []Input
		for _, b := range shards {
			parts = append(parts, Input{Name: "part", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }})
		}
		sums, err := ReadSummaries(parts)
		if err != nil {
			t.Fatalf("%d worlds: %v", samples, err)
		}
		if err := CheckMergeable(sums, false); err != nil {
			t.Fatalf("%d worlds: %v", samples, err)
		}
		if m := Merge(sums...); m.Decisions == 0 {
			t.Fatalf("%d worlds: merged no decision", samples)
		}
	}
	r := sampleRunOf(t)
	check(64, r.shards, r.graded)
	if !longtest.Enabled() {
		return
	}
	path := filepath.Join("..", "testdata", "sample.log")
	in := []Input{{Name: "sample.log", Open: func() (io.ReadCloser, error) { return os.Open(path) }}}
	for _, samples := range []int{320, 1024} {
		var shards [2][]byte
		var graded [2][]gradedClass
		for shard := range 2 {
			o := Options{Samples: samples, Seed: 1, Workers: 1, Shard: shard, Shards: 2, OnDecision: func(g *Graded) error {
				graded[shard] = append(graded[shard], gradedClass{g.Line, g.Class, g.EquityLost, g.EquityLostSE})
				return nil
			}}
			s, err := Run(context.Background(), in, o)
			if err != nil {
				t.Fatal(err)
			}
			if shards[shard], err = json.Marshal(s); err != nil {
				t.Fatal(err)
			}
		}
		check(samples, shards, graded)
	}
}

func TestClassFits(t *testing.T) {
	tests := []struct {
		name     string
		c        Class
		lost, se float64
		want     bool
	}{
		{"the advice played, a wide lead's error", Good, 0, 0.5, true},
		{"uncertain with a narrow loss: another move spans the classes", Uncertain, 0.038808, 0.005597, true},
		{"uncertain though even the low end is a blunder", Uncertain, 0.5, 0.001, false},
		{"a blunder its loss is far below", Blunder, 0.001, 0, false},
		{"an inaccuracy whose low end is good", Inaccuracy, 0.03, 0.02, false},
		{"an inaccuracy inside its class", Inaccuracy, 0.03, 0.001, true},
		{"a mistake whose loss is an inaccuracy", Mistake, 0.04, 0, false},
		{"a blunder at its threshold", Blunder, 0.1, 0, true},
	}
	for _, tt := range tests {
		if got := ClassFits(tt.c, tt.lost, tt.se, 0); got != tt.want {
			t.Errorf("%s: ClassFits(%s, %g, %g) = %v", tt.name, tt.c, tt.lost, tt.se, got)
		}
	}
}

// TestWorstListsHoldNoGoodDecision: under quick grading, where a small
// loss is graded good, the worst lists hold errors only (they held good
// decisions of 0.2% after the errors), ordered by the surest loss.
func TestWorstListsHoldNoGoodDecision(t *testing.T) {
	path := filepath.Join("..", "testdata", "openspiel", "heuristic-vs-simple.jsonl")
	in := []Input{{Name: "h.jsonl", Open: func() (io.ReadCloser, error) { return os.Open(path) }}}
	s, err := Run(context.Background(), in, Options{Quick: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, p := range s.Players {
		for i, w := range p.Worst {
			listed++
			if w.Class == Good.String() {
				t.Errorf("%s: worst[%d] is good: %+v", p.Name, i, w)
			}
			if i > 0 && p.Worst[i-1].surely() < w.surely() {
				t.Errorf("%s: worst[%d] surely lost more than worst[%d]", p.Name, i, i-1)
			}
		}
	}
	if listed == 0 {
		t.Fatal("no worst decision listed: the test checks nothing")
	}
}
