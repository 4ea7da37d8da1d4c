package worlds

import (
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// poolHalf is the hands drawn from each of the filter and the estimate
// for a pool.
const poolHalf = 256

// drawPool draws a pool of hands at p as the advisor's worlds draw them,
// half from the filter's particles and half from the estimate (drawn
// again while accept turns them away, at most redraws times), and counts
// each card's chance in it, smoothed. Seed makes the pool.
func drawPool(p *game.Position, est *probability.Estimate, ps *reading.Particles, accept func(notation.CardSet) float64, redraws int, seed uint64) ([]notation.CardSet, [64]float64) {
	rng := rand.New(rand.NewPCG(seed, 0xca7d))
	s := probability.NewSampler(p, est)
	known := p.OpponentKnown()
	pool := make([]notation.CardSet, 2*poolHalf)
	var n [64]float64
	for i := range poolHalf {
		pool[i] = ps.Draw(rng)
		hidden := s.OrganizedHidden(rng)
		for try := 1; accept != nil && try < redraws && rng.Float64() >= accept(hidden|known); try++ {
			hidden = s.OrganizedHidden(rng)
		}
		pool[poolHalf+i] = hidden
		for _, h := range [2]notation.CardSet{pool[i], hidden} {
			for c := range h.All() {
				n[c]++
			}
		}
	}
	var chance [64]float64
	for c := range est.Unseen.Cards.All() {
		chance[c] = (n[c] + 0.5) / (2*poolHalf + 1)
	}
	return pool, chance
}
