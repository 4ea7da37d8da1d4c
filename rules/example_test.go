package rules_test

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func ExampleRules_ScoreKnock() {
	// wikiHow: a knocker with 10 against a defender with 6 is undercut.
	h := rules.Standard().ScoreKnock(10, 6, false, 1)
	fmt.Println(h.Summary())
	for _, l := range h.Breakdown() {
		fmt.Println(l)
	}
	// Output:
	// undercut: defender scores 29
	// undercut bonus: 25
	// knocker's deadwood 10 less defender's 6: 4
}

func ExampleRules_BestKnock() {
	knocker, _ := notation.ParseHand("2H 3H 4H AC 7S 8S 9S JC QC KC")
	defender, _ := notation.ParseHand("5H 6H AD 8C 8D 8H TD JD QD KD")
	s, _ := rules.Standard().BestKnock(knocker, defender, rules.Deal{})
	fmt.Println("knocker keeps back:", s.KnockerDeadwood)
	fmt.Println(s.Score.Summary())
	// Output:
	// knocker keeps back: AC 2H 3H 4H
	// knock: knocker scores 2
}
