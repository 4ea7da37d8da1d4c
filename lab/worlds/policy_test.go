package worlds

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
)

// heuristicOnly is a Policy that gives heuristic's move at a position
// every chance.
type heuristicOnly struct{}

func (heuristicOnly) Chances(p *game.Position, moves []game.Move) ([]float64, bool) {
	m, _ := bot.NewHeuristic(0).Move(context.Background(), p)
	out := make([]float64, len(moves))
	for i, mv := range moves {
		if mv.Same(m) {
			out[i] = 1
		}
	}
	return out, true
}

// TestPolicyReplaysTheRecord: with a policy that plays heuristic's move,
// the opponent's true cards are as likely as any assignment can be, and
// random assignments consistent with the record are almost always far
// less likely; the same true cards under a policy that plays heuristic's
// moves no more than any other's are less likely than under it.
func TestPolicyReplaysTheRecord(t *testing.T) {
	const eps = 0.02
	checked, beaten, compared := 0, 0, 0
	againstHeuristic(t, 5, 31, func(st *game.State) {
		p := st.Position(0)
		r, ok := readRecord(&p)
		if !ok {
			t.Fatalf("draw %d: the record cannot be read", st.Draws())
		}
		truth := trueSlots(st)
		ll, ok := r.likelihoodBy(truth, heuristicOnly{}, eps, math.Inf(-1))
		decisions := 0
		for _, e := range r.events {
			if e.Seat == r.opp && e.Kind != game.Upcard && e.Kind != game.Died {
				decisions++
			}
		}
		if !ok || ll < float64(decisions)*math.Log1p(-eps)-1e-9 {
			t.Fatalf("draw %d: the true cards' log-likelihood %g (%v) over %d decisions", st.Draws(), ll, ok, decisions)
		}
		if even, ok := r.likelihoodBy(truth, uniformPolicy{}, eps, math.Inf(-1)); !ok || (decisions >= 4 && even >= ll) {
			t.Fatalf("draw %d: the true cards at %g under an even policy, %g under heuristic's (%v)", st.Draws(), even, ll, ok)
		}
		rng := rand.New(rand.NewPCG(uint64(st.Draws()), 6))
		for range 10 {
			a, ok := r.start(nil, rng)
			if !ok {
				t.Fatalf("draw %d: no consistent start", st.Draws())
			}
			other, ok := r.likelihoodBy(a, heuristicOnly{}, eps, math.Inf(-1))
			if !ok {
				t.Fatalf("draw %d: a consistent start is impossible", st.Draws())
			}
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
	if checked < 25 || compared < 100 || float64(beaten) < 0.9*float64(compared) {
		t.Fatalf("%d decisions; the truth beat %d of %d random assignments", checked, beaten, compared)
	}
}

// uniformPolicy gives every legal move the same chance.
type uniformPolicy struct{}

func (uniformPolicy) Chances(_ *game.Position, moves []game.Move) ([]float64, bool) {
	out := make([]float64, len(moves))
	for i := range out {
		out[i] = 1 / float64(len(moves))
	}
	return out, true
}
