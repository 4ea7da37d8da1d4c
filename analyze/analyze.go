// Package analyze is the advisor: the one place that decides what "the
// advisor's advice" on a decision is. From one seat's position it composes
// the search (package advise), the reading of the opponent (package
// reading: the worlds it weighs and draws, and the style bot's rollouts
// play), and the danger and outs of each discard (package probability)
// into a report.Advice, with why its move is recommended over the
// runner-up (explain). The advise command, the board, the protocol,
// batch's grades and the advisor players of the registry all ask here, so
// a grade and the analysis beside it cannot disagree.
package analyze

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/report"
)

// Options sets what the advisor spends, what it reads and what it
// computes: the settings a user of the advise command, the board or the
// engine chooses. Any field left at its zero value takes its default,
// DefaultOptions'. How the search runs beyond these (the grader's knobs,
// the caches of a caller that advises often, the lab's seam) is a
// Search's.
type Options struct {
	// Samples is the sampled worlds a candidate; with Time set it caps
	// them (0: advise.MaxSamples). Above advise.MaxSamples it is cut to
	// it.
	Samples int
	// Time, when set, spends this long instead of a fixed budget, counted
	// from the call: the reading's filter, run before the search, is
	// spent out of it too. The advice is then not reproducible.
	Time time.Duration
	// Least, with Time, is how long the search goes on before it may stop
	// as clear, also counted from the call (see advise.Options.Least).
	Least time.Duration
	// Adaptive stops a search once the decision is clear (see
	// advise.Options.Adaptive); a timed search always does.
	Adaptive bool
	// Margin is how many standard errors a gain over the baseline must
	// reach before the advice departs from it.
	Margin float64
	// Seed fixes the sampled worlds; Workers is the goroutines (0: every
	// core). The advice is the same for a seed at any worker count.
	Seed    uint64
	Workers int
	// Reading is what the seat learnt of the opponent in earlier hands
	// (nil: the prior); the position's own record is read too, unless
	// Model is ModelFixed.
	Reading *reading.Style
	// Model is how the advisor models its opponent: by its reading, by
	// its reading with the retired fixed model asked too, or by the fixed
	// model alone.
	Model Model
	// MovesOnly skips what does not change the ranking (the opponent's
	// view, danger and outs): for players and graders that need only the
	// candidates' values.
	MovesOnly bool
	// DangerSamples is the sampled opponent hands behind each discard's
	// danger.
	DangerSamples int
}

// Model is how the advisor models its opponent. The fixed model, every
// opponent played as simple, is the advisor before it read its opponent:
// it is kept for the players and engines that play as it did, and for the
// advise command's line on what the reading changed.
type Model int

const (
	// ModelReading reads the opponent: the worlds it weighs and draws
	// and the style its rollouts play come from the reading.
	ModelReading Model = iota
	// ModelCompared reads the opponent and also asks the fixed model, to
	// say what the reading changed (report.Advice.FixedBest): a timed
	// advice spends a fifth of its time on it (compareShare).
	ModelCompared
	// ModelFixed models every opponent as simple and reads nothing.
	ModelFixed
)

// DefaultOptions returns the advisor's defaults, which Advise gives every
// option left at its zero value, each chosen as its comment says:
//
//   - Samples: advise.DefaultSamples (200) worlds a candidate, or with
//     Time no cap but advise.MaxSamples. No measurement chose 200: it is
//     a budget for a caller that sets none; each front end sets its own
//     (the advise command 2,000 by its --samples, the board 256 a
//     request, the advisor player DefaultPlayerSamples, whose 256 the
//     research record measured against 128 and 64: 80.5% against simple
//     at 256, 74.6% at 64, docs/research.md, "The advisor at play before
//     it read its opponents").
//   - Margin: advise.DefaultMargin, 1.5 standard errors. It was 2.5; at
//     1.5 the advisor beat the advisor at 2.5 in 57.0% [53.3, 60.7] of
//     600 mirrored eaai games (advise.DefaultMargin).
//   - Workers: 0, every core, for the advice is the same for a seed at
//     any worker count (advise's TestAdviceSameAtAnyWorkerCount).
//   - Model: ModelReading. The advisor reading its opponent beat the
//     fixed model (advisor-fixed) in 60.7% [56.9, 64.5] of 600 mirrored
//     eaai games, and every rule-based player by more than the fixed
//     model did (README, Strength).
//   - DangerSamples: DefaultDangerSamples, 2,000 opponent hands: a
//     danger's standard error is then at most 1.1 points
//     (sqrt(0.25/2000)). No measurement of play chose it: the danger is
//     shown to a person and never changes the move.
//
// Seed, Time, Least, Adaptive, Reading and MovesOnly default to their
// zero values: seed 0, a fixed budget, no adaptive stop, the prior
// reading, and the whole advice.
func DefaultOptions() Options {
	return Options{Samples: advise.DefaultSamples, Margin: advise.DefaultMargin, Model: ModelReading, DangerSamples: DefaultDangerSamples}
}

