package arena

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

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

// ErrMalformed means the engine's answer was not a move.
var ErrMalformed = errors.New("a malformed answer")

// ErrIllegalAnswer means the engine's answer was a move the position
// does not allow: a knock where none is legal, a showdown that does not
// fit its cards.
var ErrIllegalAnswer = errors.New("an illegal answer")

// EnginePlayer is a bot.Player that plays through an engine process,
// telling it the seat's events only: the deal, what the seat saw of each
// move, the showdown and the scores.
type EnginePlayer struct {
	name    string
	proc    *Process
	rules   rules.Rules
	options map[string]string
	clock   *clock
	// k is the engine's player index in the match, for the clock.
	k int
	// number is the hand the engine was told of, and sent how many of
	// its events it has been told.
	number, sent int
	started      bool
	// playedOn says the engine's last answer was playon, so that the
	// PlayedOn event that follows is its own choice.
	playedOn bool
	// ctx is the game's context, kept from the last Move for HandOver,
	// which has none, so that a stop still ends its questions.
	ctx context.Context
	// Failed is the engine's forfeit, once it has misbehaved.
	Failed *Forfeit
	// Skipped are the options the engine did not declare, and so was not
	// sent.
	Skipped []string
	// keepInfo keeps in infos each move with the last info line the
	// engine sent before it (--log-info); lastInfo is the last of the
	// question asked.
	keepInfo bool
	lastInfo string
	infos    []moveInfo
}

// moveInfo is an engine's move and the text of its last info line before
// it ("" for none).
type moveInfo struct {
	kind game.MoveKind
	text string
}

// maxInfo bounds an info line kept for the log.
const maxInfo = 1 << 10

// NewEnginePlayer wraps a started process. Options are sent once, before
// the first hand, as setoption lines, each only if the engine declared it.
func NewEnginePlayer(name string, proc *Process, r rules.Rules, tc TimeControl, options map[string]string) *EnginePlayer {
	return &EnginePlayer{name: name, proc: proc, rules: r, options: options, clock: newClock(tc), ctx: context.Background()}
}

// Name returns the engine's name in the match.
func (e *EnginePlayer) Name() string { return e.name }

// Close ends the engine's process and its children.
func (e *EnginePlayer) Close() { e.proc.Close() }

func (e *EnginePlayer) forfeit(err error) error {
	if e.Failed == nil {
		e.Failed = &Forfeit{Engine: e.name, Reason: err, Exchange: e.proc.Exchange()}
	}
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

// setup sends the rules and options the engine declared, each followed
// by isready, waiting for its readyok: an option the engine answers with
// an error line stops the match (an OptionError), since the game would
// not be played as the match and its log say. Then it starts the game.
func (e *EnginePlayer) setup(ctx context.Context) error {
	set, skipped := settings(e.proc.Options, e.rules, e.options)
	e.Skipped = skipped
	err := sendSettings(ctx, e.proc, e.name, set, func() time.Duration { return e.clock.budget(e.k) })
	if oe := (*OptionError)(nil); errors.As(err, &oe) {
		return oe
	}
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return e.forfeit(err)
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	if _, err := awaitReady(ctx, e.proc, e.clock.budget(e.k)); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return e.forfeit(fmt.Errorf("isready: %w", err))
	}
	return e.send("newgame")
}

// begin tells the engine of a new game, or a new hand.
func (e *EnginePlayer) begin(ctx context.Context, p *game.Position) error {
	if !e.started {
		e.started = true
		if err := e.setup(ctx); err != nil {
			return err
		}
	}
	s := p.Setup()
	var dealt []string
	up := ""
	for i := 0; i < p.NumEvents() && up == ""; i++ {
		ev := p.Event(i)
		switch ev.Kind {
		case game.Dealt:
			dealt = append(dealt, ev.Card.String())
		case game.Upcard:
			up = ev.Card.String()
			e.sent = i + 1
		}
	}
	e.number = s.Number
	return e.send(fmt.Sprintf("newhand seat %s dealer %s number %d hand %s upcard %s", p.Seat(), s.Dealer, s.Number, strings.Join(dealt, " "), up))
}

