package batch

import (
	"strings"
	"testing"
)

func TestRateOrNA(t *testing.T) {
	if rateOrNA(3, 0) != NA || rateOrNA(1, 4) != "25.0%" {
		t.Errorf("rateOrNA: %q %q", rateOrNA(3, 0), rateOrNA(1, 4))
	}
}

// TestPlayerRowsTagTheirColumn: every key a row of the table tags is a
// column of the CSV, whose value the HTML report's check compares with the
// JSON; the rows by kind follow the matched advice.
func TestPlayerRowsTagTheirColumn(t *testing.T) {
	acc, rate, lost := 12.5, 0.4, 0.01
	p := &Player{Name: "a", Games: 2, GamesWon: 1, Decisions: 10, Matched: 5, Accuracy: &acc, AccuracyCI95: &[2]float64{10, 15}, ErrorRate: &rate, MeanEquityLost: &lost}
	rows := PlayerTable()
	tagged := 0
	for i, r := range rows {
		r.Text(p, func(key, text string) string {
			tagged++
			if _, ok := p.Column(key); !ok {
				t.Errorf("row %d (%s) tags %q, which no CSV column is", i, r.Label, key)
			}
			return text
		})
	}
	if tagged < 15 {
		t.Errorf("%d figures tagged", tagged)
	}
	n := len(playerRows)
	if rows[n-2].Label != "matched advice" || strings.TrimSpace(rows[n].Label) != Kinds()[0].String() {
		t.Errorf("the rows by kind do not follow the matched advice: %q, %q", rows[n-2].Label, rows[n].Label)
	}
	if len(rows) != n+len(Kinds())+len(playerRowsAfterKinds) {
		t.Errorf("%d rows, want %d", len(rows), n+len(Kinds())+len(playerRowsAfterKinds))
	}
}
