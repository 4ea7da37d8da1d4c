package batch

import (
	"encoding/csv"
	"io"
	"strconv"
)

// PlayerCSVColumns returns the columns of the CSV of players, in order;
// the names are the summary's JSON fields.
func PlayerCSVColumns() []string {
	return []string{"name", "games", "games_won", "win_rate", "hands", "hands_won", "knocks", "gins", "undercuts",
		"decisions", "matched", "mean_equity_lost", "accuracy", "inaccuracies", "mistakes", "blunders",
		"uncertain", "mean_equity_lost_ci95_low", "mean_equity_lost_ci95_high", "error_rate", "luck", "skill", "adjusted"}
}

// WritePlayersCSV writes one row for each player of the summary, after a
// header: the same figures, accuracy included, as the table and the JSON.
// The luck columns are each a game's mean.
func WritePlayersCSV(w io.Writer, s *Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(PlayerCSVColumns()); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	n := strconv.Itoa
	// A figure the grading does not give (the accuracy under --quick,
	// the luck), or that no decision stands behind, is left empty.
	opt := func(x *float64) string {
		if x == nil {
			return ""
		}
		return f(*x)
	}
	for _, p := range s.Players {
		var luck, skill, adjusted *float64
		if l := p.Luck; l != nil {
			luck, skill, adjusted = &l.Means.Luck, &l.Means.Skill, &l.Means.Adjusted
		}
		var low, high *float64
		if ci := p.MeanLostCI95; ci != nil {
			low, high = &ci[0], &ci[1]
		}
		if err := cw.Write([]string{p.Name, n(p.Games), n(p.GamesWon), f(p.WinRate), n(p.Hands), n(p.HandsWon), n(p.Knocks), n(p.Gins), n(p.Undercuts),
			n(p.Decisions), n(p.Matched), opt(p.MeanEquityLost), opt(p.Accuracy), n(p.Inaccuracies), n(p.Mistakes), n(p.Blunders),
			n(p.Uncertain), opt(low), opt(high), opt(p.ErrorRate), opt(luck), opt(skill), opt(adjusted)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
