package analyze

import (
	"context"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// clockPosition is a discard decision of an eaai game at the score given.
func clockPosition(t *testing.T, score string) string {
	return "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=" + score + " dealer=p1 rules=eaai number=5"
}

// TestDecisionsLeft guesses the decisions left by the score: a hand's
// worth now, and DecisionsPerHand for each further hand the leader needs.
func TestDecisionsLeft(t *testing.T) {
	tests := []struct {
		score string
		want  int
	}{
		{"0-0", 20 + 6*20}, // 100 points at 15 a hand: 7 hands, this one and 6
		{"90-10", 20},      // 10 points: this hand may end the game
		{"40-70", 20 + 20}, // 30 points: two hands
	}
	for _, tt := range tests {
		p, err := position.Parse(clockPosition(t, tt.score))
		if err != nil {
			t.Fatal(err)
		}
		if got := DecisionsLeft(&p); got != tt.want {
			t.Errorf("score %s: %d decisions left, want %d", tt.score, got, tt.want)
		}
	}
}

// TestDecisionTimeNeverRunsOut spends a game's time decision by decision,
// for far more decisions than any guess: every share is within the time
// left and a quarter of it, so the clock is never overdrawn, and the
// first shares are the time over the decisions the guess expects.
func TestDecisionTimeNeverRunsOut(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	total := 30 * time.Second
	if got, want := DecisionTime(total, &p), time.Duration(float64(total)*0.9/140); got != want {
		t.Errorf("first share %v, want %v", got, want)
	}
	left := total
	for i := range 1000 {
		share := DecisionTime(left, &p)
		if share <= 0 || share > left/4 && share > time.Nanosecond {
			t.Fatalf("decision %d: share %v of %v left", i, share, left)
		}
		left -= share
		if left < 0 {
			t.Fatalf("decision %d: the clock is overdrawn by %v", i, -left)
		}
	}
	if got := DecisionTime(0, &p); got != time.Nanosecond {
		t.Errorf("no time left: share %v, want a nanosecond (one chunk)", got)
	}
}

// TestPlayerKeepsToItsGameTime plays a game with the advisor on a game
// clock against simple, on a fake clock that moves a millisecond at each
// look: the advisor's time never runs out, and every decision spends no
// more than its share and the one chunk it cannot stop within.
func TestPlayerKeepsToItsGameTime(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game")
	}
	var tick time.Duration
	now := func() time.Time { tick += time.Millisecond; return time.Unix(0, 0).Add(tick) }
	pl := NewPlayer(1, 0, 0, false)
	total := 300 * time.Millisecond
	pl.SetGameTime(total, now)
	_, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 3}, [2]bot.Player{pl, bot.NewSimple(2)})
	if err != nil {
		t.Fatal(err)
	}
	if pl.Used() > total || pl.Used() == 0 {
		t.Fatalf("used %v of a game time of %v", pl.Used(), total)
	}
}
