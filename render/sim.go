package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ginadvisor/ginadvisor/engine"
)

// Simulation writes a simulation's summary: each player's results with
// intervals, and how the hands ended.
func Simulation(w io.Writer, style Style, s engine.Summary) error {
	header := []string{"Per player"}
	rows := [][]string{{"games won"}, {"95% interval"}, {"hands won"}, {"knocks, of all hands"}, {"gin"}, {"big gin"}, {"undercuts made"}, {"points a hand"}, {"final points"}}
	for _, p := range s.Players {
		header = append(header, p.Name)
		cells := []string{
			fmt.Sprintf("%d (%s)", p.GamesWon, Percent(p.WinRate)),
			Percent(p.WinRateCI95[0]) + " to " + Percent(p.WinRateCI95[1]),
			strconv.Itoa(p.HandsWon),
			Percent(p.KnockRate), Percent(p.GinRate), Percent(p.BigGinRate), Percent(p.UndercutRate),
			strconv.FormatFloat(p.PointsPerHand, 'f', 2, 64),
			strconv.Itoa(p.FinalPoints),
		}
		for i := range rows {
			rows[i] = append(rows[i], cells[i])
		}
	}
	if err := style.Tables(w).Render(header, rows); err != nil {
		return err
	}
	o := s.Outcomes
	_, err := fmt.Fprintf(w, "%d games, %d hands (%.2f a game, %.2f draws a hand); rules %s, seed %d.\n"+
		"Hands ended: knock %s, undercut %s, gin %s, big gin %s, dead %s.\n"+
		"Points per scored hand: %.2f.\n",
		s.Games, s.Hands, s.HandsPerGame, s.DrawsPerHand, s.Rules, s.Seed,
		Percent(o.Knock), Percent(o.Undercut), Percent(o.Gin), Percent(o.BigGin), Percent(o.Dead), s.PointsPerScoredHand)
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "%d games stopped unfinished after 1000 hands.\n", s.Unfinished)
	}
	return err
}
