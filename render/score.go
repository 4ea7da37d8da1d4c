package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/report"
)

// Score writes a hand's score: its arrangements (runs split differently
// grouped, unless allSplits), its discards and the verdict. tables renders
// in the style; a caller that scores many hands keeps one.
func Score(w io.Writer, tables *Tables, r *report.ScoreReport, line int, allSplits bool) error {
	n := tables.style
	prose := n.Prose(w)
	if line > 0 {
		if _, err := fmt.Fprintf(prose, "Line %d: ", line); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(prose, "Hand: %s (%s)\n", n.Set(r.Hand()), Count(len(r.Cards), "card", "cards")); err != nil {
		return err
	}
	if err := tables.Render([]string{"#", "Melds", "Deadwood cards", "Points"}, arrangementRows(n, splitGroups(r, allSplits))); err != nil {
		return err
	}
	if len(r.Discards) > 0 {
		if err := tables.Render([]string{"Discard", "Deadwood left", "Knock?"}, discardRows(n, r)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprint(prose, Wrap(fmt.Sprintf("Deadwood: %d. Verdict: %s.", r.Deadwood, n.Verdict(r.Verdict)), 80))
	if line > 0 {
		_, err = fmt.Fprintln(prose)
	}
	return err
}

// splitGroups returns the report's arrangements for the table, which
// groups those that only split a run differently unless allSplits; the
// JSON lists every one.
func splitGroups(r *report.ScoreReport, allSplits bool) []meld.SplitGroup {
	arrs := make([]meld.Arrangement, len(r.Arrangements))
	for i, a := range r.Arrangements {
		arrs[i] = a.Arrangement()
	}
	if !allSplits {
		return meld.GroupSplits(arrs)
	}
	var groups []meld.SplitGroup
	for _, a := range arrs {
		groups = append(groups, meld.SplitGroup{Arrangement: a, Count: 1})
	}
	return groups
}

// arrangementRows are the arrangements' table, numbered from 1.
func arrangementRows(n Style, groups []meld.SplitGroup) [][]string {
	rows := make([][]string, 0, len(groups))
	for i, g := range groups {
		a := g.Arrangement
		melds := make([]string, 0, len(a.Melds))
		for _, m := range a.Melds {
			melds = append(melds, n.Meld(n.Set(m.Cards)))
		}
		meldText := strings.Join(melds, " | ")
		if meldText == "" {
			meldText = "-"
		}
		if n := g.Count - 1; n == 1 {
			meldText += " (+1 split of its runs)"
		} else if n > 1 {
			meldText += fmt.Sprintf(" (+%d splits of its runs)", n)
		}
		dead := "-"
		if a.Deadwood != 0 {
			dead = n.Deadwood(n.Set(a.Deadwood))
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), meldText, dead, strconv.Itoa(a.Points())})
	}
	return rows
}

// discardRows are the discards' table: the deadwood each leaves, and
// whether it then knocks.
func discardRows(n Style, r *report.ScoreReport) [][]string {
	var rows [][]string
	for _, d := range r.Discards {
		status := "over"
		switch {
		case d.Gin:
			status = "gin"
		case d.CanKnock:
			status = "knock"
		}
		c, _ := notation.ParseCard(d.Card)
		rows = append(rows, []string{n.Card(c), strconv.Itoa(d.Deadwood), status})
	}
	return rows
}
