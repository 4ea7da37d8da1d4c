package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// knocked is a hand that p2 ended by a knock: p1, the engine, holds AC 2C
// 3C 7D 7H 7S 9S TS JS 5D; the pile holds 4D, KH and QH.
var knocked = []string{
	afterDiscard, "event p2 draw", "event p2 discard QH",
	"event p2 knock AS 2S 3S | 8D 9D TD | QS QD QC",
}

// engineAfter returns an engine that took lines, each answered by
// nothing, and its output.
func engineAfter(t *testing.T, lines []string) (*Engine, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	e := New(&out, "x")
	e.samples = 16
	for _, l := range lines {
		e.Handle(context.Background(), l)
		_ = e.flush()
		if out.Len() > 0 {
			t.Fatalf("%q answered %q", l, out.String())
		}
	}
	return e, &out
}

// TestImpossibleShowdownsRefused sends the showdown details of issue 32
// that cannot be: each is refused with one error line, and the engine
// neither keeps nor reads it. A true hand afterwards is still taken and
// read, once.
func TestImpossibleShowdownsRefused(t *testing.T) {
	tests := []struct {
		name, bad, want string
	}{
		{"lay-off onto meld 4 of 3", "event p1 layoff 9S onto 4", "melds 1 to 3"},
		{"lay-off onto meld 0", "event p1 layoff 9S onto 0", "melds 1 to 3"},
		{"lay-off that does not fit its meld", "event p1 layoff 7H onto 2", "does not fit meld 2"},
		{"lay-off that fits no meld", "event p1 layoff JS", "do not fit"},
		{"lay-off of the pile's card", "event p1 layoff QH onto 3", "cannot be in p1's hand"},
		{"lay-off by the knocker", "event p2 layoff 4S onto 1", "only the defender"},
		{"the knocker's melds again", "event p2 melds AS 2S 3S", "came with the knock"},
		{"defender's melds not its own", "event p1 melds 4H 5H 6H", "cannot be in p1's hand"},
		{"shown hand of 9 cards", "event p2 hand AS 2S 3S 8D 9D TD QS QD QC", "9 cards, not 10"},
		{"shown hand of 11 cards", "event p2 hand AS 2S 3S 8D 9D TD QS QD QC 4H 5H", "11 cards, not 10"},
		{"shown hand with the engine's card", "event p2 hand AS 2S 3S 8D 9D TD QS QD QC 7H", "7H was seen elsewhere"},
		{"shown hand with the pile's card", "event p2 hand AS 2S 3S 8D 9D TD QS QD QC 4D", "4D was seen elsewhere"},
		{"shown hand without the knocker's melds", "event p2 hand AS 2S 3S 8D 9D TD QS QD 4H 5H", "QC"},
		{"engine's hand shown wrong", "event p1 hand AC 2C 3C 7D 7H 7S 9S TS JS 4H", "the engine's hand is"},
	}
	const good = "event p2 hand AS 2S 3S 8D 9D TD QS QD QC 4H"
	for _, tt := range tests {
		e, out := engineAfter(t, knocked)
		before := e.reading
		e.Handle(context.Background(), tt.bad)
		_ = e.flush()
		got := strings.TrimSpace(out.String())
		if !strings.HasPrefix(got, "error ") || strings.Contains(got, "\n") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q answered %q, want one error about %q", tt.name, tt.bad, got, tt.want)
		}
		if e.reading != before {
			t.Errorf("%s: the engine learnt from a refused line", tt.name)
		}
		out.Reset()
		e.Handle(context.Background(), good)
		_ = e.flush()
		if out.Len() != 0 || e.reading.Seen != before.Seen+1 {
			t.Errorf("%s: then the true hand answered %q and was read to %d decisions, from %d", tt.name, out.String(), e.reading.Seen, before.Seen)
		}
	}
}

// TestTrueShowdownTaken: the details of a showdown that can be, in
// either order, are taken without a word; lay-offs that chain on one
// meld fit; what the defender laid off must be in its shown hand.
func TestTrueShowdownTaken(t *testing.T) {
	for _, lines := range [][]string{
		{"event p1 melds AC 2C 3C | 9S TS JS", "event p1 layoff 7D", "event p2 hand AS 2S 3S 8D 9D TD QS QD QC 4H", "event p1 hand AC 2C 3C 7D 7H 7S 9S TS JS 5D"},
		{"event p2 hand AS 2S 3S 8D 9D TD QS QD QC 4H", "event p1 melds -", "event p1 layoff 7D onto 2"},
	} {
		engineAfter(t, append(append([]string{}, knocked...), lines...))
	}
	// Lay-offs by the opponent, after the engine's gin-less knock.
	a := session(t, "newhand seat p1 dealer p2 number 1 hand AC 2C 3C 4D 5D 6D 7H 7S 7C KH upcard 9C",
		"event p1 pass 9C", "event p2 pass 9C", "event p1 draw 8H", "event p1 discard KH",
		"event p1 knock AC 2C 3C | 4D 5D 6D | 7H 7S 7C",
		"event p2 layoff 7D onto 2, 8D onto 2", "event p2 layoff 3D onto 2", "event p2 hand 3D 7D 8D 2H 5H 9S JS QS KS KD")
	for i, l := range a[6:] {
		if l != "" {
			t.Errorf("line %d: %q", i+6, l)
		}
	}
	a = session(t, "newhand seat p1 dealer p2 number 1 hand AC 2C 3C 4D 5D 6D 7H 7S 7C KH upcard 9C",
		"event p1 pass 9C", "event p2 pass 9C", "event p1 draw 8H", "event p1 discard KH",
		"event p1 knock AC 2C 3C | 4D 5D 6D | 7H 7S 7C",
		"event p2 layoff 7D onto 2", "event p2 hand 8D 2H 5H 9S JS QS KS KD 4S 4H")
	if !strings.Contains(a[7], "7D") {
		t.Errorf("a shown hand without the card laid off answered %q", a[7])
	}
}
