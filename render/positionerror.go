package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// PositionError explains err, the error of reading input as a position
// for command (the command line that read it, such as "ginadvisor
// advise"), which takes positions at the decision want under the rules r
// (nil: the standard rules): each fault with a caret under its column,
// or, for a hand given where a position is wanted, command with a
// position of the hand that it takes, or else why the hand has none. It
// returns the error to report, a summary to show in place of its text (""
// for none), and the lines to show below it.
func PositionError(command string, want position.Decision, r *rules.Rules, input string, err error) (e error, summary, detail string) {
	if lines.BinaryLine([]byte(input)) {
		return fmt.Errorf("position %s: %w", Quote(input, 0), lines.ErrBinary), "", ""
	}
	list, isList := errors.AsType[*position.Errors](err)
	pe, _ := errors.AsType[*position.Error](err)
	switch {
	case pe != nil && errors.Is(pe, position.ErrHand) && pe.Suggest != "":
		return handPositionError(command, want, r, input, err)
	case pe != nil && errors.Is(pe, position.ErrHand):
		return fmt.Errorf("position %s: %s", Quote(input, 0), pe.Msg), "", ""
	case isList:
		faults := make([]Fault, len(list.Faults))
		for i, f := range list.Faults {
			faults[i] = Fault{Col: f.Col, Msg: f.Msg}
		}
		return err, fmt.Sprintf("position: %d faults:", len(list.Faults)+list.More), Faults(input, faults, list.More)
	}
	col := 0
	if pe != nil {
		col = pe.Col
	}
	return fmt.Errorf("position: %w", err), "", Caret(input, col)
}

// handPositionError is PositionError's for a hand of 10 or 11 cards,
// given where a position is wanted: command with the hand's position at
// the decision the command takes, or why the hand has none.
func handPositionError(command string, want position.Decision, r *rules.Rules, input string, err error) (e error, summary, detail string) {
	hand, _ := notation.ParseHand(input)
	pos, standIns, why := position.HandPositionFor(hand, want, r)
	needs := ""
	if want != position.AnyDecision {
		needs = fmt.Sprintf("; %s needs %s", command, want.Needs())
	}
	if pos == "" {
		return fmt.Errorf("position %s is a hand, not a position%s, and none can be written of this hand: %s", Quote(input, 0), needs, why), "", ""
	}
	return err, fmt.Sprintf("position: %s is a hand, not a position%s. The hand as a position, with %s:", Quote(input, 0), needs, standIns),
		"  " + command + " " + shellQuote(pos)
}

// shellQuote quotes s for a POSIX shell, in double quotes when nothing in
// it is special there, else in single quotes.
func shellQuote(s string) string {
	if !strings.ContainsAny(s, "\"$`\\!'") {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
