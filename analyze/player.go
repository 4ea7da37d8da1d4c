package analyze

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
)

// DefaultAdvisorSamples is the advisor player's budget: sampled worlds a
// decision.
const DefaultAdvisorSamples = 256

// AdvisorPlayer plays every decision by the advice, within its budget.
type AdvisorPlayer struct {
	opts AdviseOptions
	n    uint64
}

// NewAdvisorPlayer returns a player that follows Advise with samples worlds
// a decision, seeded from seed. It samples on one goroutine, so that many
// games may run at once.
func NewAdvisorPlayer(seed uint64, samples int) *AdvisorPlayer {
	return &AdvisorPlayer{opts: AdviseOptions{Samples: samples, Seed: seed, Workers: 1}}
}

// Name returns "advisor".
func (*AdvisorPlayer) Name() string { return "advisor" }

// HandOver does nothing: the advisor keeps no memory between hands.
func (*AdvisorPlayer) HandOver(*game.Position) {}

// Move asks for advice and follows it. A position with a single legal
// move needs no samples.
func (a *AdvisorPlayer) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	if p.MustDraw() {
		return game.DrawMove, nil
	}
	a.n++
	o := a.opts
	o.Seed = a.opts.Seed ^ a.n*0x9e3779b97f4a7c15
	adv, err := Advise(p, o)
	if err != nil {
		return game.Move{}, err
	}
	return adv.Best(), nil
}
