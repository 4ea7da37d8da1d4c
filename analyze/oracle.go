package analyze

import (
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// The oracle's worlds: ways to tell the advisor the opponent's true hidden
// cards, for measuring what a reading would be worth (Options.Oracle,
// internal/ceiling). No player uses them.

// oracleHands returns the worlds' hands and their share where the oracle
// told hidden, in the one way o asks: card by card, its melds only, or
// the whole hand. Each way replaces the others; none adds to another.
func oracleHands(p *game.Position, o Options, hidden notation.CardSet, so advise.Options) (func(*rand.Rand) notation.CardSet, float64) {
	switch {
	case o.OracleDanger:
		return so.Hands, so.HandsShare
	case o.OracleMarginal || o.OracleMelds:
		ps, ok := particles(o.Filter, readingOf(o), p, o.Seed)
		if !ok {
			return so.Hands, so.HandsShare
		}
		if o.OracleMarginal {
			return marginalHands(p, ps, so.Accept, hidden, o.OracleShare, o.Seed), 1
		}
		return withTold(meldedHands(p, ps, hidden), o.OracleShare, so.Hands, so.HandsShare)
	}
	return withOracle(hidden, o.OracleShare, so.Hands, so.HandsShare)
}

// withOracle returns the worlds' hands and their share with the oracle's
// hidden cards in share of all the worlds (all of them for a share of 0
// or above 1), and hands, in its share, in the rest of them.
func withOracle(hidden notation.CardSet, share float64, hands func(*rand.Rand) notation.CardSet, handsShare float64) (func(*rand.Rand) notation.CardSet, float64) {
	return withTold(func(*rand.Rand) notation.CardSet { return hidden }, share, hands, handsShare)
}

// withTold is withOracle with the told worlds' hands drawn by told.
func withTold(told func(*rand.Rand) notation.CardSet, share float64, hands func(*rand.Rand) notation.CardSet, handsShare float64) (func(*rand.Rand) notation.CardSet, float64) {
	if share <= 0 || share >= 1 {
		return told, 1
	}
	if hands == nil {
		return told, share
	}
	both := share + (1-share)*handsShare
	return func(rng *rand.Rand) notation.CardSet {
		if rng.Float64() < share/both {
			return told(rng)
		}
		return hands(rng)
	}, both
}

// marginalHands returns hands drawn card by card (the estimate's sampler,
// which draws each card with exactly its chance) with each card's chance
// (1 - share) × its chance in the card net's pool, plus share if it is in
// hidden, the opponent's true hidden cards (Options.OracleMarginal).
func marginalHands(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, hidden notation.CardSet, share float64, seed uint64) func(*rand.Rand) notation.CardSet {
	est := probability.Infer(p)
	_, ch := drawPool(p, &est, ps, accept, advise.MaxRedraws, seed)
	told := est
	sum := 0.0
	for c := range est.Unseen.Cards.All() {
		told.P[c] = (1 - share) * ch.All[c]
		if hidden.Has(c) {
			told.P[c] += share
		}
		sum += told.P[c]
	}
	// The pool's chances add up to the hidden count only within their
	// smoothing; the sampler needs them exact, each at most 1.
	scale := float64(est.Unseen.Hidden) / sum
	for c := range est.Unseen.Cards.All() {
		told.P[c] = min(1, told.P[c]*scale)
	}
	s := probability.NewSampler(p, &told)
	return s.Hidden
}

// meldedHands returns hands from the filter that hold the cards of hidden,
// the opponent's true hidden cards, that it melds in the first
// arrangement of its whole hand, each in place of one of the particle's
// other cards, drawn at random (Options.OracleMelds).
func meldedHands(p *game.Position, ps *reading.Particles, hidden notation.CardSet) func(*rand.Rand) notation.CardSet {
	_, dead, _ := meld.FirstArrangement(hidden | p.OpponentKnown())
	melded := hidden &^ dead
	return func(rng *rand.Rand) notation.CardSet {
		h := ps.Draw(rng)
		others := (h &^ melded).Cards()
		rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
		for _, c := range others[:min(len(others), (melded&^h).Len())] {
			h = h.Without(c)
		}
		return h | melded
	}
}

// toldDanger returns the search's weights that tell, for each discard,
// whether the opponent's true hand, hidden and the cards it showed, would
// meld it (Options.OracleDanger): a discard's worlds are weighed so that
// the share of them in which it melds moves share of the way from its
// share in a pool drawn as the worlds are (the card net's) to the truth;
// a share of 0 or above 1 tells it all the way, as for the whole hand.
func toldDanger(p *game.Position, o Options, ps *reading.Particles, accept func(notation.CardSet) float64, hidden notation.CardSet) func(notation.CardSet, []game.Move, []float64) {
	est := probability.Infer(p)
	pool, _ := drawPool(p, &est, ps, accept, advise.MaxRedraws, o.Seed)
	known := p.OpponentKnown()
	truth := hidden | known
	share := o.OracleShare
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
