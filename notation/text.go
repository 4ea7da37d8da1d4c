package notation

import (
	"encoding/json"
	"strings"
)

// MarshalText writes the card in canonical form, such as "TH".
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, ErrNotOneCard
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads one card in any form ParseCard accepts.
func (c *Card) UnmarshalText(text []byte) error {
	v, err := ParseCard(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// MarshalText writes the set's cards in card order, separated by spaces,
// as String does; the empty set is the empty text.
func (s CardSet) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, ErrUnknownRank
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a hand in any form ParseHand accepts; the empty text
// is the empty set.
func (s *CardSet) UnmarshalText(text []byte) error {
	if strings.TrimSpace(string(text)) == "" {
		*s = 0
		return nil
	}
	v, err := ParseHand(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalJSON writes the set as a JSON array of cards in card order, such
// as ["AC","3C"], the form every JSON output of ginadvisor uses.
func (s CardSet) MarshalJSON() ([]byte, error) {
	if !s.Valid() {
		return nil, ErrUnknownRank
	}
	return json.Marshal(s.Strings())
}

// UnmarshalJSON reads an array of cards, each once.
func (s *CardSet) UnmarshalJSON(data []byte) error {
	var cards []Card
	if err := json.Unmarshal(data, &cards); err != nil {
		return err
	}
	var v CardSet
	for _, c := range cards {
		if v.Has(c) {
			return &ParseError{Text: c.String(), Err: ErrDuplicate}
		}
		v = v.With(c)
	}
	*s = v
	return nil
}
