package calibrate

import (
	"context"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestEquitySource(t *testing.T) {
	ds := []PresetDistribution{
		{Preset: "uk", Distribution: advise.Distribution{Dead: 0.25, Points: []float64{0.5, 0.5}}},
		{Preset: "eaai", Distribution: advise.Distribution{Dead: 0.125, Points: []float64{1}}},
	}
	src := EquitySource(ds, 300, 9)
	for _, want := range []string{
		"from 300 games of simple against simple under each preset, seed 9.",
		"case \"uk\":\n\t\treturn Distribution{\n\t\t\tDead: 0.25,",
		"case \"eaai\":\n\t\treturn Distribution{\n\t\t\tDead: 0.125,",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("%q missing from:\n%s", want, src)
		}
	}
	if strings.Index(src, `"uk"`) > strings.Index(src, `"eaai"`) {
		t.Errorf("the presets are not in the order given:\n%s", src)
	}
}

// TestFitNoWorse: the model Fit returns is no worse on the games than the
// one it started from, and its log-loss is the one it reports.
func TestFitNoWorse(t *testing.T) {
	o := Options{Rules: rules.Standard(), Games: 1, Seed: 3, Model: probability.DefaultModel()}
	f, err := Fit(context.Background(), o, probability.DefaultModel())
	if err != nil {
		t.Fatal(err)
	}
	samples, err := collect(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if start := logLoss(probability.DefaultModel(), samples); f.LogLoss > start || f.LogLoss != logLoss(f.Model, samples) || f.LogLoss <= 0 {
		t.Errorf("log-loss %v of the fitted model (computed again: %v), from %v", f.LogLoss, logLoss(f.Model, samples), start)
	}
}
