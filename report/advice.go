package report

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/probability"
)

// AdviceOptions sets the budget of an advice report. The zero value asks
// for advise's default budget on every core.
type AdviceOptions struct {
	// Samples is the sampled worlds a candidate; with Time set it caps
	// them (0: no cap but the time).
	Samples int
	// Time, when set, spends this long instead of a fixed budget.
	Time    time.Duration
	Seed    uint64
	Workers int
	// DangerSamples is the sampled opponent hands behind each discard's
	// danger; 0 means 2,000.
	DangerSamples int
	// Equity is the equity model of the position's rules; nil builds it.
	Equity *advise.Equity
}

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
// first, with its equity, danger and outs. Commands render it as a table,
// the protocol as info lines, batch as the best move; all see the same
// values.
type Advice struct {
	// Line is the input line the position came from, when the caller
	// reads a stream of positions; 0 otherwise.
	Line  int
	Phase game.Phase
	// Before is the seat's chance of winning the game before the hand.
	Before     float64
	Candidates []AdvisedMove
}

// Best returns the recommended move.
func (a *Advice) Best() game.Move { return a.Candidates[0].Move }

// Advise asks advise.Advise for the seat's decision with the advisor's
// rollout policies, and adds danger and outs to each discard. A cancelled
// ctx stops it within one chunk of worlds: it then returns the advice
// from the worlds played, without danger, with ctx's error.
func Advise(ctx context.Context, p *game.Position, o AdviceOptions) (*Advice, error) {
	a, err := advise.Advise(ctx, p, advise.Options{Samples: o.Samples, Time: o.Time, Seed: o.Seed, Workers: o.Workers,
		Rollout: bot.Rollout, Equity: o.Equity})
	if err != nil && (len(a.Candidates) == 0 || ctx.Err() == nil) {
		return nil, err
	}
	r := &Advice{Phase: a.Phase, Before: a.Before}
	var danger map[game.Move]float64
	if p.Phase() == game.DiscardPhase && p.Hand().Len() == 11 && err == nil {
		e := probability.Infer(p)
		n := o.DangerSamples
		if n <= 0 {
			n = 2000
		}
		if d, err := probability.Danger(ctx, p, &e, n, o.Seed, o.Workers); err == nil {
			danger = map[game.Move]float64{}
			for _, x := range d.Discards {
				danger[game.DiscardMove(x.Card)] = x.Danger
			}
		}
	}
	for _, c := range a.Candidates {
		m := AdvisedMove{Candidate: c}
		if c.Move.Kind == game.Discard {
			if d, ok := danger[c.Move]; ok {
				m.Danger = &d
			}
			gin, knock := probability.CountOuts(p.Hand().Without(c.Move.Card), p.Unseen(), p.KnockLimit())
			m.OutsGin, m.OutsKnock = &gin, &knock
		}
		r.Candidates = append(r.Candidates, m)
	}
	return r, err
}

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
	Samples     int      `json:"samples"`
}

// MarshalJSON writes the candidate with the fields documented for
// `advise --json`.
func (m AdvisedMove) MarshalJSON() ([]byte, error) {
	c := m.Candidate
	j := advisedMoveJSON{Move: MoveText(c.Move), Equity: c.Equity, EquitySE: c.EquitySE, Points: c.Points, PointsSE: c.PointsSE,
		Advantage: c.Advantage, AdvantageSE: c.AdvantageSE, Baseline: c.Baseline, Deadwood: c.Deadwood, Samples: c.Samples,
		Danger: m.Danger, OutsKnock: m.OutsKnock, OutsGin: m.OutsGin}
	for i := 0; i < c.Move.Spread.N; i++ {
		j.Melds = append(j.Melds, c.Move.Spread.Melds[i].String())
	}
	return json.Marshal(j)
}

// MarshalJSON writes the advice with the fields documented for `advise
// --json`.
func (a *Advice) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Line        int           `json:"line,omitempty"`
		Phase       string        `json:"phase"`
		Recommended string        `json:"recommended"`
		Before      float64       `json:"equity_before"`
		Candidates  []AdvisedMove `json:"candidates"`
	}{a.Line, a.Phase.String(), MoveText(a.Best()), a.Before, a.Candidates})
}
