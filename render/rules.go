package render

import (
	"fmt"
	"strconv"

	"github.com/ginadvisor/ginadvisor/rules"
)

// takes writes a take or draw limit: "no limit" for 0.
func takes(n int) string {
	if n == 0 {
		return "no limit"
	}
	return strconv.Itoa(n)
}

// RulesRows describes the rules as the rows of a table.
func RulesRows(r rules.Rules) [][]string {
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
		{"taken card discarded again", yes(r.RepeatEnds)},
		{"takes before the hand dies", takes(r.TakeLimit)},
		{"draws before the hand dies", takes(r.DrawLimit)},
		{"spec", rules.FormatSpec(r)},
	}
}
