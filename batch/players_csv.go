package batch

import (
	"encoding/csv"
	"io"
	"strconv"
)

// playerColumns are the CSV's columns of a player, each named with the
// summary's JSON field it shows, in order: a column is one line. A figure
// the grading does not give (the accuracy under --quick, the luck), or
// that no decision stands behind, is left empty; the luck columns are
// each a game's mean.
var playerColumns = []struct {
	name  string
	value func(p *Player) string
}{
	{"name", func(p *Player) string { return p.Name }},
	{"games", func(p *Player) string { return strconv.Itoa(p.Games) }},
	{"games_won", func(p *Player) string { return strconv.Itoa(p.GamesWon) }},
	{"win_rate", func(p *Player) string { return sixPlaces(p.WinRate) }},
	{"hands", func(p *Player) string { return strconv.Itoa(p.Hands) }},
	{"hands_won", func(p *Player) string { return strconv.Itoa(p.HandsWon) }},
	{"knocks", func(p *Player) string { return strconv.Itoa(p.Knocks) }},
	{"gins", func(p *Player) string { return strconv.Itoa(p.Gins) }},
	{"undercuts", func(p *Player) string { return strconv.Itoa(p.Undercuts) }},
	{"decisions", func(p *Player) string { return strconv.Itoa(p.Decisions) }},
	{"matched", func(p *Player) string { return strconv.Itoa(p.Matched) }},
	{"mean_equity_lost", func(p *Player) string { return optional(p.MeanEquityLost) }},
	{"accuracy", func(p *Player) string { return optional(p.Accuracy) }},
	{"inaccuracies", func(p *Player) string { return strconv.Itoa(p.Inaccuracies) }},
	{"mistakes", func(p *Player) string { return strconv.Itoa(p.Mistakes) }},
	{"blunders", func(p *Player) string { return strconv.Itoa(p.Blunders) }},
	{"uncertain", func(p *Player) string { return strconv.Itoa(p.Uncertain) }},
	{"mean_equity_lost_ci95_low", func(p *Player) string { return ciEnd(p.MeanLostCI95, 0) }},
	{"mean_equity_lost_ci95_high", func(p *Player) string { return ciEnd(p.MeanLostCI95, 1) }},
	{"error_rate", func(p *Player) string { return optional(p.ErrorRate) }},
	{"luck", func(p *Player) string { return luckMean(p, func(m *LuckMeans) float64 { return m.Luck }) }},
	{"skill", func(p *Player) string { return luckMean(p, func(m *LuckMeans) float64 { return m.Skill }) }},
	{"adjusted", func(p *Player) string { return luckMean(p, func(m *LuckMeans) float64 { return m.Adjusted }) }},
}

// PlayerCSVColumns returns the columns of the CSV of players, in order;
// the names are the summary's JSON fields.
func PlayerCSVColumns() []string {
	names := make([]string, len(playerColumns))
	for i, c := range playerColumns {
		names[i] = c.name
	}
	return names
}

// optional writes a figure that may be missing, empty when it is.
func optional(x *float64) string {
	if x == nil {
		return ""
	}
	return sixPlaces(*x)
}

// ciEnd writes an end of an interval that may be missing.
func ciEnd(ci *[2]float64, end int) string {
	if ci == nil {
		return ""
	}
	return sixPlaces(ci[end])
}

// luckMean writes one of a player's luck means, empty without luck.
func luckMean(p *Player, mean func(*LuckMeans) float64) string {
	if p.Luck == nil {
		return ""
	}
	return sixPlaces(mean(&p.Luck.Means))
}

// WritePlayersCSV writes one row for each player of the summary, after a
// header: the same figures, accuracy included, as the table and the JSON.
func WritePlayersCSV(w io.Writer, s *Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(PlayerCSVColumns()); err != nil {
		return err
	}
	row := make([]string, len(playerColumns))
	for _, p := range s.Players {
		for i, c := range playerColumns {
			row[i] = c.value(p)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
