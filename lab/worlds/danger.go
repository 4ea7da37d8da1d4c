package worlds

import (
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// toldDanger returns the search's weights that tell, for each discard,
// whether the opponent's true hand, hidden and the cards it showed, would
// meld it (Danger): a discard's worlds are weighed so that the share of
// them in which it melds moves share of the way from its share in a pool
// drawn as the worlds are to the truth; a share of 0 or above 1 tells it
// all the way, as for the whole hand.
func toldDanger(p *game.Position, share float64, ps *reading.Particles, accept func(notation.CardSet) float64, hidden notation.CardSet, seed uint64) func(notation.CardSet, []game.Move, []float64) {
	est := probability.Infer(p)
	pool, _ := drawPool(p, &est, ps, accept, advise.MaxRedraws, seed)
	known := p.OpponentKnown()
	truth := hidden | known
	if share <= 0 || share > 1 {
		share = 1
	}
	var yes, no [64]float64
	for c := range p.Hand().All() {
		n := 0
		for _, h := range pool {
			if meld.InMeld(h|known|c.Set(), c) {
				n++
			}
		}
		q := (float64(n) + 0.5) / float64(len(pool)+1)
		t := 0.0
		if meld.InMeld(truth|c.Set(), c) {
			t = 1
		}
		told := (1-share)*q + share*t
		yes[c], no[c] = told/q, (1-told)/(1-q)
	}
	return func(opp notation.CardSet, moves []game.Move, w []float64) {
		for i, m := range moves {
			w[i] = 1
			if m.Kind != game.Discard {
				continue
			}
			if meld.InMeld(opp|m.Card.Set(), m.Card) {
				w[i] = yes[m.Card]
			} else {
				w[i] = no[m.Card]
			}
		}
	}
}
