package main

import "testing"

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
	rows, err := measure(3, 7, []int{300})
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
