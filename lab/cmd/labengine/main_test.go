//go:build lab

package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
)

// TestExperiment: no flag is the product's engine; each flag reads its
// files into its source; two at once, or a file that is not one, are
// refused.
func TestExperiment(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	style := write("style.json", `{"weights": [[0, 1, 0, 0, 0, 0, 0], [], []], "no_heuristic": true}`)
	scorer := write("scorer.json", `{"weights": [1, 0, 0, 0, 0, 0, 0, 0, 2]}`)
	if w, err := experiment4("", "", ""); w != nil || err != nil {
		t.Errorf("no flag: %v, %v", w, err)
	}
	if w, err := experiment4(style, "", ""); err != nil {
		t.Errorf("-rank: %v", err)
	} else if _, ok := w.(rank.Source); !ok {
		t.Errorf("-rank: %T", w)
	}
	if w, err := experiment4("", style+","+style, ""); err != nil {
		t.Errorf("-styles: %v", err)
	} else if f, ok := w.(*worlds.ResampleMove); !ok || len(f.Styles) != 2 {
		t.Errorf("-styles: %#v", w)
	}
	if w, err := experiment4("", "", scorer); err != nil {
		t.Errorf("-scorer: %v", err)
	} else if s, ok := w.(worlds.Scored); !ok || s.Scorer.W[8] != 2 {
		t.Errorf("-scorer: %#v", w)
	}
	if _, err := experiment4(style, "", scorer); !errors.Is(err, errUsage) {
		t.Errorf("two flags: %v", err)
	}
	for _, bad := range [][3]string{{scorer, "", ""}, {"", style + ",missing.json", ""}, {"", "", style}} {
		if w, err := experiment4(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("experiment(%q) = %v", bad, w)
		}
	}
	if w, err := experiment("", style+","+style, "", 500); err != nil {
		t.Errorf("-chain -styles: %v", err)
	} else if m, ok := w.(*worlds.MCMC); !ok || len(m.Styles) != 2 || m.Steps != 500 || m.Burn != 500 {
		t.Errorf("-chain -styles: %#v", w)
	}
	if w, err := experiment("", "", "", 500); err != nil {
		t.Errorf("-chain: %v", err)
	} else if m, ok := w.(*worlds.MCMC); !ok || m.Styles != nil || m.Policy != nil || m.Steps != 500 {
		t.Errorf("-chain: %#v", w)
	}
	for _, bad := range []struct {
		model, scorer string
		chain         int
	}{{style, "", 500}, {"", scorer, 500}, {"", "", -1}, {"", "", maxChainSteps + 1}} {
		if w, err := experiment(bad.model, "", bad.scorer, bad.chain); err == nil {
			t.Errorf("experiment(%+v) = %v", bad, w)
		}
	}
}

// experiment4 is experiment without the chain.
func experiment4(model, styles, scorer string) (analyze.WorldSource, error) {
	return experiment(model, styles, scorer, 0)
}
