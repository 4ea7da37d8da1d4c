package render

import (
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/batch"
)

// TestNAWithoutData: a figure that no game, knock or decision stands
// behind is written "n/a", in every format, and the figures with data
// behind them are written as numbers.
func TestNAWithoutData(t *testing.T) {
	s := batch.Merge(batch.Summary{Grading: "advisor", Players: []*batch.Player{
		{Name: "idle", Games: 2, Hands: 4},
		{Name: "busy", Games: 2, Hands: 4, Knocks: 1, KnockDeadwood: 5, KnockTurns: 7, Decisions: 3, Matched: 3, LostMicro: 30000, LostSqNano: 300000},
	}})
	elo, ci, score := 12.0, [2]float64{-40, 60}, 0.5
	st := arena.Standings{Names: []string{"a", "idle"}, Wins: [][]int{{0, 0}, {0, 0}},
		Ratings: []arena.Standing{{Name: "a", Elo: &elo, EloCI: &ci, Games: 4, Wins: 2, Points: &score}, {Name: "idle", NoInterval: "no games"}}}
	rows := []string{"deadwood at knock", "turns to knock", "matched advice", "equity lost a decision", "error rate, every 100 decisions", "accuracy"}
	for _, format := range []string{"plain", "tsv", "table"} {
		var b strings.Builder
		if err := Batch(&b, Style{Format: format}, &s); err != nil {
			t.Fatal(err)
		}
		for _, label := range rows {
			cells := cellsOf(b.String(), label)
			if len(cells) != 2 || cells[0] == "n/a" || cells[1] != "n/a" {
				t.Errorf("%s: %q is %q, want a figure for busy and n/a for idle\n%s", format, label, cells, b.String())
			}
		}
	}
	var b strings.Builder
	if err := Standings(&b, Style{Format: "tsv"}, &st); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\nidle\tn/a\tn/a\t0\t0\tn/a\t0\t0\t0\n") || !strings.Contains(b.String(), "\na\t+12\t-40 to +60\t4\t2\t50.0%\t") {
		t.Errorf("standings:\n%s", b.String())
	}
}

// cellsOf returns the cells after the label of the table row that starts
// with it, in any of the formats.
func cellsOf(out, label string) []string {
	for _, line := range strings.Split(out, "\n") {
		line = strings.Trim(line, "│ ")
		if rest, ok := strings.CutPrefix(strings.TrimLeft(line, "│"), label); ok {
			var cells []string
			for _, f := range strings.FieldsFunc(rest, func(r rune) bool { return r == '\t' || r == '│' }) {
				if f = strings.TrimSpace(f); f != "" {
					cells = append(cells, f)
				}
			}
			if len(cells) == 1 { // plain: cells apart by two spaces or more
				cells = nil
				for _, f := range strings.Split(rest, "  ") {
					if f = strings.TrimSpace(f); f != "" {
						cells = append(cells, f)
					}
				}
			}
			return cells
		}
	}
	return nil
}
