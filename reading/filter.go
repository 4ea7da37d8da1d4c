package reading

import (
	"math"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Particles is the opponent's hand followed through the hand's record by
// a particle filter: a set of hands, each weighed by how likely the
// opponent's every decision of the hand was with it, under the posterior
// of a Style.
//
// Each particle starts as a hand dealt from the cards the opponent could
// have held (those the seat has not seen, and those the opponent threw
// later), draws from the stock as the opponent did, takes and throws the
// cards the record shows, and is weighed at each offer, discard and
// decline. A particle that must throw a card it does not hold swaps it in
// for one of its cards of unknown origin: the record then says it held
// it. The last turn's evidence is weighed as every earlier one is.
type Particles struct {
	hands         []notation.CardSet
	logw          []float64
	known, unseen notation.CardSet
	hidden        int
	// cum is the running sum of the normalized weights, for Draw.
	cum []float64
}

// discardTemper is the power a discard's likelihood is raised to. The
// discard rules are a model: at full strength each discard would leave a
// handful of the particles, and their hands would be too sure of
// themselves (log-loss a card, against heuristic in draws 20 and later,
// 0.481 at full strength, 0.467 at half; at 0.3, 0.506).
const discardTemper = 0.5

// tempered returns l to the power discardTemper.
func tempered(l float64) float64 {
	if discardTemper == 0.5 {
		return math.Sqrt(l)
	}
	return math.Pow(l, discardTemper)
}

// The strength tilt of FilterTilted: when the filter finishes, each
// particle is weighed by e^(-λ × its hand's least deadwood), λ growing
// with the draws of the hand from 0 to strengthTilt at strengthRamp draws
// and on. A particle draws from the stock at random and keeps whatever the
// record does not say it threw, but a real player keeps the best of its
// draws, so its hand gets stronger faster than the particles'. Against
// heuristic, over 60 games, the particles' least deadwood was 33.6 and
// 24.0 in draws 6-11 and 12-19, the true hand's 25.3 and 14.6; tilted,
// 25.5 and 15.4, and alike against standin and the advisor
// (docs/research.md, "The particles' strength").
const (
	strengthTilt = 0.15
	strengthRamp = 20
)

// tiltAt is the strength tilt's λ after draws draws of the hand.
func tiltAt(draws int) float64 {
	return strengthTilt * min(1, float64(draws)/strengthRamp)
}

// handSize is the cards a hand is dealt.
const handSize = 10

// MaxParticles bounds the particles of one filter.
const MaxParticles = 1 << 14

// filterRun is a filter in progress: the particles, and what the seat
// has seen of the table, event by event.
type filterRun struct {
	Particles
	rng *rand.Rand
	opp notation.Seat
	// pool is every card the opponent may have held at some time from the
	// stock or the deal; gone the ones it has thrown so far.
	pool, gone notation.CardSet
	// oppTook are the cards it took from the pile, which no swap may
	// replace while it holds them.
	oppTook notation.CardSet
	knock   [NumKnockRules]float64
	take    [NumTakeRules]float64
	discard [NumDiscardRules]float64
	limit   int
	// tilt is the strength tilt's λ at the record's end, or 0 for none.
	tilt float64
	// odds are each particle's likelihoods since its weight was last
	// brought up to date, as a product: a turn's few factors cannot
	// underflow, and a logarithm each would cost more than the rest of
	// the weighing.
	odds    []float64
	scratch []notation.CardSet
	buf     [notation.NumCards]notation.Card
}

// Filter runs a particle filter of n particles (at most MaxParticles)
// over the record of p, under the posterior of s. It reports false when
// the position lacks the whole record of the hand, or the record leaves
// no hand the opponent could hold.
func Filter(s *Style, p *game.Position, n int, seed uint64) (*Particles, bool) {
	return filter(s, p, n, seed, false)
}

// FilterTilted is Filter with the strength tilt: its particles' weights
// lean to the stronger hands, so that they hold hands as strong as a real
// player's. It reads the cards better than Filter and foresees the
// undercuts of the advisor's knocks, but the advisor drawing its worlds
// from it did not beat the advisor drawing them from Filter (49.7% over
// 2,000 games), so the advisor keeps Filter; it is here for measurement.
func FilterTilted(s *Style, p *game.Position, n int, seed uint64) (*Particles, bool) {
	return filter(s, p, n, seed, true)
}

// filter is FilterTilted when tilted, else Filter.
func filter(s *Style, p *game.Position, n int, seed uint64, tilted bool) (*Particles, bool) {
	if !p.RecordComplete() || p.NumEvents() == 0 || !p.Started() || n <= 0 {
		return nil, false
	}
	n = min(n, MaxParticles)
	f := &filterRun{
		rng: rand.New(rand.NewPCG(seed, 0x5eed)), opp: p.Seat().Other(),
		knock: s.Weights(), take: s.TakeWeights(), discard: s.DiscardWeights(), limit: p.KnockLimit(),
	}
	f.known, f.hidden, f.unseen = p.OpponentKnown(), p.OpponentHidden(), p.Unseen()
	var thrown, took notation.CardSet
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		if e.Seat != f.opp || !e.Card.Valid() {
			continue
		}
		switch e.Kind {
		case game.Discarded:
			thrown = thrown.With(e.Card)
		case game.Took:
			took = took.With(e.Card)
		}
	}
	f.pool = (p.Unseen() | thrown) &^ took
	if f.pool.Len() < handSize {
		return nil, false
	}
	f.hands, f.logw, f.odds, f.scratch = make([]notation.CardSet, n), make([]float64, n), make([]float64, n), make([]notation.CardSet, n)
	for j := range f.odds {
		f.odds[j] = 1
	}
	for i := range f.hands {
		f.hands[i] = f.dealt()
	}
	draws := f.walk(p)
	if tilted {
		f.tilt = tiltAt(draws)
	}
	return f.finish()
}

