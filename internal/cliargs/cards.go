package cliargs

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Hand reads a hand from the flag name, naming the flag in errors. A flag
// left out is a usage error (exit 2); a flag given an empty value is bad
// input (exit 3), as an empty hand argument is.
func Hand(c *cli.Context, name string) (notation.CardSet, error) {
	s := c.String(name)
	if !c.IsSet(name) {
		return 0, cliexit.Usagef("--%s is required", name)
	}
	if strings.TrimSpace(s) == "" {
		return 0, cliexit.Input(fmt.Errorf("--%s is empty: give the cards, such as --%s \"As 2s 3s …\"", name, name))
	}
	h, err := notation.ParseHand(s)
	if err != nil {
		return 0, cliexit.ParseFailure("--"+name, s, err)
	}
	return h, nil
}

// Melds reads a meld list from the flag name, naming the flag in errors.
func Melds(c *cli.Context, name string) (meld.Spread, error) {
	s := c.String(name)
	sp, err := meld.ParseMelds(s)
	if err != nil {
		return sp, cliexit.ParseFailure("--"+name, s, err)
	}
	return sp, nil
}

// OptionalMelds reads --melds when it is given; nil means the best
// arrangement.
func OptionalMelds(c *cli.Context) (*meld.Spread, error) {
	if !c.IsSet("melds") {
		return nil, nil
	}
	sp, err := Melds(c, "melds")
	if err != nil {
		return nil, err
	}
	return &sp, nil
}

// Deal reads --upcard, which matters only under Oklahoma rules r, and
// there must be given: the first upcard sets the knock limit.
func Deal(c *cli.Context, r rules.Rules) (rules.Deal, error) {
	s := c.String("upcard")
	if !c.IsSet("upcard") {
		if err := r.CheckDeal(rules.Deal{}); err != nil {
			return rules.Deal{}, cliexit.Usagef("%v: give it with --upcard (such as --upcard 5S)", err)
		}
		return rules.Deal{}, nil
	}
	if !r.Oklahoma {
		return rules.Deal{}, cliexit.Usagef("--upcard sets the knock limit only under Oklahoma rules; add --oklahoma or drop --upcard")
	}
	card, err := notation.ParseCard(s)
	if err != nil {
		return rules.Deal{}, cliexit.ParseFailure("--upcard", s, err)
	}
	return rules.Deal{Upcard: card, HasUpcard: true}, nil
}
