package probability

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// randomPositions plays random legal moves and returns the position of the
// seat to move at random points, with the true state.
func randomPositions(n int, seed uint64) ([]game.Position, []game.State) {
	rng := rand.New(rand.NewPCG(seed, seed^7))
	var ps []game.Position
	var ss []game.State
	var legal []game.Move
	for len(ps) < n {
		var deck [notation.NumCards]notation.Card
		for i := range deck {
			deck[i] = notation.CardAt(i)
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, _ := game.Deal(game.Setup{Rules: rules.Standard(), Dealer: notation.Seat(rng.IntN(2)), Number: 1}, &deck)
		for st.Phase() != game.Over && len(ps) < n {
			if rng.IntN(4) == 0 {
				ps = append(ps, st.Position(st.Turn()))
				ss = append(ss, st)
			}
			legal = st.Legal(legal[:0])
			// Prefer playing on, so that hands run long.
			m := legal[rng.IntN(len(legal))]
			if st.Phase() == game.KnockPhase {
				m = game.PassMove()
			}
			_ = st.Apply(m)
		}
	}
	return ps, ss
}

// TestEstimateProperties checks what must hold of every estimate: chances
// lie in [0, 1] and add up to the opponent's hidden count, the cards the
// seat has seen elsewhere have 0, and the known ones 1; at 1,000 random
// positions, 3,000 with -long.
func TestEstimateProperties(t *testing.T) {
	n := 1000
	if longtest.Enabled() {
		n = 3000
	}
	ps, _ := randomPositions(n, 1)
	for i := range ps {
		p := &ps[i]
		e := Infer(p)
		sum := 0.0
		for c := range e.Unseen.Cards.All() {
			if e.P[c] < 0 || e.P[c] > 1 {
				t.Fatalf("P(%s) = %v", c, e.P[c])
			}
			sum += e.P[c]
		}
		if math.Abs(sum-float64(e.Unseen.Hidden)) > 1e-6 {
			t.Fatalf("chances add up to %v, the opponent hides %d", sum, e.Unseen.Hidden)
		}
		for c := range (p.Hand() | p.PileSet()).All() {
			if e.P[c] != 0 {
				t.Fatalf("%s is seen, yet P = %v", c, e.P[c])
			}
		}
		for c := range p.OpponentKnown().All() {
			if e.P[c] != 1 {
				t.Fatalf("%s is known, yet P = %v", c, e.P[c])
			}
		}
	}
}

// TestSamplerNeverImpossible draws many worlds from many positions: each
// must complete into a state whose cards agree with the position.
func TestSamplerNeverImpossible(t *testing.T) {
	ps, _ := randomPositions(400, 2)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range ps {
		p := &ps[i]
		e := Infer(p)
		s := NewSampler(p, &e)
		for k := 0; k < 25; k++ {
			st, hidden, err := s.World(rng)
			if err != nil {
				t.Fatal(err)
			}
			opp := p.Seat().Other()
			if hidden.Len() != p.OpponentHidden() || hidden&^p.Unseen() != 0 ||
				st.Hand(opp) != hidden|p.OpponentKnown() || st.Hand(p.Seat()) != p.Hand() || st.StockCount() != p.StockCount() {
				t.Fatalf("an impossible world: hidden %s", hidden)
			}
		}
	}
}

// TestSamplerFollowsTheEstimate checks that the sampled hands hold each
// card about as often as the estimate says, on a position where the
// evidence is strong.
func TestSamplerFollowsTheEstimate(t *testing.T) {
	ps, _ := randomPositions(60, 4)
	rng := rand.New(rand.NewPCG(5, 5))
	worst := 0.0
	for i := range ps {
		p := &ps[i]
		e := Infer(p)
		s := NewSampler(p, &e)
		var count [64]int
		const n = 4000
		for k := 0; k < n; k++ {
			for c := range s.Hidden(rng).All() {
				count[c]++
			}
		}
		for c := range e.Unseen.Cards.All() {
			worst = math.Max(worst, math.Abs(float64(count[c])/n-e.P[c]))
		}
	}
	// With 4,000 draws the standard error is at most 0.008.
	if worst > 0.035 {
		t.Errorf("a sampled frequency is %.3f away from its estimate", worst)
	}
	t.Logf("largest gap between sampled frequency and estimate: %.3f", worst)
}
