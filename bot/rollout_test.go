package bot

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestHeuristicDiscardAgainstReference checks the heuristic's discard,
// which skips the search for cards in no meld, against the plain rule
// over random hands: the least deadwood after the discard less the worth
// of the live completing cards, ties to the higher card.
func TestHeuristicDiscardAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	h := Heuristic{P: DefaultHeuristic()}
	for i := range 20000 {
		deck := shuffledDeck(rng)
		var hand, pile notation.CardSet
		for _, c := range deck[:11] {
			hand = hand.With(c)
		}
		for _, c := range deck[11 : 11+rng.IntN(20)] {
			pile = pile.With(c)
		}
		if i%2 == 1 {
			h.P.OutWeight = 1
		} else {
			h.P.OutWeight = 0.3
		}
		v := seatView{phase: game.DiscardPhase, hand: hand}
		got := h.discard(&v, pile)
		want, wantScore := notation.Card(0), 1e18
		for c := range hand.All() {
			rest := hand.Without(c)
			score := float64(meld.MinDeadwood(rest)) - h.P.OutWeight*float64((meld.Completions(rest)&^pile&^c.Set()).Len())
			if score < wantScore || score == wantScore && c.Rank() >= want.Rank() {
				want, wantScore = c, score
			}
		}
		if got != want {
			t.Fatalf("hand %s pile %s weight %v: discard %s, want %s", hand, pile, h.P.OutWeight, got, want)
		}
	}
}

// shuffledDeck returns the 52 cards in an order drawn from rng.
func shuffledDeck(rng *rand.Rand) [notation.NumCards]notation.Card {
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// step lets the player of the seat to move decide, and plays its move.
func step(t *testing.T, st *game.State, players [2]Player) {
	t.Helper()
	pos := st.Position(st.Turn())
	m, err := players[st.Turn()].Move(context.Background(), &pos)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Apply(m); err != nil {
		t.Fatal(err)
	}
}

// TestSafeRolloutPlaysCautious wants a rollout opponent drawn as a safe
// discarder to throw what the cautious player throws, from the seat's
// side of the record alone: the usefulness it weighs is what the seat
// showed the opponent.
func TestSafeRolloutPlaysCautious(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	cautious := NewCautious()
	discards := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		deck := shuffledDeck(rng)
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: notation.Seat(seed & 1), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		players := [2]Player{NewSimple(seed), cautious}
		for st.Phase() != game.Over && st.Draws() < 60 {
			if st.Turn() == 1 && st.Phase() == game.DiscardPhase {
				seat := st.Position(0)
				r := NewReadingRollout([reading.NumKnockRules]float64{1})
				r.discardRule, r.safe = reading.DiscardSafe, reading.NewModel(&reading.Style{}, &seat).Useful()
				kind, card, _ := r.Decide(&st)
				own := st.Position(1)
				want, err := cautious.Move(context.Background(), &own)
				if err != nil {
					t.Fatal(err)
				}
				if kind != want.Kind || card != want.Card {
					t.Fatalf("seed %d, %d draws: the rollout plays %s %s, cautious %s", seed, st.Draws(), kind, card, want)
				}
				discards++
			}
			step(t, &st, players)
		}
	}
	if discards < 200 {
		t.Fatalf("only %d discards compared", discards)
	}
	t.Logf("%d discards compared", discards)
}
