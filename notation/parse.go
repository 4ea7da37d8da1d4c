package notation

import (
	"errors"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Sentinel errors wrapped by ParseError. Test for them with errors.Is.
var (
	// ErrUnknownRank means a card's rank is not A, 2-9, T, 10, J, Q or K.
	ErrUnknownRank = errors.New("unknown rank")
	// ErrUnknownSuit means a card's suit is not C, D, H, S or a suit symbol.
	ErrUnknownSuit = errors.New("unknown suit")
	// ErrMissingSuit means a rank stood with no suit before or after it.
	ErrMissingSuit = errors.New("missing suit")
	// ErrEmptyGroup means a suit group such as "s:" named no ranks.
	ErrEmptyGroup = errors.New("suit group with no ranks")
	// ErrDuplicate means the same card was written twice.
	ErrDuplicate = errors.New("duplicate card")
	// ErrEmpty means the input held no cards at all.
	ErrEmpty = errors.New("no cards")
	// ErrNotOneCard means a single card was expected.
	ErrNotOneCard = errors.New("not exactly one card")
)

// ParseError records a failed parse: where it failed, the text found there,
// and why.
type ParseError struct {
	Col  int    // 1-based column, counted in characters; 0 when the whole input is at fault
	Text string // the offending text
	Err  error  // one of the sentinel errors above
}

func (e *ParseError) Error() string {
	if e.Col == 0 {
		return e.Err.Error()
	}
	return "column " + strconv.Itoa(e.Col) + ": " + e.Err.Error() + " " + strconv.Quote(Clip(e.Text, 40))
}

func (e *ParseError) Unwrap() error { return e.Err }

// Shift returns a copy of err with its column moved right by cols, for
// callers that parse a part of a longer line. Other errors come back as
// they are.
func Shift(err error, cols int) error {
	var pe *ParseError
	if errors.As(err, &pe) && pe.Col > 0 {
		moved := *pe
		moved.Col += cols
		return &moved
	}
	return err
}

// ParseCard reads exactly one card, in any form ParseCards accepts.
func ParseCard(s string) (Card, error) {
	cards, err := ParseCards(s)
	if err != nil {
		return 0, err
	}
	if len(cards) != 1 {
		return 0, &ParseError{Col: 1, Text: s, Err: ErrNotOneCard}
	}
	return cards[0], nil
}

// ParseHand reads a hand of one or more distinct cards. See ParseCards for
// the grammar.
func ParseHand(s string) (CardSet, error) {
	cards, err := ParseCards(s)
	if err != nil {
		return 0, err
	}
	if len(cards) == 0 {
		return 0, &ParseError{Err: ErrEmpty}
	}
	return SetOf(cards...), nil
}

// ParseCards reads distinct cards in the order written. It accepts:
//
//   - rank then suit, in either case: "As", "TH", "10h", "qd";
//   - a suit symbol before or after the rank: "A♠", "♠A" (♣♦♥♠ or ♧♢♡♤);
//   - any separators, or none: "As 2s 3s", "As,2s,3s", "As2s3s";
//   - suit groups, a suit, a colon, then ranks: "s:A23 h:7TJ".
//
// Ranks are A, 2-9, T or 10, J, Q, K; suits are C, D, H, S. Separators are
// white space, any punctuation but the colon, and the symbols + | = < > ~ •.
// Empty input gives an empty slice and no error.
func ParseCards(s string) ([]Card, error) {
	cards, _, err := ParseCardsWithColumns(s)
	return cards, err
}

// ParseCardsWithColumns is ParseCards that also returns the 1-based column
// at which each card starts, so that a caller can point at one card.
func ParseCardsWithColumns(s string) ([]Card, []int, error) {
	p := parser{src: []rune(s)}
	var seen CardSet
	var out []Card
	var cols []int
	for {
		start, c, more, err := p.next()
		if err != nil {
			return nil, nil, err
		}
		if !more {
			return out, cols, nil
		}
		if seen.Has(c) {
			return nil, nil, &ParseError{Col: start + 1, Text: c.String(), Err: ErrDuplicate}
		}
		seen = seen.With(c)
		out = append(out, c)
		cols = append(cols, start+1)
	}
}

type parser struct {
	src   []rune
	pos   int
	group Suit // suit of the open suit group
	open  bool // inside a suit group such as "s:A23"
}

// isSeparator reports whether r separates cards: white space, and any
// punctuation but the colon of a suit group, plus the symbols + and |.
func isSeparator(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case ':':
		return false
	case '+', '|', '=', '<', '>', '~', '•', '·':
		return true
	case '\uFEFF', '\u200B', '\u200C', '\u200D', '\u2060':
		// A byte order mark and the zero-width characters are invisible:
		// they separate like a space.
		return true
	}
	return unicode.IsPunct(r)
}

// variationSelector may follow a suit symbol in emoji text ("♠️"), and
// textSelector in plain text ("♠︎").
const (
	variationSelector = '\uFE0F'
	textSelector      = '\uFE0E'
)

