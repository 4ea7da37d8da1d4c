package worlds

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// dealt deals the first hand of an eaai game from a deck shuffled by rng,
// seat 1 dealing.
func dealt(t testing.TB, rng *rand.Rand) game.State {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// againstHeuristic plays deals of simple (seat 0) against heuristic,
// calling fn at each of seat 0's turns.
func againstHeuristic(t testing.TB, deals int, seed uint64, fn func(st *game.State)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	for d := uint64(1); d <= uint64(deals); d++ {
		st := dealt(t, rng)
		pol := [2]game.Policy{bot.NewSimple(d), bot.NewHeuristic(d)}
		for st.Phase() != game.Over {
			if st.Turn() == 0 {
				fn(&st)
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// decision is the decision at p as the advisor that reads from the prior
// gives it to a WorldSource.
func decision(p *game.Position, seed uint64) *analyze.Decision {
	_, accept := analyze.ReadingModel(new(reading.Style), p)
	return &analyze.Decision{Position: p, Seed: seed, Accept: accept}
}

// chancesOnly hides that a policy is a ranking model, so that the replay
// asks its Chances, as it asks any Policy, and not rank.ChancesOf.
type chancesOnly struct{ Policy }
