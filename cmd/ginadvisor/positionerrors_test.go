package main

import (
	"regexp"
	"strings"
	"testing"
)

// suggestedRun finds the command line that an error offers in place of a
// hand: `ginadvisor CMD "POSITION"`.
var suggestedRun = regexp.MustCompile(`(?m)^  ginadvisor (\S+) "([^"]+)"$`)

// TestHandWherePositionWanted gives a bare hand to each command that
// reads a position: the error says a hand is not a position and offers
// the command with the hand's position, which, run as offered, is read.
func TestHandWherePositionWanted(t *testing.T) {
	tests := []struct {
		cmd, hand string
		runs      bool // the offered position suits the command, which answers it
	}{
		{"advise", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", true},
		{"advise", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c 5c", true},
		{"outs", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", true},
		{"danger", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c 5c", true},
		// risk wants a knock decision, which a hand alone cannot give.
		{"risk", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", false},
		{"position", "s:A23 h:789 d:JQK 4c", true},
	}
	for _, tt := range tests {
		args := append([]string{tt.cmd}, strings.Fields(tt.hand)...)
		code, _, errOut := runCLI(t, "", args...)
		m := suggestedRun.FindStringSubmatch(errOut)
		if code != ExitBadInput || !strings.Contains(errOut, "is a hand, not a position") || m == nil || m[1] != tt.cmd {
			t.Errorf("%s %s: exit %d: %s", tt.cmd, tt.hand, code, errOut)
			continue
		}
		// The position offered is read: by the command, or by position.
		cmd := tt.cmd
		if !tt.runs {
			cmd = "position"
		}
		args = []string{cmd, m[2]}
		if cmd != "position" {
			args = append(args, "--samples", "20")
		}
		if code, _, errOut := runCLI(t, "", args...); code != ExitOK {
			t.Errorf("%s %s: the offered %q: exit %d: %s", tt.cmd, tt.hand, m[2], code, errOut)
		}
	}
	// Read from stdin, the line's error carries the position too.
	code, _, errOut := runCLI(t, "As 2s 3s 7h 7d 7c Kd Qd Jd 4c\n", "outs")
	if code != ExitBadInput || !strings.Contains(errOut, `stdin:1: column 1: a hand, not a position; as a position, with TC standing in for the upcard: "p1 first-offer hand=4C,7C,7D,JD,QD,KD,7H,AS,2S,3S pile=TC stock=31 dealer=p2"`) {
		t.Errorf("outs on stdin: exit %d: %s", code, errOut)
	}
}

// TestPositionFaultsAllShown: a position with several faults names each,
// with its column and a caret under it, in one run.
func TestPositionFaultsAllShown(t *testing.T) {
	pos := "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,ZZ,6S pile=KS,7H stock=x took=- passed=KS discards=7H dealer=p9"
	tests := []struct {
		args []string
		want []string // in order
	}{
		{[]string{"position", pos}, []string{
			"ginadvisor: position: 3 faults:\n",
			"column 38: \"ZZ\": unknown rank\n",
			"column 61: stock \"x\": want the number of cards in the stock\n",
			"column 99: \"p9\" is not a seat (p1 or p2)\n",
		}},
		{[]string{"advise", "--samples", "20", pos}, []string{"3 faults:", "column 38:", "column 61:", "column 99:"}},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, "", tt.args...)
		rest := errOut
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %q missing, or out of order, in:\n%s", tt.args[0], w, errOut)
				break
			}
			rest = rest[i+len(w):]
		}
		if code != ExitBadInput || strings.Count(errOut, "^\n") != 3 {
			t.Errorf("%s: exit %d, %d carets:\n%s", tt.args[0], code, strings.Count(errOut, "^\n"), errOut)
		}
	}
}

// TestHandHintRuns gives each command that reads positions a hand where
// a position is wanted: the position its hint offers, run by the same
// command, is read and analysed (exit 0), or the message says why none
// can be offered. Before, every command was offered the first offer for
// 10 cards, which danger and risk refuse, and the discard for 11, which
// outs and risk refuse.
func TestHandHintRuns(t *testing.T) {
	t.Parallel()
	hands := []string{
		"As 2s 3s 7h 7d 7c Kd Qd Jd 4c",    // 10 cards, deadwood 4
		"As 2s 3s 7h 7d 7c Kd Qd Jd 4c 5c", // 11 cards, 4 at best
		"As 2s 3s 7h 7d 7c Kd Qd 9d 2c",    // 10 cards, deadwood 31
	}
	for _, command := range []string{"advise", "outs", "position", "danger", "risk"} {
		for _, hand := range hands {
			t.Run(command+" "+hand, func(t *testing.T) {
				t.Parallel()
				code, _, errOut := runCLI(t, "", command, hand)
				if code != ExitBadInput {
					t.Fatalf("exit %d, want %d: %s", code, ExitBadInput, errOut)
				}
				prefix := "  ginadvisor " + command + " \""
				i := strings.Index(errOut, prefix)
				if i < 0 {
					if !strings.Contains(errOut, "none can be written of this hand: ") {
						t.Fatalf("no hint and no reason:\n%s", errOut)
					}
					return
				}
				hint, _, _ := strings.Cut(errOut[i+len(prefix):], "\"")
				args := []string{command, hint}
				if command != "position" {
					args = []string{command, "--samples", "16", hint}
				}
				if code, _, errOut := runCLI(t, "", args...); code != ExitOK {
					t.Errorf("the hint %q exits %d: %s", hint, code, errOut)
				}
			})
		}
	}
}

// TestOverLimitSpreadIsIllegal: a spread over the knock limit is an
// illegal play (exit 4) for risk as for knock; melds the hand does not
// hold are bad input (exit 3) for both. risk gave 3 for both before.
func TestOverLimitSpreadIsIllegal(t *testing.T) {
	hist := "history p1 dealer=p2: dealt AC 2C 3C 7D 7H 7S 9H TH JH 4S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 2D ; p1 discard 4S"
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"risk", "--samples", "50", "--melds", "7D 7H 7S", hist}, ExitIllegal, "over the knock limit"},
		{[]string{"knock", "--knocker", "AC 2C 3C 7D 7H 7S 9H TH JH 2D", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD", "--melds", "7D 7H 7S"}, ExitIllegal, "over the knock limit"},
		{[]string{"risk", "--samples", "50", "--melds", "7C 7H 7S", hist}, ExitBadInput, "7C is not in the hand"},
		// A knock decision whose hand is over the limit: knocking is the
		// illegal play (it gave 3).
		{[]string{"risk", "--samples", "50", "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,5S,AC pile=2D,6H,5H,9S,TD stock=27 took=- passed=- discards=6H,9S drawn=AC dealer=p2"}, ExitIllegal, "deadwood 11 is over the knock limit of 10"},
		{[]string{"knock", "--knocker", "AC 2C 3C 7D 7H 7S 9H TH JH 2D", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD", "--melds", "7C 7H 7S"}, ExitBadInput, "7C"},
	} {
		code, _, errOut := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.says) {
			t.Errorf("%q: exit %d, %q; want exit %d saying %q", tt.args, code, errOut, tt.code, tt.says)
		}
	}
}
