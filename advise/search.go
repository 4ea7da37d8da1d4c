package advise

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
)

// The search of one advice, in the order it runs: Advise checks the
// position and sets the search up (newSearch: the candidates and the
// baseline), spends the budget on chunks of worlds (run, evaluate), and
// ranks what they tallied (summarize, in rank.go).

// Advise values every candidate of the seat's decision by determinized
// Monte Carlo: it samples worlds from the opponent inference, plays each
// candidate out in each world with the rollout policies, and scores the
// hand's outcome by the change in the chance of winning the game. Every
// candidate is played in the same worlds, so differences are sharp. The
// figures are the same for a seed at any worker count.
//
// A rollout that fails stops the advice with an error wrapping
// ErrRollout. Advise stops within one chunk of ChunkWorlds worlds when ctx
// is done. It then returns the advice from the worlds played so far, if
// every candidate has been played in at least one, together with ctx's
// error; a caller that wants the best move so far (the protocol's stop)
// uses it, and one that wants nothing after a cancel checks the error.
func Advise(ctx context.Context, p *game.Position, o Options) (Advice, error) {
	s, err := newSearch(p, o)
	if err != nil {
		return Advice{}, err
	}
	a := Advice{Phase: p.Phase(), Before: s.before()}
	if len(s.moves) == 1 {
		// One legal move: nothing to weigh, and no world to sample. Its
		// equity is the chance before the hand, from no samples.
		m := s.moves[0]
		a.Candidates = []Candidate{{Move: m, Baseline: true, Equity: a.Before, Deadwood: p.DeadwoodAfter(m)}}
		return a, nil
	}
	tallies, err := s.run(ctx)
	if err != nil {
		return Advice{}, err
	}
	a.Candidates, a.Abandoned = s.summarize(tallies)
	return a, ctx.Err()
}

// search is one advice in progress: the position, the options with their
// defaults filled, the candidates and the baseline among them.
type search struct {
	p        *game.Position
	o        Options
	seat     notation.Seat
	sampler  *probability.Sampler
	equity   *Equity
	oppKnown notation.CardSet
	moves    []game.Move
	base     int // the index of the baseline move in moves
	deadline time.Time
	// settled is when a timed search may first stop as clear (Least).
	settled time.Time
	// chunkCost is the time the last chunk of worlds took, in
	// nanoseconds: a timed search starts no chunk that would end past its
	// deadline at that cost, so that a busy machine, whose worlds cost
	// more, plays fewer of them rather than answer late.
	chunkCost atomic.Int64
}

// newSearch checks that the position is its seat's decision, fills the
// options' defaults, and finds the candidates and the baseline. The
// candidates come from the seat's own view; the own policy, which decides
// from a whole state, gives the baseline in the first world of the seed's
// stream: it reads only the seat's view, so any world gives the same move.
func newSearch(p *game.Position, o Options) (*search, error) {
	if p.Phase() == game.Over || p.Turn() != p.Seat() || !p.Started() {
		return nil, ErrNoDecision
	}
	if o.Rollout == nil {
		return nil, ErrNoRollout
	}
	o = withDefaults(o)
	s := &search{p: p, o: o, seat: p.Seat(), oppKnown: p.OpponentKnown()}
	if o.Time > 0 {
		now := s.now()
		s.deadline, s.settled = now.Add(o.Time), now.Add(min(o.Least, o.Time))
	}
	est := probability.Infer(p)
	s.sampler = probability.NewSampler(p, &est)
	s.equity = o.Equity
	if rules := p.Rules(); s.equity == nil || s.equity.Target() != rules.Target {
		s.equity = ForRules(*rules)
	}
	s.moves = candidates(p, o.MaxSpreads)
	first, _, err := s.sampler.World(rand.New(rand.NewPCG(o.Seed, 0)))
	if err != nil {
		return nil, fmt.Errorf("%w: the first world: %w", ErrRollout, err)
	}
	own, _ := o.Rollout()
	s.base = baseline(s.moves, own.Choose(&first))
	if o.Baseline != nil {
		kept, base := o.Baseline(slices.Clone(s.moves))
		if !isPart(kept, s.moves) || base < 0 || base >= len(kept) {
			return nil, ErrBaseline
		}
		s.moves, s.base = kept, base
	}
	return s, nil
}

// isPart says kept is moves or a part of them, in their order, not empty.
func isPart(kept, moves []game.Move) bool {
	if len(kept) == 0 {
		return false
	}
	i := 0
	for _, m := range kept {
		for i < len(moves) && !moves[i].Same(m) {
			i++
		}
		if i == len(moves) {
			return false
		}
		i++
	}
	return true
}

