package advise

import (
	"encoding/json"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Ending is how a hand ended, from one seat's side: who knocked, and
// whether the knock was gin or was undercut.
type Ending uint8

// The endings of a hand, from the seat's side.
const (
	// OwnKnock is the seat's knock that was not undercut (gin apart).
	OwnKnock Ending = iota
	// OwnGin is the seat's gin or big gin.
	OwnGin
	// OwnUndercut is the seat's knock, undercut by the opponent.
	OwnUndercut
	// OppKnock is the opponent's knock that was not undercut (gin apart).
	OppKnock
	// OppGin is the opponent's gin or big gin.
	OppGin
	// OppUndercut is the opponent's knock, undercut by the seat.
	OppUndercut
	// DeadHand is a hand that ended with no knock, an abandoned rollout
	// included.
	DeadHand
	// NumEndings counts the endings.
	NumEndings
)

var endingNames = [NumEndings]string{"own_knock", "own_gin", "own_undercut", "opp_knock", "opp_gin", "opp_undercut", "dead"}

// String returns the ending's stable name, such as "opp_gin".
func (e Ending) String() string {
	if e < NumEndings {
		return endingNames[e]
	}
	return "unknown"
}

// EndingOf says how the hand of res ended, from seat's side.
func EndingOf(res *game.Result, seat notation.Seat) Ending {
	if !res.Knocker.Valid() {
		return DeadHand
	}
	var e Ending
	switch res.Score.Outcome {
	case rules.Gin, rules.BigGin:
		e = OwnGin
	case rules.Undercut:
		e = OwnUndercut
	default:
		e = OwnKnock
	}
	if res.Knocker != seat {
		e += OppKnock
	}
	return e
}

// Outcomes counts how a candidate's rollouts ended: the mix of knocks,
// gins, undercuts and dead hands its search expects, what each ending was
// worth, and how long the hands ran. It is a value of fixed size, so that
// counting costs a rollout no allocation.
type Outcomes struct {
	// By counts the rollouts by how they ended, indexed by Ending.
	By [NumEndings]int
	// Equity sums, by ending, the seat's chance of winning the game after
	// the hand over the rollouts that ended so (unweighed): what a shift
	// of the mix from one ending to another is worth.
	Equity [NumEndings]float64
	// Draws sums, over the rollouts, the hand's draws by both seats when
	// it ended (those before the decision included).
	Draws int
}

// Add counts one rollout that ended as e after draws draws of the hand,
// leaving the seat an equity of eq.
func (o *Outcomes) Add(e Ending, draws int, eq float64) {
	o.By[e]++
	o.Equity[e] += eq
	o.Draws += draws
}

// AddAll adds every count of x into o.
func (o *Outcomes) AddAll(x *Outcomes) {
	for e := range o.By {
		o.By[e] += x.By[e]
		o.Equity[e] += x.Equity[e]
	}
	o.Draws += x.Draws
}

// Rollouts returns the rollouts counted.
func (o *Outcomes) Rollouts() int {
	n := 0
	for _, c := range o.By {
		n += c
	}
	return n
}

// Share returns the share of the rollouts that ended as e; 0 with none.
func (o *Outcomes) Share(e Ending) float64 {
	n := o.Rollouts()
	if n == 0 {
		return 0
	}
	return float64(o.By[e]) / float64(n)
}

// MeanEquity returns the mean equity of the rollouts that ended as e; 0
// with none.
func (o *Outcomes) MeanEquity(e Ending) float64 {
	if o.By[e] == 0 {
		return 0
	}
	return o.Equity[e] / float64(o.By[e])
}

// MeanDraws returns the mean draws of the hand when the rollouts ended;
// 0 with none.
func (o *Outcomes) MeanDraws() float64 {
	n := o.Rollouts()
	if n == 0 {
		return 0
	}
	return float64(o.Draws) / float64(n)
}

// MarshalJSON writes the counts by the endings' names, and the draws.
func (o Outcomes) MarshalJSON() ([]byte, error) {
	m := make(map[string]int, NumEndings+1)
	for e, c := range o.By {
		m[Ending(e).String()] = c
	}
	m["draws"] = o.Draws
	return json.Marshal(m)
}
