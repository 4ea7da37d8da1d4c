//go:build lab

package worlds

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// trueSlots returns the opponent's (seat 1's) true assignment in st: the
// ten cards it was dealt and the card of each of its stock draws.
func trueSlots(st *game.State) []notation.Card {
	var dealt notation.CardSet
	var drawn []notation.Card
	for i := st.FirstEvent(); i < st.NumEvents(); i++ {
		switch e := st.Event(i); {
		case e.Seat != 1 || e.Kind == game.Upcard || e.Kind == game.Died:
		case e.Kind == game.Dealt:
			dealt = dealt.With(e.Card)
		case e.Kind == game.Drew:
			drawn = append(drawn, e.Card)
		}
	}
	return append(dealt.Cards(), drawn...)
}

// TestMCMCTrueHandLikeliest: along hands of simple against heuristic, at
// each of simple's decisions, replaying heuristic with the opponent's
// true cards plays every move it made (the likelihood is the most any
// assignment can have, never 0), and a random assignment consistent with
// the record is almost never as likely.
func TestMCMCTrueHandLikeliest(t *testing.T) {
	const eps = 0.02
	checked, beaten, compared := 0, 0, 0
	againstHeuristic(t, 6, 11, func(st *game.State) {
		p := st.Position(0)
		r, ok := readRecord(&p)
		if !ok {
			t.Fatalf("draw %d: the record cannot be read", st.Draws())
		}
		truth := trueSlots(st)
		ll, ok := r.likelihood(truth, eps, math.Inf(-1))
		decisions := 0
		for _, e := range r.events {
			if e.Seat == r.opp && e.Kind != game.Upcard && e.Kind != game.Died {
				decisions++
			}
		}
		if !ok || ll < float64(decisions)*math.Log1p(-eps)-1e-9 {
			t.Fatalf("draw %d: the true cards' log-likelihood %g (%v) over %d decisions", st.Draws(), ll, ok, decisions)
		}
		if got := r.hiddenOf(truth); got != st.Hand(1)&p.Unseen() {
			t.Fatalf("draw %d: the true slots hide %v, the opponent %v", st.Draws(), got, st.Hand(1)&p.Unseen())
		}
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), 4))
		for range 10 {
			a, ok := r.start(nil, rng)
			if !ok {
				t.Fatalf("draw %d: no consistent start", st.Draws())
			}
			other, ok := r.likelihood(a, eps, math.Inf(-1))
			if !ok {
				t.Fatalf("draw %d: a consistent start is impossible", st.Draws())
			}
			// A hand that cannot knock is spared the knock decisions' 1 - eps.
			if other > ll+float64(decisions)*-math.Log1p(-eps) {
				t.Fatalf("draw %d: a random assignment at %g beats the truth at %g", st.Draws(), other, ll)
			}
			if decisions >= 4 {
				compared++
				if other < ll-1 {
					beaten++
				}
			}
		}
		checked++
	})
	t.Logf("%d checked, beaten %d of %d", checked, beaten, compared)
	if checked < 30 || compared < 100 || float64(beaten) < 0.9*float64(compared) {
		t.Fatalf("%d decisions; the truth beat %d of %d random assignments", checked, beaten, compared)
	}
}

