package protocol

import (
	"errors"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testmelds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// knockPosition is p1's position after it passed, drew top from the stock
// and discarded KH, in the knock phase.
func knockPosition(t *testing.T, top string) game.Position {
	t.Helper()
	h1, _ := notation.ParseHand("AC 2C 3C 7D 7H 7S 9S TS JS KH")
	h2, _ := notation.ParseHand("2D 3D 4H 5H 6H 8C 9C TC QD QH")
	up, _ := notation.ParseCard("4D")
	first, _ := notation.ParseCard(top)
	stock := (notation.FullDeck &^ h1 &^ h2 &^ up.Set() &^ first.Set()).Cards()
	stock = slices.Insert(stock, 0, first)
	st, err := game.FromDeal(game.Setup{Rules: rules.Standard(), Dealer: notation.P2, Number: 1}, [2]notation.CardSet{h1, h2}, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	kh, _ := notation.ParseCard("KH")
	for _, m := range []game.Move{game.PassMove(), game.PassMove(), game.DrawMove(), game.DiscardMove(kh)} {
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return st.Position(notation.P1)
}

// TestCheckKnockReasons: the protocol's check of a reported knock wraps
// the rules' reason, for the engine's own seat and for the opponent.
func TestCheckKnockReasons(t *testing.T) {
	loose, gin := knockPosition(t, "5D"), knockPosition(t, "8S")
	tests := []struct {
		name string
		p    game.Position
		seat notation.Seat
		kind game.EventKind
		sp   string
		why  error // nil: accepted
	}{
		{"own knock", loose, notation.P1, game.Knocked, "AC 2C 3C | 7D 7H 7S | 9S TS JS", nil},
		{"own knock with cards not held", loose, notation.P1, game.Knocked, "JD QD KD", rules.ErrMeldsNotInHand},
		{"own knock with no melds", loose, notation.P1, game.Knocked, "", rules.ErrOverLimit},
		{"own gin with deadwood", loose, notation.P1, game.WentGin, "AC 2C 3C | 7D 7H 7S | 9S TS JS", rules.ErrNotGin},
		{"own knock that is gin", gin, notation.P1, game.Knocked, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS", rules.ErrKnockIsGin},
		{"own gin", gin, notation.P1, game.WentGin, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS", nil},
		{"opponent's knock", loose, notation.P2, game.Knocked, "4H 5H 6H | 8C 9C TC", nil},
		{"opponent's knock with the engine's cards", loose, notation.P2, game.Knocked, "AC 2C 3C", rules.ErrMeldsNotInHand},
		{"opponent's gin of three cards", loose, notation.P2, game.WentGin, "4H 5H 6H", rules.ErrNotGin},
		{"opponent's knock of ten melded cards", loose, notation.P2, game.Knocked, "8C 9C TC JC | 2H 3H 4H | QD QH QS", rules.ErrKnockIsGin},
		{"opponent's big gin under standard rules", loose, notation.P2, game.WentBigGin, "8C 9C TC JC | 2H 3H 4H | QD QH QS QC", rules.ErrNoBigGin},
	}
	for _, tt := range tests {
		err := checkKnock(&tt.p, tt.seat, tt.kind, testmelds.Spread(t, tt.sp))
		if tt.why == nil && err != nil || tt.why != nil && !errors.Is(err, tt.why) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.why)
		}
	}
}