// withDefaults gives each option left at its zero value DefaultOptions',
// but a timed advice's worlds, which its time caps, advise.MaxSamples.
func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if o.Samples <= 0 {
		o.Samples = d.Samples
		if o.Time > 0 {
			o.Samples = advise.MaxSamples
		}
	}
	o.Samples = min(o.Samples, advise.MaxSamples)
	if o.Margin <= 0 {
		o.Margin = d.Margin
	}
	if o.DangerSamples <= 0 {
		o.DangerSamples = d.DangerSamples
	}
	return o
}

// Search is how an advice's search runs beyond what a user sets: the
// knobs of batch's grader (which the advise command's --full, --particles
// and --replicas and the board's review ask for again, to show a grade's
// search), the caches of a caller that advises many times, and the seam
// through which the lab changes the worlds. Its zero value is the
// advisor's own search, with nothing cached: one filter of
// FilterParticles, whose comment gives the measurement behind 512.
// Batch's grader sets the rest (Judge, Particles, Replicas), each with
// the measurement that chose it beside the grader's budget (batch's
// MinWorlds, Replicas and the rest). Advise runs it.
type Search struct {
	// Full plays every candidate in every world of the budget, and Judge,
	// when set, stops such a search once it says the decision is judged
	// (advise.Options.Full and Judge): batch's grader spends worlds until
	// a grade's class is decided.
	Full  bool
	Judge func(s *advise.Standing) bool
	// Particles is the particles of the filter that follows the
	// opponent's hand (0: FilterParticles). Its draw is noise the worlds'
	// standard errors do not hold: a search of many worlds, such as a
	// grade near a class's threshold, needs more of them for its figures
	// to be as sure as their errors say.
	Particles int
	// Replicas, above 1, runs the filter as that many independent
	// replicas of Particles/Replicas particles each (rounded up), with
	// seeds of their own, and draws the worlds from them in turn: the
	// figures' standard errors then hold the filter's noise too
	// (advise.Worlds.Replicas). 0 or 1: one filter, whose noise they do
	// not hold.
	Replicas int
	// Equity is the equity model of the position's rules; nil builds it.
	// A caller that advises many times under one rule set builds it once.
	Equity *advise.Equity
	// Filter, when set, keeps the particle filter of the opponent's hand
	// from one decision to the next of the same seat, which reuse it
	// until the opponent plays again; nil runs it afresh.
	Filter *reading.FilterCache
	// Worlds, when set, draws the opponent's hands of the worlds of the
	// advisor that reads its opponent in place of FilterWorlds: the seam
	// through which a measurement outside the product changes them.
	Worlds WorldSource
	// now, when set, is the clock a timed search reads in place of
	// time.Now: the package's tests fake it, and no caller outside them
	// can.
	now func() time.Time
}

// compareShare is the share of a timed advice's time, one part in it,
// that the comparison with the fixed model takes: it names one move, and
// a fifth of the worlds name it as surely as the main search its ranking
// needs.
const compareShare = 5

// DefaultDangerSamples is the sampled opponent hands behind each
// discard's danger when Options.DangerSamples is 0 (DefaultOptions says
// why 2,000).
const DefaultDangerSamples = 2000

