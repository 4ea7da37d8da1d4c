package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/rules"
)

// rulesFlags are the flags that choose a preset and override its values.
func rulesFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "rules", Value: "standard", Usage: "rules preset: " + strings.Join(rules.PresetNames(), ", ")},
		&cli.IntFlag{Name: "knock-limit", Usage: "the most deadwood a knock may have", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "gin-bonus", Usage: "gin bonus", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "undercut-bonus", Usage: "undercut bonus", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "big-gin", Usage: "allow big gin (--big-gin=false to forbid)", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "big-gin-bonus", Usage: "big gin bonus", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "tie-undercut", Usage: "a tie is an undercut (--tie-undercut=false: the knocker scores 0)", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "target", Usage: "points that end a game", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "game-bonus", Usage: "bonus for winning the game", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "box-bonus", Usage: "bonus per hand won, added at the end of the game", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "shutout-double", Usage: "double the winner's points when the loser won no hand", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "shutout-bonus", Usage: "added to the game bonus when the loser scored nothing", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "oklahoma", Usage: "the first upcard sets the knock limit", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "spades-double", Usage: "Oklahoma: a spade first upcard doubles the hand", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "straight", Usage: "straight gin: no knocking, only gin", DefaultText: "from the preset"},
		&cli.IntFlag{Name: "dead-stock", Usage: "the hand dies with this many cards left in the stock", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "fiftieth-card", Usage: "the 50th-card rule", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "winner-deals", Usage: "the winner of a hand deals the next; otherwise the deal alternates", DefaultText: "from the preset"},
		&cli.BoolFlag{Name: "greedy-layoffs", Usage: "lay off as the EAAI framework does: own melds first, then deadwood card by card", DefaultText: "from the preset"},
	}
}

// rulesFrom builds the rules in force from --rules and the overrides that
// were set.
func rulesFrom(c *cli.Context) (rules.Rules, error) {
	r, err := rules.Preset(c.String("rules"))
	if err != nil {
		return r, usageError("--rules: %v", err)
	}
	changed := false
	ints := []struct {
		name string
		dst  *int
	}{
		{"knock-limit", &r.KnockLimit}, {"gin-bonus", &r.GinBonus}, {"undercut-bonus", &r.UndercutBonus},
		{"big-gin-bonus", &r.BigGinBonus}, {"target", &r.Target}, {"game-bonus", &r.GameBonus},
		{"box-bonus", &r.BoxBonus}, {"dead-stock", &r.DeadStock}, {"shutout-bonus", &r.ShutoutBonus},
	}
	for _, f := range ints {
		if c.IsSet(f.name) {
			*f.dst = c.Int(f.name)
			changed = true
		}
	}
	bools := []struct {
		name string
		dst  *bool
	}{
		{"big-gin", &r.BigGin}, {"tie-undercut", &r.TieIsUndercut}, {"shutout-double", &r.ShutoutDoubles},
		{"oklahoma", &r.Oklahoma}, {"spades-double", &r.SpadesDouble}, {"straight", &r.StraightGin},
		{"fiftieth-card", &r.FiftiethCard}, {"winner-deals", &r.WinnerDeals}, {"greedy-layoffs", &r.GreedyLayoffs},
	}
	for _, f := range bools {
		if c.IsSet(f.name) {
			*f.dst = c.Bool(f.name)
			changed = true
		}
	}
	if changed {
		r.Name += "+"
	}
	if err := r.Validate(); err != nil {
		return r, usageError("rules: %v", err)
	}
	return r, nil
}

// rulesRows describes the rules as table rows.
func rulesRows(r rules.Rules) [][]string {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	knock := strconv.Itoa(r.KnockLimit)
	switch {
	case r.StraightGin:
		knock = "gin only (straight gin)"
	case r.Oklahoma:
		knock = fmt.Sprintf("the first upcard's value, at most %d; gin only on an ace", r.KnockLimit)
	}
	bigGin := "not allowed"
	if r.BigGin {
		bigGin = strconv.Itoa(r.BigGinBonus)
	}
	layoffs := "the defender's best"
	if r.GreedyLayoffs {
		layoffs = "greedy, deadwood only (EAAI)"
	}
	deal := "alternates"
	if r.WinnerDeals {
		deal = "winner deals"
	}
	return [][]string{
		{"preset", r.Name},
		{"knock limit", knock},
		{"gin bonus", strconv.Itoa(r.GinBonus)},
		{"undercut bonus", strconv.Itoa(r.UndercutBonus)},
		{"tie is an undercut", yes(r.TieIsUndercut)},
		{"big gin bonus", bigGin},
		{"game to", strconv.Itoa(r.Target)},
		{"game bonus", strconv.Itoa(r.GameBonus)},
		{"box bonus per hand won", strconv.Itoa(r.BoxBonus)},
		{"shutout doubles", yes(r.ShutoutDoubles)},
		{"shutout bonus", strconv.Itoa(r.ShutoutBonus)},
		{"Oklahoma", yes(r.Oklahoma)},
		{"spade upcard doubles", yes(r.SpadesDouble)},
		{"straight gin", yes(r.StraightGin)},
		{"hand dies with stock at", strconv.Itoa(r.DeadStock)},
		{"50th-card rule", yes(r.FiftiethCard)},
		{"deal", deal},
		{"lay-offs", layoffs},
	}
}

func rulesCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "print the rules in force (a preset and any overrides)",
		Flags: append(outputFlags(), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return writeJSON(env.stdout, r)
			}
			return newTableWriter(env.stdout).render([]string{"Rule", "Value"}, rulesRows(r))
		},
	}
}

// start prepares a command that takes only flags: it applies the color
// settings and refuses positional arguments.
func (e *environment) start(c *cli.Context) error {
	e.setColor(c)
	if c.Args().Len() > 0 {
		return usageError("%s takes only flags; unexpected argument %q", c.Command.Name, c.Args().First())
	}
	return nil
}

// startWithRules is start, then the rules in force.
func (e *environment) startWithRules(c *cli.Context) (rules.Rules, error) {
	if err := e.start(c); err != nil {
		return rules.Rules{}, err
	}
	return rulesFrom(c)
}
