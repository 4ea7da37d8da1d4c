package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/arena"
)

// TestStandingsText: the standings' text keeps a name's control bytes
// off, says why a figure is missing (no games, too few pairs) and that a
// run was interrupted, and fits the width in every line.
func TestStandingsText(t *testing.T) {
	elo, ci := 120.0, [2]float64{-40, 300}
	points := 0.6
	s := arena.Standings{Names: []string{"a\x1b]0;x\x07b", "c", "idle"}, Wins: [][]int{{0, 3, 0}, {2, 0, 0}, {0, 0, 0}},
		Ratings: []arena.Standing{
			{Name: "a\x1b]0;x\x07b", Elo: &elo, EloCI: &ci, Games: 5, Wins: 3, Points: &points},
			{Name: "c", Elo: &elo, NoInterval: "too few pairs", Games: 5, Wins: 2, Points: &points},
			{Name: "idle", NoInterval: "no games"}},
		Interrupted: true}
	for _, width := range []int{80, 100} {
		for _, format := range []string{"plain", "table"} {
			var b strings.Builder
			if err := Standings(&b, Style{Format: format, Width: width}, &s); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, want := range []string{"too few", "no games", "Interrupted", `a\x1b]0;x\ab`} {
				if !strings.Contains(out, want) {
					t.Errorf("%s at %d: no %q in\n%s", format, width, want, out)
				}
			}
			if strings.ContainsAny(out, "\x1b\x07") {
				t.Errorf("%s: control bytes in %q", format, out)
			}
			{
				for _, line := range strings.Split(out, "\n") {
					if n := utf8.RuneCountInString(line); n > width {
						t.Errorf("%s: a line of %d columns at %d: %s", format, n, width, line)
					}
				}
			}
		}
	}
}

// TestWrapLines wraps each line at the width, its continuations indented
// two spaces more than it, and keeps empty lines.
func TestWrapLines(t *testing.T) {
	for _, tt := range []struct {
		text  string
		width int
		want  string
	}{
		{"short\n", 20, "short\n"},
		{"one two three four\n\n  five six seven", 10, "one two\n  three\n  four\n\n  five six\n    seven\n"},
		{"averyveryverylongword x", 8, "averyveryverylongword\n  x\n"},
	} {
		if got := WrapLines(tt.text, tt.width); got != tt.want {
			t.Errorf("WrapLines(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}
