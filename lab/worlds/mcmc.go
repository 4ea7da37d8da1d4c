package worlds

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// MCMC draws every world's opponent hand from the posterior of the whole
// record against an opponent whose policy is known exactly: heuristic.
// It samples where the opponent's cards came from (its dealt cards and
// the card of each of its stock draws) by a tempered Metropolis chain,
// each assignment weighed by replaying heuristic's own code from the
// opponent's seat along the record, with a chance Eps of any other
// legal move. Against heuristic it is the best reading of the record
// there can be, given the time: the ceiling of any reading
// (lab/cmd/mcmc). The chain carries from one decision to the next of the
// same hand, started again from where it stopped. An MCMC serves one
// player, one decision at a time.
type MCMC struct {
	// Eps is the chance that the opponent plays another move than
	// heuristic would (0: DefaultEps).
	Eps float64
	// Burn is the steps of a hand's chain before its first sample (0:
	// DefaultBurn); Steps the steps a decision after the opponent has
	// moved, and Hands the hands kept of them, evenly (0: DefaultSteps,
	// DefaultHands). A decision the opponent has not moved since the last
	// one, which has learnt only the seat's own draw, takes a quarter of
	// the steps from where the chain stopped.
	Burn, Steps, Hands int
	// Policy and Styles model the opponent's play as ResampleMove's do
	// (both nil: heuristic's own code).
	Policy Policy
	Styles []Policy
	// Share bounds the chain's time at a decision with a time limit
	// (analyze.Decision.Time): its steps are as many as fit in this share
	// of the limit, at the cost a step has had, if fewer than Burn or
	// Steps (0: DefaultShare). The search has the rest. Without a limit
	// it takes every step, and its worlds depend on the seed alone.
	Share float64

	// The chain's state at the last decision of the hand in play, and
	// the opponent's moves the record held then.
	hand  handKey
	last  [][]notation.Card
	moves int
	// perStep is the time a step of every replica took at the last
	// decision.
	perStep time.Duration
	// Stats counts the work done.
	Stats MCMCStats
}

// The defaults of an MCMC source.
const (
	DefaultEps   = 0.02
	DefaultBurn  = 40000
	DefaultSteps = 40000
	DefaultHands = 200
	DefaultShare = 0.5
)

// burnChunk is the steps the burn takes between two looks at the time.
const burnChunk = 100

// MCMCStats counts an MCMC source's work: the decisions it drew worlds
// for, those it left to the advisor's own worlds (a record it cannot
// replay), the proposals whose likelihood was asked and those taken, and
// the exchanges between replicas tried and taken, and the time spent.
type MCMCStats struct {
	Decisions, Fallbacks int
	Tried, Accepted      int
	Swaps, Swapped       int
	Time                 time.Duration
}

// handKey tells one hand of a game from another.
type handKey struct {
	number int
	dealer notation.Seat
	scores [2]int
	upcard notation.Card
	ok     bool
}

func keyOf(p *game.Position) handKey {
	s := p.Setup()
	return handKey{number: s.Number, dealer: s.Dealer, scores: s.Scores, upcard: p.FirstUpcard().Upcard, ok: true}
}

// Worlds returns the decision's worlds, every one holding a hand of the
// chain; where the record cannot be replayed, the advisor's own.
func (m *MCMC) Worlds(d *analyze.Decision) advise.Worlds {
	start := time.Now()
	defer func() { m.Stats.Time += time.Since(start) }()
	var limit time.Duration
	if d.Time > 0 {
		limit = max(time.Nanosecond, time.Duration(orDefault(m.Share, DefaultShare)*float64(d.Time)))
	}
	hands, ok := m.draw(d.Position, d.Seed, limit)
	if !ok {
		m.Stats.Fallbacks++
		return analyze.FilterWorlds(d)
	}
	m.Stats.Decisions++
	return advise.Worlds{Hands: func(rng *rand.Rand) notation.CardSet { return hands[rng.IntN(len(hands))] }, Share: 1}
}

