package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Batch writes a batch summary: the games read and each player's
// figures, side by side.
func Batch(w io.Writer, style Style, s *batch.Summary) error {
	prose := style.Prose(w)
	if len(s.Players) > 0 {
		header := []string{"Per player"}
		for _, p := range s.Players {
			header = append(header, EscapeControl(p.Name))
		}
		if err := style.Tables(w).Render(header, playerRows(s.Players)); err != nil {
			return err
		}
	}
	grading := fmt.Sprintf("the advisor, up to %d worlds a decision until its class is decided, seed %d", s.Samples, s.Seed)
	if s.Grading == "quick" {
		grading = "deadwood and outs (--quick)"
	}
	text := fmt.Sprintf("%s read, %d skipped, %d analyzed: %s, %s graded by %s.",
		Count(s.GamesRead, "game", "games"), s.GamesSkipped, s.GamesAnalyzed, Count(s.Hands, "hand", "hands"), Count(s.Decisions, "decision", "decisions"), grading)
	if _, err := fmt.Fprint(prose, Wrap(text, 80)); err != nil {
		return err
	}
	sampled := false
	for _, p := range s.Players {
		worstDecisions(prose, p)
		for _, b := range p.Worst {
			sampled = sampled || b.EquityLostSE > 0
		}
	}
	if sampled {
		_, err := fmt.Fprint(prose, "\n"+Wrap(batch.NoiseNote, 80))
		return err
	}
	return nil
}

// playerRows are the summary's table, a column for each player.
func playerRows(players []*batch.Player) [][]string {
	row := func(label string, f func(p *batch.Player) string) []string {
		r := []string{label}
		for _, p := range players {
			r = append(r, f(p))
		}
		return r
	}
	rows := [][]string{
		row("games won", func(p *batch.Player) string {
			return fmt.Sprintf("%d of %d (%s)", p.GamesWon, p.Games, Percent(p.WinRate))
		}),
		row("95% interval", func(p *batch.Player) string { return Percent(p.WinRateCI95[0]) + " to " + Percent(p.WinRateCI95[1]) }),
		row("hands won", func(p *batch.Player) string {
			return fmt.Sprintf("%d of %d (%s)", p.HandsWon, p.Hands, Percent(p.HandRate))
		}),
		row("knocks (gins too), gins, undercuts", func(p *batch.Player) string { return fmt.Sprintf("%d, %d, %d", p.Knocks, p.Gins, p.Undercuts) }),
		row("deadwood at knock", func(p *batch.Player) string { return optional(p.MeanKnockDeadwood, 'f', 1) }),
		row("turns to knock", func(p *batch.Player) string { return optional(p.MeanTurnsToKnock, 'f', 1) }),
		row("decisions", func(p *batch.Player) string { return strconv.Itoa(p.Decisions) }),
		row("matched advice", func(p *batch.Player) string { return rate(p.Matched, p.Decisions) }),
		row("  95% interval", func(p *batch.Player) string {
			if p.Decisions == 0 {
				return NA
			}
			ci := stats.Wilson(p.Matched, p.Decisions)
			return Percent(ci[0]) + " to " + Percent(ci[1])
		}),
	}
	for _, k := range batch.Kinds() {
		rows = append(rows, row("  "+k.String(), kindMatched(k)))
	}
	return append(rows, [][]string{
		row("equity lost a decision", func(p *batch.Player) string {
			if p.MeanEquityLost == nil {
				return NA
			}
			return Significant(100**p.MeanEquityLost, 2) + "%"
		}),
		row("  95% interval", func(p *batch.Player) string {
			if p.MeanLostCI95 == nil {
				return NA
			}
			return Significant(100*p.MeanLostCI95[0], 2) + "% to " + Significant(100*p.MeanLostCI95[1], 2) + "%"
		}),
		row("error rate, every 100 decisions", func(p *batch.Player) string {
			if p.ErrorRate == nil {
				return NA
			}
			return Significant(*p.ErrorRate, 2) + " games"
		}),
		row("accuracy", func(p *batch.Player) string {
			if p.Accuracy == nil {
				return optional(p.Accuracy, 'f', 1)
			}
			return fmt.Sprintf("%.1f (%.1f to %.1f)", *p.Accuracy, p.AccuracyCI95[0], p.AccuracyCI95[1])
		}),
		row("inaccuracies, mistakes, blunders", func(p *batch.Player) string {
			return fmt.Sprintf("%d, %d, %d", p.Inaccuracies, p.Mistakes, p.Blunders)
		}),
		row("uncertain", func(p *batch.Player) string { return strconv.Itoa(p.Uncertain) }),
		row("luck a game", luckFigure("%+.3f", func(m batch.LuckMeans) float64 { return m.Luck })),
		row("  95% interval", luckInterval("%+.3f to %+.3f", func(m batch.LuckMeans) *[2]float64 { return m.LuckCI95 })),
		row("skill a game", luckFigure("%+.3f", func(m batch.LuckMeans) float64 { return m.Skill })),
		row("  95% interval", luckInterval("%+.3f to %+.3f", func(m batch.LuckMeans) *[2]float64 { return m.SkillCI95 })),
		row("opponent's errors a game", luckFigure("%+.3f", func(m batch.LuckMeans) float64 { return m.OppErrors })),
		row("result a game", func(p *batch.Player) string { return fmt.Sprintf("%.3f", ratioOf(p.GamesWon, p.Games)) }),
		row("  luck-adjusted", luckFigure("%.3f", func(m batch.LuckMeans) float64 { return m.Adjusted })),
		row("  95% interval", luckInterval("%.3f to %.3f", func(m batch.LuckMeans) *[2]float64 { return m.AdjustedCI95 })),
	}...)
}

