package render

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestScoreWriter(t *testing.T) {
	hand, err := notation.ParseHand("As 2s 3s 4s 5s 6s 7h 7d 7c Kd")
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.Score(hand, rules.Standard(), rules.Deal{})
	if err != nil {
		t.Fatal(err)
	}
	bad := errors.New("no such card")
	tests := []struct {
		name     string
		json     bool
		line     int
		err      error
		want     string // a prefix of the output; with contains "" too, no output
		contains string
	}{
		{"a hand alone as JSON", true, 0, nil, `{"cards":`, `"deadwood":10`},
		{"a streamed hand as JSON", true, 3, nil, `{"line":3,"cards":`, `"deadwood":10`},
		{"a bad line as JSON", true, 4, bad, `{"line":4,"input":"Zz","error":"no such card"}` + "\n", ""},
		{"a bad line as text", false, 4, bad, "", ""},
		{"a streamed hand as text", false, 2, nil, "Line 2: Hand: ", "Deadwood: 10."},
	}
	for _, tt := range tests {
		var b strings.Builder
		w := ScoreWriter{W: &b, Tables: Style{Format: "plain"}.Tables(&b), JSON: tt.json}
		input := "As 2s 3s Kd"
		if tt.err != nil {
			input = "Zz"
		}
		if err := w.Write(tt.line, input, r, tt.err); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := b.String(); !strings.HasPrefix(got, tt.want) || (tt.want == "" && got != "" && tt.contains == "") || !strings.Contains(got, tt.contains) {
			t.Errorf("%s: %q, want it to start %q and hold %q", tt.name, got, tt.want, tt.contains)
		}
	}
}
