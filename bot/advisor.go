package bot

import (
	"context"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// DefaultAdvisorSamples is the advisor player's budget: sampled worlds a
// decision.
const DefaultAdvisorSamples = 256

// SmallAdvisorSamples is the budget of "advisor-small", a sparring
// partner that thinks like the advisor at a fifth of its budget.
const SmallAdvisorSamples = 48

// FixedAdvisorMargin is the margin of "advisor-fixed", the advisor as it
// was before it read its opponent: the figures measured for it then stand.
const FixedAdvisorMargin = 2.5

// MaxAdvisorSamples bounds the advisor's budget wherever a user sets it.
const MaxAdvisorSamples = 100_000

// Rollout returns the advisor's rollout policies: its own seat plays on
// as the heuristic player, the other as simple. It is an advise.Rollout.
func Rollout() (own, opponent game.Policy) {
	return NewHeuristic(0), NewSimple(2)
}

// Advisor plays every decision by the advice, within its budget.
type Advisor struct {
	opts advise.Options
	// equityRules are the rules opts.Equity was built for.
	equityRules rules.Rules
	n           uint64
	// Fixed turns reading off: every opponent is modelled as simple.
	Fixed bool
	// Reading is what the advisor has learnt of its opponent's knocks,
	// over the hands of the game so far.
	Reading reading.Style
}

// NewAdvisor returns a player that follows advise.Advise with samples
// worlds a decision (0: DefaultAdvisorSamples), seeded from seed. It
// samples on one goroutine, so that many games may run at once.
func NewAdvisor(seed uint64, samples int) *Advisor {
	if samples <= 0 {
		samples = DefaultAdvisorSamples
	}
	samples = min(samples, MaxAdvisorSamples)
	return &Advisor{opts: advise.Options{Samples: samples, Seed: seed, Workers: 1, Rollout: Rollout}}
}

// newAdvisor is NewAdvisor with the margin of o.
func newAdvisor(seed uint64, samples int, o Options) *Advisor {
	a := NewAdvisor(seed, samples)
	a.opts.Margin = o.AdvisorMargin
	return a
}

// Name returns "advisor".
func (*Advisor) Name() string { return "advisor" }

// HandOver reads the opponent's knock decisions from the finished hand.
func (a *Advisor) HandOver(p *game.Position) {
	if !a.Fixed {
		a.Reading.ReadHand(p)
	}
}

// Move asks for advice and follows it. A position with a single legal
// move needs no samples. When ctx is done in the middle of a decision, the
// advisor stops within one chunk of worlds and returns ctx's error.
func (a *Advisor) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	if p.MustDraw() {
		return game.DrawMove(), nil
	}
	// The equity model is built once for the game's rules.
	if r := *p.Rules(); a.opts.Equity == nil || a.equityRules != r {
		a.opts.Equity, a.equityRules = advise.ForRules(r), r
	}
	a.n++
	o := a.opts
	o.Seed = a.opts.Seed ^ a.n*0x9e3779b97f4a7c15
	if !a.Fixed {
		o.Rollout, o.Accept = ReadingModel(&a.Reading, p)
	}
	adv, err := advise.Advise(ctx, p, o)
	if err != nil {
		return game.Move{}, err
	}
	return adv.Best(), nil
}
