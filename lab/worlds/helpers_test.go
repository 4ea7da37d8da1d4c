//go:build lab

package worlds

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// dealt deals the first hand of an eaai game from a deck shuffled by rng,
// seat 1 dealing.
func dealt(t testing.TB, rng *rand.Rand) game.State { return testhands.EAAIDeal(t, rng) }

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

// fittedStyles reads the three styles fitted by distil imitate that the
// lab's runs replay (lab/results/styles).
func fittedStyles(t testing.TB) []Policy {
	t.Helper()
	dir := "../results/styles/"
	styles, err := ReadStyles(dir + "style-heuristic.json," + dir + "style-simple.json," + dir + "style-advisor.json")
	if err != nil {
		t.Fatal(err)
	}
	return styles
}

// assignments calls fn at each of seat 0's decisions along deals of
// simple against heuristic with n assignments of the opponent's slots:
// the true one, then starts drawn at random from the record.
func assignments(t testing.TB, deals int, seed uint64, n int, fn func(st *game.State, r *oppRecord, a []notation.Card)) {
	againstHeuristic(t, deals, seed, func(st *game.State) {
		p := st.Position(0)
		r, _ := readRecord(&p)
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), seed))
		for k := range n {
			a := trueSlots(st)
			if k > 0 {
				a, _ = r.start(nil, rng)
			}
			fn(st, &r, a)
		}
	})
}
