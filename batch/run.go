package batch

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/position"
)

// DefaultSamples is the advisor's budget a decision in a batch: sampled
// worlds for every candidate.
const DefaultSamples = 64

// Input is one file (or stdin) to analyse: its name and how to open it.
type Input = gamelog.Source

// Options set up a batch.
type Options struct {
	// Quick grades by deadwood and outs alone; otherwise the advisor
	// grades with Samples worlds a decision.
	Quick   bool
	Samples int
	Seed    uint64
	// Workers analyse games at once; 0 uses every core.
	Workers int
	// Shard and Shards take the Shard-th (from 0) of Shards shares of the
	// games, game k of the inputs (counted from 0, damaged games
	// included) going to share k mod Shards. Shards 0 means all.
	Shard, Shards int
	// Import says how to read the inputs.
	Import importer.Options
	// Progress, when set, is called with the games done so far.
	Progress func(games int)
	// OnDecision, when set, receives every graded decision in input
	// order, from one goroutine.
	OnDecision func(*Graded) error
}

// job is one game to analyse, in input order.
type job struct {
	index int // among the shard's games
	key   int // the game's number among all inputs, for seeds
	file  string
	game  *gamelog.Game
}

// result is what a game gives the summary.
type result struct {
	decisions []Graded
	games     [2]*Player // per-seat game figures, names set
	hands     int
	ungraded  int
	err       error
}

// seatNames are the names the summary keeps a game's players under: both
// seats of a self-play game are told apart.
func seatNames(g *gamelog.Game) [2]string {
	n := g.Players
	if n[0] == n[1] {
		return [2]string{n[0] + " (p1)", n[1] + " (p2)"}
	}
	return n
}

// Run analyses every game of the inputs in this run's shard.
func Run(ctx context.Context, inputs []Input, o Options) (Summary, error) {
	if o.Samples <= 0 {
		o.Samples = DefaultSamples
	}
	if o.Shards <= 0 {
		o.Shards, o.Shard = 1, 0
	}
	if o.Shard < 0 || o.Shard >= o.Shards {
		return Summary{}, fmt.Errorf("shard %d of %d is out of range", o.Shard+1, o.Shards)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	s := Summary{Grading: "advisor", Samples: o.Samples, Seed: o.Seed, Files: len(inputs), Inputs: fingerprint(inputs),
		Shards: []string{fmt.Sprintf("%d/%d", o.Shard+1, o.Shards)}}
	if o.Quick {
		s.Grading, s.Samples = "quick", 0
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	group, ctx := errgroup.WithContext(ctx)
	jobs := make(chan job, 4*workers)
	results := make(chan struct {
		j job
		r result
	}, 4*workers)
	// The reader's figures are read only after the group is done.
	var problems []Problem
	var read, skipped int
	group.Go(func() error {
		defer close(jobs)
		key, index := 0, 0
		mine := func() bool { return key%o.Shards == o.Shard }
		for fi, in := range inputs {
			if err := ctx.Err(); err != nil {
				return err
			}
			stop, err := readInput(ctx, in, o.Import, func(g *gamelog.Game, le *gamelog.Error) bool {
				defer func() { key++ }()
				if !mine() {
					return true
				}
				if le != nil {
					skipped++
					problems = append(problems, Problem{File: in.Name, Line: le.Line, Message: le.Msg})
					return true
				}
				read++
				select {
				case jobs <- job{index: index, key: key, file: in.Name, game: g}:
					index++
					return true
				case <-ctx.Done():
					return false
				}
			})
			if stop {
				return ctx.Err()
			}
			// A file that fails as a whole, unreadable or not a log, is a
			// problem of the input, reported by one shard only.
			if err != nil && fi%o.Shards == o.Shard {
				problems = append(problems, Problem{File: in.Name, Message: err.Error()})
			}
		}
		return nil
	})
	for w := 0; w < workers; w++ {
		group.Go(func() error {
			for j := range jobs {
				r := analyseGame(ctx, j, &o)
				select {
				case results <- struct {
					j job
					r result
				}{j, r}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	}
	done := make(chan error, 1)
	go func() {
		done <- group.Wait()
		close(results)
	}()
	// Results are taken in input order, so that decisions stream out in
	// order and the figures do not depend on the worker count.
	pending := map[int]result{}
	next := 0
	var firstErr error
	for x := range results {
		pending[x.j.index] = x.r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if firstErr != nil {
				continue
			}
			if r.err != nil {
				firstErr = r.err
				cancel()
				continue
			}
			if err := s.add(&r, o.OnDecision); err != nil {
				firstErr = err
				cancel()
				continue
			}
			if o.Progress != nil {
				o.Progress(next)
			}
		}
	}
	// Every goroutine has returned once results is closed and done has
	// its value: the reader's figures are safe to read.
	<-done
	s.GamesRead, s.GamesSkipped = read+skipped, skipped
	s.Errors = problems
	s.finish()
	s.Complete = firstErr == nil && parent.Err() == nil
	switch {
	case firstErr != nil:
		return s, firstErr
	case parent.Err() != nil:
		return s, parent.Err()
	}
	return s, nil
}

// fingerprint identifies inputs by their names, in order.
func fingerprint(inputs []Input) string {
	h := fnv.New64a()
	for _, in := range inputs {
		fmt.Fprintf(h, "%s\x00", in.Name)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// readInput opens one input and calls each for every game it holds, with
// the game or the error that spoiled it. It reports stop when each asked
// to stop, and err when the input failed as a whole.
func readInput(ctx context.Context, in Input, opts importer.Options, each func(*gamelog.Game, *gamelog.Error) bool) (stop bool, err error) {
	rc, err := in.Open()
	if err != nil {
		return false, err
	}
	defer rc.Close()
	src, err := importer.Open(rc, in.Name, opts)
	if err != nil {
		return false, err
	}
	for ctx.Err() == nil {
		g, gerr := src.Next()
		if gerr == io.EOF {
			return false, nil
		}
		var le *gamelog.Error
		if gerr != nil && !errors.As(gerr, &le) {
			return false, gerr
		}
		if !each(g, le) {
			return true, nil
		}
	}
	return true, nil
}

func (s *Summary) add(r *result, on func(*Graded) error) error {
	s.GamesAnalyzed++
	s.Hands += r.hands
	s.Ungraded += r.ungraded
	for _, gp := range r.games {
		s.player(gp.Name).merge(gp)
	}
	for i := range r.decisions {
		d := &r.decisions[i]
		s.Decisions++
		s.player(d.Player).addDecision(d)
		if on != nil {
			if err := on(d); err != nil {
				return err
			}
		}
	}
	return nil
}

// decisionSeed gives each decision its own stream, from the run's seed,
// the game's place among the inputs and the decision's place in the game:
// the same in a shard as in one run.
func decisionSeed(seed uint64, key, n int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", seed, key, n)
	return h.Sum64()
}

// exactPosition writes the position so that it reads back to the very
// position graded: in the history form, whose record of events the
// advisor's reading of the opponent uses, or, when the record is not
// complete (a hand longer than game.MaxDraws), in the short form.
func exactPosition(p *game.Position) string {
	if s, ok := position.FormatHistory(p); ok {
		return s
	}
	return position.Format(p)
}

// moveName writes a move for people and files.
func moveName(_ Kind, m game.Move) string { return m.String() }
