package advise_test

import (
	"context"
	"math"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
)

// TestLossAgainstBestIsPaired checks the losses against the recommended
// move against what the search already measures another way: against
// the baseline, the paired difference of two moves is the move's
// advantage, so a baseline that is recommended gives every other move a
// loss of minus its advantage with the advantage's own standard error.
// With another move recommended, the baseline's loss is that move's
// advantage, with its error. A tie is a loss within the margin.
func TestLossAgainstBestIsPaired(t *testing.T) {
	p := mustPosition(t, midGame)
	for _, seed := range []uint64{1, 2, 3, 4, 5, 6} {
		o := options(128, seed, 1)
		o.Full = true
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatal(err)
		}
		best := a.Candidates[0]
		if best.Loss != 0 || best.LossSE != 0 || best.Tie {
			t.Fatalf("seed %d: the best %s has a loss %v ± %v, tie %v", seed, best.Move, best.Loss, best.LossSE, best.Tie)
		}
		for _, c := range a.Candidates[1:] {
			if c.Samples != 128 {
				t.Fatalf("seed %d: %s played in %d worlds, want every one of 128", seed, c.Move, c.Samples)
			}
			var wantSE float64
			switch {
			case best.Baseline:
				wantSE = c.AdvantageSE
			case c.Baseline:
				wantSE = best.AdvantageSE
			default:
				continue
			}
			if math.Abs(c.LossSE-wantSE) > 1e-9 || math.Abs(c.Loss-(best.Advantage-c.Advantage)) > 1e-12 {
				t.Errorf("seed %d: %s loses %v ± %v against %s, want ± %v", seed, c.Move, c.Loss, c.LossSE, best.Move, wantSE)
			}
			if tie := c.Loss <= advise.DefaultMargin*c.LossSE; c.Tie != tie {
				t.Errorf("seed %d: %s tie %v with loss %v ± %v", seed, c.Move, c.Tie, c.Loss, c.LossSE)
			}
			if c.Baseline && c.Tie {
				t.Errorf("seed %d: the baseline %s ties with %s, which departed from it", seed, c.Move, best.Move)
			}
		}
	}
}

// TestJudgeStopsAsFull checks that a search stopped by its judge after k
// chunks gives the very figures of a full search of k chunks, at any
// worker count.
func TestJudgeStopsAsFull(t *testing.T) {
	p := mustPosition(t, midGame)
	for _, workers := range []int{1, 2} {
		o := options(512, 9, workers)
		calls := 0
		o.Judge = func(st *advise.Standing) bool {
			calls++
			if st.Worlds != calls*advise.ChunkWorlds {
				t.Errorf("judged after %d worlds at call %d", st.Worlds, calls)
			}
			for i, c := range st.Candidates[1:] {
				if m, se := st.Versus(0, i+1); math.Abs(m-c.Loss) > 1e-9 && c.Samples == st.Worlds || se != c.LossSE {
					t.Errorf("Versus(0, %d) = %v ± %v, the candidate's loss %v ± %v", i+1, m, se, c.Loss, c.LossSE)
				}
			}
			return st.Worlds >= 3*advise.ChunkWorlds
		}
		judged, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatal(err)
		}
		f := options(3*advise.ChunkWorlds, 9, 1)
		f.Full = true
		full, err := advise.Advise(context.Background(), &p, f)
		if err != nil {
			t.Fatal(err)
		}
		if calls != 3 {
			t.Errorf("%d workers: the judge was asked %d times, want 3", workers, calls)
		}
		for i := range full.Candidates {
			if a, b := judged.Candidates[i], full.Candidates[i]; a.Move != b.Move || a.Advantage != b.Advantage || a.LossSE != b.LossSE || a.Samples != b.Samples {
				t.Errorf("%d workers: candidate %d: judged %s %v±%v (%d), full %s %v±%v (%d)", workers, i, a.Move, a.Advantage, a.LossSE, a.Samples, b.Move, b.Advantage, b.LossSE, b.Samples)
			}
		}
	}
}
