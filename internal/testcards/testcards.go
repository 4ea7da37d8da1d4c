// Package testcards reads the cards a test writes by hand, failing the
// test on a typo rather than carrying on with a wrong hand. It imports
// only notation, so that the tests of every package above it, meld
// included, may use it.
package testcards

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Hand reads a set of cards in any form notation.ParseHand takes.
func Hand(t testing.TB, s string) notation.CardSet {
	t.Helper()
	h, err := notation.ParseHand(s)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", s, err)
	}
	return h
}

// Card reads one card.
func Card(t testing.TB, s string) notation.Card {
	t.Helper()
	c, err := notation.ParseCard(s)
	if err != nil {
		t.Fatalf("ParseCard(%q): %v", s, err)
	}
	return c
}