// dealt deals one starting hand from the pool.
func (f *filterRun) dealt() notation.CardSet {
	k := 0
	for c := range f.pool.All() {
		f.buf[k] = c
		k++
	}
	var h notation.CardSet
	for j := 0; j < handSize; j++ {
		r := j + f.rng.IntN(k-j)
		f.buf[j], f.buf[r] = f.buf[r], f.buf[j]
		h = h.With(f.buf[j])
	}
	return h
}

// pick returns a random card of set, which must not be empty.
func (f *filterRun) pick(set notation.CardSet) notation.Card {
	return set.Nth(f.rng.IntN(set.Len()))
}

// walk follows the record, event by event, and weighs the particles by
// each of the opponent's decisions. It returns the draws of the hand, by
// both seats.
func (f *filterRun) walk(p *game.Position) int {
	w := newRecordWalk(p)
	for e := range w.events(p) {
		if e.Seat == f.opp {
			f.weigh(&w, e)
		}
	}
	return w.draws
}

// weigh weighs the particles by the opponent's decision e, with the walk
// of the record as it stands after it.
func (f *filterRun) weigh(w *recordWalk, e game.Event) {
	switch e.Kind {
	case game.Passed:
		f.weighOffer(e.Card, false)
	case game.Took:
		f.weighOffer(e.Card, true)
		f.took(e.Card)
	case game.Drew:
		// The pile's top was passed up, after the first discard; the
		// card drawn is drawn with the discard that follows, which says
		// much of it.
		if w.cur.hasUp {
			f.weighOffer(w.cur.up, false)
		}
	case game.Discarded:
		f.weighDiscard(&w.cur)
	case game.PlayedOn:
		f.weighDecline(w.draws, w.stock)
		f.resample()
	}
}

// took puts c, which the opponent took from the pile, in every
// particle's hand.
func (f *filterRun) took(c notation.Card) {
	f.oppTook = f.oppTook.With(c)
	for j := range f.hands {
		f.hands[j] = f.hands[j].With(c)
	}
}

// weighOffer weighs each particle by the chance that the opponent took
// (or passed) up, holding the particle's hand before the draw. A hand
// takes up under every rule, under the one that takes to lower its
// deadwood alone, or under none; the three chances are summed once, in
// the rules' order, and each particle looks its case up.
func (f *filterRun) weighOffer(up notation.Card, took bool) {
	const none, lowerOnly, every = 0, 1, 2
	var chance [3]float64
	for k := range chance {
		for r := range TakeRule(NumTakeRules) {
			takes := k == every || k == lowerOnly && r == TakeToLower
			if takes == took {
				chance[k] += f.take[r] * (1 - slip)
			} else {
				chance[k] += f.take[r] * slip
			}
		}
	}
	lower := f.take[TakeToLower] > 0.001
	for j, h := range f.hands {
		k := none
		switch {
		case meld.InMeld(h.With(up), up):
			k = every
		case lower && TakeToLower.Takes(h, up):
			k = lowerOnly
		}
		f.odds[j] *= chance[k]
	}
}

