package enginecheck

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// situation is one scripted check: run drives a fresh process; whole,
// for a situation that plays through the arena, drives its own.
type situation struct {
	name  string
	run   func(c *conn) error
	whole func(ctx context.Context, o Options) error
}

// The scripted deal: the engine holds these cards, and p1 starts.
const (
	dealt  = "AC 2C 3C 7D 7H 7S 9S TS JS KH"
	upcard = "4D"
)

func situations() []situation {
	return []situation{
		{name: "handshake", run: checkHandshake},
		{name: "isready", run: func(c *conn) error { return c.sync() }},
		{name: "options", run: checkOptions},
		{name: "first offer, starter: take or pass", run: decide(notation.Seat(0))},
		{name: "first offer, dealer: take or pass", run: decide(notation.Seat(1), "p1 pass 4D")},
		{name: "after both passes: only draw", run: decideWant("draw", notation.Seat(0), "p1 pass 4D", "p2 pass 4D")},
		{name: "discard after a draw", run: decide(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 5D")},
		{name: "play on or knock after a discard", run: decide(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 5D", "p1 discard KH")},
		{name: "take or draw", run: decide(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 5D", "p1 discard KH", "p2 draw", "p2 discard QH")},
		{name: "discard after a take: not the card taken", run: decide(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 5D", "p1 discard KH", "p2 draw", "p2 discard 8S", "p1 take 8S")},
		{name: "gin after a discard", run: decide(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 8S", "p1 discard KH")},
		{name: "the defender after a knock", run: checkDefender(false)},
		{name: "the defender after gin", run: checkDefender(true)},
		{name: "the showdown's details and scores", run: checkShowdown},
		{name: "a long hand", run: checkLongHand},
		{name: "stop during a go", run: checkStop},
		{name: "isready during a go", run: checkReadyWhileGoing},
		{name: "time control on go", run: checkClock},
		{name: "quit", run: checkQuit(false)},
		{name: "quit during a go", run: checkQuit(true)},
		{name: "whole games against simple", whole: checkGames},
	}
}

// setup sends the options every situation takes, and returns the rules
// the hands are played under: eaai when the engine offers it (the rules
// of the EAAI framework, whose hands have no draw limit), else its own.
func (c *conn) setup() (rules.Rules, error) {
	opts, err := options(c.p.Handshake)
	if err != nil {
		return rules.Rules{}, err
	}
	r := rules.Standard()
	if o, ok := find(opts, "rules"); ok && slices.Contains(o.vars, "eaai") {
		r, _ = rules.Preset("eaai")
		if err := c.send("setoption name rules value eaai"); err != nil {
			return r, err
		}
	}
	for name, v := range c.o.Set {
		if _, ok := find(opts, name); ok {
			if err := c.send("setoption name " + name + " value " + v); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// checkHandshake checks the handshake Start made: the name, protocol 1,
// well-formed options, and ginrummyok last.
func checkHandshake(c *conn) error {
	hs := c.p.Handshake
	var name, proto bool
	for _, l := range hs {
		name = name || strings.HasPrefix(l, "id name ") && len(strings.TrimSpace(l)) > len("id name")
		if v, ok := strings.CutPrefix(l, "id protocol "); ok {
			if strings.TrimSpace(v) != "1" {
				return fmt.Errorf("%w: %q; this ginadvisor speaks protocol 1", ErrAnswer, notation.Clip(l, 80))
			}
			proto = true
		}
	}
	switch {
	case !name:
		return fmt.Errorf("%w: no id name line", ErrAnswer)
	case !proto:
		return fmt.Errorf("%w: no id protocol line", ErrAnswer)
	}
	_, err := options(hs)
	return err
}

// checkOptions sets every declared option to its default: none may be
// refused.
func checkOptions(c *conn) error {
	opts, err := options(c.p.Handshake)
	if err != nil {
		return err
	}
	for _, o := range opts {
		if o.def == "" || o.kind == "button" {
			continue
		}
		if err := c.send("setoption name " + o.name + " value " + o.def); err != nil {
			return err
		}
	}
	return c.sync()
}

// start sets up and deals the scripted hand to seat, plays events, and
// tells the engine all of it; nothing may be refused.
func (c *conn) start(seat notation.Seat, events ...string) (*hand, error) {
	r, err := c.setup()
	if err != nil {
		return nil, err
	}
	h, err := newHand(r, seat, notation.Seat(1), dealt, upcard)
	if err != nil {
		return nil, err
	}
	if err := h.play(events...); err != nil {
		return nil, err
	}
	if err := c.send(h.lines...); err != nil {
		return nil, err
	}
	return h, c.sync()
}

// decide asks go after the events, and judges the move.
func decide(seat notation.Seat, events ...string) func(c *conn) error {
	return decideWant("", seat, events...)
}

// decideWant is decide, and when want is set the move must be it.
func decideWant(want string, seat notation.Seat, events ...string) func(c *conn) error {
	return func(c *conn) error {
		h, err := c.start(seat, events...)
		if err != nil {
			return err
		}
		move, err := c.ask("go", c.o.Move)
		if err != nil {
			return err
		}
		if want != "" && move != want {
			return fmt.Errorf("%w: %q, and only %s is legal", ErrIllegal, notation.Clip(move, 80), want)
		}
		return h.judge(move)
	}
}

// The opponent's knock and gin in the scripted hand, with what it shows.
const (
	oppKnock     = "AS 2S 3S | 8D 9D TD | QS QD QC"
	oppKnockHand = "AS 2S 3S 8D 9D TD QS QD QC 4H"
	oppGin       = "AS 2S 3S 4S | 8D 9D TD | QS QD QC"
)

func knockEvents(gin bool) []string {
	ev := []string{"p1 pass 4D", "p2 pass 4D", "p1 draw 5D", "p1 discard KH", "p2 draw", "p2 discard QH"}
	if gin {
		return append(ev, "p2 gin "+oppGin)
	}
	return append(ev, "p2 knock "+oppKnock)
}

// checkDefender asks the defender's go after the opponent's knock or gin.
func checkDefender(gin bool) func(c *conn) error {
	return decide(notation.Seat(0), knockEvents(gin)...)
}

// checkShowdown reports a showdown's details, as the arena does, and the
// next hand's scores: none may be refused.
func checkShowdown(c *conn) error {
	h, err := c.start(notation.Seat(0), knockEvents(false)...)
	if err != nil {
		return err
	}
	move, err := c.ask("go", c.o.Move)
	if err != nil {
		return err
	}
	if err := h.judge(move); err != nil {
		return err
	}
	if err := c.send("event p1 melds AC 2C 3C | 9S TS JS | 7D 7H 7S", "event p2 hand "+oppKnockHand, "scores 0 21"); err != nil {
		return err
	}
	return c.sync()
}

// checkLongHand plays a hand of many draws, both players taking each
// other's discards: under rules with no draw limit 400 of them, else
// fewer than the limit. Every event must be taken, and the engine must
// still answer go.
func checkLongHand(c *conn) error {
	r, err := c.setup()
	if err != nil {
		return err
	}
	h, err := newHand(r, notation.Seat(0), notation.Seat(1), "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8D")
	if err != nil {
		return err
	}
	draws := 400
	if r.DrawLimit > 0 {
		draws = r.DrawLimit - 8
	}
	taken := map[string]string{"p1": "KC", "p2": "KH"}
	top := "8D"
	for i := range draws {
		seat := []string{"p1", "p2"}[i%2]
		throw := taken[seat]
		if err := h.play(seat+" take "+top, seat+" discard "+throw); err != nil {
			return err
		}
		taken[seat], top = top, throw
	}
	if err := c.send(h.lines...); err != nil {
		return err
	}
	if err := c.sync(); err != nil {
		return err
	}
	move, err := c.ask("go", c.o.Move)
	if err != nil {
		return err
	}
	return h.judge(move)
}

// heavy sets up a discard with the largest search the engine declares,
// so that a go runs long enough to be stopped.
func (c *conn) heavy() (*hand, error) {
	h, err := c.start(notation.Seat(0), "p1 pass 4D", "p2 pass 4D", "p1 draw 5D")
	if err != nil {
		return nil, err
	}
	opts, _ := options(c.p.Handshake)
	if o, ok := find(opts, "samples"); ok && o.kind == "spin" {
		if err := c.send(fmt.Sprintf("setoption name samples value %d", o.max)); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// checkStop stops a long go: a legal move must come within the grace.
func checkStop(c *conn) error {
	h, err := c.heavy()
	if err != nil {
		return err
	}
	if err := c.send("go", "stop"); err != nil {
		return err
	}
	move, err := c.answer(c.o.Grace)
	if err != nil {
		return err
	}
	return h.judge(move)
}

// checkReadyWhileGoing: readyok comes during a long go, and the go still
// answers once stopped.
func checkReadyWhileGoing(c *conn) error {
	h, err := c.heavy()
	if err != nil {
		return err
	}
	if err := c.send("go", "isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.o.Grace)
	for {
		line, err := c.p.Receive(c.ctx, time.Until(deadline))
		if err != nil {
			return fmt.Errorf("%w: readyok during a go: %v", ErrLate, err)
		}
		if line == "readyok" {
			break
		}
		if move, ok := strings.CutPrefix(line, "bestmove "); ok {
			// The go answered first: still a legal move, and readyok must follow.
			if err := h.judge(move); err != nil {
				return err
			}
			return c.sync()
		}
	}
	if err := c.send("stop"); err != nil {
		return err
	}
	move, err := c.answer(c.o.Grace)
	if err != nil {
		return err
	}
	return h.judge(move)
}

// clockTime is the time the clock check gives the engine for its last
// move before the control.
const clockTime = 1500 * time.Millisecond

// checkClock sends go with a clock, and a token of a later version, after
// setting the largest search: the engine must answer a legal move within
// its time and the grace, which an engine that ignores the clock misses.
func checkClock(c *conn) error {
	h, err := c.heavy()
	if err != nil {
		return err
	}
	ms := clockTime.Milliseconds()
	move, err := c.ask(fmt.Sprintf("go time %d opptime %d inc 0 movestogo 1 future 7", ms, ms), clockTime+c.o.Grace)
	if err != nil {
		return err
	}
	return h.judge(move)
}

// checkQuit sends quit, during a long go when going: the engine must end
// within the grace, writing nothing more.
//
// A go is surely running when quit arrives only if the check could make
// it long, through a samples option; an engine with none may have
// answered before it read quit, so its one bestmove is let pass, and
// only its ending is judged.
func checkQuit(going bool) func(c *conn) error {
	return func(c *conn) error {
		if !going {
			if err := c.send("quit"); err != nil {
				return err
			}
			return c.ended(false)
		}
		if _, err := c.heavy(); err != nil {
			return err
		}
		if err := c.sync(); err != nil {
			return err
		}
		if err := c.send("go", "quit"); err != nil {
			return err
		}
		opts, _ := options(c.p.Handshake)
		_, long := find(opts, "samples")
		return c.ended(!long)
	}
}

// gamesMatch is the match of the whole games: engine a against simple,
// o.Games games under the EAAI framework's rules, each decision told
// o.GameMove (go movetime) and waited for up to o.Move, so that an engine
// that ignores the clock fails only past the wait.
func gamesMatch(o Options, a arena.Spec) arena.Options {
	b, _ := arena.ParseSpec("simple")
	r, _ := rules.Preset("eaai")
	tc := arena.TimeControl{Move: o.GameMove, Margin: max(o.Move-o.GameMove, 0)}
	return arena.Options{Rules: r, Games: o.Games, Seed: 1, Players: [2]arena.Spec{a, b}, Time: tc}
}

// checkGames plays o.Games games, pairs of mirrored games, against the
// built-in simple player through the arena, each decision told
// o.GameMove and waited for up to o.Move: no forfeit.
func checkGames(ctx context.Context, o Options) error {
	a, err := arena.ParseSpec("engine:" + o.Command)
	if err != nil {
		return err
	}
	a.Options = o.Set
	if o.name != "" {
		// Named as the arena names it, by its id name.
		a.Name = o.name
	}
	var forfeit *arena.Forfeit
	m := gamesMatch(o, a)
	m.OnGame = func(g *arena.Game) error {
		if g.Forfeit != nil && forfeit == nil {
			forfeit = g.Forfeit
		}
		return nil
	}
	_, err = arena.Play(ctx, m)
	if err != nil {
		return err
	}
	if forfeit != nil {
		return forfeit
	}
	return nil
}
