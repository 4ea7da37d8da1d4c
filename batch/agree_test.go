package batch_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestGradesAgreeWithAdvise grades real logs (an EAAI game and OpenSpiel
// hands) with the advisor and asks analyze.Advise, as the advise command
// does (less the danger and outs, which change no value), about each
// graded position read back from its notation, at the row's samples,
// seed and particles, in a full search as the grader's: the best move must be the one the grade names, and the equity of
// the move played the one it gives. 200 decisions with a choice are
// compared; the grades are written in the history form, which reads back
// to the very position.
var errEnough = errors.New("enough decisions")

func TestGradesAgreeWithAdvise(t *testing.T) {
	var ins []batch.Input
	files := []string{"../testdata/openspiel/heuristic-vs-simple.jsonl"}
	if longtest.Enabled() {
		files = append(files, "../testdata/eaai/heuristic-vs-simple-001.txt")
	}
	for _, p := range files {
		path := p
		ins = append(ins, batch.Input{Name: filepath.Base(path), Open: func() (io.ReadCloser, error) { return os.Open(path) }})
	}
	want := 24 // -long compares 200
	if longtest.Enabled() {
		want = 200
	}
	var mu sync.Mutex
	var rows []batch.Graded
	_, err := batch.Run(context.Background(), ins, batch.Options{Samples: 8, Seed: 3, Workers: 2, OnDecision: func(g *batch.Graded) error {
		mu.Lock()
		defer mu.Unlock()
		rows = append(rows, *g)
		if len(rows) == 5*want/4 {
			return errEnough
		}
		return nil
	}})
	if err != nil && !errors.Is(err, errEnough) {
		t.Fatal(err)
	}
	compared := 0
	for _, g := range rows {
		if compared == want {
			break
		}
		p, err := position.Parse(g.Position)
		if err != nil {
			t.Fatalf("%s:%d: the graded position does not read back: %v", g.File, g.Line, err)
		}
		a, err := analyze.Search{Full: true, Particles: g.Particles, Replicas: g.Replicas}.Advise(context.Background(), &p, analyze.Options{Samples: g.Samples, Seed: g.Seed, MovesOnly: true})
		if err != nil {
			t.Fatalf("%s:%d: %v", g.File, g.Line, err)
		}
		if len(a.Candidates) < 2 {
			continue
		}
		compared++
		if best := a.Best().String(); best != g.Best {
			t.Errorf("%s:%d: batch's best is %s, advise's %s\n%s", g.File, g.Line, g.Best, best, g.Position)
		}
		if g.Equity == nil {
			continue
		}
		for _, c := range a.Candidates {
			if c.Move.String() == g.Move && c.Equity != *g.Equity {
				t.Errorf("%s:%d: %s has equity %.6f in batch, %.6f in advise", g.File, g.Line, g.Move, *g.Equity, c.Equity)
			}
		}
	}
	if compared < want {
		t.Fatalf("compared %d decisions, want %d", compared, want)
	}
}
