package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// handFlag reads a hand from a flag, naming the flag in errors.
//
// A flag left out is a usage error (exit 2); a flag given an empty value
// is bad input (exit 3), as an empty hand argument is.
func handFlag(c *cli.Context, name string) (notation.CardSet, error) {
	s := c.String(name)
	if !c.IsSet(name) {
		return 0, usageError("--%s is required", name)
	}
	if strings.TrimSpace(s) == "" {
		return 0, inputError(fmt.Errorf("--%s is empty: give the cards, such as --%s \"As 2s 3s …\"", name, name))
	}
	h, err := notation.ParseHand(s)
	if err != nil {
		return 0, parseFailure("--"+name, s, err)
	}
	return h, nil
}

// meldsFlag reads a meld list from a flag, naming the flag in errors.
func meldsFlag(c *cli.Context, name string) (meld.Spread, error) {
	s := c.String(name)
	sp, err := meld.ParseMelds(s)
	if err != nil {
		return sp, parseFailure("--"+name, s, err)
	}
	return sp, nil
}

// optionalMelds reads --melds when it is given; nil means the best
// arrangement.
func optionalMelds(c *cli.Context) (*meld.Spread, error) {
	if !c.IsSet("melds") {
		return nil, nil
	}
	sp, err := meldsFlag(c, "melds")
	if err != nil {
		return nil, err
	}
	return &sp, nil
}

// dealFrom reads --upcard, which matters only under Oklahoma rules.
func dealFrom(c *cli.Context, r rules.Rules) (rules.Deal, error) {
	s := c.String("upcard")
	if !c.IsSet("upcard") {
		return rules.Deal{}, nil
	}
	if !r.Oklahoma {
		return rules.Deal{}, usageError("--upcard sets the knock limit only under Oklahoma rules; add --oklahoma or drop --upcard")
	}
	card, err := notation.ParseCard(s)
	if err != nil {
		return rules.Deal{}, parseFailure("--upcard", s, err)
	}
	return rules.Deal{Upcard: card, HasUpcard: true}, nil
}

// showdownError gives rule violations their own exit code.
func showdownError(err error) error {
	if errors.Is(err, rules.ErrOverLimit) {
		return &exitError{code: ExitIllegal, err: err}
	}
	return inputError(err)
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
			"  ginadvisor knock --knocker \"2H 3H 4H AC 7S 8S 9S JC QC KC\" --defender \"5H 6H AD 8C 8D 8H TD JD QD KD\"\n" +
			"  ginadvisor knock --knocker \"...\" --defender \"...\" --melds \"2H 3H 4H | 7S 8S 9S | JC QC KC\" --json\n" +
			"  ginadvisor knock --rules oklahoma --upcard 5s --knocker \"...\" --defender \"...\"",
		Flags: append(append(outputFlags(),
			&cli.StringFlag{Name: "knocker", Usage: "the knocker's hand"},
			&cli.StringFlag{Name: "defender", Usage: "the defender's hand"},
			&cli.StringFlag{Name: "melds", Usage: "the melds the knocker lays down, separated by |"},
			&cli.StringFlag{Name: "upcard", Usage: "the first upcard (Oklahoma)"},
			&cli.BoolFlag{Name: "symbols", Usage: "print cards with suit symbols"},
		), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			knocker, err := handFlag(c, "knocker")
			if err != nil {
				return err
			}
			defender, err := handFlag(c, "defender")
			if err != nil {
				return err
			}
			d, err := dealFrom(c, r)
			if err != nil {
				return err
			}
			given, err := optionalMelds(c)
			if err != nil {
				return err
			}
			rep, err := report.Knock(r, knocker, defender, given, d)
			if err != nil {
				return showdownError(err)
			}
			if wantJSON(c) {
				return render.JSON(env.stdout, rep)
			}
			return printKnock(env, rep, env.styleFor(c))
		},
	}
}

