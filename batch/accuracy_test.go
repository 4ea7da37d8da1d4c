package batch

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestAccuracyCarriesItsNoise: each player's accuracy comes with the
// accuracy of each end of its mean loss's interval, which holds it; a
// merge of the summary gives the same.
func TestAccuracyCarriesItsNoise(t *testing.T) {
	s := sampleSummary(t)
	for _, p := range s.Players {
		if p.Accuracy == nil || p.AccuracyCI95 == nil {
			t.Fatalf("%s: accuracy %v, interval %v", p.Name, p.Accuracy, p.AccuracyCI95)
		}
		lo, hi := p.AccuracyCI95[0], p.AccuracyCI95[1]
		fit := AccuracyFitFor(s.Grading)
		if lo > *p.Accuracy || hi < *p.Accuracy || lo != fit.Of(p.MeanLostCI95[1]) || hi != fit.Of(p.MeanLostCI95[0]) {
			t.Errorf("%s: accuracy %v, interval [%v, %v], mean loss's %v", p.Name, *p.Accuracy, lo, hi, *p.MeanLostCI95)
		}
	}
	m := Merge(s)
	for i, p := range m.Players {
		if *p.AccuracyCI95 != *s.Players[i].AccuracyCI95 {
			t.Errorf("%s: merged interval %v, the run's %v", p.Name, *p.AccuracyCI95, *s.Players[i].AccuracyCI95)
		}
	}
}

// sampleRun is the advisor's grading of the sample at 64 worlds, seed 1,
// on one worker: the whole run's summary and each of two shards', as
// `batch --json` and `batch --json --shard i/2` write them, and each
// shard's graded decisions. The sample is the two hands of the OpenSpiel
// sample that simple won (with -long, testdata/sample.log, whose two
// games random lost): in both, one player won no game, and each player
// played both games.
type sampleRun struct {
	whole  []byte
	shards [2][]byte
	graded [2][]gradedClass
}

// gradedClass is a graded decision's class, loss and error.
type gradedClass struct {
	line     int
	class    string
	lost, se float64
}

// sampleRuns grades the sample once for the tests that read its
// summaries.
var sampleRuns = sync.OnceValues(func() (*sampleRun, error) {
	path := filepath.Join("..", "testdata", "sample.log")
	in := []Input{{Name: "sample.log", Open: func() (io.ReadCloser, error) { return os.Open(path) }}}
	if !longtest.Enabled() {
		b, err := os.ReadFile(samples[3])
		if err != nil {
			return nil, err
		}
		lines := strings.SplitAfter(string(b), "\n")
		in = []Input{textInput("won-by-simple.jsonl", lines[0]+lines[2])}
	}
	var r sampleRun
	s, err := Run(context.Background(), in, Options{Samples: 64, Seed: 1, Workers: 1})
	if err != nil {
		return nil, err
	}
	if r.whole, err = json.Marshal(s); err != nil {
		return nil, err
	}
	for shard := range 2 {
		o := Options{Samples: 64, Seed: 1, Workers: 1, Shard: shard, Shards: 2, OnDecision: func(g *Graded) error {
			r.graded[shard] = append(r.graded[shard], gradedClass{g.Line, g.Class, g.EquityLost, g.EquityLostSE})
			return nil
		}}
		s, err := Run(context.Background(), in, o)
		if err != nil {
			return nil, err
		}
		if r.shards[shard], err = json.Marshal(s); err != nil {
			return nil, err
		}
	}
	return &r, nil
})

// sampleRunOf is the sample's grading, or the test's failure.
func sampleRunOf(t *testing.T) *sampleRun {
	t.Helper()
	r, err := sampleRuns()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// decoded reads a summary as merge does; each caller gets its own copy.
func decoded(t *testing.T, data []byte) Summary {
	t.Helper()
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	s.finish()
	return s
}

// sampleSummary is the whole run's summary of the sample.
func sampleSummary(t *testing.T) Summary {
	t.Helper()
	return decoded(t, sampleRunOf(t).whole)
}
