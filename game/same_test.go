package game_test

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
)

// TestMoveSame: one decision whatever the melds a knock is arranged in;
// another kind, card or set of cards laid is another decision.
func TestMoveSame(t *testing.T) {
	must := func(s string) game.Move {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"draw", "draw", true},
		{"draw", "take", false},
		{"discard KS", "discard KS", true},
		{"discard KS", "discard QS", false},
		{"knock 7C 7D 7H | 7S 8S 9S", "knock 7C 7D 7H 7S | 8S 9S TS", false},
		{"knock 7C 7D 7H | 7S 8S 9S", "knock 7S 8S 9S | 7C 7D 7H", true},
		{"gin AC 2C 3C | 4D 5D 6D", "knock AC 2C 3C | 4D 5D 6D", false},
		{"knock 7C 7D 7H 7S | 8S 9S TS", "knock 7C 7D 7H | 7S 8S 9S TS", true},
		{"playon", "playon", true},
	} {
		if got := must(tt.a).Same(must(tt.b)); got != tt.same {
			t.Errorf("%s / %s: Same %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}
