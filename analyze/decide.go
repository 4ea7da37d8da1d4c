package analyze

import (
	"context"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// A Decider makes one seat's decisions of a match, one after another,
// under a clock or a budget of worlds: the one routine behind the
// advisor player and the protocol's engine, so that the two play alike.
// It keeps what one decision leaves the next: the equity model of the
// rules in play, the particle filter of the opponent's hand, the count of
// decisions that seeds each, and what the decisions under a clock spent
// beyond their budgets. Its zero value is ready.
type Decider struct {
	// search holds the equity model, the lab's worlds (SetWorlds) and,
	// in the package's tests, a fake clock.
	search Search
	// equityRules are the rules search.Equity was built for.
	equityRules rules.Rules
	filter      reading.FilterCache
	// n counts the decisions asked, the quick ones too: it seeds each.
	n uint64
	// over is what the decisions under a clock spent beyond their
	// budgets (the chunk a search cannot stop within, the caller's own
	// work on the answer), for Clock.Budget and Clock.Least; used is the
	// time they spent.
	over Overshoot
	used time.Duration
}

// A Request is what a Decider is asked for a decision with.
type Request struct {
	// Options are the search's. Seed is the run's: each decision mixes
	// its count in. Under a Clock that bounds the decision, Time and
	// Least are the clock's, and Samples advise.MaxSamples unless Capped;
	// else they are taken as they are.
	Options Options
	// Clock is what the game's clock says before the decision; its zero
	// value is none.
	Clock Clock
	// Capped says Options.Samples were the user's choice and stay the
	// cap under a clock; else a clock spends by need, up to
	// advise.MaxSamples, a close decision more worlds than the default
	// and a clear one fewer; under a bound on the decision alone too,
	// since a timed search capped at the default plays every candidate
	// in every chunk and is weaker than the default's halving.
	Capped bool
	// Answer, when set, is given the decision (a nil advice when there
	// was no time to search; a stopped search's advice so far with its
	// error) before its time stops, so that the caller's work on it
	// counts in the time the decision spent.
	Answer func(m game.Move, a *report.Advice, err error)
}

// decisionSeedMix spreads the decisions' counts over the seeds: 2^64
// over the golden ratio, odd.
const decisionSeedMix = 0x9e3779b97f4a7c15

// SetWorlds draws the decisions' worlds from w in place of FilterWorlds
// (see Search.Worlds); nil gives the Decider its own worlds back.
func (d *Decider) SetWorlds(w WorldSource) { d.search.Worlds = w }

// Used returns the time the decisions under a clock have spent.
func (d *Decider) Used() time.Duration { return d.used }

// NewGame forgets the overshoots of the games before: a new game's clock
// starts afresh.
func (d *Decider) NewGame() { d.over = Overshoot{} }

// Decide returns the move at p, with the advice behind it (nil when there
// was no time to search) and the search's error. With too little time
// for a search it plays Quick's move, on time. A search ctx stops returns
// ctx's error, with its advice so far when it has one.
func (d *Decider) Decide(ctx context.Context, p *game.Position, rq Request) (game.Move, *report.Advice, error) {
	if r := *p.Rules(); d.search.Equity == nil || d.equityRules != r {
		d.search.Equity, d.equityRules = advise.ForRules(r), r
	}
	d.n++
	o, search := rq.Plan(p, d.over)
	o.Seed ^= d.n * decisionSeedMix
	if !search {
		// The rollouts' own policy, on time, so that a stall passes out
		// of the recent overshoots.
		d.used += time.Nanosecond
		d.over.Add(0, 0)
		m, err := Quick(ctx, p)
		rq.answer(m, nil, err)
		return m, nil, err
	}
	if rq.Clock.Timed() {
		now := d.now()
		start := now()
		defer func() {
			spent := now().Sub(start)
			d.used += spent
			d.over.Add(o.Time, spent)
		}()
	}
	s := d.search
	s.Filter = &d.filter
	a, err := s.Advise(ctx, p, o)
	var m game.Move
	if a != nil {
		m = a.Best()
	}
	rq.answer(m, a, err)
	return m, a, err
}

// Plan returns the search's options for the decision at p, with over the
// overshoots of the decisions before it, and whether a search fits in the
// time the clock gives: with no clock, always.
func (rq Request) Plan(p *game.Position, over Overshoot) (Options, bool) {
	o := rq.Options
	c := rq.Clock
	if !c.Timed() {
		return o, true
	}
	budget, search := c.Budget(p, over)
	o.Time, o.Least = budget, c.Least(p, over)
	if !rq.Capped {
		o.Samples = advise.MaxSamples
	}
	return o, search
}

// answer gives the decision to Answer, when set.
func (rq Request) answer(m game.Move, a *report.Advice, err error) {
	if rq.Answer != nil {
		rq.Answer(m, a, err)
	}
}

// now is the clock the decisions' time is measured by.
func (d *Decider) now() func() time.Time {
	if d.search.now != nil {
		return d.search.now
	}
	return time.Now
}
