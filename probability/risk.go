package probability

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// SpreadRisk is what knocking with one spread would bring, over the
// sampled opponent hands.
type SpreadRisk struct {
	Spread   meld.Spread
	Deadwood notation.CardSet
	// Undercut and Win are the chances of being undercut and of winning
	// the hand; Points the expected points to the knocker (negative when
	// it loses), with its standard error.
	Undercut, Win float64
	Points        float64
	PointsSE      float64
	// DefenderDeadwood counts, for each deadwood after lay-offs, the
	// sampled opponent hands that keep it (the distribution).
	DefenderDeadwood map[int]int
}

// RiskReport compares knocking now, with each spread, and waiting.
type RiskReport struct {
	Hand    notation.CardSet
	Samples int
	// Given is the spread asked about, or the best arrangement.
	Given SpreadRisk
	// BestPoints and SafestSpread are the spreads, of every spread within
	// the knock limit, with the most expected points and the least chance
	// of an undercut.
	BestPoints, Safest SpreadRisk
	// Spreads counts the spreads compared.
	Spreads int
	// Waiting: the chance that the seat's next draw improves its deadwood,
	// and the chance that the opponent, to move next, can knock or go gin
	// after its draw.
	ImproveNext, OpponentKnocksNext float64
}

// ErrBadSpread means the spread given is not melds of the hand within the
// knock limit. The error wraps the rulebook's reason too, such as
// rules.ErrOverLimit.
var ErrBadSpread = errors.New("the spread given is not melds of the hand within the knock limit")

// ErrNotKnock means risk was asked of a position that cannot knock now.
var ErrNotKnock = errors.New("risk needs a hand at its knock decision, within the knock limit")

// UndercutRisk estimates, over samples sampled opponent hands, what
// knocking now would bring: with the given spread (or the best
// arrangement when given is nil), and with every spread within the limit,
// scored on the same hands. Lay-offs are exact, or greedy under rules that
// say so.
func UndercutRisk(ctx context.Context, p *game.Position, e *Estimate, given *meld.Spread, samples int, seed uint64, workers int) (RiskReport, error) {
	r := RiskReport{Hand: p.Hand(), Samples: samples}
	hand := p.Hand()
	if p.Phase() != game.KnockPhase {
		return r, ErrNotKnock
	}
	if !p.Rules().CanDeclare(rules.DeclareKnock, hand, p.KnockLimit()) {
		// A knock decision over the limit: the knock is the illegal play.
		over := &rules.OverLimitError{Deadwood: meld.MinDeadwood(hand), Limit: p.KnockLimit()}
		return r, fmt.Errorf("%w: %w", ErrNotKnock, over)
	}
	spreads, err := knockSpreads(p, given)
	if err != nil {
		return r, err
	}
	r.Spreads = len(spreads) - 1
	s := NewSampler(p, e)
	parts, err := parallel(ctx, samples, seed, workers, func(rng *rand.Rand, n int) riskTally {
		return settleSpreads(p, s, spreads, rng, n)
	})
	if err != nil {
		return r, err
	}
	// Each starts as the given spread, with a map of its own.
	r.Given = spreadRisk(hand, spreads, parts, samples, 0)
	r.BestPoints = spreadRisk(hand, spreads, parts, samples, 0)
	r.Safest = spreadRisk(hand, spreads, parts, samples, 0)
	for j := 1; j < len(spreads); j++ {
		sr := spreadRisk(hand, spreads, parts, samples, j)
		if sr.Points > r.BestPoints.Points {
			r.BestPoints = sr
		}
		if sr.Undercut < r.Safest.Undercut || sr.Undercut == r.Safest.Undercut && sr.Points > r.Safest.Points {
			r.Safest = sr
		}
	}
	var err2 error
	r.ImproveNext, r.OpponentKnocksNext, err2 = waiting(ctx, p, e, s, samples, seed+1, workers)
	return r, err2
}

