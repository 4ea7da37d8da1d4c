package analyze

import (
	"context"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestAdviceIsLegal asks for advice at decisions of simulated games under
// several presets: the move advised must be legal in the real state, and
// every candidate too.
func TestAdviceIsLegal(t *testing.T) {
	simple := engine.Players["simple"]
	n := 0
	for _, preset := range []string{"eaai", "modern", "oklahoma", "straight"} {
		var games []*gamelog.Game
		_, err := engine.Simulate(context.Background(), engine.SimOptions{Rules: rules.Presets()[preset], Players: [2]engine.NewPlayerFunc{simple, simple},
			Names: [2]string{"a", "b"}, Games: 1, Seed: 4,
			OnGame: func(k int, g *engine.GameRecord) error {
				games = append(games, gamelog.GameFromStates(k, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Final))
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		_ = games[0].Replay(func(d *gamelog.Decision) bool {
			if n%5 != 0 || d.Position.MustDraw() {
				n++
				return true
			}
			n++
			a, err := Advise(&d.Position, AdviseOptions{Samples: 16, Seed: uint64(n), Workers: 1})
			if err != nil {
				t.Fatalf("%s: %v", gamelog.FormatPosition(&d.Position), err)
			}
			for _, c := range a.Candidates {
				st := d.State
				if err := st.Apply(c.Move); err != nil {
					t.Fatalf("%s: candidate %s is illegal: %v", gamelog.FormatPosition(&d.Position), c.Move, err)
				}
			}
			return true
		})
	}
	if n < 100 {
		t.Fatalf("only %d decisions", n)
	}
}

// TestAdviceSameAtAnyWorkerCount checks that a seed gives the same advice
// with one worker and with several.
func TestAdviceSameAtAnyWorkerCount(t *testing.T) {
	p, err := gamelog.ParsePosition("p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := Advise(&p, AdviseOptions{Samples: 300, Seed: 5, Workers: 1})
	b, _ := Advise(&p, AdviseOptions{Samples: 300, Seed: 5, Workers: 3})
	for i := range a.Candidates {
		if a.Candidates[i] != b.Candidates[i] {
			t.Fatalf("candidate %d differs: %+v / %+v", i, a.Candidates[i], b.Candidates[i])
		}
	}
}

// TestAdviceKnownAnswers checks positions whose answer is known.
func TestAdviceKnownAnswers(t *testing.T) {
	tests := []struct {
		name, pos, want string
	}{
		// Gin is there for the taking: the upcard TS completes the run, and
		// the king goes: no other move comes close.
		{"a pile card that makes gin", "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,TS stock=30 took=- passed=QC discards=TS dealer=p2", "take"},
		// With gin in hand, going gin beats playing on.
		{"gin in hand", "p1 knock hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS pile=QC,KH stock=30 took=- passed=QC discards=- drawn=TS dealer=p2 draws=1", "gin"},
		// The opponent kept the ten cards it took: AH 2H 3H, 5C 5D 5S,
		// 9S TS JS and the 2C, 2 deadwood. A knock with 10 is undercut for
		// certain, losing 25 + 8 = 33; playing on must be advised.
		{"a knock undercut for certain", UndercutCertain, "pass"},
		// One deadwood, three cards left in a stock that dies at two:
		// playing on mostly ends in a dead hand; knocking wins now.
		{"a late knock beats waiting", LateKnock, "knock"},
		{"a dead card to dump", DeadCardExample, "discard"},
	}
	for _, tt := range tests {
		p, err := gamelog.ParsePosition(tt.pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		a, err := Advise(&p, AdviseOptions{Samples: 200, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.name == "a dead card to dump" && a.Best().Card.String() != "KS" {
			t.Errorf("%s: advised %s, want discard KS", tt.name, a.Best())
		}
		if got := a.Best().Kind.String(); got != tt.want {
			t.Errorf("%s: advised %s, want %s: %+v", tt.name, a.Best(), tt.want, a.Candidates)
		}
	}
}

// Positions with a known answer.
const (
	UndercutCertain = UndercutCertainExample
	LateKnock       = LateKnockExample
)

func TestCertainUndercutPoints(t *testing.T) {
	p, err := gamelog.ParsePosition(UndercutCertain)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Advise(&p, AdviseOptions{Samples: 100, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Candidates {
		if c.Move.Kind == game.Knock && c.Points != -33 {
			t.Errorf("%s: %v points, worked by hand: -33 for certain", c.Move, c.Points)
		}
	}
}

func TestEquityTable(t *testing.T) {
	e := DefaultEquity
	if w := e.Win(0, 0, 100); w < 0.49 || w > 0.51 {
		t.Errorf("W(0, 0) = %v", w)
	}
	for a := 0; a < 100; a += 7 {
		for b := 0; b < 100; b += 7 {
			if w, v := e.Win(a, b, 100), e.Win(b, a, 100); w < 0 || w > 1 || w+v < 0.999 || w+v > 1.001 {
				t.Fatalf("W(%d, %d) = %v, W(%d, %d) = %v", a, b, w, b, a, v)
			}
			if a+7 < 100 && e.Win(a+7, b, 100) < e.Win(a, b, 100) {
				t.Fatalf("more points lower the chance at %d, %d", a, b)
			}
		}
	}
}

// TestAdviceWithinTime checks that a timed advice draws at least one chunk
// of worlds and stops near its deadline.
func TestAdviceWithinTime(t *testing.T) {
	p, err := gamelog.ParsePosition("p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	a, err := Advise(&p, AdviseOptions{Time: 30 * time.Millisecond, Seed: 2, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); a.Candidates[0].Samples < 64 || took > 2*time.Second {
		t.Fatalf("%d worlds in %v", a.Candidates[0].Samples, took)
	}
}
