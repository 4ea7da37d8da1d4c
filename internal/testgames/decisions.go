package testgames

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// AdvisorDecisions plays b.N whole eaai games of the advisor player, at
// its default budget on one core, against simple, and reports the
// decisions a game and the median, 95th percentile and slowest of its
// decisions (forced draws left out). prepare, when not nil, sets the
// player up before each game; the games are the same whatever it does,
// so that two benchmarks that differ in it compare.
func AdvisorDecisions(b *testing.B, prepare func(*analyze.Player)) {
	var all []time.Duration
	for i := 0; i < b.N; i++ {
		pl := analyze.NewPlayer(uint64(i), analyze.DefaultPlayerSamples, 0, false)
		if prepare != nil {
			prepare(pl)
		}
		adv := &timed{Player: pl}
		_, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: uint64(1000 + i), FirstDealer: notation.Seat(i % 2)},
			[2]bot.Player{adv, bot.NewSimple(uint64(i))})
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, adv.times...)
	}
	slices.Sort(all)
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	b.ReportMetric(float64(len(all))/float64(b.N), "decisions/game")
	b.ReportMetric(ms(all[len(all)/2]), "median-ms")
	b.ReportMetric(ms(all[len(all)*95/100]), "p95-ms")
	b.ReportMetric(ms(all[len(all)-1]), "max-ms")
}

// timed measures each decision of the player it wraps.
type timed struct {
	bot.Player
	times []time.Duration
}

func (t *timed) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	start := time.Now()
	m, err := t.Player.Move(ctx, p)
	if !p.MustDraw() {
		t.times = append(t.times, time.Since(start))
	}
	return m, err
}