// readSamples is the worlds behind the reading of the opponent's last
// decline that an advice explains.
const readSamples = 200

// Advise is the advisor's view of the seat's decision: every candidate
// valued by the search, with the reading of the opponent behind it and,
// for each discard, its danger and outs. A cancelled ctx stops it within
// one chunk of worlds: it then returns the advice from the worlds played,
// without danger, with ctx's error. Any other failure, of the search, the
// comparison or the danger, is returned alone.
func Advise(ctx context.Context, p *game.Position, o Options) (*report.Advice, error) {
	return Search{}.Advise(ctx, p, o)
}

// Advise is the package's Advise run by the search s.
func (s Search) Advise(ctx context.Context, p *game.Position, o Options) (*report.Advice, error) {
	o = o.withDefaults()
	start := s.clock()
	so := searchOptions(p, o, s)
	comparing := o.Model == ModelCompared
	if o.Time > 0 {
		// The filter may take tens of milliseconds; a search that did not
		// count it would answer that late at every decision.
		spent := s.clock().Sub(start)
		so.Time = max(o.Time-spent, time.Nanosecond)
		so.Least = max(o.Least-spent, 0)
		if comparing {
			// The comparison is spent out of the same time: the reading's
			// search takes the most of it.
			so.Time = max(so.Time-so.Time/compareShare, time.Nanosecond)
			so.Least = min(so.Least, so.Time)
		}
	}
	a, err := advise.Advise(ctx, p, so)
	if err != nil && (len(a.Candidates) == 0 || ctx.Err() == nil) {
		return nil, err
	}
	r := &report.Advice{Phase: a.Phase, Before: a.Before, Abandoned: a.Abandoned}
	if o.Model != ModelFixed && !o.MovesOnly {
		v := reading.Opponent(readingOf(o), p, readSamples, o.Seed)
		r.Opponent = &v
	}
	if o.MovesOnly {
		r.Candidates = bare(a.Candidates)
		r.Why = explain(r.Candidates, r.Before)
		return r, err
	}
	if err != nil {
		// Cancelled: the outs cost nothing, the danger and the comparison
		// would sample again.
		r.Candidates, _ = detail(ctx, p, o, a.Candidates, false)
		r.Why = explain(r.Candidates, r.Before)
		return r, err
	}
	if comparing && len(a.Candidates) > 1 {
		cs := so
		if o.Time > 0 {
			cs.Time, cs.Least = o.Time-s.clock().Sub(start), 0
		}
		if o.Time <= 0 || cs.Time > 0 {
			if err := compare(ctx, p, cs, r); err != nil {
				return nil, err
			}
		}
	}
	if r.Candidates, err = detail(ctx, p, o, a.Candidates, true); err != nil {
		return nil, err
	}
	r.Why = explain(r.Candidates, r.Before)
	return r, nil
}

// searchOptions are the search's options for the advisor's, run by s:
// its budget, and, unless the reading is off, rollouts, world weights and
// worlds from the reading.
func searchOptions(p *game.Position, o Options, s Search) advise.Options {
	so := advise.Options{Samples: min(o.Samples, advise.MaxSamples), Time: o.Time, Adaptive: o.Adaptive, Now: s.now, Full: s.Full, Judge: s.Judge, Seed: o.Seed, Workers: o.Workers,
		Margin: o.Margin, Rollout: bot.Rollout, Equity: s.Equity}
	if so.Equity == nil {
		// Built once for both searches of a comparison.
		so.Equity = advise.ForRules(*p.Rules())
	}
	if o.Model != ModelFixed {
		so.Rollout, so.Accept = ReadingModel(readingOf(o), p)
		d := &Decision{Position: p, Seed: o.Seed, Accept: so.Accept, Time: o.Time,
			filter: func() (*reading.Particles, bool) { return particlesOf(o, s, p) }}
		if s.Worlds != nil {
			so.Worlds = s.Worlds.Worlds(d)
			if b, ok := s.Worlds.(BaselineSource); ok {
				so.Baseline = b.Baseline(d)
			}
		} else if s.Replicas > 1 {
			so.Worlds = replicaWorlds(o, s, p)
		} else {
			so.Worlds = FilterWorlds(d)
		}
	}
	return so
}

