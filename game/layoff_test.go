package game

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// fitsByAssignment is the slow reference for a legal choice of lay-offs:
// some assignment of each laid card to one of the knocker's melds leaves
// every meld, grown by its cards, a meld.
func fitsByAssignment(sp *meld.Spread, laid []notation.Card) bool {
	var grown [meld.MaxSpread]notation.CardSet
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(laid) {
			for k := 0; k < sp.N; k++ {
				if grown[k] != 0 && meld.Classify(sp.Melds[k]|grown[k]) == meld.NotMeld {
					return false
				}
			}
			return true
		}
		for k := 0; k < sp.N; k++ {
			grown[k] = grown[k].With(laid[i])
			ok := try(i + 1)
			grown[k] = grown[k].Without(laid[i])
			if ok {
				return true
			}
		}
		return false
	}
	return try(0)
}

// TestLayOffAgainstReference plays random hands to a knock and tries every
// choice of lay-offs among the defender's cards that touch the knocker's
// melds: LayOff must accept exactly the choices the reference accepts,
// score them from the defender's least deadwood, never beat the rules'
// own choice for the defender, and leave the state unchanged when it
// refuses. 500 hands a preset, 1,500 with -long.
func TestLayOffAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var legal []Move
	knocks, tried := 0, 0
	for _, r := range presetsUnderTest() {
		for hand := 0; hand < handsEach(500, 1500); hand++ {
			st := newHand(t, r, rng)
			for st.Phase() != Over {
				legal = st.Legal(legal[:0])
				m := randomMove(rng, legal)
				for _, l := range legal {
					if l.Kind == Knock {
						m = l
						break
					}
				}
				if err := st.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
			res, _ := st.Result()
			if !res.Knocker.Valid() {
				if err := st.LayOff(0); !errors.Is(err, ErrNoShowdown) {
					t.Fatalf("LayOff after a dead hand: %v", err)
				}
				continue
			}
			knocks++
			defender := res.Hands[res.Knocker.Other()]
			// The cards that could touch a meld, and one that cannot help.
			var near []notation.Card
			for c := range defender.All() {
				for k := 0; k < res.Spread.N && len(near) < 7; k++ {
					if meld.Classify(res.Spread.Melds[k].With(c)) != meld.NotMeld || touches(res.Spread.Melds[k], c) {
						near = append(near, c)
						break
					}
				}
			}
			rulesChoice := res.Score
			for mask := 0; mask < 1<<len(near); mask++ {
				var laid notation.CardSet
				var cards []notation.Card
				for i, c := range near {
					if mask>>i&1 == 1 {
						laid, cards = laid.With(c), append(cards, c)
					}
				}
				tried++
				s := st
				err := s.LayOff(laid)
				want := fitsByAssignment(&res.Spread, cards) && (laid == 0 || res.KnockerDeadwood != 0)
				if (err == nil) != want {
					t.Fatalf("%s: LayOff(%s) on %v with %s left: error %v, the reference says legal %v", r.Name, laid, res.Spread, res.KnockerDeadwood, err, want)
				}
				if err != nil {
					if s != st || !errors.Is(err, rules.ErrLayoff) {
						t.Fatalf("a refused LayOff(%s) changed the state or is not ErrLayoff: %v", laid, err)
					}
					continue
				}
				got, _ := s.Result()
				score := r.ScoreKnock(res.KnockerDeadwood.Value(), meld.MinDeadwood(defender&^laid), res.Score.Outcome == rules.BigGin, r.Multiplier(st.FirstUpcard()))
				if got.Score != score || got.Layoffs != laid || got.Totals[got.Winner]-st.setup.Scores[got.Winner] != score.Points {
					t.Fatalf("%s: LayOff(%s) scores %+v, want %+v", r.Name, laid, got.Score, score)
				}
				if !r.GreedyLayoffs && got.Score.DefenderDeadwood < rulesChoice.DefenderDeadwood {
					t.Fatalf("%s: laying off %s leaves %d, less than the rules' choice %d", r.Name, laid, got.Score.DefenderDeadwood, rulesChoice.DefenderDeadwood)
				}
			}
		}
	}
	if knocks < 100 || tried < 1000 {
		t.Fatalf("only %d knocks and %d choices tried", knocks, tried)
	}
}

// touches says c is of a meld's rank or suit, so that it might extend it
// once other cards are laid off.
func touches(m notation.CardSet, c notation.Card) bool {
	for x := range m.All() {
		if x.Rank() == c.Rank() || x.Suit() == c.Suit() {
			return true
		}
	}
	return false
}
