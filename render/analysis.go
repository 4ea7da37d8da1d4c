package render

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/calibrate"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Outs writes an outs report: the cards that bring gin or a knock, the
// best draws, and the chance of a knock within k draws.
func Outs(w io.Writer, r *probability.OutsReport, n Style, line int) error {
	prose := n.Prose(w)
	if line > 0 {
		fmt.Fprintf(prose, "Line %d:\n", line)
	}
	fmt.Fprintf(prose, "Hand %s: deadwood %d, knock limit %d.\n", n.Set(r.Hand), r.Deadwood, r.KnockLimit)
	if u := r.Upcard; u != nil {
		fmt.Fprintf(prose, "Taking the upcard %s leaves %d deadwood, discarding %s (%s).\n", n.Card(u.Card), u.Deadwood, n.Card(u.Discard), u.Kind)
	}
	var rows [][]string
	for k := probability.OutGin; k <= probability.OutBlank; k++ {
		var cards []string
		for _, o := range r.Cards {
			if o.Kind == k {
				cards = append(cards, n.Card(o.Card))
			}
		}
		if len(cards) > 12 {
			cards = append(cards[:12], fmt.Sprintf("… (%d more)", len(cards)-12))
		}
		rows = append(rows, []string{k.String(), strconv.Itoa(r.Count[k]), Percent(r.NextChance[k]), dashIfEmpty(strings.Join(cards, " "))})
	}
	if err := n.Tables(w).Render([]string{"Kind", "Cards", "Next draw", "Which"}, rows); err != nil {
		return err
	}
	var best [][]string
	for _, o := range r.Cards {
		if o.Kind > probability.OutKnock || len(best) == 10 {
			break
		}
		best = append(best, []string{n.Card(o.Card), strconv.Itoa(o.Deadwood), n.Card(o.Discard), Percent(o.Next)})
	}
	if len(best) > 0 {
		fmt.Fprintln(prose, "The best draws:")
		if err := n.Tables(w).Render([]string{"Draw", "Deadwood", "Discard", "Next draw"}, best); err != nil {
			return err
		}
	}
	var reach [][]string
	for _, row := range r.Reach {
		how := row.Method
		if row.Samples > 0 {
			how = fmt.Sprintf("%s, %d samples, ±%s / ±%s", row.Method, row.Samples, Percent(row.KnockSE), Percent(row.GinSE))
		}
		if !row.Possible {
			how = "as above: the hand dies first"
		}
		reach = append(reach, []string{strconv.Itoa(row.Draws), Percent(row.Knock), Percent(row.Gin), how})
	}
	fmt.Fprintln(prose, "Chance of a knock or gin within k draws, discarding best:")
	return n.Tables(w).Render([]string{"k", "Knock", "Gin", "How"}, reach)
}

func dashIfEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Danger writes each discard's deadwood and danger.
func Danger(w io.Writer, r *probability.DangerReport, n Style, line int) error {
	prose := n.Prose(w)
	if line > 0 {
		fmt.Fprintf(prose, "Line %d:\n", line)
	}
	var rows [][]string
	se := 0.0
	for _, d := range r.Discards {
		mark := ""
		switch {
		case !d.Allowed:
			mark = "just taken: not allowed"
		case slices.Contains(r.Frontier, d.Card):
			mark = "on the trade-off"
		}
		se = math.Max(se, d.SE)
		rows = append(rows, []string{n.Card(d.Card), strconv.Itoa(d.Deadwood), Percent(d.Danger), mark})
	}
	if err := n.Tables(w).Render([]string{"Discard", "Deadwood left", "Danger", "Note"}, rows); err != nil {
		return err
	}
	_, err := fmt.Fprint(prose, Wrap(fmt.Sprintf("Danger: the chance the opponent can meld the card, over %d sampled hands (standard error at most %s). A discard on the trade-off is beaten by no other on both deadwood and danger.", r.Samples, Percent(se)), 80))
	return err
}

