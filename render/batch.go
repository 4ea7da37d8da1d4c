package render

import (
	"fmt"
	"io"

	"github.com/ginadvisor/ginadvisor/batch"
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

// playerRows are the summary's table, a column for each player, as
// batch.PlayerTable declares it.
func playerRows(players []*batch.Player) [][]string {
	var rows [][]string
	for _, pr := range batch.PlayerTable() {
		r := []string{pr.Label}
		for _, p := range players {
			r = append(r, pr.Text(p, batch.Untagged))
		}
		rows = append(rows, r)
	}
	return rows
}

// NA stands in a table for a figure without the data behind it.
const NA = batch.NA

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
