package rules

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Outcome is how a hand ended.
type Outcome uint8

// The outcomes of a hand.
const (
	// Knock is a knock that the defender did not undercut.
	Knock Outcome = iota
	// Undercut is a knock where the defender had as little deadwood or less.
	Undercut
	// Gin is a knock with no deadwood.
	Gin
	// BigGin is gin with all 11 cards.
	BigGin
	// Dead is a hand that ran out of stock with no knock.
	Dead
)

var outcomeNames = [...]string{"knock", "undercut", "gin", "big_gin", "dead"}

// MarshalText writes the outcome's stable name, such as "big_gin".
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's stable name.
func (o *Outcome) UnmarshalText(text []byte) error {
	for i, n := range outcomeNames {
		if n == string(text) {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("unknown outcome %q", notation.Clip(string(text), 20))
}

// String returns the outcome's stable name: knock, undercut, gin, big_gin
// or dead.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "unknown"
}

// Side is a player's role in a showdown.
type Side int8

// The sides.
const (
	NoSide Side = iota - 1
	Knocker
	Defender
)

func (s Side) String() string {
	switch s {
	case Knocker:
		return "knocker"
	case Defender:
		return "defender"
	}
	return "none"
}

// Line is one line of a score breakdown.
type Line struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
}

func (l Line) String() string { return fmt.Sprintf("%s: %d", l.Label, l.Points) }

// HandScore is the settled result of one hand. It holds no pointers, so
// settling a hand allocates nothing; Breakdown spells it out on demand.
type HandScore struct {
	Outcome Outcome
	Winner  Side
	// Points is what the winner scores: (Bonus + Difference) * Multiplier.
	Points     int
	Bonus      int
	Difference int
	Multiplier int
	// KnockerDeadwood and DefenderDeadwood are as counted for the score:
	// the defender's after lay-offs (none against gin).
	KnockerDeadwood  int
	DefenderDeadwood int
}

var outcomeWords = [...]string{"knock", "undercut", "gin", "big gin", "dead hand"}

// Words names the outcome for people ("big gin"); String is the stable
// identifier for JSON and logs ("big_gin").
func (o Outcome) Words() string {
	if int(o) < len(outcomeWords) {
		return outcomeWords[o]
	}
	return o.String()
}

// OutcomeWords turns an outcome identifier back into words for people.
func OutcomeWords(id string) string {
	for i, n := range outcomeNames {
		if n == id {
			return outcomeWords[i]
		}
	}
	return id
}

// Summary says in words who scored what.
func (h HandScore) Summary() string {
	if h.Outcome == Dead {
		return "dead hand: no score"
	}
	return fmt.Sprintf("%s: %s scores %d", h.Outcome.Words(), h.Winner, h.Points)
}

// Breakdown lists the parts of the score, line by line; they add up to
// Points.
func (h HandScore) Breakdown() []Line {
	var out []Line
	switch h.Outcome {
	case Dead:
		return []Line{{Label: "dead hand", Points: 0}}
	case BigGin:
		out = append(out, Line{"big gin bonus", h.Bonus}, Line{"defender's deadwood (no lay-offs against gin)", h.Difference})
	case Gin:
		out = append(out, Line{"gin bonus", h.Bonus}, Line{"defender's deadwood (no lay-offs against gin)", h.Difference})
	case Undercut:
		out = append(out, Line{"undercut bonus", h.Bonus},
			Line{fmt.Sprintf("knocker's deadwood %d less defender's %d", h.KnockerDeadwood, h.DefenderDeadwood), h.Difference})
	default:
		out = append(out, Line{fmt.Sprintf("defender's deadwood %d less knocker's %d", h.DefenderDeadwood, h.KnockerDeadwood), h.Difference})
	}
	if h.Multiplier > 1 {
		out = append(out, Line{fmt.Sprintf("spade upcard: hand counts %d times", h.Multiplier), (h.Bonus + h.Difference) * (h.Multiplier - 1)})
	}
	return out
}

// ScoreKnock settles a knock. knockerDeadwood is the deadwood the knocker
// laid down; defenderDeadwood is the defender's after lay-offs (the caller
// gives the deadwood before lay-offs for gin, where none are allowed).
// bigGin says the knocker melded all 11 cards. multiplier is 1, or 2 for
// Oklahoma spade doubling.
func (r Rules) ScoreKnock(knockerDeadwood, defenderDeadwood int, bigGin bool, multiplier int) HandScore {
	h := HandScore{KnockerDeadwood: knockerDeadwood, DefenderDeadwood: defenderDeadwood, Multiplier: max(multiplier, 1)}
	switch {
	case knockerDeadwood == 0 && bigGin:
		h.Outcome, h.Winner, h.Bonus, h.Difference = BigGin, Knocker, r.BigGinBonus, defenderDeadwood
	case knockerDeadwood == 0:
		h.Outcome, h.Winner, h.Bonus, h.Difference = Gin, Knocker, r.GinBonus, defenderDeadwood
	case defenderDeadwood < knockerDeadwood || (defenderDeadwood == knockerDeadwood && r.TieIsUndercut):
		h.Outcome, h.Winner, h.Bonus, h.Difference = Undercut, Defender, r.UndercutBonus, knockerDeadwood-defenderDeadwood
	default:
		h.Outcome, h.Winner, h.Difference = Knock, Knocker, defenderDeadwood-knockerDeadwood
	}
	h.Points = (h.Bonus + h.Difference) * h.Multiplier
	return h
}

// DeadHand is the score of a hand that ended with no knock.
func DeadHand() HandScore { return HandScore{Outcome: Dead, Winner: NoSide, Multiplier: 1} }

// KnockerNet is the hand's value to the knocker: its points if it won, less
// the defender's points if it lost.
func (h HandScore) KnockerNet() int {
	if h.Winner == Defender {
		return -h.Points
	}
	return h.Points
}
