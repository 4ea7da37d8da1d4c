package notation

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParseForms(t *testing.T) {
	want := "AS 2S 3S"
	tests := []string{
		"As 2s 3s", "AS 2S 3S", "as,2s,3s", "As2s3s", "A♠ 2♠ 3♠", "♠A ♠2 ♠3",
		"A♠2♠3♠", "♠A♠2♠3", "s:A23", "S:a23", "♠:A23", "[As, 2s, 3s]", "A♤ 2♤ 3♤",
		"A♠️ 2♠️ 3♠️", "  As\t2s\n3s  ", "3s 2s As", "As | 2s | 3s", "As•2s•3s", "(As)(2s)(3s)", "As;2s!3s",
	}
	for _, in := range tests {
		h, err := ParseHand(in)
		if err != nil {
			t.Errorf("ParseHand(%q): %v", in, err)
			continue
		}
		if h.String() != want {
			t.Errorf("ParseHand(%q) = %s, want %s", in, h, want)
		}
	}
}

func TestParseRanks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"10h", "TH"}, {"TH", "TH"}, {"th", "TH"}, {"qd", "QD"}, {"Kc", "KC"}, {"jS", "JS"},
		{"9c", "9C"}, {"h:10JQ", "TH JH QH"}, {"s:A23 h:7TJ", "7H TH JH AS 2S 3S"},
		{"c:A d:K", "AC KD"}, {"s:A23,h:7TJ", "7H TH JH AS 2S 3S"},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.in)
		if err != nil {
			t.Errorf("ParseHand(%q): %v", tt.in, err)
			continue
		}
		if h.String() != tt.want {
			t.Errorf("ParseHand(%q) = %s, want %s", tt.in, h, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		err  error
		col  int
		text string
	}{
		{"", ErrEmpty, 0, ""},
		{"  , ", ErrEmpty, 0, ""},
		{"As Xs", ErrUnknownRank, 4, "X"},
		{"As Ax", ErrUnknownSuit, 5, "x"},
		{"As 2s As", ErrDuplicate, 7, "AS"},
		{"As 10s Ts", ErrDuplicate, 8, "TS"},
		{"As 2", ErrMissingSuit, 4, "2"},
		{"A23s", ErrMissingSuit, 1, "A23s"},
		{"1s", ErrUnknownRank, 1, "1"},
		{"♠X", ErrUnknownRank, 2, "X"},
		{"s: A", ErrEmptyGroup, 1, "s:"},
		{"♠", ErrUnknownRank, 1, "♠"},
		{"♠A ♥", ErrUnknownRank, 4, "♥"},
		{"As ^ 2s", ErrUnknownRank, 4, "^"},
		{"s:A2x", ErrUnknownRank, 5, "x"},
		{"s:A2 s:2", ErrDuplicate, 8, "2S"},
		{"As 2s ☃", ErrUnknownRank, 7, "☃"},
	}
	for _, tt := range tests {
		_, err := ParseHand(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseHand(%q) error = %v, want a *ParseError", tt.in, err)
			continue
		}
		if !errors.Is(err, tt.err) || pe.Col != tt.col || pe.Text != tt.text {
			t.Errorf("ParseHand(%q) = %#v, want %v at column %d on %q", tt.in, pe, tt.err, tt.col, tt.text)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseHand("As 2s Zz")
	if got, want := err.Error(), `column 7: unknown rank "Z"`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if got := Shift(err, 10).(*ParseError).Col; got != 17 {
		t.Errorf("Shift moved column to %d, want 17", got)
	}
}

func TestCardBasics(t *testing.T) {
	seen := map[Card]bool{}
	for i := 0; i < NumCards; i++ {
		c := CardAt(i)
		if !c.Valid() || c.Index() != i || seen[c] {
			t.Fatalf("CardAt(%d) = %v (index %d)", i, c, c.Index())
		}
		seen[c] = true
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, %v", c.String(), back, err)
		}
		back, err = ParseCard(c.Symbol())
		if err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, %v", c.Symbol(), back, err)
		}
	}
	if FullDeck.Len() != NumCards {
		t.Fatalf("FullDeck has %d cards", FullDeck.Len())
	}
	if got := FullDeck.Value(); got != 4*(1+2+3+4+5+6+7+8+9+10+10+10+10) {
		t.Fatalf("FullDeck.Value() = %d", got)
	}
	if _, err := ParseCard("As 2s"); !errors.Is(err, ErrNotOneCard) {
		t.Fatalf("ParseCard of two cards: %v", err)
	}
}