// draw runs the chain at p and returns its hands, within limit where it
// is above 0.
func (m *MCMC) draw(p *game.Position, seed uint64, limit time.Duration) ([]notation.CardSet, bool) {
	r, ok := readRecord(p)
	if !ok {
		return nil, false
	}
	eps, burn, steps, n := orDefault(m.Eps, DefaultEps), orDefaultInt(m.Burn, DefaultBurn), orDefaultInt(m.Steps, DefaultSteps), orDefaultInt(m.Hands, DefaultHands)
	key := keyOf(p)
	prev := m.last
	if key != m.hand {
		prev = nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x3c3c))
	like := func(a []notation.Card, floor float64) (float64, bool) { return r.likelihoodBy(a, m.Policy, eps, floor) }
	if len(m.Styles) > 0 {
		like = func(a []notation.Card, floor float64) (float64, bool) { return r.mixture(a, m.Styles, eps, floor) }
	}
	t, ok := r.tempered(prev, like, rng)
	if !ok {
		return nil, false
	}
	start, taken := time.Now(), 0
	switch {
	case prev == nil && limit > 0:
		taken = runWithin(t, burn, max(limit/2, time.Nanosecond))
	case prev == nil:
		taken = runWithin(t, burn, 0)
	case r.moves == m.moves:
		steps /= 4
	}
	if limit > 0 && taken > 0 {
		m.perStep = time.Since(start) / time.Duration(taken)
	}
	var deadline time.Time
	if limit > 0 {
		deadline = start.Add(limit)
		if m.perStep > 0 {
			steps = min(steps, int((limit-time.Since(start))/m.perStep))
		}
		// A hand kept costs a step at least: where fewer steps fit, fewer
		// hands are kept, not more time taken.
		n = min(n, max(1, steps))
	}
	thin := max(1, steps/n)
	hands := t.sampleWithin(n, thin, deadline)
	if limit > 0 {
		m.perStep = time.Since(start) / time.Duration(taken+thin*len(hands))
	}
	m.hand, m.last, m.moves = key, m.last[:0], r.moves
	for _, c := range t.reps {
		m.last = append(m.last, c.a)
		m.Stats.Tried += c.tried
		m.Stats.Accepted += c.accepted
	}
	m.Stats.Swaps += t.swaps
	m.Stats.Swapped += t.swapped
	return hands, true
}

// runWithin runs t n steps, or as many as it takes within limit where
// limit is above 0, looking at the time every burnChunk steps, and
// returns the steps taken: at least a chunk's, which measure a step's
// cost.
func runWithin(t *tempered, n int, limit time.Duration) int {
	if limit <= 0 {
		t.run(n)
		return n
	}
	start := time.Now()
	done := 0
	for done < n && (done == 0 || time.Since(start) < limit) {
		k := min(burnChunk, n-done)
		t.run(k)
		done += k
	}
	return done
}

// tempered starts a tempered chain at r, each replica from the assignment
// its last state in prev left, as far as it still holds (none: anew).
func (r *oppRecord) tempered(prev [][]notation.Card, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) (*tempered, bool) {
	reps := make([]*chain, replicas)
	for k := range reps {
		var from []notation.Card
		if k < len(prev) {
			from = prev[k]
		}
		c, ok := r.chain(from, like, rng)
		if !ok {
			return nil, false
		}
		reps[k] = c
	}
	return temper(reps, rng), true
}

// chain starts a chain at r from the assignment prev left, as far as it
// still holds (nil: anew), over every slot, weighing each by like.
func (r *oppRecord) chain(prev []notation.Card, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) (*chain, bool) {
	a, ok := r.start(prev, rng)
	if !ok {
		return nil, false
	}
	pool := (r.unseen &^ r.hiddenOf(a)).Cards()
	free := make([]int, len(a))
	for i := range free {
		free[i] = i
	}
	return newChain(a, pool, r.goneCards, free, like, rng)
}

// start returns an assignment consistent with the record: each discard
// from a slot in a slot filled before it, the slots left holding unseen
// cards. It keeps what it can of prev, an assignment of an earlier point
// of the hand, and draws the rest at random. Placing the discards in the
// order they were made always finds a slot in a consistent record:
// before each, the opponent's hand held it among the cards of its slots.
// It says false for a record that is not.
func (r *oppRecord) start(prev []notation.Card, rng *rand.Rand) ([]notation.Card, bool) {
	a := make([]notation.Card, r.slots())
	bound := make([]bool, len(a))
	for _, g := range r.gone {
		j := slices.Index(prev, g.card)
		if j < 0 || j >= len(a) || bound[j] || r.filled(j) >= g.at {
			var open []int
			for k := range a {
				if !bound[k] && r.filled(k) < g.at {
					open = append(open, k)
				}
			}
			if len(open) == 0 {
				return nil, false
			}
			j = open[rng.IntN(len(open))]
		}
		a[j], bound[j] = g.card, true
	}
	used := r.goneCards
	for i := range a {
		if !bound[i] && i < len(prev) && r.unseen.Has(prev[i]) && !used.Has(prev[i]) {
			a[i], bound[i] = prev[i], true
			used = used.With(prev[i])
		}
	}
	rest := (r.unseen &^ used).Cards()
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for i := range a {
		if !bound[i] {
			if len(rest) == 0 {
				return nil, false
			}
			a[i], rest = rest[0], rest[1:]
		}
	}
	return a, true
}

func orDefault(x, d float64) float64 {
	if x > 0 {
		return x
	}
	return d
}

func orDefaultInt(x, d int) int {
	if x > 0 {
		return x
	}
	return d
}
