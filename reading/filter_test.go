package reading_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// eachDrawDecision plays hands of simple (seat 0) against opp (seat 1)
// and calls fn at each of seat 0's draw decisions after the first, with
// the state there.
func eachDrawDecision(t testing.TB, hands int, opp func(seed uint64) game.Policy, fn func(st *game.State)) {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	for seed := uint64(1); seed <= uint64(hands); seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		deck := shuffledDeck(rng)
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: notation.Seat(seed % 2), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		pol := [2]game.Policy{bot.NewSimple(seed), opp(seed)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > 1 {
				fn(&st)
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestFilterAgreesWithThePosition: every hand the filter draws is one
// the opponent could hold: as many hidden cards as it hides, all unseen,
// none known; and the world completed around it deals.
func TestFilterAgreesWithThePosition(t *testing.T) {
	var s reading.Style
	checked := 0
	eachDrawDecision(t, 12, func(seed uint64) game.Policy { return bot.NewHeuristic(seed) }, func(st *game.State) {
		p := st.Position(0)
		ps, ok := reading.Filter(&s, &p, 64, uint64(st.Draws()))
		if !ok {
			t.Fatalf("no filter at draw %d", st.Draws())
		}
		e := probability.Infer(&p)
		smp := probability.NewSampler(&p, &e)
		rng := rand.New(rand.NewPCG(1, uint64(st.Draws())))
		for range 20 {
			h := ps.Draw(rng)
			if h.Len() != p.OpponentHidden() || h&^p.Unseen() != 0 || h&p.OpponentKnown() != 0 {
				t.Fatalf("draw %d: drew %v: hides %d, unseen %v, known %v", st.Draws(), h, p.OpponentHidden(), p.Unseen(), p.OpponentKnown())
			}
			if _, err := smp.Complete(rng, h); err != nil {
				t.Fatalf("draw %d: %v does not deal: %v", st.Draws(), h, err)
			}
		}
		checked++
	})
	if checked < 50 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestFilterReadsTheOpponent: against simple, whose discards the rules
// model, the filter's chances of the opponent's true cards have a lower
// log-loss than the uniform chances of the hidden count over the unseen
// cards, by a clear margin.
func TestFilterReadsTheOpponent(t *testing.T) {
	var s reading.Style
	var filt, uniform float64
	n := 0
	eachDrawDecision(t, 30, func(seed uint64) game.Policy { return bot.NewSimple(seed + 100) }, func(st *game.State) {
		if st.Draws() < 12 {
			return
		}
		p := st.Position(0)
		ps, ok := reading.Filter(&s, &p, 256, uint64(st.Draws()))
		if !ok {
			t.Fatalf("no filter at draw %d", st.Draws())
		}
		m := ps.Marginals()
		truth := st.Hand(1) &^ p.OpponentKnown()
		u := float64(p.OpponentHidden()) / float64(p.Unseen().Len())
		for c := range p.Unseen().All() {
			q := 0.02 + 0.96*m[c]
			if truth.Has(c) {
				filt -= math.Log(q)
				uniform -= math.Log(u)
			} else {
				filt -= math.Log(1 - q)
				uniform -= math.Log(1 - u)
			}
			n++
		}
	})
	if n < 500 {
		t.Fatalf("only %d cards scored", n)
	}
	filt, uniform = filt/float64(n), uniform/float64(n)
	t.Logf("log-loss a card over %d: filter %.4f, uniform %.4f", n, filt, uniform)
	if filt > uniform-0.03 {
		t.Fatalf("the filter reads no better than the uniform chance: %.4f against %.4f", filt, uniform)
	}
}

// TestFilterIsReproducible: a seed gives the same particles.
func TestFilterIsReproducible(t *testing.T) {
	var s reading.Style
	done := false
	eachDrawDecision(t, 3, func(seed uint64) game.Policy { return bot.NewSimple(seed) }, func(st *game.State) {
		if done || st.Draws() < 8 {
			return
		}
		done = true
		p := st.Position(0)
		a, _ := reading.Filter(&s, &p, 100, 7)
		b, _ := reading.Filter(&s, &p, 100, 7)
		if a.Marginals() != b.Marginals() {
			t.Fatal("two filters of one seed differ")
		}
	})
	if !done {
		t.Fatal("no decision reached")
	}
}

// TestFilterNeedsTheRecord: a position without its record, or no
// particles, is refused.
func TestFilterNeedsTheRecord(t *testing.T) {
	var s reading.Style
	p, err := position.Parse("p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := reading.Filter(&s, &p, 100, 1); ok {
		t.Fatal("a filter without the record")
	}
}

// TestFilterForDropsWhatTheSeatDrew: the filter of a draw decision,
// carried to the discard after a draw from the stock, never draws the
// card the seat drew.
func TestFilterForDropsWhatTheSeatDrew(t *testing.T) {
	var s reading.Style
	checked := 0
	eachDrawDecision(t, 10, func(seed uint64) game.Policy { return bot.NewSimple(seed) }, func(st *game.State) {
		p := st.Position(0)
		ps, ok := reading.Filter(&s, &p, 128, 3)
		if !ok {
			t.Fatal("no filter")
		}
		after := *st
		if err := after.Apply(game.DrawMove()); err != nil {
			return
		}
		q := after.Position(0)
		drawn := q.Hand() &^ p.Hand()
		carried, ok := ps.For(&q)
		if !ok {
			return
		}
		rng := rand.New(rand.NewPCG(2, 2))
		for range 50 {
			if h := carried.Draw(rng); h&drawn != 0 || h&^q.Unseen() != 0 {
				t.Fatalf("drew %v after the seat drew %v", h, drawn)
			}
		}
		checked++
	})
	if checked < 20 {
		t.Fatalf("only %d checked", checked)
	}
}

// TestFilterCacheLastsUntilTheOpponentPlays follows hands of simple
// against simple through one cache: at each of seat 0's draw decisions
// the cache runs the filter afresh, as Filter does; the discard decision
// after a draw from the stock reuses it, though asked with another seed,
// and never draws the card the seat drew; the next draw decision, after
// the opponent's turn, runs it afresh again.
func TestFilterCacheLastsUntilTheOpponentPlays(t *testing.T) {
	var s reading.Style
	const n = 64
	reused, refilled := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 4))
		deck := shuffledDeck(rng)
		eaai, _ := rules.Preset("eaai")
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		var cache reading.FilterCache
		pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 9)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > 1 {
				p := st.Position(0)
				ps, ok := cache.Filter(&s, &p, n, seed)
				fresh, fok := reading.Filter(&s, &p, n, seed)
				if !ok || !fok {
					t.Fatal("no filter at a draw decision")
				}
				if !sameDraws(ps, fresh) {
					t.Fatal("the cache kept its filter after the opponent played")
				}
				refilled++
				m := pol[0].Choose(&st)
				if err := st.Apply(m); err != nil {
					t.Fatal(err)
				}
				if m.Kind != game.Draw || st.Phase() != game.DiscardPhase {
					continue
				}
				q := st.Position(0)
				drawn := q.Hand() &^ p.Hand()
				got, ok := cache.Filter(&s, &q, n, seed+1)
				want, wok := ps.For(&q)
				if ok != wok {
					t.Fatalf("the cache reports %v at the discard decision, the carried filter %v", ok, wok)
				}
				if !ok {
					continue
				}
				if !sameDraws(got, want) {
					t.Fatal("the discard decision ran the filter again")
				}
				for range 40 {
					if h := got.Draw(rng); h&drawn != 0 {
						t.Fatalf("drew %v, with %v the seat drew", h, drawn)
					}
				}
				reused++
				continue
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if reused < 10 || refilled < 20 {
		t.Fatalf("reused %d, refilled %d: too few to tell", reused, refilled)
	}
}

// sameDraws says a and b draw the same hands from the same streams.
func sameDraws(a, b *reading.Particles) bool {
	for k := range 20 {
		if a.Draw(rand.New(rand.NewPCG(7, uint64(k)))) != b.Draw(rand.New(rand.NewPCG(7, uint64(k)))) {
			return false
		}
	}
	return true
}

// BenchmarkFilter runs the particle filter of the advisor's size
// (analyze.FilterParticles, 512) at a draw decision after 16 draws of a
// hand of simple against heuristic. The advisor player runs it once for
// each turn of the opponent, from the start of the hand.
func BenchmarkFilter(b *testing.B) {
	var s reading.Style
	var pos game.Position
	found := false
	eachDrawDecision(b, 20, func(seed uint64) game.Policy { return bot.NewHeuristic(seed) }, func(st *game.State) {
		if !found && st.Draws() >= 16 {
			pos, found = st.Position(0), true
		}
	})
	if !found {
		b.Fatal("no position after 16 draws")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := reading.Filter(&s, &pos, 512, uint64(i)); !ok {
			b.Fatal("no filter")
		}
	}
}

// TestFilterTiltIsExact: the strength tilt moves no particle and weighs
// each by e^(-λ × its least deadwood) against Filter, λ the tilt after
// the hand's draws.
func TestFilterTiltIsExact(t *testing.T) {
	var s reading.Style
	checked := 0
	eachDrawDecision(t, 6, func(seed uint64) game.Policy { return bot.NewHeuristic(seed) }, func(st *game.State) {
		p := st.Position(0)
		tilted, ok1 := reading.FilterTilted(&s, &p, 64, 5)
		plain, ok2 := reading.Filter(&s, &p, 64, 5)
		if !ok1 || !ok2 {
			t.Fatalf("draw %d: no filter", st.Draws())
		}
		th, tw := tilted.Weighed()
		ph, pw := plain.Weighed()
		lambda := reading.TiltAt(st.Draws())
		ratio := 0.0
		for j := range th {
			if th[j] != ph[j] {
				t.Fatalf("draw %d: particle %d is %v tilted, %v not", st.Draws(), j, th[j], ph[j])
			}
			if (tw[j] == 0) != (pw[j] == 0) {
				t.Fatalf("draw %d: particle %d weighs %g tilted, %g not", st.Draws(), j, tw[j], pw[j])
			}
			if pw[j] == 0 {
				continue
			}
			r := tw[j] / pw[j] / math.Exp(-lambda*float64(meld.MinDeadwood(th[j])))
			if ratio == 0 {
				ratio = r
			}
			if math.Abs(r/ratio-1) > 1e-9 {
				t.Fatalf("draw %d: particle %d's weight is off the tilt by %g", st.Draws(), j, r/ratio)
			}
		}
		checked++
	})
	if checked < 30 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestFilterTiltMatchesTheTrueStrength: late in the hand, against
// heuristic, the particles' mean least deadwood is near the true hand's,
// and nearer than without the tilt.
func TestFilterTiltMatchesTheTrueStrength(t *testing.T) {
	var s reading.Style
	var truth, tilted, plain float64
	n := 0
	eachDrawDecision(t, 60, func(seed uint64) game.Policy { return bot.NewHeuristic(seed) }, func(st *game.State) {
		if st.Draws() < 12 {
			return
		}
		p := st.Position(0)
		a, ok1 := reading.FilterTilted(&s, &p, 128, uint64(st.Draws()))
		b, ok2 := reading.Filter(&s, &p, 128, uint64(st.Draws()))
		if !ok1 || !ok2 {
			t.Fatalf("draw %d: no filter", st.Draws())
		}
		truth += float64(meld.MinDeadwood(st.Hand(1)))
		tilted += meanDeadwood(a)
		plain += meanDeadwood(b)
		n++
	})
	if n < 100 {
		t.Fatalf("only %d decisions", n)
	}
	truth, tilted, plain = truth/float64(n), tilted/float64(n), plain/float64(n)
	t.Logf("least deadwood over %d decisions: true %.1f, tilted %.1f, without the tilt %.1f", n, truth, tilted, plain)
	if math.Abs(tilted-truth) > 3 || math.Abs(tilted-truth) >= math.Abs(plain-truth) {
		t.Fatalf("tilted particles hold %.1f of deadwood, the true hands %.1f (without the tilt %.1f)", tilted, truth, plain)
	}
}

// meanDeadwood is the particles' mean least deadwood, by weight.
func meanDeadwood(ps *reading.Particles) float64 {
	hands, w := ps.Weighed()
	m := 0.0
	for j, h := range hands {
		m += w[j] * float64(meld.MinDeadwood(h))
	}
	return m
}
