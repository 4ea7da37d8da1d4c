package reading

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// TestTakesAgainstReference checks the take rules, which skip the search
// for most cards, against their plain statement over random hands.
func TestTakesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 20000 {
		deck := rng.Perm(notation.NumCards)
		var hand notation.CardSet
		for _, i := range deck[:10] {
			hand = hand.With(notation.CardAt(i))
		}
		up := notation.CardAt(deck[10])
		with := hand.With(up)
		into := meld.InMeld(with, up)
		lower := into
		for c := range hand.All() {
			lower = lower || meld.MinDeadwood(with.Without(c)) < meld.MinDeadwood(hand)
		}
		if got := TakeIntoMeld.Takes(hand, up); got != into {
			t.Fatalf("hand %s, upcard %s: into a meld %v, want %v", hand, up, got, into)
		}
		if got := TakeToLower.Takes(hand, up); got != lower {
			t.Fatalf("hand %s, upcard %s: to lower %v, want %v", hand, up, got, lower)
		}
	}
}

// TestUsefulness checks the safe discard's reading of the opponent on
// cases worked by hand.
func TestUsefulness(t *testing.T) {
	cards := func(s string) notation.CardSet {
		if s == "" {
			return 0
		}
		h, err := notation.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	tests := []struct {
		card       string
		took, shed string
		want       int // related cards taken, then shed
		wantShed   int
	}{
		{"7h", "7c 8h", "", 2, 0},    // a 7 and the 8 of its suit
		{"7h", "9h 7h", "", 0, 0},    // not next to it, and itself
		{"7h", "", "7s 6h 6c", 0, 2}, // shed: a 7 and the 6 of its suit
		{"Ah", "Kh 2h", "", 1, 0},    // runs do not wrap
		{"Kd", "Qd Ks Ac", "", 2, 0},
	}
	for _, tt := range tests {
		c, err := notation.ParseCard(tt.card)
		if err != nil {
			t.Fatal(err)
		}
		took, shed := cards(tt.took), cards(tt.shed)
		if got := related(c, took); got != tt.want {
			t.Errorf("related(%s, %s) = %d, want %d", c, took, got, tt.want)
		}
		if got := related(c, shed); got != tt.wantShed {
			t.Errorf("related(%s, %s) = %d, want %d", c, shed, got, tt.wantShed)
		}
	}
}