// TestMCMCMatchesEnumeration: on small cases, where the tempered chain
// moves only three slots of the opponent's true assignment among a few
// cards, each card's share of the chain's hands is within 0.05 of its chance by
// enumerating every assignment of those slots weighed by its likelihood.
// The slots are taken to include, where there are, a dealt card, a drawn
// card and a discarded one, so that both proposals and the order of the
// draws count; eps is large so that the chances are not all 0 or 1.
func TestMCMCMatchesEnumeration(t *testing.T) {
	const eps = 0.25
	cases, spread := 0, 0
	eachSmallCase(t, 4, eps, func(c *smallEnum) {
		reps := make([]*chain, replicas)
		for k := range reps {
			var ok bool
			if reps[k], ok = newChain(slices.Clone(c.truth), slices.Clone(c.pool), c.r.goneCards, c.free, c.like, c.rng); !ok {
				t.Fatal("the truth is impossible")
			}
		}
		// The hands are drawn just after each round of exchanges, so that
		// a bad exchange shows before the cold replica's own steps undo it.
		tc := temper(reps, c.rng)
		tc.every = 2
		tc.run(200)
		// A deadline already past stops the sampling after one hand.
		if got := len(tc.sampleWithin(10, 1, time.Now().Add(-time.Second))); got != 1 {
			t.Fatalf("past its deadline the chain kept %d hands, want 1", got)
		}
		const n = 2000
		var got [64]float64
		for _, h := range tc.sampleWithin(n, 2, time.Time{}) {
			for x := range h.All() {
				got[x] += 1.0 / n
			}
		}
		spread += c.compare(t, "the chain's hands", got)
		cases++
	})
	t.Logf("%d cases, %d spread", cases, spread)
	if cases < 4 || spread < 5 {
		t.Fatalf("%d cases, %d chances away from 0 and 1", cases, spread)
	}
}

// smallEnum is a small case of a record: three slots of the opponent's
// true assignment free among their cards and four of the pool's, and
// each card's chance by enumeration.
type smallEnum struct {
	draws int
	r     *oppRecord
	truth []notation.Card
	free  []int
	pool  []notation.Card
	want  map[notation.Card]float64
	like  func([]notation.Card, float64) (float64, bool)
	rng   *rand.Rand
}

// eachSmallCase calls fn with up to most small cases, at every fourth
// draw decision from the eighth on of simple against heuristic where the
// opponent has drawn from the stock. The slots are taken to include,
// where there are, a dealt card, a drawn card and a discarded one, so that
// both proposals and the order of the draws count; eps should be large so
// that the chances are not all 0 or 1.
func eachSmallCase(t *testing.T, most int, eps float64, fn func(c *smallEnum)) {
	t.Helper()
	cases := 0
	againstHeuristic(t, 6, 12, func(st *game.State) {
		if cases >= most || st.Phase() != game.DrawPhase || st.Draws() < 8 || st.Draws()%4 != 0 {
			return
		}
		p := st.Position(0)
		r, ok := readRecord(&p)
		if !ok || len(r.drawAt) < 1 {
			return
		}
		truth := trueSlots(st)
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), uint64(cases)))
		free := smallCase(&r, truth, rng)
		pool := (r.unseen &^ r.hiddenOf(truth)).Cards()
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		pool = pool[:4]
		like := func(a []notation.Card, floor float64) (float64, bool) { return r.likelihood(a, eps, floor) }
		fn(&smallEnum{draws: st.Draws(), r: &r, truth: truth, free: free, pool: pool, want: enumerate(&r, truth, free, pool, eps), like: like, rng: rng})
		cases++
	})
}

// compare reports each card whose share got is more than 0.05 from its
// chance by enumeration, and returns how many chances are away from 0 and
// 1.
func (c *smallEnum) compare(t *testing.T, what string, got [64]float64) int {
	t.Helper()
	spread := 0
	for x, w := range c.want {
		if math.Abs(got[x]-w) > 0.05 {
			t.Errorf("draw %d, slots %v: %v in %.3f of %s, %.3f by enumeration", c.draws, c.free, x, got[x], what, w)
		}
		if w > 0.1 && w < 0.9 {
			spread++
		}
	}
	return spread
}

