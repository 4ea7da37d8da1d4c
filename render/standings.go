package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/arena"
)

// Standings writes a tournament's standings: two tables, the cross-table
// and the ratings, with "n/a" for a figure no game stands behind, and
// (but under tsv) a note on how the ratings are made, wrapped at the
// style's width.
func Standings(w io.Writer, style Style, s *arena.Standings) error {
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
	prose := style.Prose(w)
	if err := tables.Render(append([]string{"wins"}, names...), cross); err != nil {
		return err
	}
	fmt.Fprintln(prose)
	if err := tables.Render([]string{"Player", "Elo", "95% interval", "Games", "Won", "Score", "Pairs won", "Split", "Lost"},
		ratingRows(s.Ratings, style.Format == "tsv")); err != nil {
		return err
	}
	note := "\nRatings: Bradley-Terry with a prior of half a win and half a loss a player; 95% intervals from a bootstrap over the pairs of mirrored games."
	if s.Interrupted {
		note += "\n\nInterrupted: the tables hold the games played until then."
	}
	_, err := io.WriteString(prose, style.Wrap(note))
	return err
}

// ratingRows are the rows of the ratings table, a player a row. A
// missing interval is "n/a" under tsv, for scripts, and else says why.
func ratingRows(ratings []arena.Standing, tsv bool) [][]string {
	rows := make([][]string, 0, len(ratings))
	for _, r := range ratings {
		elo, ci, score := NA, NA, NA
		if r.Elo != nil {
			elo = arena.Elo(*r.Elo).String()
		}
		if r.EloCI != nil {
			ci = fmt.Sprintf("%s to %s", arena.Elo(r.EloCI[0]), arena.Elo(r.EloCI[1]))
		} else if r.NoInterval != "" && !tsv {
			ci = r.NoInterval
		}
		if r.Points != nil {
			score = Percent(*r.Points)
		}
		rows = append(rows, []string{EscapeControl(r.Name), elo, ci, strconv.Itoa(r.Games), strconv.Itoa(r.Wins), score,
			strconv.Itoa(r.PairResults[0]), strconv.Itoa(r.PairResults[1]), strconv.Itoa(r.PairResults[2])})
	}
	return rows
}

// MatchResult writes a match's result for people: arena's lines, each
// wrapped at the style's width, the lines it goes on to indented.
func MatchResult(w io.Writer, style Style, r *arena.Result) error {
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		return err
	}
	_, err := io.WriteString(w, WrapLines(b.String(), style.LineWidth()))
	return err
}