// weighDiscard draws each particle's card from the stock, when the
// opponent drew there, weighs it by the chance of the opponent's discard
// from its hand of eleven under the discard rules' posterior, and takes
// the card out of the hand. A particle that does not hold the discard
// swaps it in for one of its cards of unknown origin: the record says the
// opponent held it, and without the swap the particles that explain every
// discard would be too few to follow the hand.
func (f *filterRun) weighDiscard(t *turn) {
	d := t.discard
	t.noOpen = f.discard[DiscardOpen] < 0.001
	for c := range notation.FullDeck.All() {
		t.useful[c.Index()] = Usefulness(c, t.seatTook, t.seatGone)
	}
	for j, h := range f.hands {
		if free := f.pool &^ h &^ f.gone; t.fromStock && free != 0 {
			h = h.With(f.pick(free))
		}
		if !h.Has(d) {
			// The record says it held d: it came in place of one of
			// the cards of unknown origin.
			swappable := h &^ f.oppTook
			if t.took {
				swappable = swappable.Without(t.up)
			}
			if swappable == 0 {
				f.logw[j] = math.Inf(-1)
				continue
			}
			h = h.Without(f.pick(swappable)).With(d)
		}
		ld := t.discardLikelihoods(h)
		l := 0.0
		for r := range ld {
			l += f.discard[r] * ld[r]
		}
		f.odds[j] *= tempered(l)
		f.hands[j] = h.Without(d)
	}
	f.gone = f.gone.With(d)
	f.oppTook = f.oppTook.Without(d)
}

// weighDecline weighs each particle by the chance that the opponent
// played on, holding the particle's hand, with draws made and stock
// cards left.
func (f *filterRun) weighDecline(draws, stock int) {
	for j, h := range f.hands {
		dw := meld.MinDeadwood(h)
		l := 0.0
		for r := range KnockRule(NumKnockRules) {
			knocks := dw == 0 || rules.DeclareKnock.AllowsDeadwood(dw, f.limit) && r.Knocks(dw, draws, stock)
			if knocks {
				l += f.knock[r] * slip
			} else {
				l += f.knock[r] * (1 - slip)
			}
		}
		f.odds[j] *= l
	}
}

// normalized returns the weights, normalized to add up to 1, and their
// effective sample size; ok is false when every weight is 0.
func (f *filterRun) normalized(w []float64) (ess float64, ok bool) {
	for j, o := range f.odds {
		f.logw[j] += math.Log(o)
		f.odds[j] = 1
	}
	top := math.Inf(-1)
	for _, l := range f.logw {
		top = math.Max(top, l)
	}
	if math.IsInf(top, -1) {
		return 0, false
	}
	sum, sq := 0.0, 0.0
	for j, l := range f.logw {
		w[j] = math.Exp(l - top)
		sum += w[j]
	}
	for j := range w {
		w[j] /= sum
		sq += w[j] * w[j]
	}
	return 1 / sq, true
}

// resample draws the particles again by weight (systematic resampling)
// once their effective number falls under half.
func (f *filterRun) resample() {
	w := make([]float64, len(f.hands))
	ess, ok := f.normalized(w)
	if !ok || ess >= float64(len(f.hands))/2 {
		return
	}
	n := len(f.hands)
	u := f.rng.Float64() / float64(n)
	cum, j := w[0], 0
	for i := range n {
		for u > cum && j < n-1 {
			j++
			cum += w[j]
		}
		f.scratch[i] = f.hands[j]
		u += 1 / float64(n)
	}
	copy(f.hands, f.scratch)
	for i := range f.logw {
		f.logw[i] = 0
	}
}

// finish checks each particle against the position, tilts the weights
// to the stronger hands if asked, and readies them for drawing.
func (f *filterRun) finish() (*Particles, bool) {
	for j, h := range f.hands {
		switch {
		case h&f.known != f.known || (h&^f.known).Len() != f.hidden || (h&^f.known)&^f.unseen != 0:
			f.logw[j] = math.Inf(-1)
		case f.tilt > 0:
			f.logw[j] -= f.tilt * float64(meld.MinDeadwood(h))
		}
	}
	w := make([]float64, len(f.hands))
	if _, ok := f.normalized(w); !ok {
		return nil, false
	}
	sum := 0.0
	for j := range w {
		sum += w[j]
		w[j] = sum
	}
	f.cum = w
	return &f.Particles, true
}