// smallCase picks three slots of the assignment a: a discarded card's,
// a drawn one's and a dealt one's where there are, others at random.
func smallCase(r *oppRecord, a []notation.Card, rng *rand.Rand) []int {
	var free []int
	add := func(ok func(i int) bool) {
		var can []int
		for i := range a {
			if ok(i) && !slices.Contains(free, i) {
				can = append(can, i)
			}
		}
		if len(can) > 0 {
			free = append(free, can[rng.IntN(len(can))])
		}
	}
	add(func(i int) bool { return r.goneCards.Has(a[i]) })
	add(func(i int) bool { return i >= dealtSlots && !r.goneCards.Has(a[i]) })
	add(func(i int) bool { return i < dealtSlots && !r.goneCards.Has(a[i]) })
	for len(free) < 3 {
		add(func(int) bool { return true })
	}
	return free
}

// enumerate returns each card's chance of being hidden in the opponent's
// hand, over every assignment of the free slots of a from their cards
// and the pool, that keeps the discarded cards in a slot, weighed by its
// likelihood: slowly and plainly.
func enumerate(r *oppRecord, a []notation.Card, free []int, pool []notation.Card, eps float64) map[notation.Card]float64 {
	cards := slices.Clone(pool)
	for _, i := range free {
		cards = append(cards, a[i])
	}
	chance := map[notation.Card]float64{}
	for _, c := range cards {
		if !r.goneCards.Has(c) {
			chance[c] = 0
		}
	}
	b := slices.Clone(a)
	total := 0.0
	var fill func(k int, used notation.CardSet)
	fill = func(k int, used notation.CardSet) {
		if k == len(free) {
			for _, c := range cards {
				if r.goneCards.Has(c) && !used.Has(c) {
					return
				}
			}
			ll, ok := r.likelihood(b, eps, math.Inf(-1))
			if !ok {
				return
			}
			w := math.Exp(ll)
			total += w
			for c := range chance {
				if used.Has(c) {
					chance[c] += w
				}
			}
			return
		}
		for _, c := range cards {
			if !used.Has(c) {
				b[free[k]] = c
				fill(k+1, used.With(c))
			}
		}
	}
	fill(0, 0)
	for c := range chance {
		chance[c] /= total
	}
	return chance
}

// TestMCMCWorldsHonourThePosition: at each of simple's decisions against
// heuristic, the source's chain carries from decision to decision, every
// hand it draws is one the opponent could hold (as many cards as it
// hides, all unseen), and the assignment it stops at is consistent with
// the record.
func TestMCMCWorldsHonourThePosition(t *testing.T) {
	m := &MCMC{Burn: 200, Steps: 200, Hands: 20}
	checked := 0
	againstHeuristic(t, 5, 13, func(st *game.State) {
		p := st.Position(0)
		w := m.Worlds(decision(&p, uint64(st.Draws())))
		if w.Share != 1 || w.Hands == nil {
			t.Fatalf("draw %d: share %g", st.Draws(), w.Share)
		}
		rng := rand.New(rand.NewPCG(5, uint64(st.Draws())))
		for range 30 {
			if h := w.Hands(rng); h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
				t.Fatalf("draw %d: a world hides %v, want %d unseen cards", st.Draws(), h, p.OpponentHidden())
			}
		}
		r, _ := readRecord(&p)
		if len(m.last) != replicas {
			t.Fatalf("draw %d: %d replicas kept", st.Draws(), len(m.last))
		}
		for _, a := range m.last {
			if len(a) != r.slots() || !r.feasible(a) || r.hiddenOf(a)&^p.Unseen() != 0 {
				t.Fatalf("draw %d: a replica stopped at %v", st.Draws(), a)
			}
			if _, ok := r.likelihood(a, DefaultEps, math.Inf(-1)); !ok {
				t.Fatalf("draw %d: a replica stopped at an impossible assignment", st.Draws())
			}
		}
		checked++
	})
	if checked < 30 || m.Stats.Decisions != checked || m.Stats.Fallbacks != 0 || m.Stats.Accepted == 0 {
		t.Fatalf("%d decisions checked, stats %+v", checked, m.Stats)
	}
}

