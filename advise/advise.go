// Package advise values a seat's decision by determinized Monte Carlo:
// it samples the worlds the seat cannot tell apart, plays every candidate
// out in the same worlds with rollout policies, and scores each outcome by
// the change in the chance of winning the game (the equity model). With
// successive halving and common random numbers, the differences between
// candidates are sharp at small budgets.
//
// The search reads as its steps: newSearch checks the position and fills
// the options' defaults, candidates lists the moves worth valuing,
// sampleWorld draws one world, evaluate plays chunks of worlds, halve keeps
// the better half for the rest of the budget, and rank orders the moves.
// Package analyze composes it with the reading, danger and outs into the
// advisor's advice; call this package directly only for the bare search.
package advise

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// What an advice takes and gives: its options and bounds, the rollout
// policies it plays with, its errors, and the candidates it values. The
// search itself is in search.go.

// Options sets the budget of an advice and the policies of its rollouts.
type Options struct {
	// Samples is the number of sampled worlds each candidate is played
	// out in; the same worlds serve every candidate. 0 means
	// DefaultSamples, or MaxSamples with Time set.
	Samples int
	Seed    uint64
	// Workers is the number of goroutines; 0 uses every core.
	Workers int
	// Time, when set, spends this long instead: worlds are drawn in
	// chunks until the time is up (at least one chunk, at most Samples).
	// A timed advice is not reproducible. A timed advice also stops
	// early when the decision is clear (see Adaptive), once Least has
	// passed.
	Time time.Duration
	// Least, with Time, is how long the search goes on before it may stop
	// as clear: a clock with time to spare spends it on telling even a
	// clear decision's candidates further apart. 0 stops at once.
	Least time.Duration
	// Adaptive stops the search once the decision is clear: after each
	// chunk from the AdaptiveMinChunks-th on, if the best candidate's
	// equity leads the second's by more than AdaptiveK standard errors,
	// the chunks after it are not played. Without Time it spends at most
	// Samples, and the advice is the same for a seed at any worker count.
	// Off (and Time 0), the advice is exactly as before: every chunk of
	// the budget, with successive halving.
	Adaptive bool
	// Full plays every candidate in every chunk of the budget: no
	// successive halving and no adaptive stop. Its figures after k chunks
	// are those of a Full advice of k chunks' worlds, whatever stopped it.
	Full bool
	// Judge, when set, makes the advice Full and is asked after each
	// chunk, in the chunks' order, with the standing so far; true stops
	// the search there. The advice is the same for a seed at any worker
	// count. Batch's grader stops once a grade's class is decided.
	Judge func(s *Standing) bool
	// Now, when set, is the clock a timed advice reads instead of
	// time.Now: tests bound a timed advice's work with a fake clock.
	Now func() time.Time
	// MaxSpreads bounds the knock spreads valued at a knock decision,
	// fewest deadwood first; 0 means DefaultMaxSpreads.
	MaxSpreads int
	// Margin is how many standard errors a move's gain over the baseline
	// must reach before the advice departs from the baseline; 0 means
	// DefaultMargin.
	Margin float64
	// Rollout makes the policies that play the sampled worlds out; it is
	// called once for each worker. The own policy's move is the baseline
	// that the advice departs from only when a gain is clear. Advise
	// refuses to run without it (ErrNoRollout).
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
	// Baseline, when set, picks the baseline in place of the own
	// policy's move, and may leave out candidates it judges hopeless: it
	// returns the candidates to value, moves or a part of them in their
	// order, and the baseline's index among them. It reads only the
	// seat's view. An answer that is not such a part is ErrBaseline.
	Baseline func(moves []game.Move) (kept []game.Move, base int)
	// Worlds, when its Hands is set, draws the opponent's hidden cards
	// of a share of the worlds in place of the estimate's sampler and
	// Accept: a second reading of the opponent, such as a particle filter
	// over the whole record of the hand.
	Worlds Worlds
}

// Worlds is a second source of a search's worlds beside the estimate.
// Its functions must be safe for concurrent use and read only what the
// seat saw.
type Worlds struct {
	// Hands draws the opponent's hidden cards for Share (from 0 to 1) of
	// the worlds; nil draws every world from the estimate.
	Hands func(rng *rand.Rand) notation.CardSet
	Share float64
	// Replicas, when set, are independent draws of the one reading that
	// Hands draws from (filters run with seeds of their own), and replace
	// it: the search's world k draws from Replicas[k mod len(Replicas)].
	// The worlds of one replica share its draw, an error that their number
	// does not average away; the candidates' paired standard errors then
	// hold the replicas' spread too (a one-way random-effects model over
	// the groups of worlds), so that a grade's ± holds the reading's noise.
	Replicas []func(rng *rand.Rand) notation.CardSet
	// Weigh, when set, weighs each world apart for each candidate: it
	// writes to w[i] the weight of the world whose opponent holds oppHand
	// (its hidden cards and those it showed) for the candidate moves[i],
	// about 1 on average over the worlds. Each candidate's gain over the
	// baseline is then the mean of its weighted value less the
	// baseline's. It must not keep w.
	Weigh func(oppHand notation.CardSet, moves []game.Move, w []float64)
}

