package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Knock writes a knock report: the showdown, the score and the other
// spreads.
func Knock(w io.Writer, n Style, rep *report.KnockReport) error {
	prose := n.Prose(w)
	tables := n.Tables(w)
	if err := tables.Render([]string{"Side", "", "Cards"}, knockRows(n, rep)); err != nil {
		return err
	}
	discard := ""
	if rep.Discard != "" {
		discard = " after discarding " + n.Names([]string{rep.Discard})
	}
	fmt.Fprint(prose, Wrap(fmt.Sprintf("Rules: %s, knock limit %d. Knocker's melds%s: %s.", rep.Rules, rep.KnockLimit, discard, rep.MeldsChosen), 80))
	brows := make([][]string, 0, len(rep.Breakdown)+1)
	for _, l := range rep.Breakdown {
		brows = append(brows, []string{l.Label, strconv.Itoa(l.Points)})
	}
	brows = append(brows, []string{"total to the " + rep.Winner, strconv.Itoa(rep.Points)})
	if err := tables.Render([]string{"Score", "Points"}, brows); err != nil {
		return err
	}
	fmt.Fprintf(prose, "Result: %s. The %s scores %d.\n", n.Verdict(rules.OutcomeWords(rep.Result)), rep.Winner, rep.Points)
	if len(rep.Options) > 1 {
		if err := knockOptions(w, n, tables, rep.Options); err != nil {
			return err
		}
	}
	if a := rep.Automatic; a != nil {
		am := make([]string, len(a.KnockerMelds))
		for i, m := range a.KnockerMelds {
			am[i] = n.Names(m)
		}
		fmt.Fprint(prose, Wrap(fmt.Sprintf("With the minimal arrangement (%s): %s, the %s scores %d.", strings.Join(am, " | "), rules.OutcomeWords(a.Result), a.Winner, a.Points), 80))
	}
	for _, note := range rep.Notes {
		_, err := fmt.Fprint(prose, Wrap("Note: "+note+".", 80))
		if err != nil {
			return err
		}
	}
	return nil
}

// knockRows are the showdown's rows: one for each thing shown, so that
// long melds keep the table narrow.
func knockRows(n Style, rep *report.KnockReport) [][]string {
	sp := rep.Spread()
	melds := make([]string, 0, sp.N)
	for i := 0; i < sp.N; i++ {
		melds = append(melds, n.Meld(n.Set(sp.Melds[i])))
	}
	da := rep.DefenderArrangement()
	dmelds := make([]string, 0, len(da.Melds))
	for _, m := range da.Melds {
		dmelds = append(dmelds, n.Meld(n.Set(m.Cards)))
	}
	layoffs := make([]string, 0, len(rep.Placements))
	for _, p := range rep.Placements {
		layoffs = append(layoffs, n.Names([]string{p.Card})+" on "+n.Set(sp.Melds[p.Meld]))
	}
	deadwood := func(cards []string, points int) string {
		if len(cards) == 0 {
			return "none (0)"
		}
		return n.Deadwood(n.Names(cards)) + " (" + strconv.Itoa(points) + ")"
	}
	return [][]string{
		{"knocker", "melds", dash(strings.Join(melds, " | "))},
		{"", "deadwood", deadwood(rep.KnockerDeadwoodCards, rep.KnockerDeadwood)},
		{"defender", "melds", dash(strings.Join(dmelds, " | "))},
		{"", "lay-offs", dash(strings.Join(layoffs, ", "))},
		{"", "deadwood", deadwood(rep.DefenderDeadwoodCards, rep.DefenderDeadwood)},
	}
}

// dash shows an empty cell as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// knockOptions shows the first spreads the knocker could lay down, best
// for it first.
func knockOptions(w io.Writer, n Style, tables *Tables, options []report.SpreadOption) error {
	prose := n.Prose(w)
	const shown = 8
	rows := [][]string{}
	for i, o := range options {
		if i == shown {
			break
		}
		melds := make([]string, len(o.KnockerMelds))
		for j, m := range o.KnockerMelds {
			melds[j] = n.Names(m)
		}
		lay := "-"
		if len(o.Layoffs) > 0 {
			lay = n.Names(o.Layoffs)
		}
		rows = append(rows, []string{strings.Join(melds, " | "), strconv.Itoa(o.KnockerDeadwood), lay,
			strconv.Itoa(o.DefenderDeadwood), fmt.Sprintf("%s %+d", rules.OutcomeWords(o.Result), o.KnockerNet)})
	}
	fmt.Fprintln(prose, "Every spread the knocker could lay down, best for it first (dw: deadwood;")
	fmt.Fprintln(prose, "the result is the points to the knocker, negative when it loses):")
	if err := tables.Render([]string{"Knocker's melds", "Dw", "Lay-offs", "Def. dw", "Result"}, rows); err != nil {
		return err
	}
	if len(options) > shown {
		fmt.Fprintf(prose, "(%d more in --json)\n", len(options)-shown)
	}
	return nil
}

// Layoff writes what a defender can lay off on a spread.
func Layoff(w io.Writer, n Style, rep *report.LayoffReport, sp meld.Spread) error {
	prose := n.Prose(w)
	tables := n.Tables(w)
	rows := [][]string{}
	for _, c := range rep.Candidates {
		needs := "-"
		if len(c.Needs) > 0 {
			needs = n.Names(c.Needs)
		}
		rows = append(rows, []string{n.Names([]string{c.Card}), n.Set(sp.Melds[c.Meld]), needs})
	}
	if len(rows) == 0 {
		fmt.Fprintln(prose, "No card of the hand can be laid off.")
	} else if err := tables.Render([]string{"Card", "Onto", "After laying off"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	for i, o := range rep.Options {
		melds := make([]string, len(o.Melds))
		for j, m := range o.Melds {
			melds[j] = n.Meld(n.Names(m))
		}
		lay := "-"
		if len(o.Layoffs) > 0 {
			lay = n.Names(o.Layoffs)
		}
		dead := "-"
		if len(o.DeadwoodCards) > 0 {
			dead = n.Deadwood(n.Names(o.DeadwoodCards))
		}
		own := strings.Join(melds, " | ")
		if own == "" {
			own = "-"
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), lay, own, dead})
	}
	if err := tables.Render([]string{"#", "Lay off", "Own melds", "Deadwood cards"}, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(prose, "Deadwood %d before lay-offs, %s after: %d saved.\n", rep.DeadwoodBefore, n.Verdict(strconv.Itoa(rep.Deadwood)), rep.Saved)
	return err
}
