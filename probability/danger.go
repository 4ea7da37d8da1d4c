package probability

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// DiscardDanger is what one discard costs and risks.
type DiscardDanger struct {
	Card notation.Card
	// Deadwood is what the hand keeps after the discard.
	Deadwood int
	// Danger is the chance that the opponent can use the card: with the
	// cards it holds, the card completes or extends a meld, so it would
	// take it. SE is its standard error.
	Danger float64
	SE     float64
	// Allowed is false for the card just taken from the pile.
	Allowed bool
}

// DangerReport ranks the discards of an 11-card hand.
type DangerReport struct {
	Hand    notation.CardSet
	Samples int
	// Discards are sorted by deadwood, then danger.
	Discards []DiscardDanger
	// Frontier lists the discards that no other beats on both counts:
	// the trade-off between deadwood and danger.
	Frontier []notation.Card
}

// ErrNotDiscard means danger was asked of a position that is not about to
// discard.
var ErrNotDiscard = errors.New("danger needs an 11-card hand about to discard")

// Danger estimates, from samples sampled opponent hands, the chance that
// the opponent can use each card the seat could discard.
func Danger(ctx context.Context, p *game.Position, e *Estimate, samples int, seed uint64, workers int) (DangerReport, error) {
	r := DangerReport{Hand: p.Hand(), Samples: samples}
	if p.Phase() != game.DiscardPhase || p.Hand().Len() != 11 {
		return r, ErrNotDiscard
	}
	cards := p.Hand().Cards()
	s := NewSampler(p, e)
	counts, err := parallel(ctx, samples, seed, workers, func(rng *rand.Rand, n int) [11]int {
		var c [11]int
		for i := 0; i < n; i++ {
			opp := s.Opponent(rng)
			for j, d := range cards {
				if meld.InMeld(opp.With(d), d) {
					c[j]++
				}
			}
		}
		return c
	})
	if err != nil {
		return r, err
	}
	drawn, fromPile := p.Drawn()
	for j, d := range cards {
		hits := 0
		for _, c := range counts {
			hits += c[j]
		}
		q := float64(hits) / float64(max(samples, 1))
		r.Discards = append(r.Discards, DiscardDanger{
			Card: d, Deadwood: meld.MinDeadwood(p.Hand().Without(d)), Danger: q,
			SE: math.Sqrt(q * (1 - q) / float64(max(samples, 1))), Allowed: !(fromPile && d == drawn),
		})
	}
	sort.SliceStable(r.Discards, func(i, j int) bool {
		a, b := r.Discards[i], r.Discards[j]
		if a.Deadwood != b.Deadwood {
			return a.Deadwood < b.Deadwood
		}
		return a.Danger < b.Danger
	})
	r.Frontier = frontier(r.Discards)
	return r, nil
}

// frontier lists, in their order, the allowed discards that no other
// allowed discard beats on both deadwood and danger.
func frontier(discards []DiscardDanger) []notation.Card {
	var out []notation.Card
	for _, a := range discards {
		if !a.Allowed {
			continue
		}
		dominated := false
		for _, b := range discards {
			if b.Allowed && b.Card != a.Card && b.Deadwood <= a.Deadwood && b.Danger <= a.Danger && (b.Deadwood < a.Deadwood || b.Danger < a.Danger) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a.Card)
		}
	}
	return out
}
