package position

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrPosition is wrapped by every error reading a position.
var ErrPosition = errors.New("bad position")

// ErrHand means a hand of cards was given where a position is wanted. Its
// Error offers, in Suggest, the position form of the hand.
var ErrHand = errors.New("a hand, not a position")

// Error says where a position went wrong: Col is the 1-based column, in
// characters, of the part at fault. It unwraps to ErrPosition and to its
// cause, such as notation.ErrUnknownRank, rules.ErrFieldValue or
// game.ErrFacts.
type Error struct {
	Col int
	Msg string
	Err error
	// Suggest, when set, is a position to give in the input's place, such
	// as the position form of a hand given where a position is wanted.
	Suggest string
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Unwrap returns ErrPosition and the cause, when there is one.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrPosition}
	}
	return []error{ErrPosition, e.Err}
}

// MaxFaults bounds the faults an Errors lists; those past it are counted.
const MaxFaults = 10

// Errors is every fault found in one position, each an *Error with its
// column, in the order of the columns: a position with several faults is
// reported whole, not one fault a try. It unwraps to each fault, so that
// errors.Is finds any fault's cause and errors.As the first *Error.
type Errors struct {
	Faults []*Error // at most MaxFaults
	More   int      // the faults found past MaxFaults
}

func (e *Errors) Error() string {
	parts := make([]string, 0, len(e.Faults)+1)
	for _, f := range e.Faults {
		parts = append(parts, f.Error())
	}
	if e.More > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", e.More))
	}
	return strings.Join(parts, "; ")
}

// Unwrap returns each fault.
func (e *Errors) Unwrap() []error {
	out := make([]error, len(e.Faults))
	for i, f := range e.Faults {
		out[i] = f
	}
	return out
}

// faults gathers the faults of one position as reading goes on.
type faults struct {
	list []*Error
	more int
}

// add records err, an *Error or the *Errors of a part; nil is no fault.
func (fs *faults) add(err error) {
	var list *Errors
	var one *Error
	switch {
	case err == nil:
	case errors.As(err, &list):
		for _, f := range list.Faults {
			fs.add(f)
		}
		fs.more += list.More
	case errors.As(err, &one):
		if len(fs.list) < MaxFaults {
			fs.list = append(fs.list, one)
		} else {
			fs.more++
		}
	default:
		fs.add(&Error{Col: 1, Msg: err.Error(), Err: err})
	}
}

// any says a fault was found.
func (fs *faults) any() bool { return len(fs.list) > 0 }

// err returns the faults found: nil, the one *Error, or an *Errors.
func (fs *faults) err() error {
	switch {
	case len(fs.list) == 0:
		return nil
	case len(fs.list) == 1 && fs.more == 0:
		return fs.list[0]
	}
	list := slices.Clone(fs.list)
	slices.SortStableFunc(list, func(a, b *Error) int { return a.Col - b.Col })
	return &Errors{Faults: list, More: fs.more}
}

// handError is the error for a hand given where a position is wanted: it
// says so and, for a hand of 10 or 11 cards, offers the position form of
// the hand, which reads under any rules.
func handError(hand notation.CardSet) *Error {
	e := &Error{Col: 1, Err: ErrHand}
	suggest, standIns := HandPosition(hand)
	if suggest == "" {
		cards := "cards"
		if hand.Len() == 1 {
			cards = "card"
		}
		e.Msg = fmt.Sprintf("a hand of %d %s, not a position: a position starts with the seat and the phase, such as \"p1 draw\", then the hand= and the rest (docs/notation.md)", hand.Len(), cards)
		return e
	}
	e.Suggest = suggest
	e.Msg = fmt.Sprintf("a hand, not a position; as a position, with %s: %q", standIns, suggest)
	return e
}