// For returns the particles that agree with p, a later position of the
// same hand in which the opponent has done nothing since the filter ran:
// those whose hidden cards the seat has not seen since (a card it drew
// from the stock, say). It reports false when none is left.
func (ps *Particles) For(p *game.Position) (*Particles, bool) {
	unseen := p.Unseen()
	if p.OpponentKnown() != ps.known || p.OpponentHidden() != ps.hidden {
		return nil, false
	}
	out := &Particles{hands: ps.hands, known: ps.known, hidden: ps.hidden, cum: make([]float64, len(ps.cum))}
	prev, sum := 0.0, 0.0
	for j, h := range ps.hands {
		if (h&^ps.known)&^unseen == 0 {
			sum += ps.cum[j] - prev
		}
		prev = ps.cum[j]
		out.cum[j] = sum
	}
	if sum <= 0 {
		return nil, false
	}
	return out, true
}

// FilterCache keeps the filter of one seat's last decision, so that its
// next decisions before the opponent plays again (the draw, the discard,
// the knock) reuse it: the filter reads the record up to the opponent's
// last event, and what the seat does since only rules particles out. The
// zero value is empty; it is for one goroutine.
type FilterCache struct {
	key    filterKey
	ps     *Particles
	filled bool
	// ok is what the filter reported: false for a record that leaves it
	// nothing to follow.
	ok bool
}

// filterKey names the record a filter read: the hand, and its events up
// to the opponent's last, by their count and a hash.
type filterKey struct {
	number, events int
	hash           uint64
}

// keyOf is the filterKey of p's record up to the opponent's last event.
func keyOf(p *game.Position) filterKey {
	k := filterKey{number: p.Setup().Number, events: lastEventOf(p, p.Seat().Other()) + 1}
	// FNV-1a over each event's kind, seat and card.
	k.hash = 14695981039346656037
	for i := p.FirstEvent(); i < k.events; i++ {
		e := p.Event(i)
		for _, b := range [3]byte{byte(e.Kind), byte(e.Seat), byte(e.Card)} {
			k.hash = (k.hash ^ uint64(b)) * 1099511628211
		}
	}
	return k
}

// Filter returns the filter of n particles under s at p, with seed, as
// the function Filter does, but from the cache when the opponent has not
// played since it was filled: the style, particles and seed of the call
// that filled it stand until then. A nil cache runs the filter afresh.
func (c *FilterCache) Filter(s *Style, p *game.Position, n int, seed uint64) (*Particles, bool) {
	if c == nil {
		return Filter(s, p, n, seed)
	}
	k := keyOf(p)
	if c.filled && k == c.key {
		if !c.ok {
			return nil, false
		}
		return c.ps.For(p)
	}
	c.key, c.filled = k, true
	c.ps, c.ok = Filter(s, p, n, seed)
	return c.ps, c.ok
}

// lastEventOf is the index of seat's last event in p's record, or -1.
func lastEventOf(p *game.Position, seat notation.Seat) int {
	for i := p.NumEvents() - 1; i >= p.FirstEvent(); i-- {
		if p.Event(i).Seat == seat && p.Event(i).Kind != game.Dealt {
			return i
		}
	}
	return -1
}

// Draw returns the hidden cards of a particle drawn by weight: the
// opponent's hand less the cards known to be in it.
func (ps *Particles) Draw(rng *rand.Rand) notation.CardSet {
	u := rng.Float64() * ps.cum[len(ps.cum)-1]
	lo, hi := 0, len(ps.cum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if ps.cum[mid] <= u {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return ps.hands[lo] &^ ps.known
}

// Marginals returns, for each card, the weighted share of the particles
// whose hidden cards hold it.
func (ps *Particles) Marginals() [64]float64 {
	var m [64]float64
	prev := 0.0
	total := ps.cum[len(ps.cum)-1]
	for j, h := range ps.hands {
		w := (ps.cum[j] - prev) / total
		prev = ps.cum[j]
		for c := range (h &^ ps.known).All() {
			m[c] += w
		}
	}
	return m
}
