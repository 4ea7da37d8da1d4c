package reading_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// neighbour is a card next to another, or a place off the board.
type neighbour struct {
	card    notation.Card
	onBoard bool
}

// TestCardFeaturesSayTheNeighbourhood checks the card net's input at the
// first decision of many deals, card by card, against what the seat
// knows: the worlds' log-odds first; then, for each of the card's three
// fellows of rank and six neighbours in its suit (three below, three
// above), whether it is off the board, in the seat's hand, or unseen.
func TestCardFeaturesSayTheNeighbourhood(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	const slot = (reading.CardFeatures - 6) / 9
	for seed := uint64(1); seed <= 20; seed++ {
		deck := shuffledDeck(rand.New(rand.NewPCG(seed, 3)))
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		p := st.Position(0)
		var ch reading.Chances
		for i := range ch.All {
			ch.All[i], ch.Filter[i], ch.Estimate[i] = 0.3, 0.2, 0.4
		}
		for c := range p.Unseen().All() {
			x := reading.AppendCardFeatures(nil, &p, c, &ch)
			if len(x) != reading.CardFeatures {
				t.Fatalf("%d features, want %d", len(x), reading.CardFeatures)
			}
			for i, q := range []float64{0.3, 0.2, 0.4} {
				if want := float32(math.Log(q / (1 - q))); math.Abs(float64(x[i]-want)) > 1e-6 {
					t.Errorf("%v: feature %d is %v, want %v", c, i, x[i], want)
				}
			}
			var neighbours []neighbour
			for k := 1; k < 4; k++ {
				neighbours = append(neighbours, neighbour{notation.NewCard(c.Rank(), notation.Suit((int(c.Suit())+k)%4)), true})
			}
			for _, d := range []int{-3, -2, -1, 1, 2, 3} {
				r := int(c.Rank()) + d
				on := r >= 0 && r < notation.NumRanks
				n := notation.Card(0)
				if on {
					n = notation.NewCard(notation.Rank(r), c.Suit())
				}
				neighbours = append(neighbours, neighbour{n, on})
			}
			for i, nb := range neighbours {
				f := x[6+i*slot : 6+(i+1)*slot]
				off, inHand, unseen := f[0] == 1, f[1] == 1, f[6] == 1
				if off != !nb.onBoard || nb.onBoard && (inHand != p.Hand().Has(nb.card) || unseen != p.Unseen().Has(nb.card)) {
					t.Errorf("%v: neighbour %d (%v, on the board %v) reads off %v, in hand %v, unseen %v", c, i, nb.card, nb.onBoard, off, inHand, unseen)
				}
			}
		}
	}
}
