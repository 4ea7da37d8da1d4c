package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// BenchmarkHandSimple plays whole hands of simple against simple under the
// EAAI rules on one goroutine, through the engine: each decision is made
// from the seat's position. hands/s is the figure to compare.
func BenchmarkHandSimple(b *testing.B) {
	players := [2]bot.Player{bot.NewSimple(1), bot.NewSimple(2)}
	rng := rand.New(rand.NewPCG(1, 2))
	r := rules.Presets()["eaai"]
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := PlayHand(ctx, HandSetup{Setup: game.Setup{Rules: r, Dealer: notation.Seat(i & 1), Number: 1}, Rng: rng}, players); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkGameSimple plays whole games.
func BenchmarkGameSimple(b *testing.B) {
	r := rules.Presets()["eaai"]
	b.ReportAllocs()
	hands := 0
	for i := 0; i < b.N; i++ {
		st, _, err := PlayGame(context.Background(), GameSetup{Rules: r, Seed: uint64(i)}, [2]bot.Player{bot.NewSimple(uint64(i)), bot.NewSimple(uint64(i) + 1)})
		if err != nil {
			b.Fatal(err)
		}
		hands += st.Hands
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// midHands deals hands and plays each with simple against simple for a
// few turns, to states from the middle of a hand.
func midHands(n int, r rules.Rules, turns int) []game.State {
	rng := rand.New(rand.NewPCG(7, 7))
	a, b := bot.NewSimple(3), bot.NewSimple(4)
	var out []game.State
	for len(out) < n {
		var deck [52]notation.Card
		shuffle(&deck, rng)
		st, err := game.Deal(game.Setup{Rules: r, Dealer: notation.Seat(len(out) & 1), Number: 1}, &deck)
		if err != nil {
			panic(err)
		}
		a.HandOver(nil)
		b.HandOver(nil)
		pol := [2]*bot.Simple{a, b}
		for st.Phase() != game.Over && st.Draws() < turns {
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				panic(err)
			}
		}
		if st.Phase() != game.Over {
			out = append(out, st)
		}
	}
	return out
}

// BenchmarkRolloutSimple copies a state from the middle of a hand (after
// six draws) and plays it to the end with simple against simple, as a Monte
// Carlo advisor does. hands/s counts these rollouts.
func BenchmarkRolloutSimple(b *testing.B) {
	pool := midHands(1024, rules.Presets()["eaai"], 6)
	a, c := bot.NewSimple(1), bot.NewSimple(2)
	policies := [2]game.Policy{a, c}
	var st game.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st = pool[i&1023]
		a.HandOver(nil)
		c.HandOver(nil)
		if _, err := game.PlayOut(&st, policies); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkPlayOutWholeHand deals and plays whole hands with the rollout
// policies, without positions: the figure to set against other engines'
// whole hands per second.
func BenchmarkPlayOutWholeHand(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := rules.Presets()["eaai"]
	a, c := bot.NewSimple(1), bot.NewSimple(2)
	policies := [2]game.Policy{a, c}
	var deck [52]notation.Card
	var st game.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		shuffle(&deck, rng)
		if err := st.Redeal(game.Setup{Rules: r, Dealer: notation.Seat(i & 1), Number: 1}, &deck); err != nil {
			b.Fatal(err)
		}
		a.HandOver(nil)
		c.HandOver(nil)
		if _, err := game.PlayOut(&st, policies); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkPlayOutAdvisorRollout deals and plays whole hands with the
// advisor's rollout policies (bot.Rollout: heuristic for the own seat,
// simple for the other), as every world of an advice plays them.
func BenchmarkPlayOutAdvisorRollout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := rules.Presets()["eaai"]
	own, opp := bot.Rollout()
	policies := [2]game.Policy{own, opp}
	reseed := opp.(interface{ Reseed(uint64) })
	var deck [52]notation.Card
	var st game.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		shuffle(&deck, rng)
		if err := st.Redeal(game.Setup{Rules: r, Dealer: notation.Seat(i & 1), Number: 1}, &deck); err != nil {
			b.Fatal(err)
		}
		reseed.Reseed(uint64(i))
		if _, err := game.PlayOut(&st, policies); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}
