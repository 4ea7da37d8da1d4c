package protocol

import (
	"strconv"
	"strings"
	"testing"
)

// TestNegativeClockRefused: a go whose clock gives a negative time, an
// increment or moves to go below 0 is answered with one error line that
// names the field, and no search runs (no info line, no bestmove); the
// next go, with a clock that holds, is answered. Before, a negative value
// was skipped as unknown and the go searched all its samples.
func TestNegativeClockRefused(t *testing.T) {
	for _, tt := range []struct{ line, field string }{
		{"go time -5", "time"},
		{"go movetime -1", "movetime"},
		{"go time 3000 opptime -1", "opptime"},
		{"go time 3000 inc -100", "inc"},
		{"go time 3000 movestogo -2", "movestogo"},
		{"go time -9223372036854775808", "time"},
	} {
		t.Run(tt.line, func(t *testing.T) {
			got := session(t, aDiscard, tt.line, "go movetime 20")
			want := "error go: " + tt.field + " must be a whole number from 0"
			if !strings.HasPrefix(got[1], want) || strings.Contains(got[1], "\n") {
				t.Errorf("%s: %q, want one line %q…", tt.line, got[1], want)
			}
			if !strings.HasPrefix(lastLine(got[2]), "bestmove ") {
				t.Errorf("the go after: %q, want a bestmove", got[2])
			}
		})
	}
}

// TestImpossibleScoresRefused: scores beyond any a game reaches (over
// the target less one and the most one hand gives, or both at the
// target) get one error line and are not taken: show still gives the
// scores before them. Scores a game may end at are taken.
func TestImpossibleScoresRefused(t *testing.T) {
	const hand = "newhand seat p1 dealer p2 hand AC 3C 5C 7C 9C JC KC 2D 4D 6D upcard 8D"
	for _, tt := range []struct {
		name, rules, scores, refused string
	}{
		{"a game's end", "standard", "scores 129 1", ""},
		{"the most a game ends at", "standard", "scores 230 99", ""},
		{"one past the most", "standard", "scores 231 0", "scores 231 0: no game reaches 231 under these rules (at most 230: 99 before the last hand and 131 in it)"},
		{"far past", "standard", "scores 1000 0", "no game reaches 1000"},
		{"both at the target", "standard", "scores 100 100", "scores 100 100: only one seat reaches the target 100, with the hand that ends the game"},
		{"a doubled hand", "oklahoma", "scores 361 0", ""},
		{"past a doubled hand", "oklahoma", "scores 362 0", "at most 361: 99 before the last hand and 262 in it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			spades := "setoption name spades_double value " + strconv.FormatBool(tt.rules == "oklahoma")
			got := session(t, "setoption name rules value "+tt.rules, spades, "scores 10 20", tt.scores, hand, "show")
			if tt.refused == "" {
				if got[3] != "" {
					t.Fatalf("%s: %q, want it taken", tt.scores, got[3])
				}
				return
			}
			if !strings.HasPrefix(got[3], "error ") || !strings.Contains(got[3], tt.refused) {
				t.Fatalf("%s: %q, want an error with %q", tt.scores, got[3], tt.refused)
			}
			if !strings.Contains(got[5], "score=10-20") {
				t.Errorf("after the refused scores, show: %q, want the scores before (10-20)", got[5])
			}
		})
	}
}

func lastLine(s string) string { return s[strings.LastIndex(s, "\n")+1:] }