// ReadingModel returns the advisor's model of its opponent at p, read
// from s: rollouts whose opponent plays a style drawn from the reading
// given each world's cards (bot.ReadingRollouts), and, when the opponent
// has just played on, the chance of keeping a world by how likely that
// decline is in it (reading.Model.Accept); nil when there is no such
// decline.
func ReadingModel(s *reading.Style, p *game.Position) (advise.Rollout, func(notation.CardSet) float64) {
	m := reading.NewModel(s, p)
	if !m.Declined() {
		return bot.ReadingRollouts(m), nil
	}
	return bot.ReadingRollouts(m), m.Accept
}

// readingOf is the reading the advice starts from: the one carried over,
// or the prior.
func readingOf(o Options) *reading.Style {
	if o.Reading != nil {
		return o.Reading
	}
	return new(reading.Style)
}

// particlesOf is the filter at p for the options' reading: with the
// search's particles, run afresh, or at the default through the search's
// cache.
func particlesOf(o Options, s Search, p *game.Position) (*reading.Particles, bool) {
	if s.Particles > 0 && s.Particles != FilterParticles {
		return reading.Filter(readingOf(o), p, s.Particles, o.Seed)
	}
	return s.Filter.Filter(readingOf(o), p, FilterParticles, o.Seed)
}

// replicaWorlds returns the worlds of the search's replicas of the
// filter: each a filter of its share of the particles, seeded from the
// options' seed and its number, drawn from in FilterShare of the worlds.
// A replica whose record leaves no hand is left out; with none left, every
// world comes from the estimate.
func replicaWorlds(o Options, s Search, p *game.Position) advise.Worlds {
	total := s.Particles
	if total <= 0 {
		total = FilterParticles
	}
	n := min(s.Replicas, MaxReplicas)
	each := (total + n - 1) / n
	var hands []func(*rand.Rand) notation.CardSet
	for r := range n {
		if ps, ok := reading.Filter(readingOf(o), p, each, ReplicaSeed(o.Seed, r)); ok {
			hands = append(hands, ps.Draw)
		}
	}
	if len(hands) == 0 {
		return advise.Worlds{}
	}
	return advise.Worlds{Replicas: hands, Share: FilterShare}
}

// MaxReplicas bounds Search.Replicas for a user's request.
const MaxReplicas = 64

// ReplicaSeed is the seed of replica r of a decision's filter whose
// worlds have the seed seed.
func ReplicaSeed(seed uint64, r int) uint64 {
	return seed ^ (uint64(r)+1)*0xbf58476d1ce4e5b9
}

// compare asks the fixed model too, and records what it would advise.
func compare(ctx context.Context, p *game.Position, so advise.Options, r *report.Advice) error {
	so.Rollout, so.Accept = bot.Rollout, nil
	f, err := advise.Advise(ctx, p, so)
	if err != nil {
		return fmt.Errorf("the comparison with the fixed model: %w", err)
	}
	m := f.Best()
	r.FixedBest = &m
	if k, ok := report.LeastKnockOf(f.Candidates); ok {
		u := f.Candidates[k].Undercut
		r.FixedUndercut = &u
	}
	return nil
}

// bare wraps the candidates without danger or outs.
func bare(cands []advise.Candidate) []report.AdvisedMove {
	out := make([]report.AdvisedMove, len(cands))
	for i, c := range cands {
		out[i] = report.AdvisedMove{Candidate: c}
	}
	return out
}

// detail adds to each discard the outs it leaves and, with withDanger at
// an 11-card discard decision, its danger.
func detail(ctx context.Context, p *game.Position, o Options, cands []advise.Candidate, withDanger bool) ([]report.AdvisedMove, error) {
	out := bare(cands)
	if p.Phase() != game.DiscardPhase {
		return out, nil
	}
	var danger map[game.Move]float64
	if withDanger && p.Hand().Len() == 11 {
		var err error
		if danger, err = discardDanger(ctx, p, o); err != nil {
			return nil, err
		}
	}
	for i := range out {
		m := &out[i]
		if m.Move.Kind != game.Discard {
			continue
		}
		if d, ok := danger[m.Move]; ok {
			m.Danger = &d
		}
		gin, knock := probability.CountOuts(p.Hand().Without(m.Move.Card), p.Unseen(), p.KnockLimit())
		m.OutsGin, m.OutsKnock = &gin, &knock
	}
	return out, nil
}

