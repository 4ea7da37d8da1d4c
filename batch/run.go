package batch

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/position"
)

// DefaultSamples is the advisor's cap of worlds a decision in a batch: a
// grade spends worlds until its class is decided, and is uncertain when
// this many have not decided it.
const DefaultSamples = 6144

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
	// order, from one goroutine, as the games are graded: the run holds
	// only the decisions not yet passed on, whatever a game's length. A
	// game's decisions come before its figures are added to the summary,
	// so that a run that stops in the middle of a game has passed on some
	// of that game's decisions, though the summary leaves the game out.
	// The Graded is valid only during the call.
	OnDecision func(*Graded) error
}

// job is one game to analyse, in input order, with the channels that
// carry its analysis to the collector.
type job struct {
	key  int // the game's number among all inputs, for seeds
	file string
	game *gamelog.Game
	// rows carries the game's graded decisions to the collector in
	// batches, as they are graded, when Options.OnDecision takes them
	// (else it is nil); the worker closes it. It holds at most rowsAhead
	// batches, so that a long game waits for the collector rather than
	// keep its decisions.
	rows chan []Graded
	// done receives the game's result once the game is analysed.
	done chan result
}

// rowBatch is how many graded decisions go to the collector at once, and
// rowsAhead how many batches a game may have graded before the collector
// takes them: a game of the usual length never waits, and a game of any
// length keeps at most some thousand decisions.
const (
	rowBatch  = 64
	rowsAhead = 16
)

// result is what a game gives the summary. Each graded decision is
// counted in games as it is graded, so that a game's figures take the same
// memory whatever its length.
type result struct {
	games    [2]*Player // per-seat figures of the game and its decisions, names set
	graded   int        // decisions graded
	hands    int
	ungraded int
	err      error
	// batch holds the decisions graded and not yet sent on the job's rows.
	batch []Graded
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
	jobs := make(chan job, workers)
	order := make(chan job, 4*workers)
	rd := reader{inputs: inputs, o: &o, jobs: jobs, order: order}
	group.Go(func() error { return rd.read(ctx) })
	for range workers {
		group.Go(func() error { analyseJobs(ctx, jobs, &o); return nil })
	}
	firstErr := collect(order, &s, &o, cancel)
	// The reader has closed the order, and every worker its games: once
	// they have returned, the reader's figures are safe to read.
	group.Wait()
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

// reader reads the inputs and hands the shard's games out as jobs, to
// the workers and, in the same order, to the collector. Its figures are
// read only after it has returned.
type reader struct {
	inputs         []Input
	o              *Options
	jobs, order    chan<- job
	problems       []Problem
	games, skipped int
	key            int
}

// read reads every input in order, then closes the jobs and the order.
func (rd *reader) read(ctx context.Context) error {
	defer close(rd.order)
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
	j := job{key: rd.key, file: file, game: g, done: make(chan result, 1)}
	if rd.o.OnDecision != nil {
		j.rows = make(chan []Graded, rowsAhead)
	}
	// A worker has the game before the collector waits for it: the
	// collector never waits for a game no worker will take. The order
	// holds a few games, so that the reader stays only a little ahead.
	for _, ch := range []chan<- job{rd.jobs, rd.order} {
		select {
		case ch <- j:
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// analyseJobs is one worker: it analyses games until the jobs run out,
// and gives each its result even once the run is cancelled.
func analyseJobs(ctx context.Context, jobs <-chan job, o *Options) {
	for j := range jobs {
		r := analyseGame(ctx, j, o)
		if j.rows != nil {
			if r.err == nil {
				r.err = r.flush(ctx, j.rows)
			}
			close(j.rows)
		}
		j.done <- r
	}
}

// keep counts a graded decision in the game's figures and, when the run
// streams decisions, sends it on towards the collector. It fails only
// when the run is cancelled while the game waits for the collector.
func (gr *grader) keep(d *Graded) error {
	r := gr.r
	r.fold(d)
	if gr.j.rows == nil {
		return nil
	}
	if r.batch == nil {
		r.batch = make([]Graded, 0, rowBatch)
	}
	r.batch = append(r.batch, *d)
	if len(r.batch) < rowBatch {
		return nil
	}
	return r.flush(gr.ctx, gr.j.rows)
}

// fold counts a graded decision in its seat's figures for the game.
func (r *result) fold(d *Graded) {
	r.games[d.Seat-1].addDecision(d)
	r.graded++
}

// flush sends the decisions kept so far on rows, waiting while the
// collector is behind, unless the run is cancelled.
func (r *result) flush(ctx context.Context, rows chan<- []Graded) error {
	if len(r.batch) == 0 {
		return nil
	}
	select {
	case rows <- r.batch:
		r.batch = nil
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// collect takes the games in input order: it passes each game's
// decisions to Options.OnDecision as they come, and adds the game's
// figures to the summary once it is analysed, so that the stream and the
// figures do not depend on the worker count. The first error cancels the
// run and is returned; a game that fails adds nothing to the summary.
func collect(order <-chan job, s *Summary, o *Options, cancel func()) error {
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	analysed := 0
	for j := range order {
		if j.rows != nil {
			for rows := range j.rows {
				for i := 0; i < len(rows) && firstErr == nil; i++ {
					if err := o.OnDecision(&rows[i]); err != nil {
						fail(err)
					}
				}
			}
		}
		r := <-j.done
		if firstErr != nil {
			continue
		}
		if r.err != nil {
			fail(r.err)
			continue
		}
		s.add(&r)
		analysed++
		if o.Progress != nil {
			o.Progress(analysed)
		}
	}
	return firstErr
}

// fingerprint identifies inputs by their names, in order: by the last
// two elements of each path, so that one directory named by a relative
// path in one shard and an absolute one in another (or from another
// working directory, on another machine) is the same input.
func fingerprint(inputs []Input) string {
	h := fnv.New64a()
	for _, in := range inputs {
		fmt.Fprintf(h, "%s\x00", pathTail(in.Name))
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// pathTail is a path's last two elements, cleaned, with slashes.
func pathTail(name string) string {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(name)), "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
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

// add adds an analysed game's figures, its decisions' included, to the
// summary.
func (s *Summary) add(r *result) {
	s.GamesAnalyzed++
	s.Hands += r.hands
	s.Ungraded += r.ungraded
	s.Decisions += r.graded
	for _, gp := range r.games {
		s.player(gp.Name).merge(gp)
	}
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
