package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ginadvisor/ginadvisor/arena"
)

// Standings writes a tournament's standings. Under tsv they are two
// tables, the cross-table and the ratings, with "n/a" for a figure no
// game stands behind; otherwise the text of arena's WriteText.
func Standings(w io.Writer, style Style, s *arena.Standings) error {
	if style.Format != "tsv" {
		return s.WriteText(w)
	}
	names := make([]string, len(s.Names))
	for i, n := range s.Names {
		names[i] = EscapeControl(n)
	}
	cross := make([][]string, len(names))
	for i := range names {
		cross[i] = []string{names[i]}
		for j := range names {
			cell := "-"
			if i != j {
				cell = strconv.Itoa(s.Wins[i][j])
			}
			cross[i] = append(cross[i], cell)
		}
	}
	tables := style.Tables(w)
	if err := tables.Render(append([]string{"wins"}, names...), cross); err != nil {
		return err
	}
	rows := make([][]string, 0, len(s.Ratings))
	for _, r := range s.Ratings {
		elo, ci, score := NA, NA, NA
		if r.Elo != nil {
			elo = arena.Elo(*r.Elo).String()
		}
		if r.EloCI != nil {
			ci = fmt.Sprintf("%s to %s", arena.Elo(r.EloCI[0]), arena.Elo(r.EloCI[1]))
		}
		if r.Points != nil {
			score = Percent(*r.Points)
		}
		rows = append(rows, []string{EscapeControl(r.Name), elo, ci, strconv.Itoa(r.Games), strconv.Itoa(r.Wins), score,
			strconv.Itoa(r.PairResults[0]), strconv.Itoa(r.PairResults[1]), strconv.Itoa(r.PairResults[2])})
	}
	return tables.Render([]string{"Player", "Elo", "95% interval", "Games", "Won", "Score", "Pairs won", "Split", "Lost"}, rows)
}
