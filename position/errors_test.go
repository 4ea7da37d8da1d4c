package position_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestEveryFaultListed reads positions with several faults: each is listed
// with its column, in the order of the columns, and errors.Is and
// errors.As reach every one of them.
func TestEveryFaultListed(t *testing.T) {
	tests := []struct {
		name, text string
		at         []string // the text at each fault's column, in order
		causes     []error
	}{
		{"three faults of the short form",
			"p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,ZZ,6S pile=KS,7H stock=x took=- passed=KS discards=7H dealer=p9",
			[]string{"ZZ", "x", "p9"}, []error{notation.ErrUnknownRank, notation.ErrSeat}},
		{"seat, phase, a card twice and a key missing",
			"p3 drw hand=AC,AC pile=KS",
			[]string{"p3", "drw", "AC pile", ""}, []error{notation.ErrDuplicate}},
		{"two bad cards in one list",
			"p1 draw hand=AC,XC,4C,TD,KD,AH,5H,TH,JH,1S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1",
			[]string{"XC", "1S"}, []error{notation.ErrUnknownRank}},
		{"rules and an unknown key",
			"p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1 rules=standard,knock_limit=x colour=red",
			[]string{"knock_limit", "colour"}, []error{rules.ErrFieldValue}},
		{"the history form's head and events",
			"history p1 dealer=p2 score=x: dealt AC 3C ZC TD KD AH 5H TH JH 6S ; upcard K ; p1 pass KS ; p3 pass KS",
			[]string{"x:", "ZC", "K ;", "p3"}, []error{notation.ErrUnknownRank}},
	}
	for _, tt := range tests {
		_, err := position.Parse(tt.text)
		var list *position.Errors
		if !errors.As(err, &list) || !errors.Is(err, position.ErrPosition) {
			t.Errorf("%s: %v, want an *Errors", tt.name, err)
			continue
		}
		if len(list.Faults) != len(tt.at) || list.More != 0 {
			t.Errorf("%s: %d faults (%d more), want %d: %v", tt.name, len(list.Faults), list.More, len(tt.at), err)
			continue
		}
		for i, f := range list.Faults {
			want := strings.Index(tt.text, tt.at[i]) + 1
			if tt.at[i] == "" {
				want = len(tt.text) + 1
			}
			if f.Col != want {
				t.Errorf("%s: fault %d at column %d, want %d (%q): %v", tt.name, i+1, f.Col, want, tt.at[i], f)
			}
			if !strings.Contains(err.Error(), f.Error()) {
				t.Errorf("%s: the error's text leaves out %q", tt.name, f)
			}
		}
		for _, cause := range tt.causes {
			if !errors.Is(err, cause) {
				t.Errorf("%s: errors.Is finds no %v in %v", tt.name, cause, err)
			}
		}
		var first *position.Error
		if !errors.As(err, &first) || first != list.Faults[0] {
			t.Errorf("%s: errors.As gives %v, want the first fault", tt.name, first)
		}
	}
}

// TestFaultsBounded: a position with more faults than MaxFaults lists the
// first MaxFaults and counts the rest.
func TestFaultsBounded(t *testing.T) {
	bad := make([]string, 15)
	for i := range bad {
		bad[i] = fmt.Sprintf("Z%d", i)
	}
	text := "p1 draw hand=" + strings.Join(bad, ",") + " pile=KS stock=30"
	_, err := position.Parse(text)
	var list *position.Errors
	if !errors.As(err, &list) || len(list.Faults) != position.MaxFaults || list.More != 15-position.MaxFaults {
		t.Fatalf("%v", err)
	}
	if !strings.HasSuffix(err.Error(), fmt.Sprintf("; and %d more", 15-position.MaxFaults)) {
		t.Errorf("%v", err)
	}
}

// TestOneFaultIsAnError: a position with one fault gives the *Error
// itself, as before faults were gathered.
func TestOneFaultIsAnError(t *testing.T) {
	_, err := position.Parse("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=x took=- passed=KS discards=7H dealer=p1")
	if _, ok := err.(*position.Error); !ok {
		t.Fatalf("%T %v", err, err)
	}
}

// TestHandWherePositionWanted: a hand given as a position says so, and a
// hand of 10 or 11 cards comes with its position form, which reads under
// every preset.
func TestHandWherePositionWanted(t *testing.T) {
	tests := []struct {
		hand  string
		phase string // of the position offered; "" for none
	}{
		{"As 2s 3s 7h 7d 7c Kd Qd Jd 4c", "first-offer"},
		{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "first-offer"},
		{"s:A23 h:789 d:JQK 4c 5c", "discard"},
		{"As", ""},
		{"As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs", ""},
	}
	for _, tt := range tests {
		_, err := position.Parse(tt.hand)
		var pe *position.Error
		if !errors.Is(err, position.ErrHand) || !errors.As(err, &pe) {
			t.Errorf("%s: %v, want ErrHand", tt.hand, err)
			continue
		}
		if tt.phase == "" {
			if pe.Suggest != "" || !strings.Contains(pe.Msg, "not a position") {
				t.Errorf("%s: %v, suggesting %q", tt.hand, err, pe.Suggest)
			}
			continue
		}
		hand, _ := notation.ParseHand(tt.hand)
		if !strings.HasPrefix(pe.Suggest, "p1 "+tt.phase+" hand="+strings.Join(hand.Strings(), ",")+" ") || !strings.Contains(pe.Msg, pe.Suggest) {
			t.Errorf("%s: suggests %q in %v", tt.hand, pe.Suggest, err)
		}
		for _, name := range rules.PresetNames() {
			r, _ := rules.Preset(name)
			p, err := position.ParseWith(pe.Suggest, &r)
			if err != nil || p.Hand() != hand {
				t.Errorf("%s under %s: %q does not read back: %v", tt.hand, name, pe.Suggest, err)
			}
		}
	}
}
