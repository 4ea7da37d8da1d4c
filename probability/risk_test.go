package probability_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/probability"
)

// decisions returns positions of simulated games in a phase.
func decisions(t testing.TB, phase game.Phase, n int) []game.Position {
	var out []game.Position
	for _, g := range simulated(t, 6) {
		_ = g.Replay(func(d *gamelog.Decision) bool {
			if d.Position.Phase() == phase && len(out) < n {
				out = append(out, d.Position)
			}
			return len(out) < n
		})
	}
	if len(out) == 0 {
		t.Fatalf("no %s decisions", phase)
	}
	return out
}

func TestUndercutRisk(t *testing.T) {
	for _, p := range decisions(t, game.KnockPhase, 20) {
		e := probability.Infer(&p)
		r, err := probability.UndercutRisk(context.Background(), &p, &e, nil, 600, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Given
		if g.Undercut < 0 || g.Win < 0 || g.Undercut+g.Win > 1+1e-9 || r.BestPoints.Points < g.Points || r.Safest.Undercut > g.Undercut {
			t.Fatalf("inconsistent risk: %+v", r)
		}
		total := 0
		for _, n := range g.DefenderDeadwood {
			total += n
		}
		if total != 600 {
			t.Fatalf("the deadwood distribution holds %d hands", total)
		}
		if r.ImproveNext < 0 || r.ImproveNext > 1 || r.OpponentKnocksNext < 0 || r.OpponentKnocksNext > 1 {
			t.Fatalf("waiting: %v %v", r.ImproveNext, r.OpponentKnocksNext)
		}
	}
}

// TestSameAtAnyWorkerCount checks that a seed gives the same figures with
// one worker and with several.
func TestSameAtAnyWorkerCount(t *testing.T) {
	p := decisions(t, game.DiscardPhase, 1)[0]
	e := probability.Infer(&p)
	a, err1 := probability.Danger(context.Background(), &p, &e, 3000, 9, 1)
	b, err2 := probability.Danger(context.Background(), &p, &e, 3000, 9, 3)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
		t.Fatalf("danger differs by worker count: %v %v", err1, err2)
	}
	q := decisions(t, game.DrawPhase, 1)[0]
	f := probability.Infer(&q)
	c, err1 := probability.Outs(context.Background(), &q, &f, 3000, 9, 1)
	d, err2 := probability.Outs(context.Background(), &q, &f, 3000, 9, 4)
	if err1 != nil || err2 != nil || len(c.Reach) < 2 || !reflect.DeepEqual(c, d) {
		t.Fatalf("outs differ by worker count: %v %v", err1, err2)
	}
}

// TestAnalysesStopWhenCancelled runs each sampled analysis with a context
// already cancelled: each returns the context's error at once, whatever
// the budget.
func TestAnalysesStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d := decisions(t, game.DiscardPhase, 1)[0]
	e := probability.Infer(&d)
	if _, err := probability.Danger(ctx, &d, &e, 10_000_000, 1, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("danger: %v", err)
	}
	q := decisions(t, game.DrawPhase, 1)[0]
	f := probability.Infer(&q)
	if _, err := probability.Outs(ctx, &q, &f, 10_000_000, 1, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("outs: %v", err)
	}
	k := decisions(t, game.KnockPhase, 1)[0]
	g := probability.Infer(&k)
	if _, err := probability.UndercutRisk(ctx, &k, &g, nil, 10_000_000, 1, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("risk: %v", err)
	}
}
