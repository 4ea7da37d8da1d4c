package engine

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

var tune = flag.Bool("tune", false, "print the heuristic's win rate against simple over a grid of its parameters")

func heuristicAgainstSimple(t *testing.T, p HeuristicParams, games int) PlayerSummary {
	t.Helper()
	s, err := Simulate(context.Background(), SimOptions{Rules: rules.Presets()["eaai"], Games: games, Seed: 7,
		Players: [2]NewPlayerFunc{func(uint64) Player { return &Heuristic{P: p} }, Players["simple"]},
		Names:   [2]string{"heuristic", "simple"}})
	if err != nil {
		t.Fatal(err)
	}
	return s.Players[0]
}

// TestHeuristicBeatsSimple checks the tuning: about 72.7% of games over
// 40,000 when it was chosen.
func TestHeuristicBeatsSimple(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 600
	}
	a := heuristicAgainstSimple(t, DefaultHeuristic(), games)
	if a.WinRateCI95[0] < 0.66 || a.UndercutRate < 0.2 {
		t.Errorf("the heuristic wins %.1f%% [%.1f, %.1f] of games against simple, undercutting in %.1f%% of hands; want above 66%% and 20%%",
			100*a.WinRate, 100*a.WinRateCI95[0], 100*a.WinRateCI95[1], 100*a.UndercutRate)
	}
}

func TestTuneHeuristic(t *testing.T) {
	if !*tune {
		t.Skip("set -tune to run the grid")
	}
	for _, knockAt := range []int{0, 1} {
		for _, early := range []int{4, 6} {
			for _, w := range []float64{0, 0.15, 0.3, 0.5, 0.8} {
				p := HeuristicParams{KnockAt: knockAt, EarlyDraws: early, OutWeight: w}
				a := heuristicAgainstSimple(t, p, 20000)
				fmt.Printf("%+v win %.3f [%.3f %.3f] knock %.3f gin %.3f undercut %.3f points %.2f\n", p, a.WinRate, a.WinRateCI95[0], a.WinRateCI95[1], a.KnockRate, a.GinRate, a.UndercutRate, a.PointsPerHand)
			}
		}
	}
}
