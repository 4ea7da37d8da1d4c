//go:build lab

package main

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/lab/worlds"
)

// TestParseSteps: a list of numbers in range, nothing else.
func TestParseSteps(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{{"1000", true}, {"1,4000,40000", true}, {"", false}, {"0", false}, {"1,,2", false}, {"-5", false}, {"10000001", false}, {"1e3", false}} {
		if _, err := parseSteps(c.in); (err == nil) != c.ok {
			t.Errorf("parseSteps(%q): %v", c.in, err)
		}
	}
}

// TestMeasure: every reading is asked at the same decisions; random
// hands are (almost) all different and hold about the share of the true
// cards that chance gives; the chain's hands hold more of them and are
// fewer different ones than random hands.
func TestMeasure(t *testing.T) {
	rows, err := measure(3, 7, []int{300}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows, want random, the filter and one chain", len(rows))
	}
	for _, r := range rows[1:] {
		if r.decisions != rows[0].decisions || r.cards != rows[0].cards {
			t.Fatalf("%s: %d decisions, %g cards; random hands %d, %g", r.name, r.decisions, r.cards, rows[0].decisions, rows[0].cards)
		}
	}
	random, chain := rows[0], rows[2]
	if random.different < 250*float64(random.decisions) {
		t.Errorf("random hands: %g different a decision", random.different/float64(random.decisions))
	}
	if chain.held <= random.held || chain.different >= random.different {
		t.Errorf("the chain held %g of %g true cards in %g different hands; random hands %g in %g", chain.held, chain.cards, chain.different, random.held, random.different)
	}
}

// TestMeasureStyles: with styles, the filter and each chain are measured
// again replaying them, at the same decisions, and the chain replaying
// styles fitted to heuristic's moves holds more of its true cards than
// random hands do.
func TestMeasureStyles(t *testing.T) {
	styles, err := worlds.ReadStyles("../../results/styles/style-heuristic.json")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := measure(2, 7, []int{300}, styles)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || rows[3].name != "the filter, fitted styles" || rows[4].name != "the chain, 300 steps, fitted styles" {
		t.Fatalf("%d rows: %v", len(rows), rows)
	}
	random, chain := rows[0], rows[4]
	if chain.decisions != random.decisions || chain.held <= random.held {
		t.Errorf("the styles' chain held %g of %g true cards at %d decisions; random hands %g at %d", chain.held, chain.cards, chain.decisions, random.held, random.decisions)
	}
	if _, err := worlds.ReadStyles("no-such-style.json"); err == nil {
		t.Error("a missing style was read")
	}
}
