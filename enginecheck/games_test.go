package enginecheck

import (
	"errors"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/arena"
)

// TestWholeGamesBounded: the whole games play the games asked for, two by
// default, and tell the engine a short time a decision (DefaultGameMove)
// while waiting for it as long as Move: the work of the check is bounded
// by its games and their decisions' time, not by the engine's samples.
// Before, the games were always two and each decision was told the whole
// wait, a minute, which the built-in engine spent on its close decisions:
// the games took minutes on a busy core.
func TestWholeGamesBounded(t *testing.T) {
	for _, tt := range []struct {
		games, want int
		refused     bool
	}{
		{games: 0, want: DefaultGames},
		{games: 2, want: 2},
		{games: 8, want: 8},
		{games: MaxGames, want: MaxGames},
		{games: -2, refused: true},
		{games: 1, refused: true},
		{games: 3, refused: true},
		{games: MaxGames + 2, refused: true},
	} {
		o, err := Options{Command: "./bot", Games: tt.games}.withDefaults()
		if tt.refused {
			if !errors.Is(err, ErrGames) {
				t.Errorf("games %d: %v, want ErrGames", tt.games, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("games %d: %v", tt.games, err)
		}
		m := gamesMatch(o, arena.Spec{Name: "bot", Command: "./bot"})
		if m.Games != tt.want || m.Time.Move != DefaultGameMove || m.Time.Move+m.Time.Margin != time.Minute {
			t.Errorf("games %d: %d games, go movetime %v, wait %v; want %d, %v and a minute", tt.games, m.Games, m.Time.Move, m.Time.Move+m.Time.Margin, tt.want, DefaultGameMove)
		}
	}
	if DefaultGameMove > 100*time.Millisecond || DefaultGameMove <= 10*time.Millisecond {
		t.Errorf("DefaultGameMove %v: want above the engine's 10 ms floor and at most 100 ms", DefaultGameMove)
	}
}