// The bounds and defaults of an advice's budget, for every caller that
// takes a budget from a user.
const (
	// DefaultSamples is the worlds a candidate when Options.Samples is 0.
	DefaultSamples = 200
	// MaxSamples bounds the worlds of one advice: a user's budget above
	// it is refused, and a timed advice stops at it.
	MaxSamples = 100_000
	// DefaultMaxSpreads is the knock spreads valued when
	// Options.MaxSpreads is 0.
	DefaultMaxSpreads = 6
	// ChunkWorlds is the worlds drawn from one random stream: the unit of
	// work that a cancel or a deadline waits for.
	ChunkWorlds = 64
)

// The adaptive stop (Options.Adaptive): a decision is clear when the best
// candidate leads the second by more than AdaptiveK standard errors of
// their difference (taken as the two standard errors in quadrature),
// judged from the AdaptiveMinChunks-th chunk on. At 3 standard errors a
// stop on a lead that is only noise is rare (about one in 700 for a
// normal difference), and the first two chunks (128 worlds) keep a
// decision from being judged on a handful of worlds.
const (
	AdaptiveK         = 3.0
	AdaptiveMinChunks = 2
)

// MaxRedraws bounds the worlds drawn for one kept world under
// Options.Accept, so that a position the model finds unlikely everywhere
// still costs a bounded time: after it the last world drawn is kept.
const MaxRedraws = 16

// DefaultMargin is how many standard errors a move's gain over the
// baseline must reach before the advice departs from the baseline. It was
// 2.5; at 1.5 the advisor beat the advisor at 2.5 in 57.0% [53.3, 60.7] of
// 600 mirrored eaai games: a gain the budget cannot yet prove is still more
// often a gain than a loss.
const DefaultMargin = 1.5

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

// Errors of an advice.
var (
	// ErrNoRollout means Options.Rollout was not set.
	ErrNoRollout = errors.New("advise: no rollout policies")
	// ErrNoDecision means the position is not the seat's decision.
	ErrNoDecision = errors.New("the position is not a decision of its seat")
	// ErrRollout means a rollout could not be played: a policy chose an
	// illegal move, or a world could not be dealt. The advice stops with
	// it rather than average a world it did not play.
	ErrRollout = errors.New("advise: a rollout failed")
	// ErrBaseline means Options.Baseline answered with moves that are not
	// a part of the candidates, or a baseline not among them.
	ErrBaseline = errors.New("advise: the baseline's candidates are not the decision's")
)

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
	// Baseline marks the move the advice departs from only when a gain is
	// clear: the heuristic policy's, unless Options.Baseline picked it.
	Baseline bool
	// Deadwood is the deadwood the move leaves in the hand right away
	// (game.Position.DeadwoodAfter; -1 when not known in advance).
	Deadwood int
	// Undercut is, for a knock, the share of its worlds in which the
	// opponent undercut it; 0 for other moves.
	Undercut float64
	// Abandoned is the number of its rollouts abandoned as endless (see
	// Advice.Abandoned).
	Abandoned int
	// Outcomes counts how its rollouts ended (they add up to Samples):
	// the outcome mix the search expects after the move, which a
	// measurement compares with what the real opponent does.
	Outcomes Outcomes `json:"outcomes,omitzero"`
	// Loss is how much less the move is worth than the recommended one,
	// the first candidate (0 for it): the difference between their
	// advantages, with LossSE the standard error of the two moves' paired
	// difference over the worlds both were played in.
	Loss, LossSE float64
	// Tie marks a move the recommendation does not lead by more than the
	// margin (Options.Margin standard errors of LossSE): the two are equal
	// within the noise of the search, and the recommendation stands only
	// because it is the plainer move or measured higher.
	Tie bool
	// pointsGain is the mean paired difference in points over the
	// baseline.
	pointsGain float64
	// index is the move's place in the search's list of candidates.
	index int
}

// Advice is every legal candidate of a decision, best first.
type Advice struct {
	Phase      game.Phase
	Candidates []Candidate
	// Before is the seat's chance of winning the game before the hand.
	Before float64
	// Abandoned counts the rollouts abandoned as endless
	// (game.RolloutDraws more draws, two policies passing the same cards).
	// Every candidate's abandoned rollout is scored by the one rule of the
	// game model: a dead hand, no points, the scores as before the hand.
	Abandoned int
}

// Best returns the recommended move.
func (a *Advice) Best() game.Move { return a.Candidates[0].Move }
