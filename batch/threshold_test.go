package batch

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestQuickClassesAtTheThresholds: under --quick, losses land exactly on
// the thresholds (whole hundredths); each row's class is that of its
// loss as published, and the summary passes merge's checks. Before, a loss
// read 0.02 was classed good and one read 0.1 a mistake, and merge refused
// the summary (players[1].mistakes is 31, more than the histogram's 30).
func TestQuickClassesAtTheThresholds(t *testing.T) {
	// Three games of heuristic against random (simulate --p1 heuristic
	// --p2 random --games 3 --seed 5), two of whose losses are computed a
	// hair under the thresholds they read as.
	data, err := os.ReadFile(filepath.Join("testdata", "thresholds.log"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	lw := gamelog.NewWriter(&buf)
	for _, g := range testgames.PlayBetween(t, rules.Standard(), "heuristic", "random", 6, 5) {
		if err := lw.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	in := []Input{
		{Name: "thresholds.log", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }},
		{Name: "t.log", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf.Bytes())), nil }},
	}
	onEdge := 0
	s, err := Run(context.Background(), in, Options{Quick: true, OnDecision: func(g *Graded) error {
		if g.EquityLost == InaccuracyLoss || g.EquityLost == MistakeLoss || g.EquityLost == BlunderLoss {
			onEdge++
		}
		if want := Classify(g.EquityLost).String(); g.Class != want {
			t.Errorf("line %d: a loss of %v classed %s, want %s", g.Line, g.EquityLost, g.Class, want)
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if onEdge == 0 {
		t.Fatal("no loss on a threshold: the test checks nothing")
	}
	if err := CheckMergeable([]Summary{s}, false); err != nil {
		t.Errorf("the summary is refused by merge: %v", err)
	}
}
