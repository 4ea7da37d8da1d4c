package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/report"
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
		Flags: append(append(cliargs.OutputFlags(), cliargs.Symbols("")), rulesFlags()...),
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
// command c runs: each fault with a caret under its column, or, for a
// hand given where a position is wanted, the command with the hand's
// position to run instead.
func positionFailure(c *cli.Context, input string, err error) error {
	if lines.BinaryLine([]byte(input)) {
		return cliexit.Input(fmt.Errorf("position %s: %w", render.Quote(input, 0), lines.ErrBinary))
	}
	var list *position.Errors
	var pe *position.Error
	switch {
	case errors.As(err, &pe) && errors.Is(pe, position.ErrHand) && pe.Suggest != "":
		hand, _ := notation.ParseHand(input)
		_, standIns := position.HandPosition(hand)
		return &cliexit.Error{Code: ExitBadInput, Err: err,
			Summary: fmt.Sprintf("position: %s is a hand, not a position. The hand as a position, with %s:", render.Quote(input, 0), standIns),
			Detail:  "  ginadvisor " + clihelp.CommandPath(c) + " " + shellQuote(pe.Suggest)}
	case errors.As(err, &pe) && errors.Is(pe, position.ErrHand):
		return &cliexit.Error{Code: ExitBadInput, Err: fmt.Errorf("position %s: %s", render.Quote(input, 0), pe.Msg)}
	case errors.As(err, &list):
		faults := make([]render.Fault, len(list.Faults))
		for i, f := range list.Faults {
			faults[i] = render.Fault{Col: f.Col, Msg: f.Msg}
		}
		return &cliexit.Error{Code: ExitBadInput, Err: err,
			Summary: fmt.Sprintf("position: %d faults:", len(list.Faults)+list.More),
			Detail:  render.Faults(input, faults, list.More)}
	}
	col := 0
	if pe != nil {
		col = pe.Col
	}
	return &cliexit.Error{Code: ExitBadInput, Err: fmt.Errorf("position: %w", err), Detail: render.Caret(input, col)}
}

// shellQuote quotes s for a POSIX shell, in double quotes when nothing in
// it is special there, else in single quotes.
func shellQuote(s string) string {
	if !strings.ContainsAny(s, "\"$`\\!'") {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
