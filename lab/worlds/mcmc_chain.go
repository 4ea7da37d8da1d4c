package worlds

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/ginadvisor/ginadvisor/notation"
)

// chain is a Metropolis chain over assignments of cards to slots, whose
// stationary distribution is the assignments weighed by like, to the
// power beta. Its proposals are all symmetric, so a move is accepted with
// the chance the likelihoods' ratio gives, under a uniform prior: a card
// of a free slot swapped with a card of the pool outside the slots (not
// a fixed card, which must stay in a slot), two such cards at once, or
// the cards of two free slots exchanged.
type chain struct {
	a    []notation.Card
	pool []notation.Card
	// fixed are the cards that may not leave the slots; free are the
	// slots the chain moves (every slot, but where a test pins some).
	fixed notation.CardSet
	free  []int
	// beta is the power of the likelihood the chain samples: 1 but for
	// the hotter replicas of a tempered chain.
	beta float64
	ll   float64
	like func(a []notation.Card, floor float64) (float64, bool)
	rng  *rand.Rand
	// next is the proposal's scratch; tried and accepted count the
	// proposals whose likelihood was asked, and those taken.
	next            []notation.Card
	tried, accepted int
}

// The shares of the proposals: two cards swapped in from the pool at
// once (which moves between hands that differ by a pair, such as a meld
// for another), one card, and the rest exchanging two slots (which moves
// a card in time).
const (
	doubleShare = 0.2
	swapInShare = 0.4
)

// newChain starts a chain at assignment a, which like must find possible,
// with the pool of cards outside it.
func newChain(a, pool []notation.Card, fixed notation.CardSet, free []int, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) (*chain, bool) {
	ll, ok := like(a, math.Inf(-1))
	if !ok {
		return nil, false
	}
	return &chain{a: a, pool: pool, fixed: fixed, free: free, beta: 1, ll: ll, like: like, rng: rng, next: make([]notation.Card, len(a))}, true
}

// swapIn is a proposal's exchange with the pool: the pool's cards at
// in[:n] put in slots, in place of the cards out[:n].
type swapIn struct {
	n   int
	in  [2]int
	out [2]notation.Card
}

// two returns two different indexes below n, at random (n >= 2).
func two(rng *rand.Rand, n int) (int, int) {
	x, y := rng.IntN(n), rng.IntN(n-1)
	if y >= x {
		y++
	}
	return x, y
}

// propose writes a proposal to b, a copy of the assignment, and what it
// took from the pool; false for one that changes nothing, which is
// rejected (staying put keeps the proposals symmetric).
func (c *chain) propose(b []notation.Card) (sw swapIn, ok bool) {
	u := c.rng.Float64()
	switch {
	case u < doubleShare && len(c.pool) > 1 && len(c.free) > 1:
		x, y := two(c.rng, len(c.free))
		i, j := c.free[x], c.free[y]
		if c.fixed.Has(b[i]) || c.fixed.Has(b[j]) {
			return sw, false
		}
		p, q := two(c.rng, len(c.pool))
		sw.n, sw.in = 2, [2]int{p, q}
		sw.out[0], b[i] = b[i], c.pool[p]
		sw.out[1], b[j] = b[j], c.pool[q]
	case u < doubleShare+swapInShare && len(c.pool) > 0:
		i := c.free[c.rng.IntN(len(c.free))]
		if c.fixed.Has(b[i]) {
			return sw, false
		}
		sw.n, sw.in[0] = 1, c.rng.IntN(len(c.pool))
		sw.out[0], b[i] = b[i], c.pool[sw.in[0]]
	default:
		if len(c.free) < 2 {
			return sw, false
		}
		x, y := two(c.rng, len(c.free))
		i, j := c.free[x], c.free[y]
		if i < dealtSlots && j < dealtSlots {
			return sw, false // two dealt cards: the same hand at every turn
		}
		b[i], b[j] = b[j], b[i]
	}
	return sw, true
}

