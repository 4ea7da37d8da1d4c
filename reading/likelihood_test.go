package reading

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// slowDiscardLikelihoods is the obvious discardLikelihoods: every allowed
// card scored in full under every rule, the best of each rule found, and
// the discard's share of it.
func (t *turn) slowDiscardLikelihoods(before notation.CardSet) [NumDiscardRules]float64 {
	var l [NumDiscardRules]float64
	allowed := before
	if t.took {
		allowed = allowed.Without(t.up)
	}
	if !allowed.Has(t.discard) {
		return l
	}
	score := func(c notation.Card) [NumDiscardRules]float64 {
		rest := before.Without(c)
		dw := float64(meld.MinDeadwood(rest))
		live := 0.0
		if !t.noOpen {
			live = float64((meld.Completions(rest) &^ t.pile &^ c.Set()).Len())
		}
		return [NumDiscardRules]float64{dw, dw + 3*t.useful[c.Index()], dw - live}
	}
	for r := range l {
		best, ties, hit := math.Inf(1), 0, false
		for c := range allowed.All() {
			s := score(c)[r]
			switch {
			case s < best:
				best, ties, hit = s, 1, c == t.discard
			case s == best:
				ties++
				hit = hit || c == t.discard
			}
		}
		l[r] = slip / float64(allowed.Len())
		if hit {
			l[r] += (1 - slip) / float64(ties)
		}
	}
	return l
}

// randomTurn deals a hand of eleven and a turn that ends in one of its
// cards: a take or a draw, a pile, and what the opponent saw of the seat.
func randomTurn(rng *rand.Rand) (turn, notation.CardSet) {
	deck := notation.FullDeck
	deal := func(n int) notation.CardSet {
		var set notation.CardSet
		for set.Len() < n {
			c := notation.Card(rng.IntN(64))
			if deck.Has(c) && !set.Has(c) {
				set = set.With(c)
			}
		}
		deck &^= set
		return set
	}
	// Hands rich in melds, as late in a hand, half the time: cards from a
	// few ranks and suits only.
	var before notation.CardSet
	if rng.IntN(2) == 0 {
		for before.Len() < 11 {
			c := notation.NewCard(notation.Rank(rng.IntN(5)+rng.IntN(3)*4), notation.Suit(rng.IntN(2)))
			if rng.IntN(3) == 0 {
				c = notation.NewCard(notation.Rank(rng.IntN(13)), notation.Suit(rng.IntN(4)))
			}
			before = before.With(c)
		}
		deck &^= before
	} else {
		before = deal(11)
	}
	t := turn{pile: deal(rng.IntN(12)), noOpen: rng.IntN(4) == 0}
	seatTook, seatGone := deal(rng.IntN(4)), deal(rng.IntN(8))
	for c := range notation.FullDeck.All() {
		t.useful[c.Index()] = Usefulness(c, seatTook, seatGone)
	}
	k := rng.IntN(11)
	for c := range before.All() {
		if k == 0 {
			t.discard = c
		}
		if k == 1 && rng.IntN(2) == 0 {
			t.took, t.up, t.hasUp = true, c, true
		}
		k--
	}
	// Real discards are mostly good ones: half the cases throw the card
	// that leaves the least deadwood.
	if best, _, ok := meld.BestDiscard(before); ok && rng.IntN(2) == 0 {
		t.discard = best
		if t.up == best {
			t.took, t.hasUp = false, false
		}
	}
	return t, before
}

// TestDiscardLikelihoodsAgreeWithTheReference: the pruned likelihoods
// equal, exactly, those of scoring every card in full, on random hands,
// meld-rich ones among them, with and without the open discarder.
func TestDiscardLikelihoodsAgreeWithTheReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	hits := 0
	for i := range 20000 {
		tr, before := randomTurn(rng)
		got, want := tr.discardLikelihoods(before), tr.slowDiscardLikelihoods(before)
		if got != want {
			t.Fatalf("case %d: hand %v, discard %v, took %v (%v), noOpen %v: got %v, want %v",
				i, before, tr.discard, tr.took, tr.up, tr.noOpen, got, want)
		}
		if want[DiscardDeadwood] > 0.1 || want[DiscardSafe] > 0.1 || want[DiscardOpen] > 0.1 {
			hits++
		}
	}
	// The cases must include discards each rule ranks best, or the test
	// says little.
	if hits < 8000 {
		t.Fatalf("only %d of the cases were a best discard", hits)
	}
}
