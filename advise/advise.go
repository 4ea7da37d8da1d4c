// Package advise values a seat's decision by determinized Monte Carlo:
// it samples the worlds the seat cannot tell apart, plays every candidate
// out in the same worlds with rollout policies, and scores each outcome by
// the change in the chance of winning the game (the equity model). With
// successive halving and common random numbers, the differences between
// candidates are sharp at small budgets.
package advise

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
)

// Options sets the budget of an advice and the policies of its rollouts.
type Options struct {
	// Samples is the number of sampled worlds each candidate is played
	// out in; the same worlds serve every candidate.
	Samples int
	Seed    uint64
	// Workers is the number of goroutines; 0 uses every core.
	Workers int
	// Time, when set, spends this long instead: worlds are drawn in
	// chunks until the time is up (at least one chunk, at most Samples,
	// or 100,000 when Samples is 0). A timed advice is not reproducible.
	Time time.Duration
	// Model is the opponent inference; the zero value uses the default.
	Model *probability.Model
	// MaxSpreads bounds the knock spreads valued at a knock decision,
	// fewest deadwood first; 0 means 6.
	MaxSpreads int
	// Margin is how many standard errors a move's gain over the baseline
	// must reach before the advice departs from the baseline; 0 means
	// DefaultMargin.
	Margin float64
	// Rollout makes the policies that play the sampled worlds out; it is
	// called once for each worker. The own policy's move is the baseline
	// that the advice departs from only when a gain is clear. Advise
	// refuses to run without it (ErrNoRollout); bot.Rollout is the
	// advisor's.
	Rollout Rollout
	// Equity values a hand's outcome by the chance of winning the game
	// after it; nil builds ForRules of the position's rules for this call.
	// A caller that advises many times under one rule set builds it once.
	Equity *Equity
	// Accept, when set, weighs each sampled world by what the opponent
	// did beyond the cards it showed: the chance, from 0 to 1, of keeping
	// the world whose opponent holds oppHand, such as the likelihood of
	// the knock it passed up. The opponent's hand is drawn again until
	// one is kept, at most MaxRedraws times, before the rest of the world
	// is dealt. It must read only that hand and what the seat saw.
	Accept func(oppHand notation.CardSet) float64
}

// MaxRedraws bounds the worlds drawn for one kept world under
// Options.Accept, so that a position the model finds unlikely everywhere
// still costs a bounded time: after it the last world drawn is kept.
const MaxRedraws = 16

// WorldSetter is a rollout policy that adapts to each world before it is
// played out, such as an opponent whose style is drawn given the world's
// cards. SetWorld is called once a world, before the candidates' Reseed.
type WorldSetter interface {
	SetWorld(world *game.State)
}

// Rollout makes a pair of rollout policies: own plays the seat that asks
// for advice, opponent the other seat. A policy with random choices
// implements Reseeder, so that every candidate of a world meets the same
// choices.
type Rollout func() (own, opponent game.Policy)

// Reseeder is a policy whose random choices restart from a seed.
type Reseeder interface {
	Reseed(seed uint64)
}

// ErrNoRollout means Options.Rollout was not set.
var ErrNoRollout = errors.New("advise: no rollout policies")

// Candidate is one move and what it is worth.
type Candidate struct {
	Move game.Move
	// Equity is the mean chance of winning the game after the hand, from
	// the seat's side; Points the mean points of the hand to the seat
	// (negative when the opponent scores). Each has its standard error.
	// For every candidate but the baseline, they are the baseline's plus
	// the candidate's paired difference, so that candidates played in
	// fewer worlds compare with the rest.
	Equity, EquitySE float64
	Points, PointsSE float64
	Samples          int
	// Advantage is the mean gain in equity over the baseline move, played
	// in the same worlds, with its standard error: paired differences are
	// far sharper than the equities themselves.
	Advantage, AdvantageSE float64
	// Baseline marks the move the heuristic policy would make.
	Baseline bool
	// Deadwood is the deadwood the move leaves in the hand right away
	// (for a draw, the best after drawing; -1 when not known in advance).
	Deadwood int
	// Undercut is, for a knock, the share of its worlds in which the
	// opponent undercut it; 0 for other moves.
	Undercut float64
	// pointsGain is the mean paired difference in points over the
	// baseline.
	pointsGain float64
}

