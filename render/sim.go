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
	prose := style.Prose(w)
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
	_, err := fmt.Fprintf(prose, "%d games, %d hands (%.2f a game, %.2f draws a hand); rules %s, seed %d.\n"+
		"Hands ended: knock %s, undercut %s, gin %s, big gin %s, dead %s.\n"+
		"Points per scored hand: %.2f.\n",
		s.Games, s.Hands, s.HandsPerGame, s.DrawsPerHand, s.Rules, s.Seed,
		Percent(o.Knock), Percent(o.Undercut), Percent(o.Gin), Percent(o.BigGin), Percent(o.Dead), s.PointsPerScoredHand)
	if p := s.Players; s.Pairs > 0 && p[0].WinRatePairedCI95 != nil {
		ci := p[0].WinRatePairedCI95
		fmt.Fprintf(prose, "Mirrored: %d pairs of games, each deal played from both seats.\n"+
			"Paired 95%% interval of %s's win rate: %s to %s.\n", s.Pairs, p[0].Name, Percent(ci[0]), Percent(ci[1]))
		if s.PairedSaving > 0 {
			fmt.Fprintf(prose, "Independent deals would need %s more games for that width.\n", Percent(s.PairedSaving/(1-s.PairedSaving)))
		} else {
			fmt.Fprintln(prose, "Pairing the deals saved no games here.")
		}
	}
	if s.Unfinished > 0 {
		fmt.Fprintf(prose, "%d games stopped unfinished after 1000 hands.\n", s.Unfinished)
	}
	return err
}
