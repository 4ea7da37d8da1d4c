package probability_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
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

// TestRiskChecksTheLayDown checks that risk takes its legality from the
// rulebook: a hand over the knock limit is refused, and so is a given
// spread the rules would refuse, with the rule's reason beside
// ErrBadSpread.
func TestRiskChecksTheLayDown(t *testing.T) {
	const table = " pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai"
	knock := "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC" + table
	over := "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,5S,AC" + table
	tests := []struct {
		name, pos, melds string
		want             []error
	}{
		{"the best melds", knock, "", nil},
		{"melds of the hand", knock, "7C 7D 7H | KC KD KH | 2S 3S 4S", nil},
		{"a hand over the limit", over, "", []error{probability.ErrNotKnock}},
		{"melds not held", knock, "7C 7D 7H | 5S 6S 7S", []error{probability.ErrBadSpread, rules.ErrMeldsNotInHand}},
		{"melds over the limit", knock, "7C 7D 7H", []error{probability.ErrBadSpread, rules.ErrOverLimit}},
	}
	for _, tt := range tests {
		p, err := position.Parse(tt.pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var given *meld.Spread
		if tt.melds != "" {
			sp, err := meld.ParseMelds(tt.melds)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			given = &sp
		}
		e := probability.Infer(&p)
		_, err = probability.UndercutRisk(context.Background(), &p, &e, given, 20, 1, 1)
		if tt.want == nil && err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		for _, want := range tt.want {
			if !errors.Is(err, want) {
				t.Errorf("%s: got %v, want %v", tt.name, err, want)
			}
		}
	}
}