func TestSetOperations(t *testing.T) {
	a := SetOf(NewCard(Ace, Spades), NewCard(King, Hearts), NewCard(Seven, Clubs))
	b := SetOf(NewCard(King, Hearts), NewCard(Two, Diamonds))
	if got := a.Union(b).String(); got != "7C 2D KH AS" {
		t.Errorf("Union = %s", got)
	}
	if got := a.Intersect(b).String(); got != "KH" {
		t.Errorf("Intersect = %s", got)
	}
	if got := a.Minus(b).String(); got != "7C AS" {
		t.Errorf("Minus = %s", got)
	}
	if got := a.Value(); got != 18 {
		t.Errorf("Value = %d", got)
	}
	if got := a.Rank(King); got != SetOf(NewCard(King, Hearts)) {
		t.Errorf("Rank(King) = %s", got)
	}
	if a.Has(NewCard(Two, Diamonds)) || !a.Has(NewCard(Ace, Spades)) {
		t.Errorf("Has is wrong")
	}
	var n int
	for range a.All() {
		n++
	}
	if n != 3 || len(a.Cards()) != 3 {
		t.Errorf("iteration found %d cards", n)
	}
}

func TestFormatsRoundTrip(t *testing.T) {
	h, _ := ParseHand("As 2s 3s 7h Th Jh Kd 9c 10c Qc")
	for _, s := range []string{h.String(), h.Symbols(), h.Compact()} {
		back, err := ParseHand(s)
		if err != nil || back != h {
			t.Errorf("round trip of %q gave %v, %v", s, back, err)
		}
	}
	if got := h.Compact(); got != "c:9TQ d:K h:7TJ s:A23" {
		t.Errorf("Compact = %q", got)
	}
}

func ExampleParseHand() {
	h, err := ParseHand("s:A23 7h,8h,9h K♣ ♦K 10d")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h)
	fmt.Println(h.Symbols())
	fmt.Println(h.Compact())
	// Output:
	// KC TD KD 7H 8H 9H AS 2S 3S
	// K♣ T♦ K♦ 7♥ 8♥ 9♥ A♠ 2♠ 3♠
	// c:K d:TK h:789 s:A23
}

func ExampleParseError() {
	_, err := ParseHand("As 2s 3x")
	fmt.Println(err)
	// Output:
	// column 8: unknown suit "x"
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"As 2s 3s", "s:A23 h:7TJ", "A♠♠A", "10h10h", "♠️A", "s:", "1", "", "h:10JQK,c:A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := ParseCards(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseCards(%q): error %v is not a *ParseError", s, err)
			}
			if pe.Col < 0 || pe.Col > len([]rune(s))+1 || pe.Err == nil {
				t.Fatalf("ParseCards(%q): bad error %#v", s, pe)
			}
			return
		}
		set := SetOf(cards...)
		if set.Len() != len(cards) || !set.Valid() {
			t.Fatalf("ParseCards(%q) = %v: duplicates or invalid cards", s, cards)
		}
		for _, form := range []string{set.String(), set.Symbols(), set.Compact()} {
			back, err := ParseCards(form)
			if err != nil || SetOf(back...) != set {
				t.Fatalf("round trip of %q via %q: %v, %v", s, form, back, err)
			}
		}
		if len(cards) > 0 && !strings.ContainsAny(s, "0123456789AaTtJjQqKk") {
			t.Fatalf("ParseCards(%q) found cards without any rank", s)
		}
	})
}

// TestInvisibleCharacters reads a byte order mark and zero-width
// characters as separators, and the emoji variation selector after a suit
// symbol as part of the symbol.
func TestInvisibleCharacters(t *testing.T) {
	for _, in := range []string{"\uFEFFAs 2s 3s", "As\u200B2s\u200D3s", "A♠️ 2♠️ 3♠️", "\uFEFFA♠️,2♠️,3♠️"} {
		h, err := ParseHand(in)
		if err != nil || h.String() != "AS 2S 3S" {
			t.Errorf("ParseHand(%q) = %v, %v", in, h, err)
		}
	}
}
