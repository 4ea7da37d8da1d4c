package bot

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// chooseOnly hides a policy's Decide, so that PlayOut calls Choose.
type chooseOnly struct{ game.Policy }

// TestDecideMatchesChoose plays the same hands out twice with the rollout
// policies, once through Decide and once through Choose, and wants the
// same hands move for move: Decide is only a faster way to the same move.
func TestDecideMatchesChoose(t *testing.T) {
	readingRollout := func() game.Policy {
		r := NewReadingRollout([reading.NumKnockRules]float64{0.4, 0.2, 0.2, 0.2})
		r.take = [reading.NumTakeRules]float64{0.5, 0.5}
		r.discard = [reading.NumDiscardRules]float64{0.4, 0.3, 0.3}
		return r
	}
	pairs := map[string]func() [2]game.Policy{
		"simple":    func() [2]game.Policy { return [2]game.Policy{NewSimple(1), NewSimple(2)} },
		"heuristic": func() [2]game.Policy { return [2]game.Policy{NewHeuristic(0), NewSimple(3)} },
		"reading":   func() [2]game.Policy { return [2]game.Policy{NewHeuristic(0), readingRollout()} },
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, preset := range []string{"eaai", "modern", "standard"} {
		r := rules.Presets()[preset]
		for name, mk := range pairs {
			fast, slow := mk(), mk()
			for _, pl := range fast {
				if _, ok := pl.(game.Decider); !ok {
					t.Fatalf("%s: %T is not a game.Decider", name, pl)
				}
			}
			for i := 0; i < 300; i++ {
				deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
				rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
				st, err := game.Deal(game.Setup{Rules: r, Dealer: notation.Seat(i & 1), Number: 1}, &deck)
				if err != nil {
					t.Fatal(err)
				}
				seed := rng.Uint64()
				for k := range 2 {
					for _, pl := range [][2]game.Policy{fast, slow} {
						if rs, ok := pl[k].(interface{ Reseed(uint64) }); ok {
							rs.Reseed(seed)
						}
					}
				}
				a, b := st, st
				_, errA := game.PlayOut(&a, fast)
				_, errB := game.PlayOut(&b, [2]game.Policy{chooseOnly{slow[0]}, chooseOnly{slow[1]}})
				if errA != nil || errB != nil {
					t.Fatalf("%s %s hand %d: %v, %v", preset, name, i, errA, errB)
				}
				if !reflect.DeepEqual(a, b) {
					ra, _ := a.Result()
					rb, _ := b.Result()
					t.Fatalf("%s %s hand %d: Decide ended %+v after %d events, Choose %+v after %d", preset, name, i, ra, a.NumEvents(), rb, b.NumEvents())
				}
			}
		}
	}
}
