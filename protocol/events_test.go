package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/reading"
)

// session sends lines to a fresh engine and returns the answer to each.
func session(t *testing.T, lines ...string) []string {
	t.Helper()
	var out bytes.Buffer
	e := New(&out, "x")
	e.samples = 16
	var answers []string
	for _, l := range lines {
		out.Reset()
		e.Handle(context.Background(), l)
		_ = e.flush()
		answers = append(answers, strings.TrimSpace(out.String()))
	}
	return answers
}

const afterDiscard = "position history p1 dealer=p2: dealt AC 2C 3C 7D 7H 7S 9S TS JS KH ; upcard 4D ; p1 pass 4D ; p2 pass 4D ; p1 draw 5D ; p1 discard KH"

// TestEventsAreChecked sends knocks and showdown details that contradict
// what the engine knows: each gets one error line, and the position, the
// next decision and the next show are as if it was never sent.
func TestEventsAreChecked(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		bad   string
		want  string
	}{
		{"own knock with cards not held", []string{afterDiscard}, "event p1 knock JD QD KD", "not in the hand"},
		{"own knock with no melds", []string{afterDiscard}, "event p1 knock", "over the knock limit"},
		{"own knock that is gin", []string{"position history p1 dealer=p2: dealt AC 2C 3C 7D 7H 7S 9S TS JS KH ; upcard 4D ; p1 pass 4D ; p2 pass 4D ; p1 draw 8S ; p1 discard KH"},
			"event p1 knock AC 2C 3C | 7D 7H 7S | 8S 9S TS JS", "that is gin"},
		{"own gin with deadwood", []string{afterDiscard}, "event p1 gin AC 2C 3C | 7D 7H 7S | 9S TS JS", "gin leaves none"},
		{"own knock, a meld twice", []string{afterDiscard}, "event p1 knock AC 2C 3C | AC 2C 3C", "card in two places"},
		{"opponent's knock with cards the engine holds", []string{afterDiscard, "event p2 draw", "event p2 discard 6H"},
			"event p2 knock 4H 5H 6H | AS 2S 3S | 5S 5D 5C", "cannot be in the opponent's hand"},
		{"opponent's gin of three cards", []string{afterDiscard, "event p2 draw", "event p2 discard 6H"}, "event p2 gin 8D 9D TD", "gin melds ten cards"},
		{"opponent's knock of ten melded cards", []string{afterDiscard, "event p2 draw", "event p2 discard 6H"},
			"event p2 knock 8C 9C TC JC | 2H 3H 4H | QD QH QS", "is gin"},
		{"opponent's gin of nine cards", []string{afterDiscard, "event p2 draw", "event p2 discard 6H"},
			"event p2 gin 8C 9C TC | 2H 3H 4H | QD QH QS", "gin melds ten cards"},
		{"showdown details before a knock", []string{afterDiscard}, "event p1 melds garbage zz", "after a knock"},
		{"a hand after the game's final scores", []string{"scores 130 20"},
			"newhand seat p1 dealer p2 hand AC 3C 5C 7C 9C JC KC 2D 4D 6D upcard 8D", "the game ended at 130 20; send newgame"},
		{"scores after the game's final scores", []string{"scores 130 20"}, "scores 90 20", "the game ended at 130 20; send newgame"},
		{"a field of newhand twice", nil,
			"newhand seat p1 seat p2 dealer p2 hand AC 3C 5C 7C 9C JC KC 2D 4D 6D upcard 8D", "seat is given twice"},
	}
	for _, tt := range tests {
		before := session(t, append(tt.setup, "show")...)
		after := session(t, append(append(append([]string{}, tt.setup...), tt.bad), "show")...)
		if got := after[len(tt.setup)]; !strings.HasPrefix(got, "error ") || strings.Count(got, "\n") != 0 || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q answered %q, want one error about %q", tt.name, tt.bad, got, tt.want)
		}
		if before[len(before)-1] != after[len(after)-1] {
			t.Errorf("%s: show changed:\n%s\n%s", tt.name, before[len(before)-1], after[len(after)-1])
		}
	}
}

// TestRefusedKnockLeavesNothingBehind is the case: a refused knock
// under eaai left the engine answering "melds" at every later go.
func TestRefusedKnockLeavesNothingBehind(t *testing.T) {
	a := session(t,
		"setoption name rules value eaai", "newgame",
		"newhand seat p2 dealer p2 number 1 hand 2C 5C 9C 2D 6D TD 3H 8H KH 4S upcard QS",
		"event p1 pass QS", "event p2 pass QS", "event p1 draw",
		"event p1 knock JC QC KC | 3D 4D 5D | 7S 8S 9S",
		"event p1 discard 7C", "go")
	if !strings.HasPrefix(a[6], "error ") {
		t.Fatalf("the knock was not refused: %q", a[6])
	}
	if last := a[len(a)-1]; !strings.Contains(last, "bestmove draw") && !strings.Contains(last, "bestmove take") {
		t.Fatalf("the next go answered %q", last)
	}
}

