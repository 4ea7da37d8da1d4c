package calibrate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

// MeasureEquity plays games of simple against simple under r and returns
// the distribution of a hand's outcome, from which advise.NewEquity works
// out the chance of winning the game.
func MeasureEquity(ctx context.Context, r rules.Rules, games int, seed uint64) (advise.Distribution, error) {
	var counts []int
	hands, dead := 0, 0
	simple := players.MustLookup("simple").New
	_, err := engine.Simulate(ctx, engine.SimOptions{
		Rules: r, Players: [2]bot.NewPlayerFunc{simple, simple}, Names: [2]string{"a", "b"}, Games: games, Seed: seed,
		OnGame: func(_ int, g *engine.GameRecord) error {
			for i := range g.Hands {
				res, _ := g.Hands[i].Result()
				hands++
				if !res.Winner.Valid() {
					dead++
					continue
				}
				for len(counts) <= res.Score.Points {
					counts = append(counts, 0)
				}
				counts[res.Score.Points]++
			}
			return nil
		},
	})
	if err != nil {
		return advise.Distribution{}, err
	}
	d := advise.Distribution{Points: make([]float64, len(counts)), Dead: float64(dead) / float64(max(hands, 1))}
	for k, n := range counts {
		// Either player wins a hand with the same chances.
		d.Points[k] = float64(n) / float64(2*max(hands, 1))
	}
	return d, nil
}

// PresetDistribution is a preset's measured distribution, as the equity
// command writes it.
type PresetDistribution struct {
	Preset string `json:"preset"`
	advise.Distribution
}

// MarshalJSON writes the preset, the dead-hand chance and the points.
func (d PresetDistribution) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Preset string    `json:"preset"`
		Dead   float64   `json:"dead"`
		Points []float64 `json:"points"`
	}{d.Preset, d.Dead, d.Points})
}

// MeasurePresets measures the distribution of each named preset, each
// once, in the order given.
func MeasurePresets(ctx context.Context, names []string, games int, seed uint64) ([]PresetDistribution, error) {
	var out []PresetDistribution
	seen := map[string]bool{}
	for _, name := range names {
		r, err := rules.Preset(name)
		if err != nil {
			return nil, err
		}
		if seen[r.Name] {
			continue
		}
		seen[r.Name] = true
		d, err := MeasureEquity(ctx, r, games, seed)
		if err != nil {
			return nil, err
		}
		out = append(out, PresetDistribution{Preset: r.Name, Distribution: d})
	}
	return out, nil
}

// MaxEquityGames bounds the games MeasurePresets plays a preset wherever a
// user sets them.
const MaxEquityGames = 1_000_000

// EquitySource is the Go source of the equity model's data, as
// advise/equity_data.go holds it: the distributions ds, measured in games
// a preset from seed, in their order.
func EquitySource(ds []PresetDistribution, games int, seed uint64) string {
	var names []string
	byPreset := map[string]advise.Distribution{}
	for _, d := range ds {
		names = append(names, d.Preset)
		byPreset[d.Preset] = d.Distribution
	}
	return advise.GoSource(fmt.Sprintf("%d games of simple against simple under each preset, seed %d", games, seed), byPreset, names)
}