// luckInterval shows the 95% interval of one of a player's luck figures
// over the games, in format, or NA with no luck or fewer than two games.
func luckInterval(format string, f func(batch.LuckMeans) *[2]float64) func(p *batch.Player) string {
	return func(p *batch.Player) string {
		if p.Luck == nil || f(p.Luck.Means) == nil {
			return NA
		}
		ci := f(p.Luck.Means)
		return fmt.Sprintf(format, ci[0], ci[1])
	}
}

// NA stands in a table for a figure without the data behind it: a mean
// over no decisions or knocks, a rating without games.
const NA = "n/a"

// optional writes x as strconv.FormatFloat does, or NA when it is nil.
func optional(x *float64, format byte, prec int) string {
	if x == nil {
		return NA
	}
	return strconv.FormatFloat(*x, format, prec, 64)
}

// luckFigure shows one of a player's luck figures, in games won a game,
// in format, or NA when the grading has none.
func luckFigure(format string, f func(batch.LuckMeans) float64) func(p *batch.Player) string {
	return func(p *batch.Player) string {
		if p.Luck == nil {
			return NA
		}
		return fmt.Sprintf(format, f(p.Luck.Means))
	}
}

// kindMatched shows how often a player's decisions of kind k matched the
// advice.
func kindMatched(k batch.Kind) func(p *batch.Player) string {
	return func(p *batch.Player) string {
		if int(k) >= len(p.ByKind) || p.ByKind[k].MatchRate == nil {
			return NA
		}
		s := p.ByKind[k]
		return fmt.Sprintf("%s of %d", Percent(*s.MatchRate), s.Decisions)
	}
}

// worstDecisions lists a player's five worst decisions, if any.
func worstDecisions(w io.Writer, p *batch.Player) {
	if len(p.Worst) == 0 {
		return
	}
	fmt.Fprintf(w, "\nWorst decisions of %s, the surest loss first:\n", EscapeControl(p.Name))
	for i, b := range p.Worst {
		if i == 5 {
			break
		}
		fmt.Fprintf(w, "  -%s (%s)\n    played %s\n    better %s\n    at %s:%d\n    %s\n", lossText(b), classText(b), b.Move, b.Best, EscapeControl(b.File), b.Line, EscapeControl(b.Position))
	}
}

// rate writes k of n as a percentage, or NA when n is 0.
func rate(k, n int) string {
	if n == 0 {
		return NA
	}
	return Percent(ratioOf(k, n))
}

func ratioOf(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// lossText is a worst decision's loss in percentage points, with its
// standard error when the grading sampled.
func lossText(b batch.BlunderRecord) string {
	if b.EquityLostSE == 0 {
		return fmt.Sprintf("%.1f%%", 100*b.EquityLost)
	}
	return fmt.Sprintf("%.1f%% ± %.1f%%", 100*b.EquityLost, 100*b.EquityLostSE)
}

// classText is a worst decision's class; an uncertain grade names the
// classes its 95% interval spans, such as "uncertain: mistake or blunder"
// or "uncertain: good to mistake".
func classText(b batch.BlunderRecord) string {
	if b.Class != batch.Uncertain.String() {
		return b.Class
	}
	lo := batch.Classify(max(0, b.EquityLost-batch.GradeZ*b.EquityLostSE))
	hi := batch.Classify(b.EquityLost + batch.GradeZ*b.EquityLostSE)
	if lo == hi {
		return b.Class
	}
	if hi == lo+1 {
		return fmt.Sprintf("uncertain: %s or %s", lo, hi)
	}
	return fmt.Sprintf("uncertain: %s to %s", lo, hi)
}
