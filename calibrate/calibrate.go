// Package calibrate fits and checks the models ginadvisor decides by
// against simulated games: the opponent inference (each unseen card's
// chance of being in the opponent's hand) and the distribution of a
// hand's outcome behind the equity model.
package calibrate

import (
	"context"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Options sets up a calibration run.
type Options struct {
	Rules rules.Rules
	Games int
	Seed  uint64
	Model probability.Model
}

// drawDecisions plays games of simple against simple and calls visit at
// every draw decision of either seat, with the opponent's true hand, and
// endGame, when set, after each game's last.
func drawDecisions(ctx context.Context, o Options, visit func(p *game.Position, oppHand notation.CardSet), endGame func()) error {
	simple := players.MustLookup("simple").New
	_, err := engine.Simulate(ctx, engine.SimOptions{
		Rules: o.Rules, Players: [2]bot.NewPlayerFunc{simple, simple}, Names: [2]string{"simple", "simple"},
		Games: o.Games, Seed: o.Seed,
		OnGame: func(n int, g *engine.GameRecord) error {
			lg, err := gamelog.GameFromStates(n, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
			if err != nil {
				return err
			}
			err = lg.Replay(func(d *gamelog.Decision) bool {
				if ph := d.Position.Phase(); ph == game.DrawPhase || ph == game.FirstOffer {
					visit(&d.Position, d.State.Hand(d.Seat.Other()))
				}
				return true
			})
			if endGame != nil {
				endGame()
			}
			return err
		},
	})
	return err
}

// Inference plays games of simple against simple and, at every draw
// decision of either seat, scores the model's estimate of the opponent's
// hand, and the two baselines, against the hand it really held.
func Inference(ctx context.Context, o Options) (*probability.Calibration, error) {
	cal := &probability.Calibration{}
	err := drawDecisions(ctx, o, func(p *game.Position, opp notation.CardSet) {
		e := o.Model.Infer(p)
		cal.Add(p, &e, opp)
	}, cal.EndGame)
	if err != nil {
		return nil, err
	}
	cal.Finish()
	return cal, nil
}

// sample is one position and the opponent's true hand there.
type sample struct {
	pos  game.Position
	hand notation.CardSet
}

// collect plays games and keeps the draw decisions with the truth.
func collect(ctx context.Context, o Options) ([]sample, error) {
	var out []sample
	err := drawDecisions(ctx, o, func(p *game.Position, opp notation.CardSet) {
		out = append(out, sample{*p, opp})
	}, nil)
	return out, err
}

// logLoss is the model's mean log-loss over the samples.
func logLoss(m probability.Model, samples []sample) float64 {
	var cal probability.Calibration
	for i := range samples {
		e := m.Infer(&samples[i].pos)
		cal.Add(&samples[i].pos, &e, samples[i].hand)
	}
	cal.Finish()
	total, n := 0.0, 0
	for _, s := range cal.Scores {
		total += s[probability.Inferred].LogLoss * float64(s[probability.Inferred].N)
		n += s[probability.Inferred].N
	}
	return total / float64(max(n, 1))
}

// Fitted is a model fitted to games, with its log-loss on them.
type Fitted struct {
	Model   probability.Model `json:"model"`
	LogLoss float64           `json:"log_loss"`
}

// Fit tunes the model's factors by coordinate descent on the
// log-loss over games played with the options, starting from start, and
// returns the best model found with its log-loss.
func Fit(ctx context.Context, o Options, start probability.Model) (Fitted, error) {
	samples, err := collect(ctx, o)
	if err != nil {
		return Fitted{Model: start}, err
	}
	best := start
	bestLoss := logLoss(best, samples)
	params := func(m *probability.Model) []*float64 {
		return []*float64{&m.TookRank, &m.TookNear, &m.TookGap, &m.PassedRank, &m.PassedNear, &m.PassedGap,
			&m.DiscardedRank, &m.DiscardedNear, &m.DiscardedGap, &m.Fade}
	}
	for round := 0; round < 3; round++ {
		improved := false
		for i := range params(&best) {
			for _, f := range []float64{0.8, 0.9, 1.1, 1.25} {
				try := best
				p := params(&try)[i]
				*p *= f
				if i == 9 && *p > 1 {
					*p = 1
				}
				if l := logLoss(try, samples); l < bestLoss {
					best, bestLoss, improved = try, l, true
				}
			}
		}
		if !improved {
			break
		}
	}
	return Fitted{best, bestLoss}, nil
}
