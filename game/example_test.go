package game_test

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/game"
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