// catchUp tells the engine what it has not heard before a question: the
// game and the hand, when the question is its first of them, and the
// events since. A defence may be the engine's first question of a hand
// (the opponent took the upcard and knocked at once), or of the game.
func (e *EnginePlayer) catchUp(ctx context.Context, p *game.Position, res *game.Result) error {
	if !e.started || p.Setup().Number != e.number {
		if err := e.begin(ctx, p); err != nil {
			return err
		}
	}
	return e.sync(ctx, p, res)
}

// sync tells the engine the events it has not heard yet. After its own
// discard that left no knock, it is asked all the same, as the protocol
// says, and must answer playon.
func (e *EnginePlayer) sync(ctx context.Context, p *game.Position, res *game.Result) error {
	for ; e.sent < p.NumEvents(); e.sent++ {
		ev := p.Event(e.sent)
		if ev.Kind == game.PlayedOn && ev.Seat == p.Seat() {
			if err := e.playOn(ctx); err != nil {
				return err
			}
			continue
		}
		line, ok := eventLine(ev, res)
		if !ok {
			if ev.Kind == game.Knocked || ev.Kind == game.WentGin || ev.Kind == game.WentBigGin {
				return nil // told with its melds once the result is known
			}
			continue
		}
		if err := e.send(line); err != nil {
			return err
		}
	}
	return nil
}

// playOn asks the engine after its own discard that left no knock; the
// only legal answer is playon. An engine that chose playon itself is not
// asked again.
func (e *EnginePlayer) playOn(ctx context.Context) error {
	if e.playedOn {
		e.playedOn = false
		return nil
	}
	text, err := e.ask(ctx)
	if err != nil {
		return err
	}
	if strings.TrimSpace(text) != "playon" {
		return e.forfeit(fmt.Errorf("%w: %q after a discard that leaves no knock: only playon is legal", ErrIllegalAnswer, notation.Clip(text, 80)))
	}
	return nil
}

// eventLine is the protocol's line for an event, or false for one the
// protocol does not tell (the deal, a play on, a death).
func eventLine(ev game.Event, res *game.Result) (string, bool) {
	seat := ev.Seat.String()
	switch ev.Kind {
	case game.Passed:
		return "event " + seat + " pass " + ev.Card.String(), true
	case game.Took:
		return "event " + seat + " take " + ev.Card.String(), true
	case game.Drew:
		line := "event " + seat + " draw"
		if ev.Card.Valid() {
			line += " " + ev.Card.String()
		}
		return line, true
	case game.Discarded:
		return "event " + seat + " discard " + ev.Card.String(), true
	case game.Knocked, game.WentGin, game.WentBigGin:
		if res == nil {
			return "", false
		}
		verb := map[game.EventKind]string{game.Knocked: "knock", game.WentGin: "gin", game.WentBigGin: "big-gin"}[ev.Kind]
		return "event " + seat + " " + verb + " " + game.SpreadString(&res.Spread), true
	}
	return "", false
}

// ask sends go, with the clocks, and waits for bestmove within the
// engine's time, skipping info lines; it returns the move's text.
func (e *EnginePlayer) ask(ctx context.Context) (string, error) {
	if err := e.send(e.clock.goLine(e.k)); err != nil {
		return "", err
	}
	wait := e.clock.budget(e.k)
	e.lastInfo = ""
	start := time.Now()
	defer func() { e.clock.charge(e.k, time.Since(start)) }()
	for {
		line, err := e.proc.Receive(ctx, wait-time.Since(start))
		if err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			return "", e.forfeit(err)
		}
		if text, ok := strings.CutPrefix(line, "bestmove "); ok {
			return text, nil
		}
		rest, ok := strings.CutPrefix(line, "info")
		if !ok {
			return "", e.forfeit(fmt.Errorf("%w: %q", ErrMalformed, notation.Clip(line, 80)))
		}
		if e.keepInfo {
			e.lastInfo = gamelog.InfoText(notation.Clip(rest, maxInfo))
		}
	}
}

