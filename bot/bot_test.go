package bot

import (
	"errors"
	"testing"
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
		{"advisor", Options{}, DefaultAdvisorSamples, nil},
		{"advisor", Options{AdvisorSamples: 64}, 64, nil},
		{"advisor,samples=512", Options{AdvisorSamples: 64}, 512, nil},
		{"Advisor-Fixed, samples = 32", Options{}, 32, nil},
		{"advisor,samples=1,samples=9", Options{}, 9, nil},
		{"simple", Options{AdvisorSamples: 64}, 0, nil},
		{"advisor,samples=0", Options{}, 0, ErrOptions},
		{"advisor,samples=-3", Options{}, 0, ErrOptions},
		{"advisor,samples=100001", Options{}, 0, ErrOptions},
		{"advisor,samples=99999999999999999999999", Options{}, 0, ErrOptions},
		{"advisor,samples", Options{}, 0, ErrOptions},
		{"advisor,", Options{}, 0, ErrOptions},
		{"advisor,depth=3", Options{}, 0, ErrOptions},
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
		a, isAdvisor := p.(*Advisor)
		switch {
		case c.samples == 0 && isAdvisor:
			t.Errorf("LookupWith(%q) made an advisor", c.spec)
		case c.samples != 0 && !isAdvisor:
			t.Errorf("LookupWith(%q) made %s", c.spec, p.Name())
		case isAdvisor && a.opts.Samples != c.samples:
			t.Errorf("LookupWith(%q) gives %d samples, want %d", c.spec, a.opts.Samples, c.samples)
		}
	}
}
