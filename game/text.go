package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrMoveText means a text is not a move as Move.String writes it.
var ErrMoveText = errors.New("not a move")

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(text []byte) error {
	v, ok := ParsePhase(string(text))
	if !ok {
		return fmt.Errorf("%q is not a phase (first-offer, draw, discard, knock, over)", notation.Clip(string(text), 20))
	}
	*p = v
	return nil
}

// MarshalText writes the move kind's name.
func (k MoveKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a move kind's name.
func (k *MoveKind) UnmarshalText(text []byte) error {
	v, ok := ParseMoveKind(string(text))
	if !ok {
		return fmt.Errorf("%w: unknown kind %q", ErrMoveText, notation.Clip(string(text), 20))
	}
	*k = v
	return nil
}

// ParseMove reads a move as String writes it: "pass", "take", "draw",
// "playon", "discard KS", or a knock, gin or big gin with its melds, such
// as "knock 7C 7D 7H | AS 2S 3S".
func ParseMove(s string) (Move, error) {
	word, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	rest = strings.TrimSpace(rest)
	kind, ok := ParseMoveKind(word)
	if !ok {
		return Move{}, fmt.Errorf("%w: unknown kind %q", ErrMoveText, notation.Clip(word, 20))
	}
	m := Move{Kind: kind}
	switch kind {
	case Discard:
		c, err := notation.ParseCard(rest)
		if err != nil {
			return Move{}, fmt.Errorf("%w: discard: %w", ErrMoveText, err)
		}
		m.Card = c
	case Knock, Gin, BigGin:
		if rest != "-" {
			sp, err := meld.ParseMelds(rest)
			if err != nil {
				return Move{}, fmt.Errorf("%w: %s: %w", ErrMoveText, kind, err)
			}
			m.Spread = sp
		}
	default:
		if rest != "" {
			return Move{}, fmt.Errorf("%w: %s takes nothing after it", ErrMoveText, kind)
		}
	}
	return m, nil
}

// MarshalText writes the move as String does.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a move as ParseMove does.
func (m *Move) UnmarshalText(text []byte) error {
	v, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
