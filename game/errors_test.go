package game

import (
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestIllegalMoveReasons plays an illegal move of each kind and checks
// that the error names its reason with a sentinel and that the state is
// left as it was.
func TestIllegalMoveReasons(t *testing.T) {
	mustApply := func(st *State, m Move) {
		t.Helper()
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	// p1 holds a spade run to the nine and the KH; the upcard TS makes
	// gin.
	p1, p2 := testcards.Hand(t, "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"), testcards.Hand(t, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC")
	up := notation.NewCard(notation.Ten, notation.Spades)
	stock := (notation.FullDeck &^ p1 &^ p2 &^ up.Set()).Cards()
	offer, err := FromDeal(Setup{Rules: rules.Standard(), Dealer: notation.P2, Number: 1}, [2]notation.CardSet{p1, p2}, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	forced := offer
	mustApply(&forced, PassMove())
	mustApply(&forced, PassMove())
	took := offer
	mustApply(&took, TakeMove())
	knock := took
	kh := notation.NewCard(notation.King, notation.Hearts)
	mustApply(&knock, DiscardMove(kh))
	notMine := notation.NewCard(notation.Ace, notation.Hearts)
	notAMeld := testcards.Hand(t, "2S 5S 9S")

	tests := []struct {
		name string
		st   State
		move Move
		why  error
	}{
		{"draw at the first offer", offer, DrawMove(), ErrWrongPhase},
		{"take after both passed", forced, TakeMove(), ErrMustDraw},
		{"discard before drawing", forced, DiscardMove(kh), ErrWrongPhase},
		{"discard a card not held", took, DiscardMove(notMine), ErrNotInHand},
		{"discard the card just taken", took, DiscardMove(up), ErrJustTaken},
		{"big gin under standard rules", took, BigGinMove(meld.Spread{}), rules.ErrNoBigGin},
		{"pass instead of playing on", knock, PassMove(), ErrWrongPhase},
		{"knock with a card not held", knock, KnockMove(meld.Spread{N: 1, Melds: [meld.MaxSpread]notation.CardSet{notMine.Set()}}), rules.ErrMeldsNotInHand},
		{"knock with no melds", knock, KnockMove(meld.Spread{N: 1, Melds: [meld.MaxSpread]notation.CardSet{notAMeld}}), rules.ErrNotMelds},
		{"gin with deadwood", knock, GinMove(meld.Spread{}), rules.ErrNotGin},
	}
	for _, tt := range tests {
		before := tt.st
		err := tt.st.Apply(tt.move)
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, ErrIllegal) || !errors.Is(err, tt.why) {
			t.Errorf("%s: %v, want an illegal move for %v", tt.name, err, tt.why)
		}
		if tt.st != before {
			t.Errorf("%s: the state changed", tt.name)
		}
	}
}

// TestKnockMoveThatIsGin: a Knock move whose melds leave no deadwood goes
// gin, as LayDown makes it, and a Gin move with deadwood is refused as
// both not gin and over the limit.
func TestKnockMoveThatIsGin(t *testing.T) {
	h1, _ := notation.ParseHand("AS 2S 3S 4S 5S 6S 7S 8S 9S KH")
	h2, _ := notation.ParseHand("AC 2C 3C 4C 5C 6C 7C 8C 9C TC")
	up := notation.NewCard(notation.Ten, notation.Spades)
	stock := (notation.FullDeck &^ h1 &^ h2 &^ up.Set()).Cards()
	st, err := FromDeal(Setup{Rules: rules.Standard(), Dealer: notation.P2, Number: 1}, [2]notation.CardSet{h1, h2}, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Move{TakeMove(), DiscardMove(notation.NewCard(notation.King, notation.Hearts))} {
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	run, err := meld.ParseMelds("AS 2S 3S 4S 5S | 6S 7S 8S 9S TS")
	if err != nil {
		t.Fatal(err)
	}
	short := run
	short.N = 1
	refused := st
	if err := refused.Apply(GinMove(short)); !errors.Is(err, rules.ErrNotGin) || !errors.Is(err, rules.ErrOverLimit) || !errors.Is(err, ErrIllegal) {
		t.Errorf("gin leaving 6S-TS: %v", err)
	}
	if err := st.Apply(KnockMove(run)); err != nil {
		t.Fatal(err)
	}
	if res, _ := st.Result(); res.Score.Outcome != rules.Gin || st.Event(st.NumEvents()-1).Kind != WentGin {
		t.Errorf("a knock with no deadwood scored %s, recorded %s", res.Score.Outcome, st.Event(st.NumEvents()-1))
	}
}
