package players

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
)

// TestLookupWith checks player specs: a name alone takes the options
// given, a spec's own samples override them for that player only, and every
// malformed spec is refused with ErrOptions or ErrUnknownPlayer.
func TestLookupWith(t *testing.T) {
	for _, c := range []struct {
		spec    string
		o       Options
		samples int // the advisor's budget; 0 for other players
		err     error
	}{
		{"advisor", Options{}, analyze.DefaultPlayerSamples, nil},
		{"advisor", Options{AdvisorSamples: 64}, 64, nil},
		{"advisor,samples=512", Options{AdvisorSamples: 64}, 512, nil},
		{"Advisor-Fixed, samples = 32", Options{}, 32, nil},
		{"advisor,samples=1,samples=9", Options{}, 0, ErrOptions},
		{"advisor,margin=1,samples=4,margin=2", Options{}, 0, ErrOptions},
		{"advisor, samples=8 ,samples =8", Options{}, 0, ErrOptions},
		{"simple", Options{AdvisorSamples: 64}, 0, nil},
		{"advisor,samples=0", Options{}, 0, ErrOptions},
		{"advisor,samples=-3", Options{}, 0, ErrOptions},
		{"advisor,samples=100001", Options{}, 0, ErrOptions},
		{"advisor,samples=99999999999999999999999", Options{}, 0, ErrOptions},
		{"advisor,samples", Options{}, 0, ErrOptions},
		{"advisor,", Options{}, 0, ErrOptions},
		{"advisor,depth=3", Options{}, 0, ErrOptions},
		// The experiments measured and not adopted are the lab's, not
		// the registry's.
		{"advisor,filter=off", Options{}, 0, ErrOptions},
		{"advisor,filter=on", Options{}, 0, ErrOptions},
		{"advisor,filter=net", Options{}, 0, ErrOptions},
		{"advisor,knockmargin=0.5", Options{}, 0, ErrOptions},
		{"advisor-small,oracle=1", Options{}, 0, ErrOptions},
		{"simple,samples=5", Options{}, 0, ErrOptions},
		{"advisor-small,samples=5", Options{}, 0, ErrOptions},
		{"advisor", Options{AdvisorSamples: -1}, 0, ErrOptions},
		{"nobody,samples=5", Options{}, 0, ErrUnknownPlayer},
		{"", Options{}, 0, ErrUnknownPlayer},
	} {
		newPlayer, err := LookupWith(c.spec, c.o)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("LookupWith(%q) error %v, want %v", c.spec, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LookupWith(%q): %v", c.spec, err)
			continue
		}
		p := newPlayer(1)
		a, isAdvisor := p.(*analyze.Player)
		switch {
		case c.samples == 0 && isAdvisor:
			t.Errorf("LookupWith(%q) made an advisor", c.spec)
		case c.samples != 0 && !isAdvisor:
			t.Errorf("LookupWith(%q) made %s", c.spec, p.Name())
		case isAdvisor && budgetSamples(a) != c.samples:
			t.Errorf("LookupWith(%q) gives %d samples, want %d", c.spec, budgetSamples(a), c.samples)
		}
	}
}

// TestLookupWithMargin checks the margin option: it reaches every advisor's
// advice options, a spec's margin overrides the options', and a margin out
// of its range, not a number, or given to another player is refused.
func TestLookupWithMargin(t *testing.T) {
	for _, c := range []struct {
		spec   string
		o      Options
		margin float64 // the advisor's advise.Options.Margin
		ok     bool
	}{
		{"advisor", Options{}, 0, true},
		{"advisor", Options{AdvisorMargin: 1.5}, 1.5, true},
		{"advisor,margin=1.5", Options{}, 1.5, true},
		{"advisor, margin = 0.5 ", Options{AdvisorMargin: 2}, 0.5, true},
		{"advisor-fixed,margin=10", Options{}, 10, true},
		{"advisor-fixed", Options{}, analyze.FixedPlayerMargin, true},
		{"advisor-fixed", Options{AdvisorMargin: 2}, 2, true},
		{"advisor-small,margin=1", Options{}, 1, true},
		{"advisor,samples=64,margin=3", Options{}, 3, true},
		{"advisor,margin=0", Options{}, 0, false},
		{"advisor,margin=-1", Options{}, 0, false},
		{"advisor,margin=10.5", Options{}, 0, false},
		{"advisor,margin=NaN", Options{}, 0, false},
		{"advisor,margin=Inf", Options{}, 0, false},
		{"advisor,margin=two", Options{}, 0, false},
		{"advisor,margin=", Options{}, 0, false},
		{"simple,margin=1", Options{}, 0, false},
		{"advisor", Options{AdvisorMargin: -1}, 0, false},
		{"advisor", Options{AdvisorMargin: 11}, 0, false},
		{"advisor", Options{AdvisorMargin: math.NaN()}, 0, false},
	} {
		newPlayer, err := LookupWith(c.spec, c.o)
		if !c.ok {
			if !errors.Is(err, ErrOptions) {
				t.Errorf("LookupWith(%q, margin %g) error %v, want ErrOptions", c.spec, c.o.AdvisorMargin, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LookupWith(%q): %v", c.spec, err)
			continue
		}
		a, isAdvisor := newPlayer(1).(*analyze.Player)
		if !isAdvisor {
			t.Errorf("LookupWith(%q) made no advisor", c.spec)
		} else if budgetMargin(a) != c.margin {
			t.Errorf("LookupWith(%q) gives margin %g, want %g", c.spec, budgetMargin(a), c.margin)
		}
	}
}

// FuzzLookupWith feeds LookupWith any spec. It must answer with a player or
// with one of its two errors, never panic; a player it makes is the one the
// spec names, and an advisor's budget and margin are within their bounds.
func FuzzLookupWith(f *testing.F) {
	for _, s := range []string{"advisor", "advisor,samples=512", "simple", "advisor,,", "advisor,samples=1,samples=2", "x,y=z", "advisor-fixed,samples= 7 ", "advisor,margin=1e-300", "advisor-small,margin=+Inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		newPlayer, err := LookupWith(spec, Options{})
		if err != nil {
			if !errors.Is(err, ErrOptions) && !errors.Is(err, ErrUnknownPlayer) {
				t.Fatalf("LookupWith(%q): %v, neither ErrOptions nor ErrUnknownPlayer", spec, err)
			}
			return
		}
		name, _, _ := strings.Cut(spec, ",")
		e, err := Lookup(name)
		if err != nil {
			t.Fatalf("LookupWith(%q) made a player, but Lookup(%q): %v", spec, name, err)
		}
		p := newPlayer(1)
		if a, ok := p.(*analyze.Player); ok && (budgetSamples(a) < 1 || budgetSamples(a) > advise.MaxSamples) {
			t.Fatalf("LookupWith(%q): %d samples", spec, budgetSamples(a))
		}
		if a, ok := p.(*analyze.Player); ok && !(budgetMargin(a) >= 0 && budgetMargin(a) <= analyze.MaxMargin) {
			t.Fatalf("LookupWith(%q): margin %g", spec, budgetMargin(a))
		}
		if got := e.New(1).Name(); p.Name() != got {
			t.Fatalf("LookupWith(%q) made %s, want %s", spec, p.Name(), got)
		}
	})
}

func budgetSamples(a *analyze.Player) int {
	n, _ := a.Budget()
	return n
}

func budgetMargin(a *analyze.Player) float64 {
	_, m := a.Budget()
	return m
}
