package testhands

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// EAAIDeal deals the first hand of an eaai game from a deck shuffled by
// rng, seat 1 dealing.
func EAAIDeal(t testing.TB, rng *rand.Rand) game.State {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
