package meld_test

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

func ExampleArrangements() {
	hand, _ := notation.ParseHand("As 2s 3s 4s 5s 6s 7h 7d 7c Kd")
	fmt.Println("deadwood:", meld.MinDeadwood(hand))
	for _, a := range meld.Arrangements(hand) {
		fmt.Println(a)
	}
	// Output:
	// deadwood: 10
	// 7C 7D 7H | AS 2S 3S 4S 5S 6S [KD]
	// 7C 7D 7H | AS 2S 3S | 4S 5S 6S [KD]
}

func ExampleBestDiscard() {
	hand, _ := notation.ParseHand("3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S")
	card, deadwood, _ := meld.BestDiscard(hand)
	fmt.Println(card, deadwood)
	// Output:
	// 6S 0
}
