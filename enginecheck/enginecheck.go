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
	// Only, when set, runs the situations whose names contain it.
	Only string
	// Set holds options sent to the engine in every situation, when it
	// declares them (samples, to make a check quick).
	Set map[string]string
	// name is the engine's id name, once a handshake gave it.
	name string
}

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

// ErrNoSituation means Only named no situation.
var ErrNoSituation = errors.New("no situation by that name")

// Run checks the engine in every situation, each on a fresh process. An
// engine's failure is a failed situation, not an error; the error is
// ctx's, or a bad option.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Grace <= 0 {
		o.Grace = 2 * time.Second
	}
	if o.Move <= 0 {
		o.Move = time.Minute
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
