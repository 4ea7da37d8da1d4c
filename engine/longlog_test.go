package engine_test

import (
	"bytes"
	"testing"

	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// TestLongHandLogs plays eaai games whose first hand runs short of the
// State's record, far past it, and to the driver's bound, where it is
// abandoned; each is written as a log, read back and replayed: the log
// holds every move, and the replay makes the same decisions from the same
// positions, to the same results.
func TestLongHandLogs(t *testing.T) {
	tests := []struct {
		name  string
		draws int
	}{
		{"short of the record", game.MaxDraws / 2},
		{"past the record", 3*game.MaxDraws + 17},
		{"abandoned", game.EndlessDraws + 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, seats := testgames.PlayLong(t, tt.draws, 7)
			if n, want := len(rec.Events[0]), rec.Hands[0].NumEvents(); n != want {
				t.Fatalf("the record keeps %d events of the first hand; it had %d", n, want)
			}
			lg, err := gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final)
			if err != nil {
				t.Fatalf("logging a hand of %d draws: %v", rec.Hands[0].Draws(), err)
			}
			var buf bytes.Buffer
			if err := gamelog.WriteLog(&buf, []*gamelog.Game{lg}); err != nil {
				t.Fatal(err)
			}
			games, err := gamelog.ReadLog(&buf)
			if err != nil {
				t.Fatalf("reading the log back: %v", err)
			}
			if len(games) != 1 {
				t.Fatalf("read %d games; want 1", len(games))
			}
			back := games[0]
			if back.Final.Winner != rec.Final.Winner || back.Final.Totals != rec.Final.Totals || len(back.Hands) != len(rec.Hands) {
				t.Fatalf("read back %d hands, final %+v; want %d, %+v", len(back.Hands), back.Final, len(rec.Hands), rec.Final)
			}
			checkReplay(t, back, rec, seats)
		})
	}
}

// checkReplay replays the log read back: every decision must be the one a
// player made, at the position it was given, and every hand must end as
// it did.
func checkReplay(t *testing.T, back *gamelog.Game, rec *engine.GameRecord, seats [2]*testgames.Cycler) {
	t.Helper()
	var next [2]int
	err := back.Replay(func(d *gamelog.Decision) bool {
		c := seats[d.Seat]
		i := next[d.Seat]
		next[d.Seat]++
		if i >= len(c.Moves) {
			t.Errorf("hand %d: %s makes a decision it never made", d.Hand+1, d.Move)
			return false
		}
		if m := c.Moves[i]; m.Kind != d.Move.Kind || m.Card != d.Move.Card {
			t.Errorf("hand %d, seat %d's decision %d: replayed %s; played %s", d.Hand+1, d.Seat, i, d.Move, m)
			return false
		}
		if d.Position != c.Positions[i] {
			t.Errorf("hand %d, seat %d's decision %d: the replay's position is not the one played", d.Hand+1, d.Seat, i)
			return false
		}
		return true
	})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	for s, c := range seats {
		if next[s] != len(c.Moves) {
			t.Errorf("seat %d: the replay made %d decisions; the game %d", s, next[s], len(c.Moves))
		}
	}
	for i := range back.Hands {
		h := &back.Hands[i]
		res, _ := rec.Hands[i].Result()
		if h.Score != res.Score || h.Winner != res.Winner || h.Totals != res.Totals {
			t.Errorf("hand %d: read back %+v, winner %d, totals %v; played %+v, %d, %v", i+1, h.Score, h.Winner, h.Totals, res.Score, res.Winner, res.Totals)
		}
	}
}
