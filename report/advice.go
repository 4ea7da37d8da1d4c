package report

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
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
	// Reading is what the seat has learnt of the opponent's knocks in
	// earlier hands; nil is the prior. The advice reads the opponent from
	// it and from the knock the opponent may just have passed up.
	Reading *reading.Style
	// Fixed models every opponent as simple, as the advisor did before it
	// read its opponents.
	Fixed bool
	// Compare also asks the fixed model, to say what the reading changed.
	Compare bool
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
}

// readSamples is the worlds behind the reading of the opponent's last
// decline in an advice.
const readSamples = 200

// Best returns the recommended move.
func (a *Advice) Best() game.Move { return a.Candidates[0].Move }

// Advise asks advise.Advise for the seat's decision with the advisor's
// rollout policies, and adds danger and outs to each discard. A cancelled
// ctx stops it within one chunk of worlds: it then returns the advice
// from the worlds played, without danger, with ctx's error.
func Advise(ctx context.Context, p *game.Position, o AdviceOptions) (*Advice, error) {
	ao := advise.Options{Samples: o.Samples, Time: o.Time, Seed: o.Seed, Workers: o.Workers, Rollout: bot.Rollout, Equity: o.Equity}
	var view *reading.View
	if !o.Fixed {
		style := o.Reading
		if style == nil {
			style = new(reading.Style)
		}
		ao.Rollout, ao.Accept = bot.ReadingModel(style, p)
		v := reading.Opponent(style, p, readSamples, o.Seed)
		view = &v
	}
	if ao.Equity == nil {
		// Built once for both advices of a comparison.
		ao.Equity = advise.ForRules(*p.Rules())
	}
	a, err := advise.Advise(ctx, p, ao)
	if err != nil && (len(a.Candidates) == 0 || ctx.Err() == nil) {
		return nil, err
	}
	r := &Advice{Phase: a.Phase, Before: a.Before, Opponent: view}
	if o.Compare && !o.Fixed && err == nil && len(a.Candidates) > 1 {
		fo := ao
		fo.Rollout, fo.Accept = bot.Rollout, nil
		if f, ferr := advise.Advise(ctx, p, fo); ferr == nil {
			m := f.Best()
			r.FixedBest = &m
			if k, ok := leastKnock(f.Candidates); ok {
				u := f.Candidates[k].Undercut
				r.FixedUndercut = &u
			}
		}
	}
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
	Undercut    *float64 `json:"undercut,omitempty"`
	Samples     int      `json:"samples"`
}

// MarshalJSON writes the candidate with the fields documented for
// `advise --json`.
func (m AdvisedMove) MarshalJSON() ([]byte, error) {
	c := m.Candidate
	j := advisedMoveJSON{Move: MoveText(c.Move), Equity: c.Equity, EquitySE: c.EquitySE, Points: c.Points, PointsSE: c.PointsSE,
		Advantage: c.Advantage, AdvantageSE: c.AdvantageSE, Baseline: c.Baseline, Deadwood: c.Deadwood, Samples: c.Samples,
		Danger: m.Danger, OutsKnock: m.OutsKnock, OutsGin: m.OutsGin}
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
	}{a.Line, a.Phase.String(), MoveText(a.Best()), a.Before, a.Candidates, opp, fixed, a.FixedUndercut})
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
	if i, ok := leastKnock(cands); ok {
		return a.Candidates[i], true
	}
	return AdvisedMove{}, false
}

// leastKnock returns the index of the knock of least deadwood, the first
// of them on a tie.
func leastKnock(cands []advise.Candidate) (int, bool) {
	best := -1
	for i, c := range cands {
		if c.Move.Kind == game.Knock && (best < 0 || c.Deadwood < cands[best].Deadwood) {
			best = i
		}
	}
	return best, best >= 0
}