func suitLetter(r rune) (Suit, bool) {
	switch r {
	case 'c', 'C':
		return Clubs, true
	case 'd', 'D':
		return Diamonds, true
	case 'h', 'H':
		return Hearts, true
	case 's', 'S':
		return Spades, true
	}
	return 0, false
}

func suitSymbol(r rune) (Suit, bool) {
	switch r {
	case '♣', '♧':
		return Clubs, true
	case '♦', '♢':
		return Diamonds, true
	case '♥', '♡':
		return Hearts, true
	case '♠', '♤':
		return Spades, true
	}
	return 0, false
}

func (p *parser) at(i int) rune {
	if i < len(p.src) {
		return p.src[i]
	}
	return utf8.RuneError
}

// rank reads a rank at p.pos and returns its width in runes, or 0.
func (p *parser) rank() (Rank, int) {
	switch r := p.at(p.pos); r {
	case 'a', 'A':
		return Ace, 1
	case 't', 'T':
		return Ten, 1
	case 'j', 'J':
		return Jack, 1
	case 'q', 'Q':
		return Queen, 1
	case 'k', 'K':
		return King, 1
	case '1':
		if p.at(p.pos+1) == '0' {
			return Ten, 2
		}
	default:
		if r >= '2' && r <= '9' {
			return Rank(r - '1'), 1
		}
	}
	return 0, 0
}

// word returns the text from i up to the next separator, for error messages.
func (p *parser) word(i int) string {
	j := i
	for j < len(p.src) && !isSeparator(p.src[j]) && j-i < 12 {
		j++
	}
	if j == i {
		j = i + 1
	}
	if j > len(p.src) {
		j = len(p.src)
	}
	return string(p.src[i:j])
}

func (p *parser) fail(i int, err error) error {
	return &ParseError{Col: i + 1, Text: p.word(i), Err: err}
}

// failRune blames the one character at i, such as the "1" of "1s".
func (p *parser) failRune(i int, err error) error {
	return &ParseError{Col: i + 1, Text: string(p.src[i]), Err: err}
}

func (p *parser) skipSelector() {
	if r := p.at(p.pos); r == variationSelector || r == textSelector {
		p.pos++
	}
}

// next returns the start column (0-based) of the next card and the card,
// or more == false at the end of input.
func (p *parser) next() (start int, c Card, more bool, err error) {
	for {
		if p.pos >= len(p.src) {
			return 0, 0, false, nil
		}
		r := p.src[p.pos]
		if p.open {
			// Inside a suit group: ranks until anything else.
			if rk, w := p.rank(); w > 0 {
				start = p.pos
				p.pos += w
				return start, NewCard(rk, p.group), true, nil
			}
			// The group ends here; whatever follows is read afresh.
			p.open = false
			continue
		}
		if isSeparator(r) {
			p.pos++
			continue
		}
		start = p.pos
		// A suit: either a group "s:" or a symbol before its rank "♠A".
		if u, ok := suitSymbol(r); ok {
			p.pos++
			p.skipSelector()
			if p.at(p.pos) == ':' {
				return p.openGroup(start, u)
			}
			rk, w := p.rank()
			if w == 0 {
				if p.pos < len(p.src) && !isSeparator(p.src[p.pos]) {
					return 0, 0, false, p.failRune(p.pos, ErrUnknownRank)
				}
				return 0, 0, false, p.fail(start, ErrUnknownRank)
			}
			p.pos += w
			return start, NewCard(rk, u), true, nil
		}
		if u, ok := suitLetter(r); ok && p.at(p.pos+1) == ':' {
			p.pos++
			return p.openGroup(start, u)
		}
		rk, w := p.rank()
		if w == 0 {
			return 0, 0, false, p.failRune(start, ErrUnknownRank)
		}
		p.pos += w
		s := p.at(p.pos)
		if u, ok := suitLetter(s); ok {
			p.pos++
			return start, NewCard(rk, u), true, nil
		}
		if u, ok := suitSymbol(s); ok {
			p.pos++
			p.skipSelector()
			return start, NewCard(rk, u), true, nil
		}
		if p.pos >= len(p.src) || isSeparator(s) {
			return 0, 0, false, p.fail(start, ErrMissingSuit)
		}
		if _, w := p.rank(); w > 0 {
			return 0, 0, false, p.fail(start, ErrMissingSuit)
		}
		return 0, 0, false, &ParseError{Col: p.pos + 1, Text: p.word(p.pos), Err: ErrUnknownSuit}
	}
}

// openGroup is called with p.pos at the colon of a suit group.
func (p *parser) openGroup(start int, u Suit) (int, Card, bool, error) {
	p.pos++ // the colon
	if _, w := p.rank(); w == 0 {
		return 0, 0, false, &ParseError{Col: start + 1, Text: string(p.src[start:p.pos]), Err: ErrEmptyGroup}
	}
	p.open = true
	p.group = u
	return p.next()
}
