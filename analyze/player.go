package analyze

import (
	"context"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/report"
)

// The advisor players' budgets and bounds.
const (
	// DefaultPlayerSamples is the advisor player's budget: sampled worlds
	// a decision.
	DefaultPlayerSamples = 256
	// SmallPlayerSamples is the budget of "advisor-small", a sparring
	// partner that thinks like the advisor at a fifth of its budget.
	SmallPlayerSamples = 48
	// FixedPlayerMargin is the margin of "advisor-fixed", the advisor as
	// it was before it read its opponent: the figures measured for it then
	// stand.
	FixedPlayerMargin = 2.5
	// MaxMargin bounds the advisor's margin wherever a user sets it:
	// beyond it, the advisor all but never departs from its baseline.
	MaxMargin = 10
)

// Player plays every decision by the advisor's advice, within its budget,
// carrying its reading of the opponent from hand to hand. It is a
// bot.Player.
type Player struct {
	opts Options
	// dec makes the decisions, and keeps the player's caches (the equity
	// model and the filter), the lab's worlds (SetWorlds), its count of
	// decisions and its overshoots.
	dec  Decider
	seed uint64
	// Reading is what the player has learnt of its opponent over the
	// hands of the game so far.
	Reading reading.Style
	// clock is what the game's clock says before the next decision
	// (SetClock); gameTime, when set, is the time the player has for the
	// whole game and keeps its own clock (SetGameTime).
	clock    Clock
	gameTime time.Duration
	// samplesSet says the player's worlds were set, not its default: under
	// a clock they stay its cap; else it spends by need up to
	// advise.MaxSamples.
	samplesSet bool
	// OnAdvice, when set, is shown each advice the player follows, with
	// the position it was asked of (read it before returning: it is the
	// player's to reuse). It changes nothing of the play: a measurement
	// reads the search's figures of the moves played through it.
	OnAdvice func(p *game.Position, a *report.Advice)
}

// SetGameTime gives the player total for the game, on a clock it keeps
// itself: each decision then spends by Clock.Budget of what is left.
func (pl *Player) SetGameTime(total time.Duration) { pl.gameTime = total }

// SetClock tells the player the game's clock before its next decision, as
// a controller's go line does: the decision then spends by Clock.Budget,
// more worlds where its best moves are close, fewer where one is clear,
// its worlds capped at advise.MaxSamples (or at the samples it was given).
func (pl *Player) SetClock(c Clock) { pl.clock = c }

// Used returns the time the player has spent on its decisions.
func (pl *Player) Used() time.Duration { return pl.dec.Used() }

// NewPlayer returns the advisor as a player with samples worlds a decision
// (0: DefaultPlayerSamples, at most advise.MaxSamples) and the margin (0:
// advise.DefaultMargin), seeded from seed; fixed turns its reading off. It
// samples on one goroutine, so that many games may run at once.
func NewPlayer(seed uint64, samples int, margin float64, fixed bool) *Player {
	set := samples > 0
	if !set {
		samples = DefaultPlayerSamples
	}
	o := Options{Samples: min(samples, advise.MaxSamples), Margin: margin, Workers: 1, MovesOnly: true}
	if fixed {
		o.Model = ModelFixed
	}
	return &Player{opts: o, seed: seed, samplesSet: set}
}

// SetWorlds draws the player's worlds from w in place of FilterWorlds
// (see Search.Worlds); nil gives it its own worlds back.
func (pl *Player) SetWorlds(w WorldSource) { pl.dec.SetWorlds(w) }

// Name returns "advisor".
func (*Player) Name() string { return "advisor" }

// HandOver reads the opponent's decisions from the finished hand.
func (pl *Player) HandOver(p *game.Position) {
	if pl.opts.Model != ModelFixed {
		pl.Reading.ReadHand(p)
	}
}

// Move asks for advice and follows it. A position with a single legal
// move needs no samples. When ctx is done in the middle of a decision, the
// player stops within one chunk of worlds and returns ctx's error.
func (pl *Player) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	if p.MustDraw() {
		return game.DrawMove(), nil
	}
	o := pl.opts
	o.Seed, o.Reading = pl.seed, &pl.Reading
	m, _, err := pl.dec.Decide(ctx, p, Request{Options: o, Clock: pl.clockNow(), Capped: pl.samplesSet, Answer: pl.follow(p)})
	if err != nil {
		return game.Move{}, err
	}
	return m, nil
}

// follow shows OnAdvice the advice the player follows at p, when it has
// one: inside the decision's time, as the player's own work.
func (pl *Player) follow(p *game.Position) func(game.Move, *report.Advice, error) {
	if pl.OnAdvice == nil {
		return nil
	}
	return func(_ game.Move, a *report.Advice, err error) {
		if a != nil && err == nil {
			pl.OnAdvice(p, a)
		}
	}
}

// clockNow is the clock of the decision at hand: the one SetClock gave,
// or, under SetGameTime, the player's own.
func (pl *Player) clockNow() Clock {
	if pl.gameTime > 0 {
		return Clock{Game: true, Left: pl.gameTime - pl.dec.Used(), Start: pl.gameTime}
	}
	return pl.clock
}

// Budget returns the worlds a decision and the margin the player advises
// with (a margin of 0 is advise.DefaultMargin).
func (pl *Player) Budget() (samples int, margin float64) {
	return pl.opts.Samples, pl.opts.Margin
}

// Quick is the advisor's move with no time to search: the move of its
// rollouts' own policy, the baseline every search departs from, which
// costs microseconds. A player or an engine out of time plays it rather
// than answer late.
func Quick(ctx context.Context, p *game.Position) (game.Move, error) {
	return bot.NewHeuristic(0).Move(ctx, p)
}
