//go:build lab

package worlds

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// TestResampleMoveMatchesEnumeration: on the small cases of
// TestMCMCMatchesEnumeration (three slots of the true assignment moved
// among a few cards), particles drawn from the prior, weighed by the
// likelihood, resampled and moved as the filter does, hold each card
// within 0.05 of its chance by enumeration.
func TestResampleMoveMatchesEnumeration(t *testing.T) {
	const eps, n = 0.25, 3000
	cases, spread := 0, 0
	eachSmallCase(t, 3, eps, func(c *smallEnum) {
		var cards notation.CardSet
		for _, x := range c.pool {
			cards = cards.With(x)
		}
		for _, i := range c.free {
			cards = cards.With(c.truth[i])
		}
		f := &ResampleMove{parts: priorParticles(c.r, c.truth, c.free, cards, n, c.like, c.rng)}
		f.resample(c.rng)
		f.move(8, func(a []notation.Card, ll float64) *chain {
			in := cards
			for _, i := range c.free {
				in = in.Without(a[i])
			}
			return &chain{a: a, pool: in.Cards(), fixed: c.r.goneCards, free: c.free, beta: 1, ll: ll, like: c.like, rng: c.rng, next: make([]notation.Card, len(a))}
		})
		var got [64]float64
		for _, pt := range f.parts {
			for x := range c.r.hiddenOf(pt.a).All() {
				got[x] += 1.0 / n
			}
		}
		spread += c.compare(t, "the particles", got)
		if f.Stats.Accepted == 0 {
			t.Errorf("draw %d: no move taken of %d", c.draws, f.Stats.Tried)
		}
		cases++
	})
	if cases < 3 || spread < 4 {
		t.Fatalf("%d cases, %d chances away from 0 and 1", cases, spread)
	}
}

// priorParticles draws n assignments of the free slots of truth from
// cards, each as likely as any other that keeps the discarded cards of
// cards in a slot, weighed by like.
func priorParticles(r *oppRecord, truth []notation.Card, free []int, cards notation.CardSet, n int, like func([]notation.Card, float64) (float64, bool), rng *rand.Rand) []particle {
	list := cards.Cards()
	var parts []particle
	for len(parts) < n {
		rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		if slices.ContainsFunc(list[len(free):], r.goneCards.Has) {
			continue
		}
		a := slices.Clone(truth)
		for k, i := range free {
			a[i] = list[k]
		}
		ll, ok := like(a, math.Inf(-1))
		if !ok {
			ll = math.Inf(-1)
		}
		parts = append(parts, particle{a: a, ll: ll, logw: ll})
	}
	return parts
}

// TestResampleMoveFollowsTheHand: along hands of simple against
// heuristic, the filter carries its particles from decision to decision;
// every hand it draws is one the opponent could hold, every particle is
// consistent with the record, and its hands hold the opponent's true
// hidden cards far more often than cards drawn at random from the unseen
// ones do.
func TestResampleMoveFollowsTheHand(t *testing.T) {
	f := &ResampleMove{Particles: 64, Moves: 4}
	checked, late := 0, 0
	var inTruth, atRandom float64
	againstHeuristic(t, 5, 13, func(st *game.State) {
		p := st.Position(0)
		w := f.Worlds(decision(&p, uint64(st.Draws())))
		if w.Share != 1 || w.Hands == nil {
			t.Fatalf("draw %d: share %g", st.Draws(), w.Share)
		}
		rng := rand.New(rand.NewPCG(5, uint64(st.Draws())))
		truth := st.Hand(1) & p.Unseen()
		for range 50 {
			h := w.Hands(rng)
			if h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 {
				t.Fatalf("draw %d: a world hides %v, want %d unseen cards", st.Draws(), h, p.OpponentHidden())
			}
			if st.Draws() >= 10 {
				inTruth += float64((h & truth).Len()) / float64(truth.Len())
				atRandom += float64(truth.Len()) / float64(p.Unseen().Len())
			}
		}
		if st.Draws() >= 10 {
			late++
		}
		r, _ := readRecord(&p)
		if len(f.parts) != 64 {
			t.Fatalf("draw %d: %d particles kept", st.Draws(), len(f.parts))
		}
		for _, pt := range f.parts {
			ll, ok := r.likelihood(pt.a, DefaultEps, math.Inf(-1))
			if len(pt.a) != r.slots() || !r.feasible(pt.a) || r.hiddenOf(pt.a)&^p.Unseen() != 0 || !ok || math.Abs(ll-pt.ll) > 1e-9 {
				t.Fatalf("draw %d: a particle stopped at %v, log-likelihood %g (%v), kept as %g", st.Draws(), pt.a, ll, ok, pt.ll)
			}
		}
		checked++
	})
	t.Logf("%d decisions, %d late; the true cards in %.3f of the worlds' hands, %.3f at random; %+v", checked, late, inTruth/float64(50*late), atRandom/float64(50*late), f.Stats)
	if checked < 30 || f.Stats.Decisions != checked || f.Stats.Fallbacks != 0 || f.Stats.Resamples == 0 || f.Stats.Accepted == 0 {
		t.Fatalf("%d decisions checked, stats %+v", checked, f.Stats)
	}
	if late < 10 || inTruth < 1.5*atRandom {
		t.Fatalf("the true hidden cards in %.3f of the late worlds' hands, %.3f at random", inTruth/float64(50*late), atRandom/float64(50*late))
	}
}

// TestResampleMoveIsSeeded: the same decisions with the same seeds draw
// the same worlds.
func TestResampleMoveIsSeeded(t *testing.T) {
	var runs [2][]notation.CardSet
	for k := range runs {
		f := &ResampleMove{Particles: 32, Moves: 2}
		againstHeuristic(t, 2, 15, func(st *game.State) {
			p := st.Position(0)
			w := f.Worlds(decision(&p, uint64(st.Draws())))
			rng := rand.New(rand.NewPCG(9, uint64(st.Draws())))
			for range 5 {
				runs[k] = append(runs[k], w.Hands(rng))
			}
		})
	}
	if len(runs[0]) < 20 || !slices.Equal(runs[0], runs[1]) {
		t.Fatalf("%d and %d worlds, not the same", len(runs[0]), len(runs[1]))
	}
}

// TestPickSkipsHandsOfNoWeight: hands of no weight are never drawn, the
// first among them included, and the others come as often as their
// weights say.
func TestPickSkipsHandsOfNoWeight(t *testing.T) {
	hands := []notation.CardSet{1, 2, 4, 8, 16}
	cum := []float64{0, 1, 1, 4, 4} // weights 0, 1, 0, 3, 0
	rng := rand.New(rand.NewPCG(1, 2))
	count := map[notation.CardSet]int{}
	const n = 40000
	for range n {
		count[pick(hands, cum, rng)]++
	}
	if count[1]+count[4]+count[16] != 0 {
		t.Fatalf("hands of no weight drawn: %v", count)
	}
	if share := float64(count[8]) / n; math.Abs(share-0.75) > 0.01 {
		t.Errorf("the hand of weight 3 in %.3f of the draws, want 0.75", share)
	}
	// A source of zeros draws an end of the range, where a point of 0
	// would find the first hand, of no weight.
	if got := pick(hands, cum, rand.New(zeros{})); got != 2 && got != 8 {
		t.Errorf("at an end of the range, drew %v, want a hand of weight", got)
	}
}

// zeros is a source that always gives 0.
type zeros struct{}

func (zeros) Uint64() uint64 { return 0 }
