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

// sampleSummary grades two hands of the OpenSpiel sample that
// simple won (with -long, testdata/sample.log, whose two games random
// lost) with the advisor at 64 worlds once for the tests that read its
// summary; each gets its own copy. In both, one player won no game.
func sampleSummary(t *testing.T) Summary {
	t.Helper()
	sampleOnce.Do(func() {
		lines := strings.SplitAfter(readFile(t, samples[3]), "\n")
		in := []Input{textInput("won-by-simple.jsonl", lines[0]+lines[2])}
		if longtest.Enabled() {
			path := filepath.Join("..", "testdata", "sample.log")
			in = []Input{{Name: "sample.log", Open: func() (io.ReadCloser, error) { return os.Open(path) }}}
		}
		s, err := Run(context.Background(), in, Options{Samples: 64, Seed: 1, Workers: 1})
		if err == nil {
			sampleJSON, err = json.Marshal(s)
		}
		sampleErr = err
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	var s Summary
	if err := json.Unmarshal(sampleJSON, &s); err != nil {
		t.Fatal(err)
	}
	s.finish()
	return s
}

var (
	sampleOnce sync.Once
	sampleJSON []byte
	sampleErr  error
)