// discardDanger is each discard's chance of meeting a meld in the
// opponent's hand.
func discardDanger(ctx context.Context, p *game.Position, o Options) (map[game.Move]float64, error) {
	e := probability.Infer(p)
	d, err := probability.Danger(ctx, p, &e, o.DangerSamples, o.Seed, o.Workers)
	if err != nil {
		return nil, fmt.Errorf("the discards' danger: %w", err)
	}
	danger := make(map[game.Move]float64, len(d.Discards))
	for _, x := range d.Discards {
		danger[game.DiscardMove(x.Card)] = x.Danger
	}
	return danger, nil
}

// The worlds of the advisor that reads its opponent: half of them hold a
// hand of the particle filter that follows the opponent through the
// record, the others the card estimate's, weighed by the last turn
// (advise.Options.Accept). A measurement that needs other worlds plugs a
// WorldSource into Search.Worlds; the product sets none.

// WorldSource draws the opponent's hands of the advisor's worlds in place
// of FilterWorlds: the one seam through which an experiment, kept out of
// the product, changes what the advisor's worlds hold (such as the lab's
// oracle of the opponent's true hand). The fixed model, which reads
// nothing, never asks it.
type WorldSource interface {
	Worlds(d *Decision) advise.Worlds
}

// A BaselineSource is a WorldSource that also picks the search's baseline
// and may leave out hopeless candidates (advise.Options.Baseline), such as
// the lab's ranking model of the moves. It is asked on the same seam, so
// that an experiment plugs in one value; the product has none.
type BaselineSource interface {
	WorldSource
	Baseline(d *Decision) func(moves []game.Move) (kept []game.Move, base int)
}

// Decision is what a WorldSource reads of the decision whose worlds it
// draws.
type Decision struct {
	Position *game.Position
	// Seed is the seed of the decision's worlds.
	Seed uint64
	// Accept is the reading's weighing of the estimate's worlds by the
	// opponent's last turn, as the search applies it.
	Accept func(oppHand notation.CardSet) float64
	// Time is the advice's time limit (Options.Time), counted from about
	// now, and 0 where it has none: a source whose work is long may
	// bound it by a share of this, for the search has only what is left.
	Time time.Duration
	// filter runs the advisor's filter at the decision, from its reading
	// and through its cache; nil runs it from the prior.
	filter func() (*reading.Particles, bool)
}

// Filter returns the particle filter of the opponent's hand at the
// decision, as the advisor reads it, and false where the record leaves
// it nothing to follow.
func (d *Decision) Filter() (*reading.Particles, bool) {
	if d.filter == nil {
		return reading.Filter(new(reading.Style), d.Position, FilterParticles, d.Seed)
	}
	return d.filter()
}

// FilterWorlds returns the advisor's own worlds at d: the filter's hands
// in FilterShare of them, the estimate's in the rest.
func FilterWorlds(d *Decision) advise.Worlds {
	if ps, ok := d.Filter(); ok {
		return advise.Worlds{Hands: ps.Draw, Share: FilterShare}
	}
	return advise.Worlds{}
}

// FilterParticles is the particles of the filter that follows the
// opponent's hand through the record (reading.Filter), and FilterShare
// the share of the worlds whose opponent hand it draws; the others come
// from the card estimate and the last turn's weighting. Half and half
// read the opponent's hand better than either alone, and 512 particles
// better than 256. At 512 a decision takes about the time it did
// without the filter, against the advisor, heuristic and simple alike;
// 1,024 read better but cost 5-7% more and lost to 512 in play
// (docs/analysis.md, "Following the hand"; docs/speed.md).
const (
	FilterParticles = 512
	FilterShare     = 0.5
)

// clock reads the search's clock.
func (s *Search) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}
