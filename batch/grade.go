package batch

import (
	"context"
	"math"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Graded is one graded decision: a row of --csv and --jsonl.
type Graded struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Game   int    `json:"game"`
	Hand   int    `json:"hand"`
	Player string `json:"player"`
	Seat   int    `json:"seat"`
	Kind   Kind   `json:"-"`
	// Turn is the seat's own turn in the hand, from 1; Stock the cards
	// left in the stock at the decision.
	Turn       int     `json:"turn"`
	Stock      int     `json:"stock"`
	Move       string  `json:"move"`
	Best       string  `json:"best"`
	Matched    bool    `json:"matched"`
	EquityLost float64 `json:"equity_lost"`
	Class      string  `json:"class"`
	// Deadwood is what the move leaves: after a discard, the hand's least
	// deadwood; at a knock decision, the deadwood of the knock, or of the
	// hand when playing on; -1 for draws.
	Deadwood int    `json:"deadwood"`
	Position string `json:"position"`
	// Equity is the mover's chance of winning the game after the move
	// played, as the advisor values it; advisor grading only.
	Equity *float64 `json:"equity,omitempty"`
	// Samples and Seed are the advisor's budget and seed for this
	// decision (advisor grading only): `advise --samples N --seed S` on
	// Position shows the same values.
	Samples int    `json:"samples,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
}

// KindName is Kind as text, for JSON.
func (g *Graded) KindName() string { return g.Kind.String() }

// kindOf names the kind of a decision, or false for a forced one.
func kindOf(p *game.Position) (Kind, bool) {
	switch p.Phase() {
	case game.FirstOffer:
		return Upcard, true
	case game.DrawPhase:
		if p.MustDraw() {
			return 0, false
		}
		if p.LastChance() {
			return Upcard, true
		}
		return Draw, true
	case game.DiscardPhase:
		return Discard, true
	case game.KnockPhase:
		return KnockKind, true
	}
	return 0, false
}

// sameMove says whether two moves are the same decision: a knock is the
// same when it lays down the same cards.
func sameMove(a, b game.Move) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case game.Knock, game.Gin, game.BigGin:
		return a.Spread.Cards() == b.Spread.Cards()
	case game.Discard:
		return a.Card == b.Card
	}
	return true
}

// moveDeadwood is the deadwood a move leaves, as Graded.Deadwood says:
// -1 for the draw phase's moves, whose hand is not known in advance or
// not yet decided.
func moveDeadwood(p *game.Position, m game.Move) int {
	switch m.Kind {
	case game.Take, game.Draw, game.Pass:
		return -1
	}
	return p.DeadwoodAfter(m)
}

// gradeAdvisor values the move against the advisor's, as analyze gives it
// to the advise command for the same position, budget and seed: the
// opponent read from the position's own record. The equity lost is the
// advised move's gain over the baseline less the move's own, both
// measured in the same sampled worlds.
func gradeAdvisor(ctx context.Context, p *game.Position, m game.Move, samples int, seed uint64, equity *advise.Equity) (best game.Move, lost float64, eq *float64, err error) {
	adv, err := analyze.Advise(ctx, p, analyze.Options{Samples: samples, Seed: seed, Workers: 1, Equity: equity, MovesOnly: true})
	if err != nil {
		return m, 0, nil, err
	}
	top := adv.Candidates[0]
	chosen := -1
	for i, c := range adv.Candidates {
		if sameMove(c.Move, m) {
			chosen = i
			break
		}
	}
	if chosen < 0 && (m.Kind == game.Knock || m.Kind == game.Gin) {
		// A spread the advice did not value: the valued knock leaving
		// the same deadwood stands for it.
		dw := (p.Hand() &^ m.Spread.Cards()).Value()
		for i, c := range adv.Candidates {
			if (c.Move.Kind == game.Knock || c.Move.Kind == game.Gin) && c.Deadwood == dw {
				chosen = i
				break
			}
		}
	}
	if chosen < 0 {
		return top.Move, 0, nil, nil
	}
	e := adv.Candidates[chosen].Equity
	return top.Move, math.Max(0, top.Advantage-adv.Candidates[chosen].Advantage), &e, nil
}

// quickPointValue is the equity that --quick counts for each point of
// deadwood a move gives away, and quickOutValue for each live card that
// would complete a meld.
const (
	quickPointValue = 0.01
	quickOutValue   = 0.002
)

// gradeQuick grades by exact deadwood and outs alone, for huge log sets:
//   - a discard should leave the least deadwood, and among those the most
//     live cards that would complete a meld;
//   - the upcard should be taken when, after the best discard, it leaves
//     less deadwood than the hand has now;
//   - at a knock decision, only a missed gin counts.
func gradeQuick(p *game.Position, m game.Move) (best game.Move, lost float64) {
	hand := p.Hand()
	switch p.Phase() {
	case game.DiscardPhase:
		if m.Kind != game.Discard {
			return m, 0
		}
		allowed := hand
		if drawn, fromPile := p.Drawn(); fromPile && !p.Rules().RepeatEnds {
			allowed = allowed.Without(drawn)
		}
		unseen := p.Unseen()
		value := func(c notation.Card) float64 {
			rest := hand.Without(c)
			return quickPointValue*float64(meld.MinDeadwood(rest)) - quickOutValue*float64((meld.Completions(rest)&unseen).Len())
		}
		bestCard, bestValue := m.Card, math.Inf(1)
		for c := range allowed.All() {
			if v := value(c); v < bestValue || v == bestValue && c.Rank() > bestCard.Rank() {
				bestCard, bestValue = c, v
			}
		}
		return game.DiscardMove(bestCard), math.Max(0, value(m.Card)-bestValue)
	case game.FirstOffer, game.DrawPhase:
		up, ok := p.Upcard()
		if !ok {
			return m, 0
		}
		now := meld.MinDeadwood(hand)
		taken := math.MaxInt
		for d := range hand.All() {
			taken = min(taken, meld.MinDeadwood(hand.With(up).Without(d)))
		}
		other := game.DrawMove()
		if p.Phase() == game.FirstOffer || p.LastChance() {
			other = game.PassMove()
		}
		if taken < now {
			if m.Kind == game.Take {
				return m, 0
			}
			return game.TakeMove(), quickPointValue * float64(now-taken)
		}
		return other, 0
	case game.KnockPhase:
		if p.Rules().CanDeclare(rules.DeclareGin, hand, p.KnockLimit()) && m.Kind != game.Gin {
			sp, _, _ := meld.FirstArrangement(hand)
			return game.GinMove(sp), quickPointValue * float64(p.Rules().GinBonus)
		}
		return m, 0
	}
	return m, 0
}
