// Package enginecheck checks that an engine keeps ginadvisor's engine
// protocol, as a bot author's compliance test: it drives the engine,
// started afresh for each, through scripted situations (the handshake,
// options, every kind of decision, knocks and gin, the defender, a long
// hand, stop, isready, time controls, quit, whole games) and judges each
// answer by the rules, keeping the exchange of every situation.
package enginecheck

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/arena"
)

// Options set up a check.
type Options struct {
	// Command is the engine's command line, as arena.Start takes it.
	Command string
	// Grace bounds the wait for an answer that should come at once
	// (readyok, the answer to stop, the exit after quit); 0 means 2 s.
	Grace time.Duration
	// Move bounds a decision with no time control; 0 means a minute.
	Move time.Duration
	// Games is the number of whole games against simple, even, one of
	// each seat a pair; 0 means DefaultGames.
	Games int
	// GameMove is the time the whole games tell the engine for each
	// decision (go movetime); 0 means DefaultGameMove. An engine may
	// answer later, up to Move, without failing: the games check that it
	// plays them through, not its timing, which the clock's situation
	// checks.
	GameMove time.Duration
	// Only, when set, runs the situations whose names contain it.
	Only string
	// Set holds options sent to the engine in every situation, when it
	// declares them (samples, to make a check quick).
	Set map[string]string
	// name is the engine's id name, once a handshake gave it.
	name string
}

// DefaultGames is the whole games against simple a check plays: one pair
// of mirrored games, the engine in each seat once.
const DefaultGames = 2

// MaxGames bounds Options.Games.
const MaxGames = 1000

// DefaultGameMove is the time a whole game's decision is told: enough for
// the built-in engine to search (above its 10 ms floor, below which it
// plays its policy), and short enough that two games end within seconds
// on a busy core rather than minutes (at its default samples with no
// clock, the built-in engine took 2 min 43 s for the two games on a busy
// 2-core machine).
const DefaultGameMove = 50 * time.Millisecond

// Result is one situation's verdict.
type Result struct {
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Reason says why the situation failed.
	Reason string `json:"reason,omitempty"`
	// Exchange is the situation's lines, "> " sent and "< " received
	// (the latest ones of a long exchange).
	Exchange []string `json:"exchange"`
}

// Report is a check's verdicts, in the order run.
type Report struct {
	// Engine is the engine's name as its handshake's id name gives it
	// (the command when no handshake gave one), as the arena names it;
	// Command is its command line.
	Engine  string   `json:"engine"`
	Command string   `json:"command"`
	Results []Result `json:"results"`
}

// Passed says every situation passed.
func (r *Report) Passed() bool {
	for _, res := range r.Results {
		if !res.Passed {
			return false
		}
	}
	return len(r.Results) > 0
}

// Failed counts the situations that failed.
func (r *Report) Failed() int {
	n := 0
	for _, res := range r.Results {
		if !res.Passed {
			n++
		}
	}
	return n
}

// ErrGames means Options.Games is not an even number from 2 to MaxGames.
var ErrGames = fmt.Errorf("the whole games must be even, from 2 to %d (pairs of mirrored games)", MaxGames)

// ErrNoSituation means Only named no situation.
var ErrNoSituation = errors.New("no situation by that name")

// Run checks the engine in every situation, each on a fresh process. An
// engine's failure is a failed situation, not an error; the error is
// ctx's, or a bad option.
func Run(ctx context.Context, o Options) (*Report, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	rep := &Report{Engine: o.Command, Command: o.Command}
	for _, s := range situations() {
		if o.Only != "" && !strings.Contains(s.name, o.Only) {
			continue
		}
		res, name := runOne(ctx, o, s)
		if o.name == "" && name != "" {
			o.name, rep.Engine = name, name
		}
		rep.Results = append(rep.Results, res)
		if err := ctx.Err(); err != nil {
			return rep, err
		}
	}
	if len(rep.Results) == 0 {
		return rep, fmt.Errorf("%w: %q", ErrNoSituation, o.Only)
	}
	return rep, nil
}

// withDefaults is o with each setting left at 0 given its default; the
// error is ErrGames, for games that are no pairs.
func (o Options) withDefaults() (Options, error) {
	if o.Grace <= 0 {
		o.Grace = 2 * time.Second
	}
	if o.Move <= 0 {
		o.Move = time.Minute
	}
	if o.Games == 0 {
		o.Games = DefaultGames
	}
	if o.Games < 2 || o.Games%2 != 0 || o.Games > MaxGames {
		return o, fmt.Errorf("%w: %d", ErrGames, o.Games)
	}
	if o.GameMove <= 0 {
		o.GameMove = DefaultGameMove
	}
	return o, nil
}

// runOne starts the engine and plays one situation on it; it returns
// the engine's id name too, when its handshake gave one.
func runOne(ctx context.Context, o Options, s situation) (Result, string) {
	res := Result{Name: s.name}
	if s.run == nil {
		// A situation that drives no process of its own.
		err := s.whole(ctx, o)
		res.Passed, res.Reason = err == nil, reason(err)
		if f := (*arena.Forfeit)(nil); errors.As(err, &f) {
			res.Exchange = f.Exchange
		}
		return res, ""
	}
	p, err := arena.Start(ctx, o.Command, arena.StartOptions{Handshake: max(o.Grace, 10*time.Second)})
	if err != nil {
		res.Reason = "starting: " + err.Error()
		return res, ""
	}
	defer p.Kill()
	c := &conn{p: p, o: o, ctx: ctx}
	err = s.run(c)
	res.Passed, res.Reason = err == nil, reason(err)
	res.Exchange = p.Exchange()
	return res, p.Name
}

func reason(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
