package bot

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
)

// midHand plays simple against simple until seat 0 is to draw after more
// than EarlyDraws draws, and returns the state there.
func midHand(t *testing.T, seed uint64) (game.State, bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.Card(i/13<<4 | i%13)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	eaai, _ := rules.Preset("eaai")
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	pol := [2]game.Policy{NewSimple(seed), NewSimple(seed + 1)}
	for st.Phase() != game.Over {
		if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > EarlyDraws+2 {
			return st, true
		}
		if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
			t.Fatal(err)
		}
	}
	return st, false
}

// TestDeclineWeighsWorlds: once the reading is sure the opponent knocks at
// once, a world in which its hand could have knocked after its last
// discard is kept with the slip's chance, and the true world, where simple
// did not knock because it could not, always; and from the prior, the
// rollout opponent of the first world is one that holds.
func TestDeclineWeighsWorlds(t *testing.T) {
	var reading StyleReading
	for range 20 {
		reading.observe(true, 8, 12, 15)
	}
	if w := reading.Weights(); w[KnockAtOnce] < 0.99 {
		t.Fatalf("the reading is not sure: %v", w)
	}
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 5; seed++ {
		st, ok := midHand(t, seed)
		if !ok {
			continue
		}
		p := st.Position(0)
		d, ok := LastDecline(&p)
		if !ok || d.Draws != p.Draws() || d.Stock != p.StockCount() || d.Opp != 1 {
			t.Fatalf("seed %d: decline %+v, %v at %d draws, stock %d", seed, d, ok, p.Draws(), p.StockCount())
		}
		_, accept := ReadingModel(&reading, &p)
		if a := accept(&st); a < 0.99 {
			t.Errorf("seed %d: the true world is kept with %.3f", seed, a)
		}
		// A world whose opponent hand could have knocked.
		e := probability.Infer(&p)
		s := probability.NewSampler(&p, &e)
		s.Organized = 10
		rng := rand.New(rand.NewPCG(seed, 9))
		for range 200 {
			w, _, err := s.World(rng)
			if err != nil {
				t.Fatal(err)
			}
			if dw := meld.MinDeadwood(w.Hand(1)); dw == 0 || dw > p.KnockLimit() {
				continue
			}
			if a := accept(&w); math.Abs(a-slip/(1-slip)) > 0.01 {
				t.Errorf("seed %d: a world where simple would have knocked is kept with %.3f", seed, a)
			}
			// From the prior, the world's decline all but rules out
			// knocking at once for the rollouts.
			r := NewReadingRollout(Prior)
			r.decline = &d
			r.SetWorld(&w)
			if r.weights[KnockAtOnce] > 0.05 {
				t.Errorf("seed %d: in a world where it passed up a knock, the opponent still knocks at once with %.2f", seed, r.weights[KnockAtOnce])
			}
			checked++
			break
		}
	}
	if checked < 3 {
		t.Fatalf("only %d positions checked", checked)
	}
}