func printKnock(env *environment, rep *report.KnockReport, n render.Style) error {
	w := env.stdout
	sp := rep.Spread()
	melds := make([]string, 0, sp.N)
	for i := 0; i < sp.N; i++ {
		melds = append(melds, n.Meld(n.Set(sp.Melds[i])))
	}
	da := rep.DefenderArrangement()
	dmelds := make([]string, 0, len(da.Melds))
	for _, m := range da.Melds {
		dmelds = append(dmelds, n.Meld(n.Set(m.Cards)))
	}
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	layoffs := make([]string, 0, len(rep.Placements))
	for _, p := range rep.Placements {
		layoffs = append(layoffs, n.Names([]string{p.Card})+" on "+n.Set(sp.Melds[p.Meld]))
	}
	deadwood := func(cards []string, points int) string {
		if len(cards) == 0 {
			return "none (0)"
		}
		return n.Deadwood(n.Names(cards)) + " (" + strconv.Itoa(points) + ")"
	}
	// One row for each thing shown, so that long melds keep the table
	// narrow.
	rows := [][]string{
		{"knocker", "melds", dash(strings.Join(melds, " | "))},
		{"", "deadwood", deadwood(rep.KnockerDeadwoodCards, rep.KnockerDeadwood)},
		{"defender", "melds", dash(strings.Join(dmelds, " | "))},
		{"", "lay-offs", dash(strings.Join(layoffs, ", "))},
		{"", "deadwood", deadwood(rep.DefenderDeadwoodCards, rep.DefenderDeadwood)},
	}
	tables := n.Tables(w)
	if err := tables.Render([]string{"Side", "", "Cards"}, rows); err != nil {
		return err
	}
	discard := ""
	if rep.Discard != "" {
		discard = " after discarding " + n.Names([]string{rep.Discard})
	}
	fmt.Fprint(w, render.Wrap(fmt.Sprintf("Rules: %s, knock limit %d. Knocker's melds%s: %s.", rep.Rules, rep.KnockLimit, discard, rep.MeldsChosen), 80))
	brows := make([][]string, 0, len(rep.Breakdown)+1)
	for _, l := range rep.Breakdown {
		brows = append(brows, []string{l.Label, strconv.Itoa(l.Points)})
	}
	brows = append(brows, []string{"total to the " + rep.Winner, strconv.Itoa(rep.Points)})
	if err := tables.Render([]string{"Score", "Points"}, brows); err != nil {
		return err
	}
	fmt.Fprintf(w, "Result: %s. The %s scores %d.\n", n.Verdict(rules.OutcomeWords(rep.Result)), rep.Winner, rep.Points)
	if len(rep.Options) > 1 {
		const shown = 8
		rows := [][]string{}
		for i, o := range rep.Options {
			if i == shown {
				break
			}
			melds := make([]string, len(o.KnockerMelds))
			for j, m := range o.KnockerMelds {
				melds[j] = n.Names(m)
			}
			lay := "-"
			if len(o.Layoffs) > 0 {
				lay = n.Names(o.Layoffs)
			}
			rows = append(rows, []string{strings.Join(melds, " | "), strconv.Itoa(o.KnockerDeadwood), lay,
				strconv.Itoa(o.DefenderDeadwood), fmt.Sprintf("%s %+d", rules.OutcomeWords(o.Result), o.KnockerNet)})
		}
		fmt.Fprintln(w, "Every spread the knocker could lay down, best for it first (dw: deadwood;")
		fmt.Fprintln(w, "the result is the points to the knocker, negative when it loses):")
		if err := tables.Render([]string{"Knocker's melds", "Dw", "Lay-offs", "Def. dw", "Result"}, rows); err != nil {
			return err
		}
		if len(rep.Options) > shown {
			fmt.Fprintf(w, "(%d more in --json)\n", len(rep.Options)-shown)
		}
	}
	if a := rep.Automatic; a != nil {
		am := make([]string, len(a.KnockerMelds))
		for i, m := range a.KnockerMelds {
			am[i] = n.Names(m)
		}
		fmt.Fprint(w, render.Wrap(fmt.Sprintf("With the minimal arrangement (%s): %s, the %s scores %d.", strings.Join(am, " | "), rules.OutcomeWords(a.Result), a.Winner, a.Points), 80))
	}
	for _, note := range rep.Notes {
		_, err := fmt.Fprint(w, render.Wrap("Note: "+note+".", 80))
		if err != nil {
			return err
		}
	}
	return nil
}

func layoffCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "layoff",
		Usage: "list the cards a hand can lay off on melds, and the best combination",
		Description: "Examples:\n" +
			"  ginadvisor layoff --melds \"3C 3D 3S | AH 2H 3H | 8H 9H TH\" --hand \"4H 5H 7H 6H 2C KS KD KC 9C JH\"\n" +
			"  ginadvisor layoff --melds \"7D 8D 9D\" --hand \"5D 6D KC QC JC JH QS 2S 3H 4C\" --json",
		Flags: append(outputFlags(),
			&cli.StringFlag{Name: "melds", Usage: "the knocker's melds, separated by |"},
			&cli.StringFlag{Name: "hand", Usage: "the defender's hand"},
			&cli.BoolFlag{Name: "symbols", Usage: "print cards with suit symbols"},
		),
		Action: func(c *cli.Context) error {
			if err := env.start(c); err != nil {
				return err
			}
			if !c.IsSet("melds") {
				return usageError("--melds is required")
			}
			sp, err := meldsFlag(c, "melds")
			if err != nil {
				return err
			}
			if n := sp.Cards().Len(); n > 11 {
				return inputError(fmt.Errorf("--melds hold %d cards, but a knocker lays down at most 11", n))
			}
			hand, err := handFlag(c, "hand")
			if err != nil {
				return err
			}
			rep, err := report.Layoff(sp, hand)
			if err != nil {
				return inputError(err)
			}
			if wantJSON(c) {
				return render.JSON(env.stdout, rep)
			}
			return printLayoff(env, rep, sp, env.styleFor(c))
		},
	}
}

func printLayoff(env *environment, rep *report.LayoffReport, sp meld.Spread, n render.Style) error {
	w := env.stdout
	tables := n.Tables(w)
	rows := [][]string{}
	for _, c := range rep.Candidates {
		needs := "-"
		if len(c.Needs) > 0 {
			needs = n.Names(c.Needs)
		}
		rows = append(rows, []string{n.Names([]string{c.Card}), n.Set(sp.Melds[c.Meld]), needs})
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "No card of the hand can be laid off.")
	} else if err := tables.Render([]string{"Card", "Onto", "After laying off"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	for i, o := range rep.Options {
		melds := make([]string, len(o.Melds))
		for j, m := range o.Melds {
			melds[j] = n.Meld(n.Names(m))
		}
		lay := "-"
		if len(o.Layoffs) > 0 {
			lay = n.Names(o.Layoffs)
		}
		dead := "-"
		if len(o.DeadwoodCards) > 0 {
			dead = n.Deadwood(n.Names(o.DeadwoodCards))
		}
		own := strings.Join(melds, " | ")
		if own == "" {
			own = "-"
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), lay, own, dead})
	}
	if err := tables.Render([]string{"#", "Lay off", "Own melds", "Deadwood cards"}, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "Deadwood %d before lay-offs, %s after: %d saved.\n", rep.DeadwoodBefore, n.Verdict(strconv.Itoa(rep.Deadwood)), rep.Saved)
	return err
}