// now reads the options' clock.
func (s *search) now() time.Time {
	if s.o.Now != nil {
		return s.o.Now()
	}
	return time.Now()
}

// adaptive says the search stops once the decision is clear.
func (s *search) adaptive() bool { return s.o.Adaptive || s.o.Time > 0 }

// withDefaults fills the options left at their zero value.
func withDefaults(o Options) Options {
	if o.Samples <= 0 {
		o.Samples = DefaultSamples
		if o.Time > 0 {
			o.Samples = MaxSamples
		}
	}
	o.Samples = min(o.Samples, MaxSamples)
	if o.Margin <= 0 {
		o.Margin = DefaultMargin
	}
	if o.MaxSpreads <= 0 {
		o.MaxSpreads = DefaultMaxSpreads
	}
	return o
}

// before is the seat's chance of winning the game before the hand.
func (s *search) before() float64 {
	sc := s.p.Setup().Scores
	return s.equity.Win(sc[s.seat], sc[s.seat.Other()])
}

// candidates lists the moves worth valuing: every legal move, but at a
// knock decision only the fewest-deadwood spreads (and playing on), since
// the spreads are many and most are alike.
func candidates(p *game.Position, maxSpreads int) []game.Move {
	legal := p.Legal(nil)
	if p.Phase() != game.KnockPhase {
		return legal
	}
	var out, knocks []game.Move
	for _, m := range legal {
		if m.Kind == game.PlayOn {
			out = append(out, m)
		} else {
			knocks = append(knocks, m)
		}
	}
	hand := p.Hand()
	sort.SliceStable(knocks, func(i, j int) bool {
		return (hand &^ knocks[i].Spread.Cards()).Value() < (hand &^ knocks[j].Spread.Cards()).Value()
	})
	if len(knocks) > maxSpreads {
		knocks = knocks[:maxSpreads]
	}
	return append(out, knocks...)
}

// baseline is the index of the own policy's move among the candidates:
// the move the advice departs from only when a gain is clear of the noise.
func baseline(moves []game.Move, own game.Move) int {
	for i, m := range moves {
		if m.Same(own) {
			return i
		}
	}
	return 0
}

// run spends the budget: with a time limit, or with two candidates or
// fewer, every candidate plays every chunk; otherwise successive halving
// plays every candidate in the first half of the chunks and the better
// half of them (and the baseline) in the rest.
func (s *search) run(ctx context.Context) ([]tally, error) {
	all := make([]bool, len(s.moves))
	for i := range all {
		all[i] = true
	}
	chunks := max(1, (s.o.Samples+ChunkWorlds-1)/ChunkWorlds)
	switch {
	case s.o.Judge != nil:
		return s.evaluateUntil(ctx, chunks, all, func(sum tally, played int) bool {
			return s.o.Judge(&Standing{Candidates: s.ranked(sum), Worlds: played * ChunkWorlds, pairs: &sum.pairs, active: all, base: s.base})
		})
	case s.o.Full:
		return s.evaluate(ctx, 0, chunks, all)
	case s.adaptive():
		return s.evaluateUntil(ctx, chunks, all, func(sum tally, played int) bool {
			if played < AdaptiveMinChunks {
				return false
			}
			clear, alike := s.clear(sum)
			return alike || clear && !s.now().Before(s.settled)
		})
	}
	if len(s.moves) <= 2 || chunks < 2 || ctx.Err() != nil {
		return s.evaluate(ctx, 0, chunks, all)
	}
	half := chunks / 2
	first, err := s.evaluate(ctx, 0, half, all)
	if err != nil || ctx.Err() != nil {
		return first, err
	}
	keep, kept := halve(first, s.base)
	more := (chunks - half) * len(s.moves) / kept
	rest, err := s.evaluate(ctx, half, half+more, keep)
	return append(first, rest...), err
}

// evaluate plays chunks [from, to) of ChunkWorlds worlds each, for the
// active moves, on the options' workers. Each chunk has its own random
// stream, so the figures do not depend on the worker count. The first
// chunk always runs, so that a cancelled advice still has a move to give;
// the others stop at a cancel or the deadline. A chunk left unplayed has a
// nil tally. The first rollout error stops every worker and is returned.
func (s *search) evaluate(ctx context.Context, from, to int, active []bool) ([]tally, error) {
	return s.evaluateWith(ctx, from, to, active, nil)
}

