package worlds

import (
	"context"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
)

// Telling is how an Oracle tells the opponent's true hidden cards.
type Telling int

// The ways to tell them. Each replaces the others; none adds to another.
const (
	// Hand puts the whole hand in Share of the worlds, the others drawn
	// as the advisor draws them.
	Hand Telling = iota
	// Cards tells the hand card by card and not as a hand: every world's
	// hand is drawn card by card, each card's chance (1 - Share) × its
	// chance in a pool of the filter's and the estimate's hands, plus
	// Share if the opponent holds it (here a Share of 0 is 0). The worlds
	// then hold the true hand in their chances of single cards and in no
	// more of their hands than chance, which measures what the joint
	// reading of the hand is worth beyond its cards' chances.
	Cards
	// Melds tells only the cards the opponent melds (in its hand's first
	// arrangement): in Share of the worlds, a hand drawn from the filter
	// holds them, in place of as many of its other cards, drawn at
	// random. It measures what a reading of the opponent's melds alone
	// would be worth.
	Melds
	// Danger tells, at a discard decision, only whether the opponent's
	// true hand would meld each discard: each discard's worlds are
	// weighed (advise.Worlds.Weigh) so that the share of them in which it
	// melds moves Share of the way from its share in the worlds to the
	// truth. It measures what a reading of the danger alone would be
	// worth.
	Danger
)

// Oracle tells the advisor the opponent's true hidden cards, which no
// real player knows, to measure what a perfect reading would be worth
// (lab/cmd/ceiling). Where Told answers, the decision's worlds hold them
// as Tell says; elsewhere they are the advisor's own.
type Oracle struct {
	// Told is asked at each decision of the advisor that reads its
	// opponent for the opponent's true hidden cards.
	Told func(p *game.Position) (hidden notation.CardSet, ok bool)
	// Share, from 0 to 1, is the share of the worlds, or of the way, the
	// cards are told in (0 means 1, but for Cards).
	Share float64
	Tell  Telling
}

// Worlds returns the worlds of d with the oracle's cards told, where it
// answers.
func (o *Oracle) Worlds(d *analyze.Decision) advise.Worlds {
	own := analyze.FilterWorlds(d)
	hidden, ok := o.Told(d.Position)
	if !ok {
		return own
	}
	p := d.Position
	switch o.Tell {
	case Danger:
		if ps, ok := d.Filter(); ok && p.Phase() == game.DiscardPhase {
			own.Weigh = toldDanger(p, o.Share, ps, d.Accept, hidden, d.Seed)
		}
		return own
	case Cards, Melds:
		ps, ok := d.Filter()
		if !ok {
			return own
		}
		if o.Tell == Cards {
			return advise.Worlds{Hands: marginalHands(p, ps, d.Accept, hidden, o.Share, d.Seed), Share: 1}
		}
		return withTold(meldedHands(p, ps, hidden), o.Share, own)
	}
	return withTold(func(*rand.Rand) notation.CardSet { return hidden }, o.Share, own)
}

// withTold returns the worlds with the hands drawn by told in share of
// all of them (all of them for a share of 0 or above 1), and own's hands,
// in own's share, in the rest.
func withTold(told func(*rand.Rand) notation.CardSet, share float64, own advise.Worlds) advise.Worlds {
	if share <= 0 || share >= 1 {
		return advise.Worlds{Hands: told, Share: 1}
	}
	if own.Hands == nil {
		return advise.Worlds{Hands: told, Share: share}
	}
	both := share + (1-share)*own.Share
	return advise.Worlds{Hands: func(rng *rand.Rand) notation.CardSet {
		if rng.Float64() < share/both {
			return told(rng)
		}
		return own.Hands(rng)
	}, Share: both}
}

// marginalHands returns hands drawn card by card (the estimate's sampler,
// which draws each card with exactly its chance) with each card's chance
// (1 - share) × its chance in the pool, plus share if it is in hidden,
// the opponent's true hidden cards (Cards).
func marginalHands(p *game.Position, ps *reading.Particles, accept func(notation.CardSet) float64, hidden notation.CardSet, share float64, seed uint64) func(*rand.Rand) notation.CardSet {
	est := probability.Infer(p)
	_, chance := drawPool(p, &est, ps, accept, advise.MaxRedraws, seed)
	told := est
	sum := 0.0
	for c := range est.Unseen.Cards.All() {
		told.P[c] = (1 - share) * chance[c]
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
// other cards, drawn at random (Melds).
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

// Watched is a player that records in Hand its hand at each of its
// decisions: the opponent whose cards an Oracle tells.
type Watched struct {
	bot.Player
	Hand *notation.CardSet
}

// Move records the hand and decides as the player it wraps.
func (w *Watched) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	*w.Hand = p.Hand()
	return w.Player.Move(ctx, p)
}

// HiddenOf is what the seat at p has not seen of hand, the opponent's
// hand at its last decision: the opponent's hidden cards. It reports
// false where they are not as many as the opponent hides.
func HiddenOf(hand notation.CardSet, p *game.Position) (notation.CardSet, bool) {
	hidden := hand & p.Unseen()
	return hidden, hidden.Len() == p.OpponentHidden()
}