// Move tells the engine what it has not seen and asks for its move.
func (e *EnginePlayer) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	e.ctx = ctx
	if err := e.catchUp(ctx, p, nil); err != nil {
		return game.Move{}, err
	}
	text, err := e.ask(ctx)
	if err != nil {
		return game.Move{}, err
	}
	m, err := game.ParseMove(text)
	if err != nil {
		return game.Move{}, e.forfeit(fmt.Errorf("%w: %v", ErrMalformed, err))
	}
	e.playedOn = m.Kind == game.PlayOn
	e.clock.moved(e.k, m.Kind)
	if e.keepInfo {
		e.infos = append(e.infos, moveInfo{kind: m.Kind, text: e.lastInfo})
	}
	return m, nil
}

// Defend tells the defender of the knock and asks for its showdown:
// "melds MELDS [layoff C onto N, ...]". Its melds are checked against its
// cards; the lay-offs it makes are returned, for the rules to check and
// score.
func (e *EnginePlayer) Defend(ctx context.Context, p *game.Position, knock *game.Result) (notation.CardSet, error) {
	e.ctx = ctx
	if err := e.catchUp(ctx, p, knock); err != nil {
		return 0, err
	}
	text, err := e.ask(ctx)
	if err != nil {
		return 0, err
	}
	sp, laid, err := parseDefence(text, knock.Spread.N)
	if err == nil && (sp.Cards()|laid)&^p.Hand() != 0 {
		err = fmt.Errorf("%w: %q: cards not in its hand", ErrIllegalAnswer, notation.Clip(text, 80))
	}
	if err == nil && sp.Cards()&laid != 0 {
		err = fmt.Errorf("%w: %q: a card both melded and laid off", ErrIllegalAnswer, notation.Clip(text, 80))
	}
	if err != nil {
		return 0, e.forfeit(err)
	}
	return laid, nil
}

// parseDefence reads a defender's answer, "melds MELDS [layoff C onto N,
// ...]", with n the knocker's melds.
func parseDefence(text string, n int) (meld.Spread, notation.CardSet, error) {
	bad := func(why string) error {
		return fmt.Errorf("%w: %q: %s", ErrMalformed, notation.Clip(text, 80), why)
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "melds ")
	if !ok {
		return meld.Spread{}, 0, bad("the defender answers melds MELDS [layoff C onto N, ...]")
	}
	melds, layoffs, _ := strings.Cut(rest, "layoff ")
	var sp meld.Spread
	if m := strings.TrimSpace(melds); m != "-" {
		var err error
		if sp, err = meld.ParseMelds(m); err != nil {
			return meld.Spread{}, 0, bad(err.Error())
		}
	}
	var laid notation.CardSet
	for _, l := range strings.Split(layoffs, ",") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "layoff "))
		if len(f) == 0 && layoffs == "" {
			break
		}
		if len(f) != 3 || f[1] != "onto" {
			return meld.Spread{}, 0, bad("a lay-off is C onto N")
		}
		c, err := notation.ParseCard(f[0])
		target, nerr := strconv.Atoi(f[2])
		if err != nil || nerr != nil || target < 1 || target > n || laid.Has(c) {
			return meld.Spread{}, 0, bad(fmt.Sprintf("lay-off %q: a card not laid off before, onto a meld from 1 to %d", strings.Join(f, " "), n))
		}
		laid = laid.With(c)
	}
	return sp, laid, nil
}

// HandOver tells the engine how the hand ended: the knock, the defender's
// melds and lay-offs, the opponent's shown hand, and the scores.
func (e *EnginePlayer) HandOver(p *game.Position) {
	res, over := p.Result()
	if !over || e.number != p.Setup().Number || e.Failed != nil {
		return
	}
	if e.sync(e.ctx, p, &res) != nil {
		return
	}
	var lines []string
	if res.Knocker.Valid() {
		d := res.Knocker.Other()
		sp, _ := res.DefenderMelds()
		lines = append(lines, "event "+d.String()+" melds "+game.SpreadString(&sp))
		for _, l := range meld.Placements(&res.Spread, res.Layoffs) {
			lines = append(lines, fmt.Sprintf("event %s layoff %s onto %d", d, l.Card, l.Meld+1))
		}
		if opp := res.Hands[p.Seat().Other()]; opp.Len() == 10 {
			lines = append(lines, "event "+p.Seat().Other().String()+" hand "+opp.String())
		}
	}
	lines = append(lines, fmt.Sprintf("scores %d %d", res.Totals[0], res.Totals[1]))
	_ = e.send(lines...)
}
