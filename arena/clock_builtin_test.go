package arena

import (
	"context"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/position"
)

// clockedSimple is simple, recording the clocks it is told.
type clockedSimple struct {
	bot.Player
	told []analyze.Clock
}

func (c *clockedSimple) SetClock(a analyze.Clock) { c.told = append(c.told, a) }

// TestBuiltInPlayersAreToldTheClock: a built-in player that can spend a
// clock is told, before each decision, its time left as the clock stands
// (falling as it spends, rising by the increment), the increment, the
// decisions to go and the decision's bound, as an engine's go line.
func TestBuiltInPlayersAreToldTheClock(t *testing.T) {
	tests := []struct {
		name string
		tc   TimeControl
	}{
		{"sudden death", TimeControl{Game: 3 * time.Second}},
		{"an increment and moves to go", TimeControl{Game: 3 * time.Second, Inc: 10 * time.Millisecond, Moves: 5}},
		{"a bound a move", TimeControl{Move: 200 * time.Millisecond}},
	}
	for _, tt := range tests {
		clk := newClock(tt.tc)
		p := &clockedSimple{Player: bot.NewSimple(1)}
		tm := &timed{Player: p, clock: clk, k: 0}
		pos, err := position.Parse("p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=5")
		if err != nil {
			t.Fatal(err)
		}
		for i := range 7 {
			if _, err := tm.Move(context.Background(), &pos); err != nil {
				t.Fatal(err)
			}
			got := p.told[i]
			if got.Move != tt.tc.Move || got.Inc != tt.tc.Inc || got.Game != (tt.tc.Game > 0) {
				t.Errorf("%s: decision %d told %+v", tt.name, i, got)
			}
			most := tt.tc.Game + time.Duration(i)*tt.tc.Inc // and a control's time again at each Moves decisions
			if tt.tc.Moves > 0 {
				most += time.Duration(i/tt.tc.Moves) * tt.tc.Game
			}
			if tt.tc.Game > 0 && (got.Left > most || i > 0 && got.Left == most) {
				t.Errorf("%s: decision %d told %v left", tt.name, i, got.Left)
			}
			if tt.tc.Moves > 0 && got.MovesToGo != tt.tc.Moves-i%tt.tc.Moves {
				t.Errorf("%s: decision %d told %d moves to go", tt.name, i, got.MovesToGo)
			}
		}
	}
}
