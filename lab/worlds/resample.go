package worlds

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// ResampleMove draws every world's opponent hand from a resample-move
// particle filter over the assignments the MCMC source samples (where the
// opponent's cards came from), each weighed at full strength by the same
// replay of heuristic's own code along the record. It is the first step
// of building toward the chain's ceiling at the cost of a decision under
// the clock: where MCMC runs a tempered chain of tens of thousands of
// steps a decision, ResampleMove carries its particles from one decision
// of the hand to the next and, at each, brings each one up to the record
// (the slots of the opponent's new draws filled at random, the cards the
// seat has seen since taken out), weighs it by how much likelier or less
// the record has made it, resamples when the weights have grown uneven,
// and moves each particle a few Metropolis steps, each of which keeps the
// posterior, so that the copies a resampling makes drift apart. An
// experiment: no player of the product uses it.
type ResampleMove struct {
	// Eps is the chance that the opponent plays another move than
	// heuristic would (0: DefaultEps).
	Eps float64
	// Policy models the opponent's play (nil: heuristic's own code, as
	// the chain's). Styles, when set, model it instead by a mixture: the
	// record's likelihood is the mean of its likelihoods under each of
	// them, so the particles weigh the styles by how well each explains
	// the hand's record along with the cards.
	Policy Policy
	Styles []Policy
	// Particles is the particles (0: DefaultParticles); Moves the
	// Metropolis steps of each particle after a resampling (0:
	// DefaultMoves).
	Particles, Moves int

	// The particles at the last decision of the hand in play.
	hand  handKey
	parts []particle
	// Stats counts the work done.
	Stats FilterStats
}

// The defaults of a ResampleMove source.
const (
	DefaultParticles = 256
	DefaultMoves     = 8
)

// essShare is the share of the particles under which the weights' effective
// number sets off a resampling.
const essShare = 0.5

// particle is one assignment of the opponent's slots, its log-likelihood
// along the record as it was when last weighed, and its log-weight.
type particle struct {
	a    []notation.Card
	ll   float64
	logw float64
}

// FilterStats counts a ResampleMove source's work: the decisions it drew
// worlds for, those it left to the advisor's own worlds (a record it
// cannot replay), its resamplings and the times every particle was lost,
// the moves whose likelihood was asked and those taken, and the time
// spent.
type FilterStats struct {
	Decisions, Fallbacks int
	Resamples, Restarts  int
	Tried, Accepted      int
	Time                 time.Duration
}

// Add adds the counts of t.
func (s *FilterStats) Add(t FilterStats) {
	s.Decisions += t.Decisions
	s.Fallbacks += t.Fallbacks
	s.Resamples += t.Resamples
	s.Restarts += t.Restarts
	s.Tried += t.Tried
	s.Accepted += t.Accepted
	s.Time += t.Time
}

// Worlds returns the decision's worlds, every one holding the hidden
// cards of a particle drawn by weight; where the record cannot be
// replayed, the advisor's own.
func (f *ResampleMove) Worlds(d *analyze.Decision) advise.Worlds {
	start := time.Now()
	defer func() { f.Stats.Time += time.Since(start) }()
	hands, cum, ok := f.draw(d.Position, d.Seed)
	if !ok {
		f.Stats.Fallbacks++
		return analyze.FilterWorlds(d)
	}
	f.Stats.Decisions++
	return advise.Worlds{Hands: func(rng *rand.Rand) notation.CardSet { return pick(hands, cum, rng) }, Share: 1}
}

// pick draws one of hands with the chances whose running sums are cum.
// The point drawn is above 0, so a hand of no weight, whose sum is its
// predecessor's, is never the first at or above it.
func pick(hands []notation.CardSet, cum []float64, rng *rand.Rand) notation.CardSet {
	i, _ := slices.BinarySearch(cum, (1-rng.Float64())*cum[len(cum)-1])
	return hands[min(i, len(hands)-1)]
}