// Advice is every legal candidate of a decision, best first.
type Advice struct {
	Phase      game.Phase
	Candidates []Candidate
	// Before is the seat's chance of winning the game before the hand.
	Before float64
}

// Best returns the recommended move.
func (a *Advice) Best() game.Move { return a.Candidates[0].Move }

// DefaultMargin is how many standard errors a move's gain over the
// baseline must reach before the advice departs from the baseline. It was
// 2.5; at 1.5 the advisor beat the advisor at 2.5 in 57.0% [53.3, 60.7] of
// 600 mirrored eaai games: a gain the budget cannot yet prove is still more
// often a gain than a loss.
const DefaultMargin = 1.5

// ErrNoDecision means the position is not the seat's decision.
var ErrNoDecision = errors.New("the position is not a decision of its seat")

// candidates lists the moves worth valuing: every legal move, but at a
// knock decision only the fewest-deadwood spreads (and playing on), since
// the spreads are many and most are alike.
func candidates(st *game.State, maxSpreads int) []game.Move {
	legal := st.Legal(nil)
	if st.Phase() != game.KnockPhase {
		return legal
	}
	var out []game.Move
	var knocks []game.Move
	for _, m := range legal {
		if m.Kind == game.PlayOn {
			out = append(out, m)
		} else {
			knocks = append(knocks, m)
		}
	}
	hand := st.Hand(st.Turn())
	sort.SliceStable(knocks, func(i, j int) bool {
		return (hand &^ knocks[i].Spread.Cards()).Value() < (hand &^ knocks[j].Spread.Cards()).Value()
	})
	if len(knocks) > maxSpreads {
		knocks = knocks[:maxSpreads]
	}
	return append(out, knocks...)
}

