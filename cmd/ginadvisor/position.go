package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

func positionCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "position",
		Usage:     "validate a position and show what its seat knows, what is dead and what is unseen",
		ArgsUsage: "[POSITION | -]",
		Description: "A position is one line: the short form, or the history form (the seat's\n" +
			"events from the deal). With no argument or -, positions are read from stdin,\n" +
			"one a line. docs/notation.md gives the grammar.\n\n" +
			"Examples:\n" +
			"  ginadvisor position \"p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S \\\n    pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1\"\n" +
			"  ginadvisor position \"history p1 dealer=p2: \\\n    dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; \\\n    p1 pass KS ; p2 pass KS ; p1 draw 7S\"",
		Flags: append(append(cliargs.OutputFlags(), cliargs.Symbols("")), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			style, asJSON := env.styleFor(c), cliargs.WantJSON(c)
			return positionsDo(env, c, func(p *game.Position, line int) error {
				if asJSON {
					return cliexit.Wrote(render.JSONLine(env.stdout, line, report.Position(p)))
				}
				return cliexit.Wrote(render.Position(env.stdout, style, p, line))
			})
		},
	}
}

// positionFailure reports a position that could not be read by the
// command c runs, under the rules r, as render.PositionError explains it.
func positionFailure(c *cli.Context, r *rules.Rules, input string, err error) error {
	e, summary, detail := render.PositionError("ginadvisor "+clihelp.CommandPath(c), decisionOf(c.Command.Name), r, input, err)
	return &cliexit.Error{Code: ExitBadInput, Err: e, Summary: summary, Detail: detail}
}

// decisionOf is the decision the command takes positions at: the
// position of a hand it offers is one it takes.
func decisionOf(command string) position.Decision {
	switch command {
	case "outs":
		return position.DrawDecision
	case "danger":
		return position.DiscardDecision
	case "risk":
		return position.KnockDecision
	}
	return position.AnyDecision
}