// draw brings the particles up to p's record and returns their hidden
// hands with the running sums of their weights.
func (f *ResampleMove) draw(p *game.Position, seed uint64) ([]notation.CardSet, []float64, bool) {
	r, ok := readRecord(p)
	if !ok {
		return nil, nil, false
	}
	eps := orDefault(f.Eps, DefaultEps)
	n, moves := orDefaultInt(f.Particles, DefaultParticles), orDefaultInt(f.Moves, DefaultMoves)
	rng := rand.New(rand.NewPCG(seed, 0x5a3e))
	like := func(a []notation.Card, floor float64) (float64, bool) { return r.likelihoodBy(a, f.Policy, eps, floor) }
	if len(f.Styles) > 0 {
		like = func(a []notation.Card, floor float64) (float64, bool) { return r.mixture(a, f.Styles, eps, floor) }
	}
	if key := keyOf(p); key != f.hand || len(f.parts) != n {
		f.hand, f.parts = key, make([]particle, n)
	}
	if !f.reweigh(&r, like, rng) {
		f.Stats.Restarts++
		clear(f.parts)
		if !f.reweigh(&r, like, rng) {
			f.parts = nil
			return nil, nil, false
		}
	}
	if ess(f.parts) < essShare*float64(n) {
		f.resample(rng)
		f.move(moves, func(a []notation.Card, ll float64) *chain { return r.chainAt(a, ll, like, rng) })
	}
	hands, cum := make([]notation.CardSet, n), make([]float64, n)
	top := maxLogW(f.parts)
	sum := 0.0
	for i, pt := range f.parts {
		hands[i] = r.hiddenOf(pt.a)
		sum += math.Exp(pt.logw - top)
		cum[i] = sum
	}
	return hands, cum, true
}

// reweigh brings each particle up to r, starting from the assignment it
// held (none: at random), and multiplies its weight by how much its
// likelihood has grown or fallen. A particle the record rules out is
// dropped from the weights; false when every one is.
//
// A particle whose slots still hold (a new draw's slot filled at random,
// as the deal's uniform order fills it) is weighed exactly. One the seat
// has since ruled out (it held a card the seat has now seen, or did not
// hold one the opponent has thrown) is mended by start and weighed all
// the same: an approximation, which the moves after the next resampling,
// each keeping the exact posterior, wear away.
func (f *ResampleMove) reweigh(r *oppRecord, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) bool {
	alive := false
	for i := range f.parts {
		pt := &f.parts[i]
		fresh := pt.a == nil
		a, ok := r.start(pt.a, rng)
		if !ok {
			return false
		}
		ll, ok := like(a, math.Inf(-1))
		switch {
		case !ok:
			pt.logw = math.Inf(-1)
		case fresh:
			pt.logw = ll
		default:
			pt.logw += ll - pt.ll
		}
		pt.a, pt.ll = a, ll
		alive = alive || !math.IsInf(pt.logw, -1)
	}
	return alive
}

// ess is the effective number of particles of the weights.
func ess(parts []particle) float64 {
	top := maxLogW(parts)
	var s, s2 float64
	for _, pt := range parts {
		w := math.Exp(pt.logw - top)
		s += w
		s2 += w * w
	}
	if s2 == 0 {
		return 0
	}
	return s * s / s2
}

func maxLogW(parts []particle) float64 {
	top := math.Inf(-1)
	for _, pt := range parts {
		top = max(top, pt.logw)
	}
	return top
}

// resample draws the particles again by weight, systematically (one
// uniform offset, then evenly), and gives each the same weight.
func (f *ResampleMove) resample(rng *rand.Rand) {
	f.Stats.Resamples++
	n := len(f.parts)
	top := maxLogW(f.parts)
	cum := make([]float64, n)
	sum := 0.0
	for i, pt := range f.parts {
		sum += math.Exp(pt.logw - top)
		cum[i] = sum
	}
	out := make([]particle, n)
	u := rng.Float64()
	j := 0
	for i := range out {
		x := (float64(i) + u) / float64(n) * sum
		for j < n-1 && cum[j] <= x {
			j++
		}
		from := f.parts[j]
		out[i] = particle{a: slices.Clone(from.a), ll: from.ll}
	}
	f.parts = out
}

// move takes steps Metropolis steps of each particle, on the chain
// chainAt starts at its assignment and log-likelihood.
func (f *ResampleMove) move(steps int, chainAt func(a []notation.Card, ll float64) *chain) {
	for i := range f.parts {
		pt := &f.parts[i]
		c := chainAt(pt.a, pt.ll)
		c.run(steps)
		pt.a, pt.ll = c.a, c.ll
		f.Stats.Tried += c.tried
		f.Stats.Accepted += c.accepted
	}
}

// chainAt is the chain at power 1 over every slot of r, at assignment a
// of log-likelihood ll, whose pool is the unseen cards a does not hide.
func (r *oppRecord) chainAt(a []notation.Card, ll float64, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) *chain {
	free := make([]int, len(a))
	for i := range free {
		free[i] = i
	}
	return &chain{a: a, pool: (r.unseen &^ r.hiddenOf(a)).Cards(), fixed: r.goneCards, free: free,
		beta: 1, ll: ll, like: like, rng: rng, next: make([]notation.Card, len(a))}
}
