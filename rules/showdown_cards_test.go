package rules

import (
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// TestCheckHandsCountsCards: a hand of one card is "1 card", not "1
// cards"; others are counted in the plural.
func TestCheckHandsCountsCards(t *testing.T) {
	one, _ := notation.ParseHand("AS")
	ten, _ := notation.ParseHand("5H 6H AD 8C 8D 8H TD JD QD KD")
	nine, _ := notation.ParseHand("2C 3C 4C 5C 6C 7C 8C 9C TC")
	if err := CheckHands(one, ten, Standard()); err == nil || !strings.Contains(err.Error(), "knocker holds 1 card:") {
		t.Errorf("one card: %v", err)
	}
	if err := CheckHands(nine, ten, Standard()); err == nil || !strings.Contains(err.Error(), "knocker holds 9 cards:") {
		t.Errorf("nine cards: %v", err)
	}
}
