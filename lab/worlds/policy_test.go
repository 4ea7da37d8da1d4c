//go:build lab

package worlds

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/notation"
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

// TestMixtureIsTheMeanLikelihood: the mixture of styles is the log of the
// mean of the record's likelihoods under each, computed plainly, whatever
// the floor, and says false exactly where that is below the floor.
func TestMixtureIsTheMeanLikelihood(t *testing.T) {
	const eps = 0.05
	styles := []Policy{heuristicOnly{}, uniformPolicy{}}
	checked, below := 0, 0
	assignments(t, 3, 32, 4, func(st *game.State, r *oppRecord, a []notation.Card) {
		h, _ := r.likelihoodBy(a, styles[0], eps, math.Inf(-1))
		u, _ := r.likelihoodBy(a, styles[1], eps, math.Inf(-1))
		want := math.Log((math.Exp(h) + math.Exp(u)) / 2)
		if one, ok := r.mixture(a, styles[:1], eps, math.Inf(-1)); !ok || math.Abs(one-h) > 1e-9 {
			t.Fatalf("draw %d: a mixture of one style at %g (%v), the style at %g", st.Draws(), one, ok, h)
		}
		for _, floor := range []float64{math.Inf(-1), want - 0.5, want + 0.5, h - 0.1, u - 0.1} {
			got, ok := r.mixture(a, styles, eps, floor)
			if ok != (want >= floor) || ok && math.Abs(got-want) > 1e-9 {
				t.Fatalf("draw %d, floor %g: the mixture at %g (%v), want %g", st.Draws(), floor, got, ok, want)
			}
			if !ok {
				below++
			}
		}
		checked++
	})
	if checked < 40 || below < 40 {
		t.Fatalf("%d assignments checked, %d below the floor", checked, below)
	}
}

// TestMCMCReplaysItsPolicy: the chain weighs the record by its Policy or
// Styles when it has them. Replaying a policy that plays heuristic's
// moves, its worlds hold more of heuristic's true hidden cards than
// replaying one that plays every move alike, which reads nothing; so do
// those of a mixture of the two, in which heuristic's policy explains the
// record far better.
func TestMCMCReplaysItsPolicy(t *testing.T) {
	steps := 300 // -long, 600
	if longtest.Enabled() {
		steps = 600
	}
	sources := []*MCMC{
		{Burn: steps, Steps: steps, Hands: 30, Policy: heuristicOnly{}},
		{Burn: steps, Steps: steps, Hands: 30, Styles: []Policy{heuristicOnly{}, uniformPolicy{}}},
		{Burn: steps, Steps: steps, Hands: 30, Policy: uniformPolicy{}},
	}
	held := make([]int, len(sources))
	checked := 0
	againstHeuristic(t, 3, 41, func(st *game.State) {
		if st.Draws() < 8 {
			return
		}
		p := st.Position(0)
		truth := st.Hand(1) & p.Unseen()
		for i, m := range sources {
			w := m.Worlds(decision(&p, uint64(st.Draws())))
			rng := rand.New(rand.NewPCG(9, uint64(st.Draws())))
			for range 30 {
				held[i] += (w.Hands(rng) & truth).Len()
			}
		}
		checked++
	})
	t.Logf("%d decisions; true cards held: %v", checked, held)
	if checked < 10 || float64(held[0]) < 1.1*float64(held[2]) || float64(held[1]) < 1.1*float64(held[2]) {
		t.Fatalf("%d decisions; true cards held by heuristic's policy, the mixture and the even policy: %v", checked, held)
	}
	for i, m := range sources {
		if m.Stats.Fallbacks != 0 || m.Stats.Decisions != checked {
			t.Errorf("source %d: %+v", i, m.Stats)
		}
	}
}

// TestFittedStylesReplayedJointly: the record's likelihood under fitted
// styles (lab/results/styles), which the replay reads once for them all
// (rank.ChancesOf), is the one each style's own Chances give, alone and
// mixed, at true and random assignments.
func TestFittedStylesReplayedJointly(t *testing.T) {
	const eps = 0.05
	styles := fittedStyles(t)
	var plain []Policy
	for _, s := range styles {
		plain = append(plain, chancesOnly{s})
	}
	checked := 0
	assignments(t, 2, 33, 3, func(st *game.State, r *oppRecord, a []notation.Card) {
		for i := range styles {
			got, _ := r.likelihoodBy(a, styles[i], eps, math.Inf(-1))
			want, _ := r.likelihoodBy(a, plain[i], eps, math.Inf(-1))
			if math.Abs(got-want) > 1e-9 {
				t.Fatalf("draw %d, style %d: jointly %g, by its chances %g", st.Draws(), i, got, want)
			}
		}
		got, _ := r.mixture(a, styles, eps, math.Inf(-1))
		want, _ := r.mixture(a, plain, eps, math.Inf(-1))
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("draw %d: the mixture jointly %g, by the styles' chances %g", st.Draws(), got, want)
		}
		checked++
	})
	if checked < 30 {
		t.Fatalf("only %d assignments checked", checked)
	}
}

// TestReadStyles: the styles of a list of files, in its order; none for
// an empty list; an error naming a missing or bad file, and a list of
// more styles than rank.ChancesOf weighs at once, refused.
func TestReadStyles(t *testing.T) {
	dir := "../results/styles/"
	styles, err := ReadStyles(dir + "style-simple.json," + dir + "style-heuristic.json")
	if err != nil || len(styles) != 2 {
		t.Fatalf("two styles: %d, %v", len(styles), err)
	}
	simple, _, _ := rank.ReadModelFile(dir + "style-simple.json")
	if got := styles[0].(*rank.Model); !slices.Equal(got.W[rank.DiscardGroup], simple.W[rank.DiscardGroup]) {
		t.Error("the first style is not the first file's")
	}
	if none, err := ReadStyles(""); none != nil || err != nil {
		t.Errorf("no list: %v, %v", none, err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"weights": [[1, 2]]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, list := range []string{dir + "no-such.json", bad, dir + "style-simple.json,"} {
		if _, err := ReadStyles(list); err == nil {
			t.Errorf("%q: read", list)
		}
	}
	many := strings.Repeat(dir+"style-simple.json,", rank.MaxModels) + dir + "style-simple.json"
	if _, err := ReadStyles(many); err == nil {
		t.Errorf("%d styles read", rank.MaxModels+1)
	}
}