// knockSpreads returns the spread to assess, given or else the first
// arrangement, then every spread within the knock limit.
func knockSpreads(p *game.Position, given *meld.Spread) ([]meld.Spread, error) {
	hand := p.Hand()
	var spreads []meld.Spread
	meld.KnockSpreads(hand, p.KnockLimit(), func(sp meld.Spread, _ notation.CardSet) bool {
		spreads = append(spreads, sp)
		return true
	})
	g, _, _ := meld.FirstArrangement(hand)
	if given != nil {
		g = *given
	}
	if err := p.Rules().CheckLayDown(rules.DeclarationOf(hand, &g), &g, hand, p.KnockLimit()); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSpread, err)
	}
	return append([]meld.Spread{g}, spreads...), nil
}

// riskTally sums, for each spread, the settlements of one worker's
// sampled opponent hands.
type riskTally struct {
	undercut, win []int
	points, sq    []float64
	dist          map[int]int // the defender's deadwood, for the first spread
}

// settleSpreads settles every spread against n sampled opponent hands.
func settleSpreads(p *game.Position, s *Sampler, spreads []meld.Spread, rng *rand.Rand, n int) riskTally {
	rs := *p.Rules()
	hand, deal := p.Hand(), p.FirstUpcard()
	a := riskTally{undercut: make([]int, len(spreads)), win: make([]int, len(spreads)),
		points: make([]float64, len(spreads)), sq: make([]float64, len(spreads)), dist: map[int]int{}}
	for i := 0; i < n; i++ {
		opp := s.Opponent(rng)
		for j := range spreads {
			sp := spreads[j]
			sd := rs.Settle(&sp, hand&^sp.Cards(), opp, false, deal)
			net := float64(sd.Score.KnockerNet())
			if sd.Score.Outcome == rules.Undercut {
				a.undercut[j]++
			}
			if sd.Score.Winner == rules.Knocker {
				a.win[j]++
			}
			a.points[j] += net
			a.sq[j] += net * net
			if j == 0 {
				a.dist[sd.Score.DefenderDeadwood]++
			}
		}
	}
	return a
}

// spreadRisk sums the workers' tallies for spread j over the samples.
func spreadRisk(hand notation.CardSet, spreads []meld.Spread, parts []riskTally, samples, j int) SpreadRisk {
	n := float64(max(samples, 1))
	var u, w int
	var pts, sq float64
	dist := map[int]int{}
	for _, a := range parts {
		u += a.undercut[j]
		w += a.win[j]
		pts += a.points[j]
		sq += a.sq[j]
		if j == 0 {
			for k, v := range a.dist {
				dist[k] += v
			}
		}
	}
	mean := pts / n
	sr := SpreadRisk{Spread: spreads[j], Deadwood: hand &^ spreads[j].Cards(), Undercut: float64(u) / n, Win: float64(w) / n, Points: mean,
		PointsSE: math.Sqrt(math.Max(0, sq/n-mean*mean) / n)}
	if j == 0 {
		sr.DefenderDeadwood = dist
	}
	return sr
}

// waiting estimates the chance that the seat's next draw lowers its
// deadwood, and that the opponent, drawing first, can knock or go gin.
func waiting(ctx context.Context, p *game.Position, e *Estimate, s *Sampler, samples int, seed uint64, workers int) (float64, float64, error) {
	hand := p.Hand()
	dw := meld.MinDeadwood(hand)
	improve := 0.0
	stock := float64(p.StockCount())
	if stock > 0 {
		for c := range e.Unseen.Cards.All() {
			if after, _ := bestAfter(hand, c, false); after < dw {
				improve += e.InStock(c) / stock
			}
		}
	}
	up, hasUp := p.Upcard()
	limit := p.KnockLimit()
	counts, err := parallel(ctx, samples, seed, workers, func(rng *rand.Rand, n int) int {
		k := 0
		for i := 0; i < n; i++ {
			st, hidden, err := s.World(rng)
			if err != nil {
				continue
			}
			opp := hidden | p.OpponentKnown()
			can := false
			if hasUp {
				if d, _ := bestAfter(opp, up, true); rules.DeclareKnock.AllowsDeadwood(d, limit) {
					can = true
				}
			}
			if next, ok := st.StockCard(0); !can && ok {
				if _, d, _ := meld.BestDiscard(opp.With(next)); rules.DeclareKnock.AllowsDeadwood(d, limit) {
					can = true
				}
			}
			if can {
				k++
			}
		}
		return k
	})
	if err != nil {
		return 0, 0, err
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	return improve, float64(total) / float64(max(samples, 1)), nil
}
