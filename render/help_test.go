package render

import (
	"strings"
	"testing"
)

// TestFoldWordsLeavesNoWordAlone: a help line's last word does not stand
// alone under a line of many; the lines keep within the width.
func TestFoldWordsLeavesNoWordAlone(t *testing.T) {
	for _, tt := range []struct {
		text  string
		width int
		want  string
	}{
		{"the EAAI baseline: knocks at once, discards the most deadwood", 52, "the EAAI baseline: knocks at once, discards the|most deadwood"},
		{"one two", 4, "one|two"},
		{"a b c d", 5, "a b|c d"},
		{"aaaa bbbb cccc dddd", 14, "aaaa bbbb|cccc dddd"},
	} {
		got := strings.Join(foldWords(strings.Fields(tt.text), tt.width), "|")
		if got != tt.want {
			t.Errorf("%q at %d: %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}
