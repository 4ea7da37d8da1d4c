package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// meldyHand deals n cards with a few runs and sets among them, so that
// the discards' deadwood needs the solver: hands dealt at random seldom
// meld.
func meldyHand(rng *rand.Rand, n int) notation.CardSet {
	var h notation.CardSet
	for h.Len() < n {
		r, s := rng.IntN(notation.NumRanks), rng.IntN(notation.NumSuits)
		switch rng.IntN(3) {
		case 0: // a card
			h = h.With(notation.NewCard(notation.Rank(r), notation.Suit(s)))
		case 1: // a run of two or three
			for k := range 2 + rng.IntN(2) {
				if r+k < notation.NumRanks && h.Len() < n {
					h = h.With(notation.NewCard(notation.Rank(r+k), notation.Suit(s)))
				}
			}
		default: // a pair or a set
			for k := range 2 + rng.IntN(2) {
				if h.Len() < n {
					h = h.With(notation.NewCard(notation.Rank(r), notation.Suit((s+k)%notation.NumSuits)))
				}
			}
		}
	}
	return h
}

// TestLiveDiscardAgreesWithEveryCard: the discard bestLiveDiscard finds by
// scoring only the cards that could be best is the one scoring every card
// finds, ties included, over many hands of eleven, piles, cards taken
// from the pile and weights.
func TestLiveDiscardAgreesWithEveryCard(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	melded := 0
	for i := range 20000 {
		hand := meldyHand(rng, 11)
		var pile notation.CardSet
		for c := range notation.FullDeck.All() {
			if !hand.Has(c) && rng.IntN(4) == 0 {
				pile = pile.With(c)
			}
		}
		v := seatView{hand: hand}
		if rng.IntN(3) == 0 {
			cards := hand.Cards()
			v.fromPile, v.drawn = true, cards[rng.IntN(len(cards))]
		}
		term := discardTerm{kind: liveCards, pile: pile, weight: []float64{0, 0.3, 1, 2.5}[i%4]}
		got, want := bestLiveDiscard(&v, &term), bestDiscardEach(&v, &term)
		if got != want {
			t.Fatalf("hand %s, pile %s, taken %v %s, weight %g: %s, scoring every card %s", hand, pile, v.fromPile, v.drawn, term.weight, got, want)
		}
		if meld.MinDeadwood(hand) < hand.Value() {
			melded++
		}
	}
	if melded < 10000 {
		t.Fatalf("only %d hands of 20000 meld", melded)
	}
}