// step proposes one move and takes it or not.
func (c *chain) step() {
	if len(c.free) == 0 {
		return
	}
	copy(c.next, c.a)
	sw, ok := c.propose(c.next)
	if !ok {
		return
	}
	// Taken when beta like(b) >= beta ll + log u: the chance min(1, the
	// ratio of the likelihoods to the power beta).
	floor := c.ll + math.Log(c.rng.Float64())/c.beta
	c.tried++
	ll, ok := c.like(c.next, floor)
	if !ok || ll < floor {
		return
	}
	c.accepted++
	c.a, c.next = c.next, c.a
	c.ll = ll
	for k := range sw.n {
		c.pool[sw.in[k]] = sw.out[k]
	}
}

// run takes n steps.
func (c *chain) run(n int) {
	for range n {
		c.step()
	}
}

// hand returns the cards of the slots that are not fixed.
func (c *chain) hand() notation.CardSet {
	var h notation.CardSet
	for _, x := range c.a {
		h = h.With(x)
	}
	return h &^ c.fixed
}

// sample returns n hands, one every thin steps.
func (c *chain) sample(n, thin int) []notation.CardSet {
	out := make([]notation.CardSet, n)
	for i := range out {
		c.run(thin)
		out[i] = c.hand()
	}
	return out
}

// tempered is a chain run at several powers of the likelihood at once
// (parallel tempering): the hotter replicas cross between assignments
// that explain the record in different ways, through the unlikely ones
// between them, and hand what they find down to the colder ones by
// exchanging states, each exchange taken with the chance that keeps every
// replica's distribution. The coldest, at power 1, is sampled.
type tempered struct {
	reps []*chain
	rng  *rand.Rand
	// every is the steps of each replica between two rounds of exchanges.
	every int
	// swaps and swapped count the exchanges tried and taken.
	swaps, swapped int
}

// powers are the powers of the likelihood of a tempered chain's
// replicas, coldest first, and replicas their number.
var powers = [...]float64{1, 0.5, 0.25, 0.12}

const replicas = len(powers)

// exchangeEvery is the steps of each replica between two rounds of
// exchanges, unless a test asks for more.
const exchangeEvery = 10

// temper makes a tempered chain of reps, coldest first, each at its
// power.
func temper(reps []*chain, rng *rand.Rand) *tempered {
	for k, c := range reps {
		c.beta = powers[k]
	}
	return &tempered{reps: reps, rng: rng, every: exchangeEvery}
}

// run takes n steps of every replica.
func (t *tempered) run(n int) {
	for i := 0; i < n; i++ {
		for _, c := range t.reps {
			c.step()
		}
		if (i+1)%t.every == 0 {
			t.exchange()
		}
	}
}

// exchange proposes to swap the states of each pair of neighbouring
// replicas, hottest first.
func (t *tempered) exchange() {
	for k := len(t.reps) - 2; k >= 0; k-- {
		a, b := t.reps[k], t.reps[k+1]
		t.swaps++
		if math.Log(t.rng.Float64()) >= (a.beta-b.beta)*(b.ll-a.ll) {
			continue
		}
		t.swapped++
		a.a, b.a = b.a, a.a
		a.pool, b.pool = b.pool, a.pool
		a.ll, b.ll = b.ll, a.ll
	}
}

// cold is the replica at power 1.
func (t *tempered) cold() *chain { return t.reps[0] }

// sampleWithin returns n hands of the cold replica, one every thin
// steps, or as many as it has when deadline passes, one at least; the
// zero deadline never passes. A step's cost grows with the record, so
// the cost measured at the last decision can be short of this one's.
func (t *tempered) sampleWithin(n, thin int, deadline time.Time) []notation.CardSet {
	out := make([]notation.CardSet, 0, n)
	for len(out) < n && (len(out) == 0 || deadline.IsZero() || time.Now().Before(deadline)) {
		t.run(thin)
		out = append(out, t.cold().hand())
	}
	return out
}