// evaluateWith is evaluate with done, when set, called with each chunk's
// tally as it is played, under a lock; it returns true to start no more.
func (s *search) evaluateWith(ctx context.Context, from, to int, active []bool, done func(ci int, t tally) bool) ([]tally, error) {
	r := &chunkRun{s: s, from: from, to: to, active: active, done: done, results: make([]tally, to-from)}
	r.next.Store(int64(from))
	var wg sync.WaitGroup
	for range s.workers(to - from) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(ctx)
		}()
	}
	wg.Wait()
	return r.results, r.first
}

// workers is the goroutines that play n chunks: the options' (every core
// by default), one under a judge, at most n.
func (s *search) workers(n int) int {
	workers := s.o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if s.o.Judge != nil {
		// The judge drops candidates after a chunk for the chunks after
		// it: one chunk at a time keeps that the same at any worker count.
		workers = 1
	}
	return max(1, min(workers, n))
}

// chunkRun is one evaluation's chunks from and to, which its workers take
// in turn.
type chunkRun struct {
	s        *search
	from, to int
	// active is the candidates played; a judge may drop some between
	// chunks, under mu, and done is asked under it too.
	active  []bool
	done    func(ci int, t tally) bool
	mu      sync.Mutex
	results []tally
	next    atomic.Int64
	enough  atomic.Bool
	failed  atomic.Bool
	errOnce sync.Once
	first   error
}

// work plays the next chunk, and the next, until none is left, or done
// said enough, ctx is done or a chunk failed; a chunk after the first
// starts only while ctx lasts.
func (r *chunkRun) work(ctx context.Context) {
	w := &worker{pl: r.s.newPlayers()}
	for {
		ci := int(r.next.Add(1) - 1)
		if ci >= r.to || r.failed.Load() || ci > r.from && (r.enough.Load() || r.s.stopped(ctx)) {
			return
		}
		r.mu.Lock()
		act := slices.Clone(r.active)
		r.mu.Unlock()
		start := r.s.now()
		t, err := r.s.playChunk(ci, w, act)
		if !r.s.deadline.IsZero() {
			r.s.chunkCost.Store(int64(r.s.now().Sub(start)))
		}
		if err != nil {
			r.errOnce.Do(func() { r.first = err })
			r.failed.Store(true)
			return
		}
		r.mu.Lock()
		r.results[ci-r.from] = t
		if r.done != nil && r.done(ci, t) {
			r.enough.Store(true)
		}
		r.mu.Unlock()
	}
}

// stopped says a chunk after the first should not start: ctx is done, or
// the chunk would end past the deadline at the last chunk's cost.
func (s *search) stopped(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	return !s.deadline.IsZero() && s.now().Add(time.Duration(s.chunkCost.Load())).After(s.deadline)
}

// evaluateUntil plays every candidate in up to chunks chunks and stops
// once enough says so of the chunks summed so far, in order (for the
// adaptive stop, once the decision is clear). Chunks finish out of order
// on many workers, so the judgement follows the chunks in order, and any
// chunk played past the first prefix judged enough is dropped: the advice
// is the same for a seed at any worker count.
func (s *search) evaluateUntil(ctx context.Context, chunks int, active []bool, enough func(sum tally, played int) bool) ([]tally, error) {
	var (
		byIndex = make([]tally, chunks)
		sum     = s.newTally()
		next    int
		stopAt  = -1
	)
	results, err := s.evaluateWith(ctx, 0, chunks, active, func(ci int, t tally) bool {
		byIndex[ci] = t
		for stopAt < 0 && next < chunks && byIndex[next].cnt != nil {
			addTally(&sum, byIndex[next])
			next++
			if enough(sum, next) {
				stopAt = next
			}
		}
		return stopAt >= 0
	})
	if stopAt >= 0 {
		for i := stopAt; i < len(results); i++ {
			results[i] = tally{}
		}
	}
	return results, err
}

// clear says the candidates summed in sum are told apart: ranked as the
// advice would rank them, the first leads the next one that differs from
// it by more than AdaptiveK standard errors. A candidate whose gain and
// its error equal the first's to the bit scored the same in every world
// (another spread of the same gin, say): which of them is played makes no
// difference, so it is passed over. alike says every candidate is such:
// no more worlds can tell them apart, and a search stops at once.
func (s *search) clear(sum tally) (clear, alike bool) {
	cands := s.fromSum(sum)
	rank(cands, s.o.Margin)
	a := cands[0]
	for _, b := range cands[1:] {
		if b.Advantage == a.Advantage && b.AdvantageSE == a.AdvantageSE {
			continue
		}
		return a.Equity-b.Equity > AdaptiveK*math.Hypot(a.AdvantageSE, b.AdvantageSE), false
	}
	return true, true
}