// Advise values every candidate of the seat's decision by determinized
// Monte Carlo: it samples worlds from the opponent inference, plays each
// candidate out in each world, its own seat as the heuristic player and the
// other as simple, and scores the hand's outcome by the change in the
// chance of winning the game. Every
// candidate is played in the same worlds, so differences are sharp. The
// figures are the same for a seed at any worker count.
//
// Advise stops within one chunk of 64 worlds when ctx is done. It then
// returns the advice from the worlds played so far, if every candidate has
// been played in at least one, together with ctx's error; a caller that
// wants the best move so far (the protocol's stop) uses it, and one that
// wants nothing after a cancel checks the error.
func Advise(ctx context.Context, p *game.Position, o Options) (Advice, error) {
	var a Advice
	if p.Phase() == game.Over || p.Turn() != p.Seat() || !p.Started() {
		return a, ErrNoDecision
	}
	if o.Rollout == nil {
		return a, ErrNoRollout
	}
	if o.Samples <= 0 {
		o.Samples = 200
		if o.Time > 0 {
			o.Samples = 100_000
		}
	}
	var deadline time.Time
	if o.Time > 0 {
		deadline = time.Now().Add(o.Time)
	}
	if o.Margin <= 0 {
		o.Margin = DefaultMargin
	}
	if o.MaxSpreads <= 0 {
		o.MaxSpreads = 6
	}
	model := probability.DefaultModel()
	if o.Model != nil {
		model = *o.Model
	}
	est := model.Infer(p)
	sampler := probability.NewSampler(p, &est)
	// The candidates are the same in every world: they depend only on the
	// seat's own cards and the table.
	rng0 := rand.New(rand.NewPCG(o.Seed, 0))
	first, _, err := sampler.World(rng0)
	if err != nil {
		return a, err
	}
	moves := candidates(&first, o.MaxSpreads)
	oppKnown := p.OpponentKnown()
	a.Phase = p.Phase()
	seat := p.Seat()
	setup := p.Setup()
	equity := o.Equity
	if equity == nil || equity.Target() != setup.Rules.Target {
		equity = ForRules(setup.Rules)
	}
	a.Before = equity.Win(setup.Scores[seat], setup.Scores[seat.Other()])
	if len(moves) == 1 {
		// One legal move: nothing to weigh, and no world to sample. Its
		// equity is the chance before the hand, from no samples.
		a.Candidates = []Candidate{{Move: moves[0], Baseline: true, Equity: a.Before, Deadwood: deadwoodAfter(p, moves[0])}}
		return a, nil
	}

	// The baseline is the move the heuristic policy makes here: advice departs
	// from it only when the gain is clear of the noise.
	base := 0
	own, _ := o.Rollout()
	bm := own.Choose(&first)
	for i, m := range moves {
		if m.Kind == bm.Kind && m.Card == bm.Card && (m.Kind != game.Knock && m.Kind != game.Gin || m.Spread.Cards() == bm.Spread.Cards()) {
			base = i
			break
		}
	}
	type sums struct {
		eq, eq2, pts, pts2, d, d2, pd []float64
		cnt                           []int // worlds each move was played in
		under                         []int // worlds a knock was undercut in
	}
	// play runs chunks [from, to) of 64 worlds each, playing the active
	// moves; each chunk has its own random stream, so the figures do not
	// depend on the worker count.
	play := func(from, to int, active []bool) []sums {
		results := make([]sums, to-from)
		workers := o.Workers
		if workers <= 0 {
			workers = runtime.NumCPU()
		}
		workers = max(1, min(workers, to-from))
		var next atomic.Int64
		next.Store(int64(from))
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				own, opp := o.Rollout()
				var policies [2]game.Policy
				policies[seat], policies[seat.Other()] = own, opp
				reseed := func(seed uint64) {
					for _, pl := range policies {
						if r, ok := pl.(Reseeder); ok {
							r.Reseed(seed)
						}
					}
				}
				var st game.State
				for {
					ci := int(next.Add(1) - 1)
					if ci >= to || ci > from && !deadline.IsZero() && time.Now().After(deadline) {
						return
					}
					// The first chunk always runs, so that a cancelled advice
					// still has a move to give.
					if ci > from && ctx.Err() != nil {
						return
					}
					rng := rand.New(rand.NewPCG(o.Seed, uint64(ci)+1))
					mk := func() []float64 { return make([]float64, len(moves)) }
					s := sums{mk(), mk(), mk(), mk(), mk(), mk(), mk(), make([]int, len(moves)), make([]int, len(moves))}
					vals, pvals := mk(), mk()
					for k := 0; k < 64; k++ {
						hidden := sampler.OrganizedHidden(rng)
						for try := 1; o.Accept != nil && try < MaxRedraws && rng.Float64() >= o.Accept(hidden|oppKnown); try++ {
							hidden = sampler.OrganizedHidden(rng)
						}
						world, err := sampler.Complete(rng, hidden)
						if err != nil {
							continue
						}
						for _, pl := range policies {
							if ws, ok := pl.(WorldSetter); ok {
								ws.SetWorld(&world)
							}
						}
						rollSeed := rng.Uint64()
						for mi, m := range moves {
							vals[mi] = 0
							if !active[mi] {
								continue
							}
							st = world
							if err := st.Apply(m); err != nil {
								continue
							}
							// The same random choices for every candidate.
							reseed(rollSeed)
							if err := game.PlayOut(&st, policies); err != nil {
								continue
							}
							res, _ := st.Result()
							pts := float64(res.Score.Points)
							if res.Winner != seat {
								pts = -pts
							}
							if !res.Winner.Valid() {
								pts = 0
							}
							eq := equity.Win(res.Totals[seat], res.Totals[seat.Other()])
							s.eq[mi] += eq
							s.eq2[mi] += eq * eq
							s.pts[mi] += pts
							s.pts2[mi] += pts * pts
							s.cnt[mi]++
							if m.Kind == game.Knock && res.Knocker == seat && res.Winner == seat.Other() {
								s.under[mi]++
							}
							vals[mi], pvals[mi] = eq, pts
						}
						for mi := range moves {
							if active[mi] {
								d := vals[mi] - vals[base]
								s.d[mi] += d
								s.d2[mi] += d * d
								s.pd[mi] += pvals[mi] - pvals[base]
							}
						}
					}
					results[ci-from] = s
				}
			}()
		}
		wg.Wait()
		return results
	}
	all := make([]bool, len(moves))
	for i := range all {
		all[i] = true
	}
	chunks := max(1, (o.Samples+63)/64)
	var results []sums
	if o.Time > 0 || len(moves) <= 2 || chunks < 2 || ctx.Err() != nil {
		results = play(0, chunks, all)
	} else {
		// Successive halving: every move gets the first half of the worlds;
		// the better half (and the baseline) then get the rest of the
		// budget, so that the samples go where the decision is close.
		half := chunks / 2
		results = play(0, half, all)
		gain := make([]float64, len(moves))
		for _, r := range results {
			if r.cnt == nil {
				continue // a chunk left unplayed by a cancel
			}
			for mi := range moves {
				gain[mi] += r.d[mi]
			}
		}
		order := make([]int, len(moves))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return gain[order[i]] > gain[order[j]] })
		keep := make([]bool, len(moves))
		kept := 0
		for _, mi := range order[:(len(moves)+1)/2] {
			keep[mi] = true
			kept++
		}
		if !keep[base] {
			keep[base] = true
			kept++
		}
		more := (chunks - half) * len(moves) / kept
		if ctx.Err() == nil {
			results = append(results, play(half, half+more, keep)...)
		}
	}
	counts := make([]int, len(moves))
	for _, r := range results {
		for mi := range moves {
			if r.cnt != nil {
				counts[mi] += r.cnt[mi]
			}
		}
	}
	for mi, m := range moves {
		var eq, eq2, pts, pts2, d, d2, pd float64
		under := 0
		n := float64(max(counts[mi], 1))
		for _, r := range results {
			if r.cnt == nil {
				continue
			}
			under += r.under[mi]
			eq += r.eq[mi]
			eq2 += r.eq2[mi]
			pts += r.pts[mi]
			pts2 += r.pts2[mi]
			d += r.d[mi]
			d2 += r.d2[mi]
			pd += r.pd[mi]
		}
		c := Candidate{Move: m, Samples: counts[mi], Deadwood: -1, Baseline: mi == base}
		c.Advantage = d / n
		c.AdvantageSE = math.Sqrt(math.Max(0, d2/n-c.Advantage*c.Advantage) / n)
		c.Equity, c.Points = eq/n, pts/n
		c.EquitySE = math.Sqrt(math.Max(0, eq2/n-c.Equity*c.Equity) / n)
		c.PointsSE = math.Sqrt(math.Max(0, pts2/n-c.Points*c.Points) / n)
		c.Deadwood = deadwoodAfter(p, m)
		c.Undercut = float64(under) / n
		c.pointsGain = pd / n
		a.Candidates = append(a.Candidates, c)
	}
	// A candidate dropped early by successive halving was played in fewer
	// worlds than the baseline; its own mean would not compare with the
	// others'. Its equity and points are the baseline's plus its paired
	// difference, so that the columns agree with the gain.
	b := a.Candidates[base]
	for i := range a.Candidates {
		c := &a.Candidates[i]
		if i == base {
			continue
		}
		c.Equity = b.Equity + c.Advantage
		c.Points = b.Points + c.pointsGain
		c.EquitySE = math.Hypot(b.EquitySE, c.AdvantageSE)
	}
	// Best first: a move that beats the baseline clearly (its gain above
	// Margin standard errors), else the baseline, then the rest by gain.
	score := func(c Candidate) float64 {
		if c.Baseline || c.Advantage > o.Margin*c.AdvantageSE {
			return c.Advantage
		}
		return math.Min(c.Advantage, 0) - 1
	}
	sort.SliceStable(a.Candidates, func(i, j int) bool { return score(a.Candidates[i]) > score(a.Candidates[j]) })
	return a, ctx.Err()
}

// deadwoodAfter is the deadwood a move leaves in the hand right away: for
// a take, the best after discarding; -1 when not known in advance.
func deadwoodAfter(p *game.Position, m game.Move) int {
	hand := p.Hand()
	switch m.Kind {
	case game.Discard:
		return meld.MinDeadwood(hand.Without(m.Card))
	case game.Knock, game.Gin:
		return (hand &^ m.Spread.Cards()).Value()
	case game.PlayOn:
		return meld.MinDeadwood(hand)
	case game.Take:
		if up, ok := p.Upcard(); ok {
			return bestKeeping(hand, up)
		}
	}
	return -1
}

// bestKeeping is the least deadwood after taking c and discarding another
// card.
func bestKeeping(hand notation.CardSet, c notation.Card) int {
	h := hand.With(c)
	best := math.MaxInt
	for d := range hand.All() {
		best = min(best, meld.MinDeadwood(h.Without(d)))
	}
	return best
}