// TestOpponentsKnockIsDefended checks a valid knock of the opponent's:
// accepted, and answered with the engine's own melds.
func TestOpponentsKnockIsDefended(t *testing.T) {
	a := session(t, afterDiscard, "event p2 draw", "event p2 discard 6H", "event p2 knock 8C 9C TC | 2H 3H 4H | QD QH QS", "go", "event p1 melds AC 2C 3C | 7D 7H 7S | 9S TS JS")
	if a[3] != "" || !strings.HasPrefix(a[4], "bestmove melds ") || !strings.Contains(a[4], "AC 2C 3C") || !strings.Contains(a[4], "7D 7H 7S") || !strings.Contains(a[4], "9S TS JS") || a[5] != "" {
		t.Fatalf("%q", a)
	}
}

// TestLongHandUnderEAAI plays a hand on far past 128 draws, as the EAAI
// framework does: both players take the upcard and throw back the card
// they took the turn before. Every event is accepted, and the engine still
// answers go with a move of its seat's, a take or a draw.
func TestLongHandUnderEAAI(t *testing.T) {
	lines := []string{"setoption name rules value eaai", "newgame",
		"newhand seat p1 dealer p2 number 1 hand AC 3C 5C 7C 9C JC KC 2D 4D 6D upcard 8D"}
	first := map[string]string{"p1": "KC", "p2": "KH"}
	taken := map[string]string{}
	top := "8D"
	const draws = 400
	for i := 0; i < draws; i++ {
		seat := []string{"p1", "p2"}[i%2]
		prev := taken[seat]
		if prev == "" {
			prev = first[seat]
		}
		lines = append(lines, "event "+seat+" take "+top, "event "+seat+" discard "+prev)
		taken[seat], top = top, prev
	}
	lines = append(lines, "go")
	a := session(t, lines...)
	for i, ans := range a[:len(a)-1] {
		if ans != "" {
			t.Fatalf("%q answered %q", lines[i], ans)
		}
	}
	if last := a[len(a)-1]; !strings.Contains(last, "bestmove take") && !strings.Contains(last, "bestmove draw") {
		t.Fatalf("go after %d draws answered %q", draws, last)
	}
}

// TestReadingOption: the reading is on by default, survives newgame,
// and is reset or turned off by setoption; a bad value is an error.
func TestReadingOption(t *testing.T) {
	var out bytes.Buffer
	e := New(&out, "x")
	for _, l := range []string{"setoption name rules value eaai", "newgame"} {
		e.Handle(context.Background(), l)
	}
	e.reading = reading.Style{Seen: 3}
	e.Handle(context.Background(), "newgame")
	if e.reading.Seen != 3 {
		t.Fatalf("newgame forgot the reading")
	}
	e.Handle(context.Background(), "setoption name reading value reset")
	if e.reading.Seen != 0 {
		t.Fatalf("reset kept the reading")
	}
	e.Handle(context.Background(), "setoption name reading value off")
	if !e.readingOff {
		t.Fatal("off did not turn the reading off")
	}
	a := session(t, "setoption name reading value maybe")
	if !strings.HasPrefix(a[0], "error reading must be on, off or reset") {
		t.Fatalf("a bad value answered %q", a[0])
	}
}

// TestRulesFixedDuringHand changes a rule or the preset while a hand is in
// play: an error that names the hand, and the rules stay; between hands,
// or setting the rules already in force, the change is taken.
func TestRulesFixedDuringHand(t *testing.T) {
	const deal = "newhand seat p1 dealer p2 number 3 hand AC 3C 4C TD KD AH 5H TH JH 6S upcard 5S"
	for _, option := range []string{"setoption name knock_limit value 100", "setoption name rules value straight", "setoption name straight_gin value true"} {
		a := session(t, deal, "event p1 pass 5S", option, "show")
		if !strings.HasPrefix(a[2], "error ") || !strings.Contains(a[2], "hand 3") {
			t.Errorf("%s during a hand: %q; want an error naming hand 3", option, a[2])
		}
		if !strings.Contains(a[3], "rules=standard ") {
			t.Errorf("%s during a hand changed its rules: %q", option, a[3])
		}
		// Before any hand, after newgame and once the hand is over, the
		// rules may change.
		for _, lines := range [][]string{{option}, {deal, "newgame", option}} {
			if a := session(t, lines...); a[len(a)-1] != "" {
				t.Errorf("%v: %q; want no answer", lines, a[len(a)-1])
			}
		}
	}
	if a := session(t, deal, "setoption name knock_limit value 10", "setoption name rules value standard"); a[1] != "" || a[2] != "" {
		t.Errorf("setting the rules in force during a hand: %q", a[1:])
	}
}

// TestFinalScoresThenNewGame: the scores a controller reports when a game
// ends, at its target, are taken without an error, as docs/protocol.md
// allows; newgame then starts the next game, whose first hand is hand 1.
func TestFinalScoresThenNewGame(t *testing.T) {
	got := session(t, "scores 129 1", "newgame",
		"newhand seat p1 dealer p2 hand AC 3C 5C 7C 9C JC KC 2D 4D 6D upcard 8D", "show")
	if got[0] != "" || got[1] != "" || got[2] != "" || !strings.Contains(got[3], "number=1") {
		t.Errorf("final scores, newgame, a hand: %q", got)
	}
}