// TestMCMCStartKeepsWhatHolds: started from the assignment of the same
// record, the chain starts there; from nothing, or from one of an earlier
// decision, it starts at a consistent assignment all the same. A
// discarded card put in a slot filled after the discard is impossible.
func TestMCMCStartKeepsWhatHolds(t *testing.T) {
	var other []notation.Card
	checked, moved := 0, 0
	againstHeuristic(t, 3, 14, func(st *game.State) {
		p := st.Position(0)
		r, _ := readRecord(&p)
		truth := trueSlots(st)
		rng := rand.New(rand.NewPCG(7, uint64(st.Draws())))
		if a, ok := r.start(truth, rng); !ok || !slices.Equal(a, truth) {
			t.Fatalf("draw %d: started from the truth at %v, want %v", st.Draws(), a, truth)
		}
		for _, prev := range [][]notation.Card{nil, other} {
			a, ok := r.start(prev, rng)
			if !ok || len(a) != r.slots() || !r.feasible(a) || r.hiddenOf(a).Len() != p.OpponentHidden() || r.hiddenOf(a)&^p.Unseen() != 0 {
				t.Fatalf("draw %d: from %v, started at %v", st.Draws(), prev, a)
			}
		}
		// A discarded card moved to a slot filled after its discard.
		for _, g := range r.gone {
			i, j := slices.Index(truth, g.card), slices.IndexFunc(r.drawAt, func(at int) bool { return at > g.at })
			if j < 0 {
				continue
			}
			late := slices.Clone(truth)
			late[i], late[dealtSlots+j] = late[dealtSlots+j], late[i]
			if _, ok := r.likelihood(late, DefaultEps, math.Inf(-1)); ok || r.feasible(late) {
				t.Fatalf("draw %d: %v discarded at %d, but drawn at %d, is possible", st.Draws(), g.card, g.at, r.drawAt[j])
			}
			moved++
		}
		other = truth
		checked++
	})
	if checked < 15 || moved < 10 {
		t.Fatalf("only %d decisions checked, %d discards moved late", checked, moved)
	}
}

// TestMCMCKeepsWithinItsTime: at a decision with a time limit the chain
// takes only the steps that fit in its share, and never fewer than a
// burn's chunk, whose cost it measures, and a step for one hand kept;
// without a limit it takes them all. The limit here is a nanosecond, so
// that the steps taken, not the time, are what is checked.
func TestMCMCKeepsWithinItsTime(t *testing.T) {
	const steps, kept = 500, 50
	free := &MCMC{Burn: steps, Steps: steps, Hands: kept}
	bound := &MCMC{Burn: steps, Steps: steps, Hands: kept}
	decisions, hands := 0, map[handKey]bool{}
	againstHeuristic(t, 2, 14, func(st *game.State) {
		p := st.Position(0)
		hands[keyOf(&p)] = true
		free.Worlds(decision(&p, uint64(st.Draws())))
		d := decision(&p, uint64(st.Draws()))
		d.Time = time.Nanosecond
		w := bound.Worlds(d)
		rng := rand.New(rand.NewPCG(6, uint64(st.Draws())))
		if h := w.Hands(rng); h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
			t.Fatalf("draw %d: a world hides %v, want %d unseen cards", st.Draws(), h, p.OpponentHidden())
		}
		decisions++
	})
	// A chunk of burn at each hand's first decision, and one hand of a
	// step at every decision: more hands would not fit.
	most := replicas * (len(hands)*burnChunk + decisions)
	if bound.Stats.Decisions != decisions || bound.Stats.Tried == 0 || bound.Stats.Tried > most {
		t.Errorf("within a nanosecond: %d proposals tried over %d decisions, want from 1 to %d", bound.Stats.Tried, decisions, most)
	}
	t.Logf("proposals tried: %d without a limit, %d within a nanosecond (at most %d)", free.Stats.Tried, bound.Stats.Tried, most)
	if free.Stats.Tried < 5*most {
		t.Errorf("without a limit: %d proposals tried, want all %d steps' (at least %d)", free.Stats.Tried, steps, 5*most)
	}
}
