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
	luck      [2]*GameLuck
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
	o, err := o.withDefaults()
	if err != nil {
		return Summary{}, err
	}
	s := newSummary(inputs, &o)
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	group, ctx := errgroup.WithContext(ctx)
	workers := o.Workers
	jobs := make(chan job, 4*workers)
	results := make(chan done, 4*workers)
	rd := reader{inputs: inputs, o: &o, jobs: jobs}
	group.Go(func() error { return rd.read(ctx) })
	for range workers {
		group.Go(func() error { return analyseJobs(ctx, jobs, results, &o) })
	}
	waited := make(chan error, 1)
	go func() {
		waited <- group.Wait()
		close(results)
	}()
	firstErr := collect(results, &s, &o, cancel)
	// Every goroutine has returned once results is closed and waited has
	// its value: the reader's figures are safe to read.
	<-waited
	s.GamesRead, s.GamesSkipped = rd.games+rd.skipped, rd.skipped
	s.Errors = rd.problems
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

// withDefaults fills the options left at their zero value and checks the
// shard.
func (o Options) withDefaults() (Options, error) {
	if o.Samples <= 0 {
		o.Samples = DefaultSamples
	}
	if o.Shards <= 0 {
		o.Shards, o.Shard = 1, 0
	}
	if o.Shard < 0 || o.Shard >= o.Shards || o.Shards > MaxShards {
		return o, fmt.Errorf("shard %d of %d is out of range", o.Shard+1, o.Shards)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	return o, nil
}

// newSummary is the empty summary of a run: how it grades, and which
// inputs and shard it covers.
func newSummary(inputs []Input, o *Options) Summary {
	s := Summary{Grading: "advisor", Samples: o.Samples, Seed: o.Seed, Files: len(inputs), Inputs: fingerprint(inputs),
		Shards: []string{fmt.Sprintf("%d/%d", o.Shard+1, o.Shards)}}
	if o.Quick {
		s.Grading, s.Samples = "quick", 0
	}
	return s
}

// done is a game analysed, with its job.
type done struct {
	j job
	r result
}

// reader reads the inputs and hands the shard's games out as jobs. Its
// figures are read only after it has returned.
type reader struct {
	inputs         []Input
	o              *Options
	jobs           chan<- job
	problems       []Problem
	games, skipped int
	key, index     int
}

// read reads every input in order, then closes the jobs.
func (rd *reader) read(ctx context.Context) error {
	defer close(rd.jobs)
	for fi, in := range rd.inputs {
		if err := ctx.Err(); err != nil {
			return err
		}
		stop, err := readInput(ctx, in, rd.o.Import, func(g *gamelog.Game, le *gamelog.Error) bool {
			defer func() { rd.key++ }()
			return rd.game(ctx, in.Name, g, le)
		})
		if stop {
			return ctx.Err()
		}
		// A file that fails as a whole, unreadable or not a log, is a
		// problem of the input, reported by one shard only.
		if err != nil && fi%rd.o.Shards == rd.o.Shard {
			rd.problems = append(rd.problems, gamelog.ProblemOf(in.Name, err))
		}
	}
	return nil
}

// game takes one game of an input, or the error that spoiled it, if it
// is in the shard; it reports false when the run is cancelled.
func (rd *reader) game(ctx context.Context, file string, g *gamelog.Game, le *gamelog.Error) bool {
	if rd.key%rd.o.Shards != rd.o.Shard {
		return true
	}
	if le != nil {
		rd.skipped++
		rd.problems = append(rd.problems, Problem{File: file, Line: le.Line, Message: le.Msg})
		return true
	}
	rd.games++
	select {
	case rd.jobs <- job{index: rd.index, key: rd.key, file: file, game: g}:
		rd.index++
		return true
	case <-ctx.Done():
		return false
	}
}

// analyseJobs is one worker: it analyses games until the jobs run out.
func analyseJobs(ctx context.Context, jobs <-chan job, results chan<- done, o *Options) error {
	for j := range jobs {
		r := analyseGame(ctx, j, o)
		select {
		case results <- done{j, r}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// collect adds the results to the summary in input order, so that
// decisions stream out in order and the figures do not depend on the
// worker count. The first error cancels the run and is returned.
func collect(results <-chan done, s *Summary, o *Options, cancel func()) error {
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
			err := r.err
			if err == nil {
				err = s.add(&r, o.OnDecision)
			}
			if err != nil {
				firstErr = err
				cancel()
				continue
			}
			if o.Progress != nil {
				o.Progress(next)
			}
		}
	}
	return firstErr
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
		if gerr != nil && (!errors.As(gerr, &le) || errors.Is(gerr, gamelog.ErrVersion)) {
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
	for seat, gp := range r.games {
		p := s.player(gp.Name)
		p.merge(gp)
		if l := r.luck[seat]; l != nil {
			if p.Luck == nil {
				p.Luck = new(Luck)
			}
			p.Luck.addGame(l)
		}
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

// settings names how decisions are graded, for their seeds: a change of
// grading gives other worlds.
func (o *Options) settings() string {
	return fmt.Sprintf("batch grade: cap %d worlds", o.Samples)
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
