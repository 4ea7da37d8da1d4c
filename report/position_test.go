package report_test

import (
	"encoding/json"
	"strings"
	"testing"

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
