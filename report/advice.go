package report

import (
	"encoding/json"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/reading"
)

// AdvisedMove is one candidate of an advice with what else is known of
// it: for a discard, its danger (the chance the opponent can meld it) and
// the outs it leaves.
type AdvisedMove struct {
	advise.Candidate
	// Danger is set for discards when the danger could be measured.
	Danger *float64
	// OutsGin and OutsKnock count, for a discard, the unseen cards that
	// would bring gin and a knock at the next draw.
	OutsGin, OutsKnock *int
}

// Advice is the advisor's view of one decision: every candidate, best
// first, with its equity, danger and outs. Package analyze makes it;
// commands render it as a table, the protocol as info lines, batch as the
// best move; all see the same values.
type Advice struct {
	// Line is the input line the position came from, when the caller
	// reads a stream of positions; 0 otherwise.
	Line  int
	Phase game.Phase
	// Before is the seat's chance of winning the game before the hand.
	Before     float64
	Candidates []AdvisedMove
	// Opponent is the reading of the opponent behind the advice; nil when
	// the opponent is modelled as simple (Fixed).
	Opponent *reading.View
	// FixedBest is the move the advice would be with the opponent
	// modelled as simple; set with Compare.
	FixedBest *game.Move
	// FixedUndercut is, at a knock decision, the chance that the knock of
	// least deadwood is undercut with the opponent modelled as simple;
	// set with Compare.
	FixedUndercut *float64
	// Abandoned counts the rollouts abandoned as endless, each scored as
	// a dead hand (advise.Advice.Abandoned).
	Abandoned int
	// Why is why the recommendation is preferred to the runner-up, or
	// that the two are equal within the noise.
	Why Why
}

// Best returns the recommended move.
func (a *Advice) Best() game.Move { return a.Candidates[0].Move }

// MoveText is a move as the reports write it: "discard KS", or the kind
// alone ("draw", "knock"); the melds of a knock are written apart.
func MoveText(m game.Move) string {
	if m.Kind == game.Discard {
		return "discard " + m.Card.String()
	}
	return m.Kind.String()
}

type advisedMoveJSON struct {
	Move        string   `json:"move"`
	Melds       []string `json:"melds,omitempty"`
	Equity      float64  `json:"equity"`
	EquitySE    float64  `json:"equity_se"`
	Points      float64  `json:"points"`
	PointsSE    float64  `json:"points_se"`
	Advantage   float64  `json:"advantage"`
	AdvantageSE float64  `json:"advantage_se"`
	Baseline    bool     `json:"baseline"`
	Deadwood    int      `json:"deadwood"`
	Danger      *float64 `json:"danger,omitempty"`
	OutsKnock   *int     `json:"outs_knock,omitempty"`
	OutsGin     *int     `json:"outs_gin,omitempty"`
	Undercut    *float64 `json:"undercut,omitempty"`
	Samples     int      `json:"samples"`
	Abandoned   int      `json:"abandoned"`
	Loss        float64  `json:"loss"`
	LossSE      float64  `json:"loss_se"`
	Tie         bool     `json:"tie"`
}

// MarshalJSON writes the candidate with the fields documented for
// `advise --json`.
func (m AdvisedMove) MarshalJSON() ([]byte, error) {
	c := m.Candidate
	j := advisedMoveJSON{Move: MoveText(c.Move), Equity: c.Equity, EquitySE: c.EquitySE, Points: c.Points, PointsSE: c.PointsSE,
		Advantage: c.Advantage, AdvantageSE: c.AdvantageSE, Baseline: c.Baseline, Deadwood: c.Deadwood, Samples: c.Samples,
		Danger: m.Danger, OutsKnock: m.OutsKnock, OutsGin: m.OutsGin, Abandoned: c.Abandoned, Loss: c.Loss, LossSE: c.LossSE, Tie: c.Tie}
	if c.Move.Kind == game.Knock {
		u := c.Undercut
		j.Undercut = &u
	}
	for i := 0; i < c.Move.Spread.N; i++ {
		j.Melds = append(j.Melds, c.Move.Spread.Melds[i].String())
	}
	return json.Marshal(j)
}

// MarshalJSON writes the advice with the fields documented for `advise
// --json`.
func (a *Advice) MarshalJSON() ([]byte, error) {
	var fixed string
	if a.FixedBest != nil {
		fixed = MoveText(*a.FixedBest)
	}
	var opp *opponentJSON
	if v := a.Opponent; v != nil {
		opp = &opponentJSON{v.Weights[reading.KnockAtOnce], v.Weights[reading.KnockEarly], v.Weights[reading.KnockLow], v.Weights[reading.KnockLate], v.Read, v.Declined, v.CouldKnock,
			v.Take[reading.TakeIntoMeld], v.Take[reading.TakeToLower], v.Discard[reading.DiscardDeadwood], v.Discard[reading.DiscardSafe], v.Discard[reading.DiscardOpen], v.Turns}
	}
	return json.Marshal(struct {
		Line        int           `json:"line,omitempty"`
		Phase       string        `json:"phase"`
		Recommended string        `json:"recommended"`
		Before      float64       `json:"equity_before"`
		Candidates  []AdvisedMove `json:"candidates"`
		Opponent    *opponentJSON `json:"opponent,omitempty"`
		FixedBest   string        `json:"fixed_best,omitempty"`
		FixedUnder  *float64      `json:"fixed_undercut,omitempty"`
		Abandoned   int           `json:"abandoned_rollouts"`
		Why         string        `json:"why"`
	}{a.Line, a.Phase.String(), MoveText(a.Best()), a.Before, a.Candidates, opp, fixed, a.FixedUndercut, a.Abandoned, a.Why.String()})
}

// opponentJSON is the reading of the opponent, as `advise --json` writes it.
type opponentJSON struct {
	AtOnce     float64 `json:"knocks_at_once"`
	Early      float64 `json:"knocks_early"`
	Low        float64 `json:"knocks_low"`
	Late       float64 `json:"knocks_late"`
	Read       int     `json:"decisions_read"`
	Declined   bool    `json:"declined"`
	CouldKnock float64 `json:"could_knock"`
	IntoMeld   float64 `json:"takes_into_meld"`
	ToLower    float64 `json:"takes_to_lower"`
	Deadwood   float64 `json:"discards_deadwood"`
	Safe       float64 `json:"discards_safe"`
	Open       float64 `json:"discards_open"`
	Turns      int     `json:"turns_read"`
}

// LeastKnock returns the knock of least deadwood among the candidates, the
// first of them on a tie.
func (a *Advice) LeastKnock() (AdvisedMove, bool) {
	cands := make([]advise.Candidate, len(a.Candidates))
	for i, c := range a.Candidates {
		cands[i] = c.Candidate
	}
	if i, ok := LeastKnockOf(cands); ok {
		return a.Candidates[i], true
	}
	return AdvisedMove{}, false
}

// LeastKnockOf returns the index of the knock of least deadwood, the first
// of them on a tie.
func LeastKnockOf(cands []advise.Candidate) (int, bool) {
	best := -1
	for i, c := range cands {
		if c.Move.Kind == game.Knock && (best < 0 || c.Deadwood < cands[best].Deadwood) {
			best = i
		}
	}
	return best, best >= 0
}