// Risk writes the undercut risk of knocking now with each spread.
func Risk(w io.Writer, r *probability.RiskReport, n Style, line int) error {
	prose := n.Prose(w)
	if line > 0 {
		fmt.Fprintf(prose, "Line %d:\n", line)
	}
	spread := func(s probability.SpreadRisk) string {
		parts := make([]string, s.Spread.N)
		for i := 0; i < s.Spread.N; i++ {
			parts[i] = n.Set(s.Spread.Melds[i])
		}
		return strings.Join(parts, " | ")
	}
	row := func(what string, s probability.SpreadRisk) []string {
		return []string{what, spread(s), strconv.Itoa(s.Deadwood.Value()), Percent(s.Undercut), Percent(s.Win),
			fmt.Sprintf("%+.1f ±%.1f", s.Points, s.PointsSE)}
	}
	rows := [][]string{row("asked", r.Given), row("most points", r.BestPoints), row("safest", r.Safest)}
	if err := n.Tables(w).Render([]string{"Spread", "Melds", "Dw", "Undercut", "Win", "Points"}, rows); err != nil {
		return err
	}
	keys := make([]int, 0, len(r.Given.DefenderDeadwood))
	for k := range r.Given.DefenderDeadwood {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// The median and the quartiles of the opponent's deadwood.
	quantile := func(q float64) int {
		seen := 0
		for _, k := range keys {
			seen += r.Given.DefenderDeadwood[k]
			if float64(seen) >= q*float64(r.Samples) {
				return k
			}
		}
		return 0
	}
	fmt.Fprint(prose, Wrap(fmt.Sprintf("Over %d sampled opponent hands and %s within the limit. The opponent's deadwood after lay-offs, for the spread asked: quartiles %d, %d and %d (the whole distribution is in --json).",
		r.Samples, Count(r.Spreads, "spread", "spreads"), quantile(0.25), quantile(0.5), quantile(0.75)), 80))
	verdict := "knocking now looks better"
	if r.ImproveNext > r.OpponentKnocksNext && r.Given.Undercut > 0.25 {
		verdict = "waiting may pay"
	}
	_, err := fmt.Fprint(prose, Wrap(fmt.Sprintf("Waiting: your next draw improves your deadwood with chance %s; the opponent can knock or go gin after its next draw with chance %s: %s.",
		Percent(r.ImproveNext), Percent(r.OpponentKnocksNext), verdict), 80))
	return err
}

// Calibration writes how well the opponent inference predicts.
func Calibration(w io.Writer, style Style, cal *probability.Calibration, games int) error {
	prose := style.Prose(w)
	var rows [][]string
	for i, st := range probability.Stages() {
		s := cal.Scores[i]
		rows = append(rows, []string{st.Name, strconv.Itoa(s[0].N),
			fmt.Sprintf("%.4f", s[0].LogLoss), fmt.Sprintf("%.4f", s[1].LogLoss), fmt.Sprintf("%.4f", s[2].LogLoss),
			fmt.Sprintf("%.4f", s[0].Brier), fmt.Sprintf("%.4f", s[1].Brier), fmt.Sprintf("%.4f", s[2].Brier)})
	}
	fmt.Fprint(prose, Wrap(fmt.Sprintf("Log-loss (LL) and Brier score (B) over %d games, lower is better: inf., the inference; unif., the uniform prior; takes, the known takes only.", games), 80))
	if err := style.Tables(w).Render([]string{"Stage", "Cards", "LL inf.", "LL unif.", "LL takes", "B inf.", "B unif.", "B takes"}, rows); err != nil {
		return err
	}
	if err := calibrationGains(w, style, cal); err != nil {
		return err
	}
	for i, st := range probability.Stages() {
		var rel [][]string
		for _, b := range cal.Reliability(i, probability.Inferred) {
			rel = append(rel, []string{fmt.Sprintf("%.1f-%.1f", b.From, b.To), strconv.Itoa(b.N), fmt.Sprintf("%.3f", b.Predicted),
				fmt.Sprintf("%.3f [%.3f, %.3f]", b.Observed, b.Low, b.High)})
		}
		fmt.Fprint(prose, Wrap(fmt.Sprintf("Reliability of the inference, %s (Observed with its 95%% interval, the cards taken as independent):", st.Name), 80))
		if err := style.Tables(w).Render([]string{"Predicted", "Cards", "Mean predicted", "Observed"}, rel); err != nil {
			return err
		}
	}
	verdict := "The inference beats both baselines at every stage, at 95%."
	if !cal.Beats() {
		verdict = "The inference is NOT shown to beat both baselines at every stage at 95%: some gain's interval reaches zero (too few games, or no gain)."
	}
	_, err := fmt.Fprint(prose, Wrap(verdict, 80))
	return err
}

// calibrationGains writes the inference's gain over each baseline, by
// stage, with its 95% interval over the games.
func calibrationGains(w io.Writer, style Style, cal *probability.Calibration) error {
	pm := func(x, half float64) string {
		if math.IsInf(half, 0) {
			return fmt.Sprintf("%.4f±n/a", x)
		}
		return fmt.Sprintf("%.4f±%.4f", x, half)
	}
	var rows [][]string
	for i, st := range probability.Stages() {
		u, k := cal.Gains[i][probability.UniformPrior], cal.Gains[i][probability.KnownTakes]
		rows = append(rows, []string{st.Name, strconv.Itoa(u.Games), pm(u.LogLoss, u.LogLossHalf), pm(k.LogLoss, k.LogLossHalf), pm(u.Brier, u.BrierHalf), pm(k.Brier, k.BrierHalf)})
	}
	fmt.Fprint(style.Prose(w), Wrap("The inference's gain over each baseline (its score's reduction), with 95% intervals over the games:", 80))
	return style.Tables(w).Render([]string{"Stage", "Games", "LL unif.", "LL takes", "B unif.", "B takes"}, rows)
}

// Advice writes the advisor's view of a decision: the recommendation,
// every candidate and a sentence on why.
func Advice(w io.Writer, p *game.Position, a *report.Advice, n Style) error {
	prose := n.Prose(w)
	if a.Line > 0 {
		fmt.Fprintf(prose, "Line %d:\n", a.Line)
	}
	best := a.Candidates[0]
	fmt.Fprintf(prose, "Recommended: %s.\n", moveLabel(n, best.Move))
	head, rows := []string{"Move", "Equity", "Gain", "±", "Points", "Dw", "Outs", "Danger"}, candidateRows(n, a)
	if n.Format != "tsv" {
		// A knock decision has no outs or danger: its columns would
		// take the width its melds need.
		head, rows = dropEmpty(head, rows, "Outs", "Danger")
	}
	if err := n.Tables(w).Render(head, rows); err != nil {
		return err
	}
	if s := a.Why.Sentence(n.Set); s != "" {
		if _, err := fmt.Fprint(prose, Wrap(s, 80)); err != nil {
			return err
		}
	}
	if len(a.Candidates) == 1 && best.Samples == 0 {
		return nil
	}
	why := bestWhy(n, a) + opponentWhy(n, a) + " Gain and ± are in points of equity, against the heuristic policy's move"
	if tied(a) {
		why += "; a move marked = is equal to the recommendation within the noise"
	}
	_, err := fmt.Fprint(prose, Wrap(why+"; Outs counts the unseen cards that would bring a knock at the next draw.", 80))
	return err
}

// dropEmpty leaves out the columns named whose every cell is "-".
func dropEmpty(head []string, rows [][]string, names ...string) ([]string, [][]string) {
	for _, name := range names {
		i := slices.Index(head, name)
		if i < 0 || slices.ContainsFunc(rows, func(r []string) bool { return r[i] != "-" }) {
			continue
		}
		head = slices.Delete(slices.Clone(head), i, i+1)
		for k, r := range rows {
			rows[k] = slices.Delete(slices.Clone(r), i, i+1)
		}
	}
	return head, rows
}

// tied says whether any candidate ties with the recommendation.
func tied(a *report.Advice) bool {
	for _, c := range a.Candidates {
		if c.Tie {
			return true
		}
	}
	return false
}

// moveLabel names a move for the advice's table and text.
func moveLabel(n Style, m game.Move) string {
	switch m.Kind {
	case game.Discard:
		return "discard " + n.Card(m.Card)
	case game.Knock, game.Gin, game.BigGin:
		parts := make([]string, m.Spread.N)
		for i := 0; i < m.Spread.N; i++ {
			parts[i] = n.Set(m.Spread.Melds[i])
		}
		return m.Kind.String() + " " + strings.Join(parts, " | ")
	}
	return m.Kind.String()
}

// candidateRows are the advice's table: each candidate, the baseline
// marked * and a move equal to the recommendation within the noise =,
// with "-" for what does not apply.
func candidateRows(n Style, a *report.Advice) [][]string {
	var rows [][]string
	for _, c := range a.Candidates {
		dw, dg, outs := "-", "-", "-"
		if c.Deadwood >= 0 {
			dw = strconv.Itoa(c.Deadwood)
		}
		if c.Danger != nil {
			dg = Percent(*c.Danger)
		}
		if c.OutsKnock != nil {
			outs = strconv.Itoa(*c.OutsKnock)
		}
		mark := ""
		if c.Baseline {
			mark = "*"
		}
		if c.Tie {
			mark += "="
		}
		rows = append(rows, []string{moveLabel(n, c.Move) + mark, Percent(c.Equity), fmt.Sprintf("%+.1f%%", 100*c.Advantage), fmt.Sprintf("%.1f", 100*c.AdvantageSE),
			fmt.Sprintf("%+.1f", c.Points), dw, outs, dg})
	}
	return rows
}

// bestWhy explains the recommended move: its equity, what it leaves, and
// what it gains over the heuristic policy's.
func bestWhy(n Style, a *report.Advice) string {
	best := a.Candidates[0]
	why := fmt.Sprintf("%s: equity %s against %s before the hand, %+.1f points a hand on average over %d sampled worlds.",
		moveLabel(n, best.Move), Percent(best.Equity), Percent(a.Before), best.Points, best.Samples)
	if best.Deadwood >= 0 {
		why += fmt.Sprintf(" It leaves %d deadwood.", best.Deadwood)
	}
	if best.OutsKnock != nil {
		why += fmt.Sprintf(" %d unseen cards would then bring a knock.", *best.OutsKnock)
	}
	if best.Danger != nil {
		why += fmt.Sprintf(" The opponent can use it with chance %s.", Percent(*best.Danger))
	}
	if best.Baseline {
		why += " It is also what the heuristic policy plays; no other move gains clearly."
	} else {
		why += fmt.Sprintf(" It gains %.1f points of equity over the heuristic policy's move (* in the table), %.1f standard errors.", 100*best.Advantage, best.Advantage/math.Max(best.AdvantageSE, 1e-9))
	}
	return why
}

// opponentWhy says how the advice read the opponent, if it did, and what
// the fixed opponent model would have advised instead.
func opponentWhy(n Style, a *report.Advice) string {
	v := a.Opponent
	if v == nil {
		return ""
	}
	why := " " + v.String()
	if k, ok := a.LeastKnock(); ok {
		why += fmt.Sprintf(" Knocking with %d is undercut %s of the time as read", k.Deadwood, Percent(k.Undercut))
		if a.FixedUndercut != nil {
			why += fmt.Sprintf(", %s with the opponent modeled as simple", Percent(*a.FixedUndercut))
		}
		why += "."
	}
	if a.FixedBest != nil {
		if *a.FixedBest == a.Candidates[0].Move {
			why += " Modeled as simple, as the advisor did before it read its opponents, it would advise the same."
		} else {
			why += fmt.Sprintf(" Modeled as simple, as the advisor did before it read its opponents, it would advise %s.", moveLabel(n, *a.FixedBest))
		}
	}
	return why
}

// Percent writes a chance as a percentage with one decimal, as
// stats.Share does: one between 0 and 1 never reads 0.0% or 100.0%.
func Percent(x float64) string { return stats.Share(x, 1) }

// Fitted writes a model fitted to games, with its log-loss on them: each
// factor by the name --json gives it.
func Fitted(w io.Writer, f calibrate.Fitted) error {
	m := f.Model
	factors := []struct {
		name string
		v    float64
	}{
		{"took_rank", m.TookRank}, {"took_near", m.TookNear}, {"took_gap", m.TookGap},
		{"passed_rank", m.PassedRank}, {"passed_near", m.PassedNear}, {"passed_gap", m.PassedGap},
		{"discarded_rank", m.DiscardedRank}, {"discarded_near", m.DiscardedNear}, {"discarded_gap", m.DiscardedGap},
		{"fade", m.Fade},
	}
	if _, err := fmt.Fprintf(w, "Fitted model (log-loss %.5f on the games it was fitted to):\n", f.LogLoss); err != nil {
		return err
	}
	for _, x := range factors {
		if _, err := fmt.Fprintf(w, "  %-15s %.4f\n", x.name, x.v); err != nil {
			return err
		}
	}
	return nil
}
