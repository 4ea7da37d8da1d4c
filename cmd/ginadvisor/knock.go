package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// playError gives a play the rules forbid (a spread over the knock limit)
// its own exit code, as knock and risk both do; a failed write keeps its
// own, and the rest is bad input.
func playError(err error) error {
	if errors.Is(err, rules.ErrOverLimit) {
		return &cliexit.Error{Code: ExitIllegal, Err: err}
	}
	return cliexit.InputUnlessWrite(err)
}

func knockCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "knock",
		Usage: "settle a knock: melds, lay-offs, deadwood and the score",
		Description: "The knocker holds 10 cards after the discard, or 11: then it discards the card\n" +
			"best for it (or shows big gin, where the rules allow it). The defender holds 10.\n" +
			"Without --melds the knocker lays down the spread best against this defender,\n" +
			"which need not be a minimal arrangement, and the result of the automatic\n" +
			"minimal arrangement is shown beside it.\n\n" +
			"Examples:\n" +
			"  ginadvisor knock --knocker \"2H 3H 4H AC 7S 8S 9S JC QC KC\" \\\n    --defender \"5H 6H AD 8C 8D 8H TD JD QD KD\"\n" +
			"  ginadvisor knock --knocker \"2H 3H 4H AC 7S 8S 9S JC QC KC\" \\\n    --defender \"5H 6H AD 8C 8D 8H TD JD QD KD\" \\\n    --melds \"2H 3H 4H | 7S 8S 9S | JC QC KC\" --json\n" +
			"  ginadvisor knock --rules oklahoma --upcard 5s \\\n    --knocker \"KC KD KH 2S 3S 4S 5D 6D 7D AH\" \\\n    --defender \"QS QH QC 9H 9C 8S 8C 3H 4H 5C\"",
		Flags: cliargs.KnockFlags(),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			knocker, err := cliargs.Hand(c, "knocker")
			if err != nil {
				return err
			}
			defender, err := cliargs.Hand(c, "defender")
			if err != nil {
				return err
			}
			d, err := cliargs.Deal(c, r)
			if err != nil {
				return err
			}
			given, err := cliargs.OptionalMelds(c)
			if err != nil {
				return err
			}
			rep, err := report.Knock(r, knocker, defender, given, d)
			if err != nil {
				return playError(err)
			}
			if cliargs.WantJSON(c) {
				return render.JSON(env.stdout, rep)
			}
			return render.Knock(env.stdout, env.styleFor(c), rep)
		},
	}
}

func layoffCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "layoff",
		Usage: "list the cards a hand can lay off on melds, and the best combination",
		Description: "Examples:\n" +
			"  ginadvisor layoff --melds \"3C 3D 3S | AH 2H 3H | 8H 9H TH\" \\\n    --hand \"4H 5H 7H 6H 2C KS KD KC 9C JH\"\n" +
			"  ginadvisor layoff --melds \"7D 8D 9D\" \\\n    --hand \"5D 6D KC QC JC JH QS 2S 3H 4C\" --json",
		Flags: append(cliargs.OutputFlags(),
			&cli.StringFlag{Name: "melds", Usage: "the knocker's melds, separated by |"},
			&cli.StringFlag{Name: "hand", Usage: "the defender's hand"},
			cliargs.Symbols("print cards with suit symbols"),
		),
		Action: func(c *cli.Context) error {
			if err := env.start(c); err != nil {
				return err
			}
			if !c.IsSet("melds") {
				return cliexit.Usagef("--melds is required")
			}
			sp, err := cliargs.Melds(c, "melds")
			if err != nil {
				return err
			}
			if n := sp.Cards().Len(); n > 11 {
				return cliexit.Input(fmt.Errorf("--melds hold %d cards, but a knocker lays down at most 11", n))
			}
			hand, err := cliargs.Hand(c, "hand")
			if err != nil {
				return err
			}
			rep, err := report.Layoff(sp, hand)
			if err != nil {
				return cliexit.Input(err)
			}
			if cliargs.WantJSON(c) {
				return render.JSON(env.stdout, rep)
			}
			return render.Layoff(env.stdout, env.styleFor(c), rep, sp)
		},
	}
}
