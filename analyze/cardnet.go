package analyze

import (
	"math"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// netPool is the hands drawn from each of the filter and the estimate
// for the card net's pool.
const netPool = 256

// netTemper scales the net's correction of each card's log-odds: at 1
// the weights, summed card by card, count the same evidence twice; the
// hands drawn read best at about 0.7 (docs/analysis.md, "A learnt
// reading: the card net").
const netTemper = 0.7

// netBound bounds a card's correction of its log-odds.
const netBound = 6

// cardNet is the card net's signature: the chance that the opponent holds
// c at p, given the worlds' chances.
type cardNet func(p *game.Position, c notation.Card, ch *reading.Chances) float64

// netHands returns the worlds' hands corrected by the card net: a pool of
// hands, half the filter's particles and half the estimate's (drawn again
// while accept turns them away, as the search draws them), whose chances
// of each card the net corrects; each hand of the pool is then drawn with
// weight e^(netTemper × Σ θ), summed over its cards, θ a card's log-odds
// from the net less the pool's. Seed makes the pool.
func netHands(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, redraws int, seed uint64) func(*rand.Rand) notation.CardSet {
	return netHandsWith(p, ps, accept, redraws, seed, reading.CardNet)
}

// netHandsWith is netHands with the net given; a nil net leaves the
// pool's chances as they are.
func netHandsWith(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, redraws int, seed uint64, net cardNet) func(*rand.Rand) notation.CardSet {
	est := probability.Infer(p)
	pool, ch := drawPool(p, &est, ps, accept, redraws, seed)
	var theta [64]float64
	for c := range est.Unseen.Cards.All() {
		if net == nil {
			break
		}
		q := net(p, c, &ch)
		// Bounded, so that no weight overflows, whatever the net says.
		theta[c] = netTemper * max(-netBound, min(netBound, math.Log(q/(1-q))-math.Log(ch.All[c]/(1-ch.All[c]))))
	}
	return weightedDraw(pool, &theta)
}

// drawPool draws the net's pool at p and counts each card's chance in it:
// in the filter's half, the estimate's, and all of it.
func drawPool(p *game.Position, est *probability.Estimate, ps *reading.Particles, accept func(notation.CardSet) float64, redraws int, seed uint64) ([]notation.CardSet, reading.Chances) {
	rng := rand.New(rand.NewPCG(seed, 0xca7d))
	s := probability.NewSampler(p, est)
	known := p.OpponentKnown()
	pool := make([]notation.CardSet, 2*netPool)
	var nf, ne [64]float64
	for i := range netPool {
		pool[i] = ps.Draw(rng)
		for c := range pool[i].All() {
			nf[c]++
		}
		hidden := s.OrganizedHidden(rng)
		for try := 1; accept != nil && try < redraws && rng.Float64() >= accept(hidden|known); try++ {
			hidden = s.OrganizedHidden(rng)
		}
		pool[netPool+i] = hidden
		for c := range hidden.All() {
			ne[c]++
		}
	}
	var ch reading.Chances
	for c := range est.Unseen.Cards.All() {
		ch.Filter[c] = (nf[c] + 0.5) / (netPool + 1)
		ch.Estimate[c] = (ne[c] + 0.5) / (netPool + 1)
		ch.All[c] = (nf[c] + ne[c] + 0.5) / (2*netPool + 1)
	}
	return pool, ch
}

// weightedDraw returns a draw from the pool, each hand with weight
// e^(Σ theta) over its cards.
func weightedDraw(pool []notation.CardSet, theta *[64]float64) func(*rand.Rand) notation.CardSet {
	cum := make([]float64, len(pool))
	sum := 0.0
	for i, h := range pool {
		z := 0.0
		for c := range h.All() {
			z += theta[c]
		}
		sum += math.Exp(z)
		cum[i] = sum
	}
	return func(rng *rand.Rand) notation.CardSet {
		u := rng.Float64() * sum
		lo, hi := 0, len(cum)-1
		for lo < hi {
			mid := (lo + hi) / 2
			if cum[mid] <= u {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return pool[lo]
	}
}
