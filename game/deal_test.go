package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestDealRejectsBadDecks breaks a good deck in each way a deal can be
// wrong and wants ErrDeck naming the card at fault, from Deal and from
// Redeal, which must then leave the zero State.
func TestDealRejectsBadDecks(t *testing.T) {
	setup := Setup{Rules: rules.Standard(), Dealer: notation.P1, Number: 1}
	tests := []struct {
		name   string
		mutate func(d *[notation.NumCards]notation.Card)
		want   string
	}{
		{"stock card twice", func(d *[notation.NumCards]notation.Card) { d[40] = d[30] }, "stock card %s"},
		{"stock card dealt", func(d *[notation.NumCards]notation.Card) { d[35] = d[3] }, "stock card %s"},
		{"stock card unknown", func(d *[notation.NumCards]notation.Card) { d[51] = 60 }, "stock card"},
		{"stock card is the upcard", func(d *[notation.NumCards]notation.Card) { d[21] = d[20] }, "stock card %s"},
		{"upcard dealt", func(d *[notation.NumCards]notation.Card) { d[20] = d[0] }, "upcard %s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
			rand.New(rand.NewPCG(1, 2)).Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
			good := deck
			tt.mutate(&deck)
			want := tt.want
			if strings.Contains(want, "%s") {
				// The card named is the one that breaks the deal.
				for i := range deck {
					if deck[i] != good[i] {
						want = strings.Replace(want, "%s", deck[i].String(), 1)
					}
				}
			}
			_, err := Deal(setup, &deck)
			if !errors.Is(err, ErrDeck) || !strings.Contains(err.Error(), want) {
				t.Fatalf("Deal: %v, want ErrDeck with %q", err, want)
			}
			st, _ := Deal(setup, &good)
			if err := st.Redeal(setup, &deck); err == nil || err.Error() != errorString(Deal(setup, &deck)) {
				t.Fatalf("Redeal: %v, want Deal's error", err)
			}
			if !reflect.DeepEqual(st, State{}) {
				t.Fatal("Redeal left a State after an error")
			}
		})
	}
}

func errorString(_ State, err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestRedealIsDeal wants Redeal over a played hand to give what Deal gives.
func TestRedealIsDeal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var st State
	for i := 0; i < 200; i++ {
		deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		setup := Setup{Rules: rules.Standard(), Dealer: notation.Seat(i & 1), Number: 1 + i}
		want, err := Deal(setup, &deck)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Redeal(setup, &deck); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(st, want) {
			t.Fatalf("hand %d: Redeal differs from Deal", i)
		}
		// Play a few moves, so that the next Redeal starts from a used State.
		for k := 0; k < 2*i%30 && st.Phase() != Over; k++ {
			moves := st.Legal(nil)
			if err := st.Apply(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
