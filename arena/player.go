package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TimeControl bounds an engine's thinking: each decision, and the whole
// game. Zero values mean no bound; the match's defaults apply then.
type TimeControl struct {
	Move time.Duration
	Game time.Duration
}

// Forfeit is an engine's loss of a game by misbehaving: too slow, an
// illegal or malformed move, a crash. It carries the exchange that led to
// it, for the log.
type Forfeit struct {
	Engine   string
	Reason   error
	Exchange []string
}

func (f *Forfeit) Error() string { return fmt.Sprintf("%s forfeits: %v", f.Engine, f.Reason) }

func (f *Forfeit) Unwrap() error { return f.Reason }

// Report is the forfeit with the exchange that led to it, a line each,
// for the match's diagnostics; escape, when set, keeps each line's
// control characters off a terminal.
func (f *Forfeit) Report(escape func(string) string) string {
	if escape == nil {
		escape = func(s string) string { return s }
	}
	var b strings.Builder
	b.WriteString(escape(f.Error()))
	for _, l := range f.Exchange {
		b.WriteString("\n    " + escape(l))
	}
	return b.String()
}

// DefaultMoveTime bounds an engine's decision when the match sets no time
// control, so that a silent engine never hangs it.
const DefaultMoveTime = time.Minute

// ErrMalformed means the engine's answer was not a move.
var ErrMalformed = errors.New("a malformed answer")

// EnginePlayer is a bot.Player that plays through an engine process,
// telling it the seat's events only: the deal, what the seat saw of each
// move, and the scores.
type EnginePlayer struct {
	name    string
	proc    *Process
	tc      TimeControl
	rules   rules.Rules
	options map[string]string
	// number is the hand the engine was told of, and sent how many of
	// its events it has been told.
	number, sent int
	started      bool
	used         time.Duration
	// Failed is the engine's forfeit, once it has misbehaved.
	Failed *Forfeit
}

// NewEnginePlayer wraps a started process. Options are sent once, before
// the first hand, as setoption lines.
func NewEnginePlayer(name string, proc *Process, r rules.Rules, tc TimeControl, options map[string]string) *EnginePlayer {
	return &EnginePlayer{name: name, proc: proc, tc: tc, rules: r, options: options}
}

// Name returns the engine's name in the match.
func (e *EnginePlayer) Name() string { return e.name }

// Close ends the engine's process.
func (e *EnginePlayer) Close() { e.proc.Kill() }

func (e *EnginePlayer) forfeit(err error) error {
	e.Failed = &Forfeit{Engine: e.name, Reason: err, Exchange: e.proc.Exchange()}
	return e.Failed
}

func (e *EnginePlayer) send(lines ...string) error {
	for _, l := range lines {
		if err := e.proc.Send(l); err != nil {
			return e.forfeit(err)
		}
	}
	return nil
}

// begin tells the engine of a new game, or a new hand.
func (e *EnginePlayer) begin(p *game.Position) error {
	if !e.started {
		e.started = true
		if err := e.send("setoption name rules value " + rules.FormatSpec(e.rules)); err != nil {
			return err
		}
		for k, v := range e.options {
			if err := e.send("setoption name " + k + " value " + v); err != nil {
				return err
			}
		}
		if e.tc.Move > 0 {
			// The engine is told a little less than its limit.
			ms := max(1, e.tc.Move.Milliseconds()*8/10)
			if err := e.send(fmt.Sprintf("setoption name movetime value %d", ms)); err != nil {
				return err
			}
		}
		if err := e.send("newgame"); err != nil {
			return err
		}
	}
	s := p.Setup()
	var dealt []string
	up := ""
	for i := 0; i < p.NumEvents(); i++ {
		ev := p.Event(i)
		switch ev.Kind {
		case game.Dealt:
			dealt = append(dealt, ev.Card.String())
		case game.Upcard:
			up = ev.Card.String()
			e.sent = i + 1
		}
		if up != "" {
			break
		}
	}
	e.number = s.Number
	return e.send(fmt.Sprintf("scores %d %d", s.Scores[0], s.Scores[1]),
		fmt.Sprintf("newhand seat %s dealer %s number %d hand %s upcard %s", p.Seat(), s.Dealer, s.Number, strings.Join(dealt, " "), up))
}

// sync tells the engine the events it has not heard yet.
func (e *EnginePlayer) sync(p *game.Position, res *game.Result) error {
	for ; e.sent < p.NumEvents(); e.sent++ {
		ev := p.Event(e.sent)
		seat := ev.Seat.String()
		var line string
		switch ev.Kind {
		case game.Passed:
			line = "event " + seat + " pass " + ev.Card.String()
		case game.Took:
			line = "event " + seat + " take " + ev.Card.String()
		case game.Drew:
			line = "event " + seat + " draw"
			if ev.Card.Valid() {
				line += " " + ev.Card.String()
			}
		case game.Discarded:
			line = "event " + seat + " discard " + ev.Card.String()
		case game.Knocked, game.WentGin, game.WentBigGin:
			if res == nil {
				continue
			}
			line = "event " + seat + " " + map[game.EventKind]string{game.Knocked: "knock", game.WentGin: "gin", game.WentBigGin: "big-gin"}[ev.Kind] +
				" " + game.SpreadString(&res.Spread)
		default:
			continue
		}
		if err := e.send(line); err != nil {
			return err
		}
	}
	return nil
}

// Move tells the engine what it has not seen and asks for its move.
func (e *EnginePlayer) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if !e.started || p.Setup().Number != e.number {
		if err := e.begin(p); err != nil {
			return game.Move{}, err
		}
	}
	if err := e.sync(p, nil); err != nil {
		return game.Move{}, err
	}
	if err := e.send("go"); err != nil {
		return game.Move{}, err
	}
	wait := e.tc.Move
	if e.tc.Game > 0 && (wait == 0 || e.tc.Game-e.used < wait) {
		wait = e.tc.Game - e.used
	}
	if wait <= 0 {
		// Without a time control an engine still may not hang the match.
		wait = DefaultMoveTime
	}
	start := time.Now()
	defer func() { e.used += time.Since(start) }()
	for {
		line, err := e.proc.Receive(ctx, wait-time.Since(start))
		if err != nil {
			if ctx.Err() != nil {
				return game.Move{}, ctx.Err()
			}
			return game.Move{}, e.forfeit(err)
		}
		text, ok := strings.CutPrefix(line, "bestmove ")
		if !ok {
			if strings.HasPrefix(line, "info") {
				continue
			}
			return game.Move{}, e.forfeit(fmt.Errorf("%w: %q", ErrMalformed, notation.Clip(line, 80)))
		}
		m, err := game.ParseMove(text)
		if err != nil {
			return game.Move{}, e.forfeit(fmt.Errorf("%w: %v", ErrMalformed, err))
		}
		return m, nil
	}
}

// HandOver tells the engine how the hand ended: the knock and the
// opponent's hand, for what the engine learns of its opponent.
func (e *EnginePlayer) HandOver(p *game.Position) {
	res, over := p.Result()
	if !over || e.number != p.Setup().Number {
		return
	}
	if e.sync(p, &res) != nil {
		return
	}
	if opp := res.Hands[p.Seat().Other()]; res.Knocker.Valid() && opp.Len() == 10 {
		_ = e.send("event " + p.Seat().Other().String() + " hand " + opp.String())
	}
}
