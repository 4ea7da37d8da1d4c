package game_test

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func ExampleState() {
	// A deck in index order, dealt one card at a time from p2, the
	// non-dealer; the 21st card is the upcard.
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	st, err := game.Deal(game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1}, &deck)
	if err != nil {
		fmt.Println(err)
		return
	}
	up, _ := st.Upcard()
	fmt.Println("p2 holds", st.Hand(1))
	fmt.Println("upcard", up, "- p2 to decide in the", st.Phase(), "phase")

	// A copy is an independent snapshot.
	snapshot := st
	fmt.Println(st.Apply(game.TakeMove()), st.Phase())
	fmt.Println(st.Apply(game.DiscardMove(up)))
	fmt.Println("the snapshot is still in the", snapshot.Phase(), "phase")
	// Output:
	// p2 holds AC 3C 5C 7C 9C JC KC 2D 4D 6D
	// upcard 8D - p2 to decide in the first-offer phase
	// <nil> discard
	// p2 may not discard 8D in the discard phase: 8D was just taken from the pile
	// the snapshot is still in the first-offer phase
}

// The defender may lay off less than the rules would choose for it, as
// OpenSpiel's players may; a record of such a hand is replayed with
// LayOff. Here p1 knocks with the 3H (3 deadwood). Laying off the 4S and
// the 3C leaves p2 the AD and AH (2): an undercut. Laying off nothing
// leaves it 9, and p1 wins 6.
func ExampleState_LayOff() {
	cards := func(s string) notation.CardSet { h, _ := notation.ParseHand(s); return h }
	p1 := cards("AS 2S 3S 4C 5C 6C 9D 9H 9S KD")
	p2 := cards("4S 3C TD JD QD 5H 6H 7H AD AH")
	up, _ := notation.ParseCard("3H")
	stock := (notation.FullDeck &^ p1 &^ p2 &^ up.Set()).Cards()
	st, err := game.FromDeal(game.Setup{Rules: rules.Standard(), Dealer: notation.P2, Number: 1}, [2]notation.CardSet{p1, p2}, up, stock)
	if err != nil {
		fmt.Println(err)
		return
	}
	kd, _ := notation.ParseCard("KD")
	sp, _, _ := meld.FirstArrangement(p1.With(up).Without(kd))
	for _, m := range []game.Move{game.TakeMove(), game.DiscardMove(kd), game.KnockMove(sp)} {
		if err := st.Apply(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	res, _ := st.Result()
	fmt.Println("the rules lay off", res.Layoffs, "-", res.Score.Outcome, "for", res.Winner, res.Score.Points)
	if err := st.LayOff(0); err != nil {
		fmt.Println(err)
		return
	}
	res, _ = st.Result()
	fmt.Println("laying off nothing -", res.Score.Outcome, "for", res.Winner, res.Score.Points)
	fmt.Println(st.LayOff(cards("TD")))
	// Output:
	// the rules lay off 3C 4S - undercut for p2 26
	// laying off nothing - knock for p1 6
	// lay off: TD do not all fit the knocker's melds: cards that cannot be laid off
}
