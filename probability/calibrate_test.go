package probability_test

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/calibrate"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestCalibrationBeatsBaselines(t *testing.T) {
	cal, err := calibrate.Inference(context.Background(), calibrate.Options{Rules: rules.Presets()["eaai"], Games: 60, Seed: 99, Model: probability.DefaultModel()})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range probability.Stages() {
		s := cal.Scores[i]
		t.Logf("%-12s n=%6d  log-loss %.4f / %.4f / %.4f  brier %.4f / %.4f / %.4f", st.Name, s[0].N,
			s[0].LogLoss, s[1].LogLoss, s[2].LogLoss, s[0].Brier, s[1].Brier, s[2].Brier)
	}
	if !cal.Beats() {
		t.Error("the inference does not beat both baselines at every stage")
	}
}

func simulated(t testing.TB, games int) []*gamelog.Game {
	t.Helper()
	var out []*gamelog.Game
	simple := players.MustLookup("simple").New
	_, err := engine.Simulate(context.Background(), engine.SimOptions{
		Rules: rules.Presets()["eaai"], Players: [2]bot.NewPlayerFunc{simple, simple}, Names: [2]string{"a", "b"}, Games: games, Seed: 77,
		OnGame: func(n int, g *engine.GameRecord) error {
			lg, err := gamelog.GameFromStates(n, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
			if err != nil {
				return err
			}
			out = append(out, lg)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
