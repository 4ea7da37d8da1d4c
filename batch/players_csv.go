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
		"decisions", "matched", "mean_equity_lost", "accuracy", "inaccuracies", "mistakes", "blunders"}
}

// WritePlayersCSV writes one row for each player of the summary, after a
// header: the same figures, accuracy included, as the table and the JSON.
func WritePlayersCSV(w io.Writer, s *Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(PlayerCSVColumns()); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	n := strconv.Itoa
	for _, p := range s.Players {
		if err := cw.Write([]string{p.Name, n(p.Games), n(p.GamesWon), f(p.WinRate), n(p.Hands), n(p.HandsWon), n(p.Knocks), n(p.Gins), n(p.Undercuts),
			n(p.Decisions), n(p.Matched), f(p.MeanEquityLost), f(p.Accuracy), n(p.Inaccuracies), n(p.Mistakes), n(p.Blunders)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
