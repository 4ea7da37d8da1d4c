package render

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/position"
)

func TestPositionError(t *testing.T) {
	tests := []struct {
		name, input          string
		err, summary, detail string // each held by what is returned
	}{
		{"a hand", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", "a hand, not a position", "is a hand, not a position. The hand as a position, with TC standing in",
			`  ginadvisor outs "p1 first-offer hand=4C,7C,7D,JD,QD,KD,7H,AS,2S,3S pile=TC stock=31 dealer=p2"`},
		{"several faults", "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,ZZ,6S pile=KS,7H stock=x took=- passed=KS discards=7H dealer=p9", "unknown rank", "position: 3 faults:", "column 61: stock"},
		{"one fault", "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1 junk=1",
			"position: column 103: unknown key", "", "dealer=p1 junk=1\n" + strings.Repeat(" ", 33) + "^"},
		{"binary", "p1 draw\x00", "binary", "", ""},
	}
	for _, tt := range tests {
		_, perr := position.ParseWith(tt.input, nil)
		if perr == nil {
			t.Fatalf("%s: %q read as a position", tt.name, tt.input)
		}
		err, summary, detail := PositionError("ginadvisor outs", position.AnyDecision, nil, tt.input, perr)
		if !strings.Contains(err.Error(), tt.err) || !strings.Contains(summary, tt.summary) || !strings.Contains(detail, tt.detail) ||
			(tt.summary == "") != (summary == "") || (tt.detail == "") != (detail == "") {
			t.Errorf("%s: %v; %q; %q", tt.name, err, summary, detail)
		}
	}
	if err, _, _ := PositionError("x", position.AnyDecision, nil, "p1\x00", errors.New("?")); !errors.Is(err, lines.ErrBinary) {
		t.Errorf("binary input: %v, want lines.ErrBinary", err)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"p1 draw hand=AC": `"p1 draw hand=AC"`,
		"it's":            `'it'\''s'`,
		"$HOME":           `'$HOME'`,
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
