package meld

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrEmptyMeld means a meld list had nothing between two bars.
var ErrEmptyMeld = errors.New("empty meld")

// ParseMelds reads a list of melds separated by "|", for example
// "3C 3D 3S | AH 2H 3H | 8H 9H TH". Inside a meld any card notation that
// notation.ParseCards accepts works. Errors are *notation.ParseError values
// whose column counts from the start of s: an unreadable card, a meld that
// is no set or run (ErrNotMeld), a card in two melds (ErrOverlap), or an
// empty meld (ErrEmptyMeld).
func ParseMelds(s string) (Spread, error) {
	var sp Spread
	var used notation.CardSet
	col := 0 // characters before the current part
	parts := strings.Split(s, "|")
	if strings.TrimSpace(s) == "" {
		return Spread{}, &notation.ParseError{Err: notation.ErrEmpty}
	}
	for _, part := range parts {
		width := utf8.RuneCountInString(part)
		start := col + 1 + leadingSpace(part)
		cards, cols, err := notation.ParseCardsWithColumns(part)
		if err != nil {
			return Spread{}, notation.Shift(err, col)
		}
		text := strings.TrimSpace(part)
		if len(cards) == 0 {
			return Spread{}, &notation.ParseError{Col: start, Text: text, Err: ErrEmptyMeld}
		}
		m := notation.SetOf(cards...)
		if Classify(m) == NotMeld {
			return Spread{}, &notation.ParseError{Col: start, Text: text, Err: ErrNotMeld}
		}
		if dup := m & used; dup != 0 {
			// Point at the first card that is in an earlier meld too.
			for i, c := range cards {
				if dup.Has(c) {
					return Spread{}, &notation.ParseError{Col: col + cols[i], Text: c.String(), Err: ErrOverlap}
				}
			}
		}
		if sp.N == MaxSpread {
			return Spread{}, &notation.ParseError{Col: start, Text: text, Err: ErrSpreadFull}
		}
		used |= m
		sp.Melds[sp.N] = m
		sp.N++
		col += width + 1
	}
	return sp, nil
}

func leadingSpace(s string) int {
	return utf8.RuneCountInString(s) - utf8.RuneCountInString(strings.TrimLeft(s, " \t"))
}
