package meld

import (
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
)

func TestParseMelds(t *testing.T) {
	sp, err := ParseMelds("3C 3D 3S | AH 2H 3H | h:89T")
	if err != nil {
		t.Fatal(err)
	}
	if sp.N != 3 || sp.Melds[2].String() != "8H 9H TH" {
		t.Errorf("ParseMelds = %+v", sp)
	}
	tests := []struct {
		in   string
		err  error
		col  int
		text string
	}{
		{"", notation.ErrEmpty, 0, ""},
		{"3C 3D 3S | 4H 5H 7H", ErrNotMeld, 12, "4H 5H 7H"},
		{"3C 3D 3S | 3S 4S 5S", ErrOverlap, 12, "3S"},
		{"AS 2S 3S | 3D 3H 3S", ErrOverlap, 18, "3S"},
		{"2H 3H 4H | 2H 3H 4H", ErrOverlap, 12, "2H"},
		{"3C 3D 3S || 4H 5H 6H", ErrEmptyMeld, 11, ""},
		{"3C 3D 3S | 4H 5H 6X", notation.ErrUnknownSuit, 19, "X"},
		{"♠A ♠2 ♠3 | 4H 5H Zz", notation.ErrUnknownRank, 18, "Z"},
	}
	for _, tt := range tests {
		_, err := ParseMelds(tt.in)
		var pe *notation.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, tt.err) || pe.Col != tt.col || pe.Text != tt.text {
			t.Errorf("ParseMelds(%q) = %v, want %v at column %d on %q", tt.in, err, tt.err, tt.col, tt.text)
		}
	}
}

func FuzzParseMelds(f *testing.F) {
	for _, s := range []string{"3C 3D 3S | AH 2H 3H | 8H 9H TH", "s:A23|h:789", "||", "3C 3D 3S | 3S 4S 5S", "♠A♠2♠3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseMelds(s)
		if err != nil {
			var pe *notation.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseMelds(%q): error %v is not a *ParseError", s, err)
			}
			return
		}
		var used notation.CardSet
		for i := 0; i < sp.N; i++ {
			m := sp.Melds[i]
			if Classify(m) == NotMeld || m&used != 0 {
				t.Fatalf("ParseMelds(%q) gave a bad spread %+v", s, sp)
			}
			used |= m
		}
	})
}
