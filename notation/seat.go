package notation

import (
	"errors"
	"fmt"
	"strings"
)

// Seat is one of the two players of a hand: P1 or P2. NoSeat stands for
// nobody, such as the winner of a dead hand. Arrays indexed by seat have
// NumSeats entries.
type Seat uint8

// The seats.
const (
	P1 Seat = iota
	P2
	// NoSeat is nobody: the winner of a dead hand, the knocker of a hand
	// that no one ended.
	NoSeat
)

// NumSeats is the number of players; ranging over it visits P1 and P2.
const NumSeats Seat = 2

var seatNames = [...]string{P1: "p1", P2: "p2", NoSeat: "none"}

// Valid reports whether s is P1 or P2.
func (s Seat) Valid() bool { return s < NumSeats }

// Other returns the opponent of s. The opponent of NoSeat is NoSeat.
func (s Seat) Other() Seat {
	if !s.Valid() {
		return NoSeat
	}
	return s ^ 1
}

// String returns "p1", "p2" or "none".
func (s Seat) String() string {
	if s > NoSeat {
		return "none"
	}
	return seatNames[s]
}

// Number returns 1 for P1 and 2 for P2, as people count seats, and 0 for
// NoSeat.
func (s Seat) Number() int {
	if !s.Valid() {
		return 0
	}
	return int(s) + 1
}

// ErrSeat means a text names no seat.
var ErrSeat = errors.New("not a seat (want p1 or p2)")

// ParseSeat reads "p1" or "p2", in any case.
func ParseSeat(text string) (Seat, error) {
	switch strings.ToLower(text) {
	case "p1":
		return P1, nil
	case "p2":
		return P2, nil
	}
	return NoSeat, fmt.Errorf("%w: %q", ErrSeat, Clip(text, 20))
}

// MarshalText writes the seat as String does.
func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "p1", "p2" or "none".
func (s *Seat) UnmarshalText(text []byte) error {
	if string(text) == "none" {
		*s = NoSeat
		return nil
	}
	v, err := ParseSeat(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Clip returns at most n runes of text, with "…" when it was cut, for
// quoting hostile input in an error without splitting a rune.
func Clip(text string, n int) string {
	i := 0
	for j := range text {
		if i == n {
			return text[:j] + "…"
		}
		i++
	}
	return text
}
