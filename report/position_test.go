package report_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
)

// TestPositionNamesTheSeatToMove: a position written for a seat that
// waits (turn=) names the opponent as the one to move, in the view and its
// JSON, and its own seat as the seat; a position of the seat's own
// decision names the seat for both. Before, `position` said the waiting
// seat was to move and the JSON had no turn.
func TestPositionNamesTheSeatToMove(t *testing.T) {
	tests := []struct {
		text       string
		seat, turn notation.Seat
	}{
		{"p2 discard turn=p1 hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=5S stock=30 first=5S took=- passed=5S discards=- draws=1 dealer=p2", notation.P2, notation.P1},
		{"p1 first-offer turn=p2 hand=4C,7C,7D,JD,QD,KD,7H,AS,2S,3S pile=TC stock=31 dealer=p1", notation.P1, notation.P2},
		{"p1 first-offer hand=4C,7C,7D,JD,QD,KD,7H,AS,2S,3S pile=TC stock=31 dealer=p2", notation.P1, notation.P1},
	}
	for _, tt := range tests {
		p, err := position.Parse(tt.text)
		if err != nil {
			t.Fatalf("%s: %v", tt.text, err)
		}
		v := report.Position(&p)
		if v.Seat != tt.seat || v.Turn != tt.turn {
			t.Errorf("%s: seat %s, turn %s; want %s and %s", tt.text, v.Seat, v.Turn, tt.seat, tt.turn)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := `"turn":"` + tt.turn.String() + `"`; !strings.Contains(string(b), want) {
			t.Errorf("%s: JSON %s lacks %s", tt.text, b, want)
		}
	}
}

// TestPositionWritesTheCompleteForm: a position read from the history form
// is written in it too (History), which reads back to a position whose
// advice at a seed is the history input's own; the short form, which
// cannot carry the record the advisor reads the opponent from, has no
// history to give.
func TestPositionWritesTheCompleteForm(t *testing.T) {
	const history = "history p1 dealer=p2 rules=eaai: dealt 2C 3C 7C JD 4H 5H 6H 9H QH JS ; upcard 5S ; p1 pass 5S ; p2 take 5S ; p2 discard KD ; p1 draw AS"
	p, err := position.Parse(history)
	if err != nil {
		t.Fatal(err)
	}
	v := report.Position(&p)
	if v.History == "" {
		t.Fatal("no history form for a position read from one")
	}
	back, err := position.Parse(v.History)
	if err != nil {
		t.Fatalf("%s: %v", v.History, err)
	}
	o := analyze.Options{Samples: 128, Seed: 2, Workers: 1}
	a, err := analyze.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := analyze.Advise(context.Background(), &back, o)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Candidates[0].Move, a.Candidates[0].Move; !got.Same(want) {
		t.Errorf("advice from the history written: %s, from the input: %s", got, want)
	}
	short, err := position.Parse(v.Notation)
	if err != nil {
		t.Fatal(err)
	}
	if s := report.Position(&short); s.History != "" {
		t.Errorf("the short form %s gave a history: %s", v.Notation, s.History)
	}
}
