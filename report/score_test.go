package report

import (
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func limit(n int) rules.Rules {
	r := rules.Standard()
	r.KnockLimit = n
	return r
}

func TestScore(t *testing.T) {
	tests := []struct {
		hand          string
		rules         rules.Rules
		upcard        string // the first upcard, for Oklahoma
		deadwood      int
		gin, canKnock bool
		bigGin        *bool
		verdict       string
	}{
		{"KC KD KH AS 2H 3C 4D 5S 6H 8C 9D", rules.Standard(), "", 38, false, false, ptr(false), "19 over the knock limit of 10 (deadwood 29 after discarding 9D)"},
		{"3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S", rules.Standard(), "", 6, true, true, ptr(false), "gin after discarding 6S"},
		{"7C 7D 7H 7S 3S 4S 5S 9H TH JH QH", rules.Presets()["modern"], "", 0, true, true, ptr(true), "big gin: all 11 cards meld"},
		// Without big gin in the rules, the same hand discards for gin.
		{"7C 7D 7H 7S 3S 4S 5S 9H TH JH QH", rules.Standard(), "", 0, true, true, ptr(false), "gin after discarding QH"},
		{"As 2s 3s 4s 5s 6s 7h 7d 7c Kd", rules.Standard(), "", 10, false, true, nil, "may knock with 10"},
		{"As 2s 3s 4s 5s 6s 7h 7d 7c Kd", limit(9), "", 10, false, false, nil, "1 over the knock limit of 9 (deadwood 10)"},
		{"As 2s 3s 4s 5s 6s 7h 7d 7c 7s", rules.Standard(), "", 0, true, true, nil, "gin"},
		// Under Oklahoma the first upcard sets the limit: 4 with a 4.
		{"As 2s 3s 7h 7d 7c Kd Qd Jd 4c", rules.Presets()["oklahoma"], "4H", 4, false, true, nil, "may knock with 4"},
		{"As 2s 3s 7h 7d 7c Kd Qd Jd 5c", rules.Presets()["oklahoma"], "4H", 5, false, false, nil, "1 over the knock limit of 4 (deadwood 5)"},
		{"As 2s 3s 7h 7d 7c Kd Qd Jd 4c", rules.Presets()["oklahoma"], "AH", 4, false, false, nil, "4 over the knock limit of 0 (deadwood 4)"},
	}
	for _, tt := range tests {
		h, err := notation.ParseHand(tt.hand)
		if err != nil {
			t.Fatal(err)
		}
		var d rules.Deal
		if tt.upcard != "" {
			c, err := notation.ParseCard(tt.upcard)
			if err != nil {
				t.Fatal(err)
			}
			d = rules.Deal{Upcard: c, HasUpcard: true}
		}
		r, err := Score(h, tt.rules, d)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadwood != tt.deadwood || r.Gin != tt.gin || r.CanKnock != tt.canKnock || r.Verdict != tt.verdict {
			t.Errorf("Score(%s) = deadwood %d gin %v knock %v %q", tt.hand, r.Deadwood, r.Gin, r.CanKnock, r.Verdict)
		}
		if (r.BigGin == nil) != (tt.bigGin == nil) || (r.BigGin != nil && *r.BigGin != *tt.bigGin) {
			t.Errorf("Score(%s).BigGin = %v", tt.hand, r.BigGin)
		}
		if tt.bigGin != nil && len(r.Discards) != 11 {
			t.Errorf("Score(%s) has %d discards", tt.hand, len(r.Discards))
		}
	}
	h, _ := notation.ParseHand("s:A23456789TJQ")
	if _, err := Score(h, rules.Standard(), rules.Deal{}); !errors.Is(err, ErrHandSize) {
		t.Errorf("12 cards: %v", err)
	}
	// Fewer than ten cards are no hand: no verdict is given on them.
	for _, short := range []string{"As", "As 2s 3s", "As 2s 3s 7h 7d 7c Kd Qd Jd"} {
		h, _ := notation.ParseHand(short)
		if r, err := Score(h, rules.Standard(), rules.Deal{}); !errors.Is(err, ErrShortHand) {
			t.Errorf("%s: %v, %v, want ErrShortHand", short, r, err)
		}
	}
	// Under Oklahoma with no upcard no limit is assumed (it was 10).
	h, _ = notation.ParseHand("As 2s 3s 7h 7d 7c Kd Qd Jd 4c")
	if _, err := Score(h, rules.Presets()["oklahoma"], rules.Deal{}); !errors.Is(err, rules.ErrNoUpcard) {
		t.Errorf("Oklahoma with no upcard: %v, want %v", err, rules.ErrNoUpcard)
	}
}

func ptr(b bool) *bool { return &b }
