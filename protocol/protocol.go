// Package protocol serves ginadvisor as an engine for other programs, on
// a line protocol in the spirit of chess's UCI: a controller (a GUI, a
// bot framework, a bridge) reports what one seat sees, as it happens, and
// asks the engine for that seat's decisions. The README documents every
// command with an example exchange.
//
// An Engine holds no package-level mutable state: two engines in one
// process do not disturb each other.
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Version is the protocol's version, given in the handshake.
const Version = 1

// MaxLine bounds a command line. A longer line is answered with one error
// line and skipped, whatever its length.
const MaxLine = 64 << 10

// maxQueued bounds the commands kept while a go runs; more are refused.
const maxQueued = 1024

// Engine answers one controller.
type Engine struct {
	// mu guards out: a running go writes its info and bestmove lines
	// while Serve answers isready and stop.
	mu      sync.Mutex
	out     *bufio.Writer
	name    string
	rules   rules.Rules
	samples int
	// samplesSet says a setoption chose samples: under a go's game clock
	// they stay the cap; otherwise the clock alone bounds the search.
	samplesSet bool
	// dec makes the decisions, and keeps what one leaves the next: the
	// equity model, the particle filter of the opponent's hand until it
	// plays again, the count of decisions asked that seeds each, the
	// overshoots under a clock and the seam's worlds (SetWorlds).
	dec analyze.Decider
	// start is the most time a go gave in this game: the clock's low
	// time and its pace are of it (analyze.Clock.Start).
	start time.Duration
	// movetime, when set, is the time a go spends, samples its cap.
	movetime time.Duration
	seed     uint64
	info     bool
	pos      game.Position
	have     bool // a hand is set up
	// sd is the hand's end by a knock, gin or big gin, once reported,
	// with the showdown's details so far.
	sd     showdown
	scores [2]int
	// final says the scores given are the game's last, one at its target:
	// no hand follows before newgame.
	final bool
	// reading is what the engine has learnt of its opponent's knocks from
	// the hands shown at showdowns, over the match: newgame keeps it,
	// setoption name reading value reset forgets it, and value off models
	// every opponent as simple.
	reading    reading.Style
	readingOff bool
}

// SetWorlds draws the engine's worlds from w in place of the advisor's
// own (analyze.Search.Worlds): the seam through which the lab serves an
// experiment as an engine, to play it in the arena. Call it before Serve.
func (e *Engine) SetWorlds(w analyze.WorldSource) { e.dec.SetWorlds(w) }

// New returns an engine writing to out, named in the handshake.
func New(out io.Writer, name string) *Engine {
	return &Engine{out: bufio.NewWriter(out), name: name, rules: rules.Standard(), samples: analyze.DefaultPlayerSamples, seed: 1, info: true}
}

func (e *Engine) reply(format string, args ...any) {
	e.mu.Lock()
	fmt.Fprintf(e.out, format+"\n", args...)
	e.mu.Unlock()
}

func (e *Engine) flush() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.out.Flush()
}

func (e *Engine) errorf(format string, args ...any) {
	e.reply("error "+format, args...)
}

// input is one line read by Serve's reader, or the error that ended the
// input.
type input struct {
	text string
	err  error
}

// Serve reads commands until quit or the end of input, answering each in
// order. It never stops on bad input: a bad line, however long, gets an
// error line. A go runs while Serve reads on: stop makes it answer at once
// with its best move so far, isready is answered at once, quit stops it
// and ends, and other commands wait until it has answered. When ctx is
// done, a running go is stopped and Serve returns ctx's error.
//
// Serve reads in on a goroutine of its own, so that stop and isready are
// read while a go runs, and it reads ahead: lines read but not answered
// when Serve returns are dropped. Serve returns only once a running go
// has answered, and it stops its reader before returning. A read blocked
// in in.Read can be interrupted only by a read deadline, so when in has a
// SetReadDeadline method that works (an *os.File from os.Pipe, a
// net.Conn), Serve sets a deadline in the past, waits for its reader to
// return and clears the deadline again: no goroutine is left behind, and
// in stays usable. Otherwise a read that blocks stays blocked after Serve
// returns, until in yields data, its end or an error, and the reader then
// returns without taking more; a caller that lives on after Serve must end
// such an input (close the pipe's writer, or the reader) to release it.
// The engine command needs neither, as its process exits when Serve
// returns.
func (e *Engine) Serve(ctx context.Context, in io.Reader) error {
	inputs := make(chan input)
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		readLines(in, inputs, done)
	}()
	defer stopReader(in, done, exited)
	s := &serving{e: e, ctx: ctx}
	defer s.finish()
	return s.loop(inputs)
}

// readLines sends in's lines to inputs, then the error that ends the
// input, until that error or until done is closed.
func readLines(in io.Reader, inputs chan<- input, done <-chan struct{}) {
	lr := lines.New(in, MaxLine)
	for {
		text, err := lr.Next()
		select {
		case inputs <- input{text, err}:
		case <-done:
			return
		}
		if err != nil && !errors.Is(err, lines.ErrTooLong) {
			return
		}
	}
}

// stopReader ends Serve's reader: done tells it to take no more lines,
// and a deadline in the past, when in takes one, interrupts a read in
// progress; then stopReader waits for the reader to return, and clears
// the deadline. Without a deadline it cannot wait: see Serve.
func stopReader(in io.Reader, done chan<- struct{}, exited <-chan struct{}) {
	close(done)
	d, ok := in.(interface{ SetReadDeadline(time.Time) error })
	// Any deadline already past interrupts a blocked read.
	if !ok || d.SetReadDeadline(time.Unix(1, 0)) != nil {
		return
	}
	<-exited
	_ = d.SetReadDeadline(time.Time{})
}

// serving is one Serve's state: the running go, if any, and the commands
// that wait for it.
type serving struct {
	e       *Engine
	ctx     context.Context
	stop    context.CancelFunc // the running go's, or nil
	stopped chan struct{}      // closed when it has answered
	queued  []string
	ended   bool // the input ended or failed
	// quitting says a quit waits in queued: lines read after it are
	// dropped.
	quitting bool
	// muted says quit was read while a go ran: its answer is dropped. It
	// is guarded by e.mu, under which the go commits its answer whole.
	muted bool
}

// loop answers the input until quit, the input's end or ctx's.
func (s *serving) loop(inputs <-chan input) error {
	for {
		if s.stop == nil && len(s.queued) > 0 {
			line := s.queued[0]
			s.queued = s.queued[1:]
			if !s.handle(line) {
				return s.e.flush()
			}
			if err := s.e.flush(); err != nil {
				return err
			}
			continue
		}
		if s.ended && s.stop == nil {
			return s.e.flush()
		}
		var next <-chan input
		if !s.ended {
			next = inputs
		}
		select {
		case <-s.ctx.Done():
			s.finish()
			_ = s.e.flush()
			return s.ctx.Err()
		case <-s.stopped:
			s.stop()
			s.stop, s.stopped = nil, nil
		case x := <-next:
			if !s.receive(x) {
				return s.e.flush()
			}
			if err := s.e.flush(); err != nil {
				return err
			}
		}
	}
}

// receive answers what the reader sent: a line, a line too long, or the
// input's end. It says whether to go on.
func (s *serving) receive(x input) bool {
	switch {
	case errors.Is(x.err, lines.ErrTooLong):
		s.e.errorf("%v: skipped", x.err)
	case x.err == io.EOF:
		s.ended = true
	case x.err != nil:
		s.e.errorf("reading the input: %v", x.err)
		s.ended = true
	case s.stop != nil:
		return s.whileGoing(x.text)
	default:
		return s.handle(x.text)
	}
	return true
}

// whileGoing answers a line read while a go runs: stop, isready and quit
// at once, other commands once the go has answered. It says whether to go
// on.
func (s *serving) whileGoing(line string) bool {
	if s.quitting {
		return true // after a quit that waits its turn: never answered
	}
	switch word, _, _ := strings.Cut(strings.TrimSpace(stripComment(line)), " "); word {
	case "stop":
		s.stop()
	case "isready":
		s.e.reply("readyok")
	case "quit":
		if len(s.queued) == 0 {
			// Once quit is read the running go answers nothing, however
			// near its answer was: mute it before stopping it.
			s.e.mu.Lock()
			s.muted = true
			s.e.mu.Unlock()
			s.finish()
			return false
		}
		// After commands waiting their turn, quit waits too, so that a
		// script sent at once is answered as if sent line by line; what
		// comes after it is not read.
		s.queued = append(s.queued, line)
		s.quitting = true
	default:
		if len(s.queued) >= maxQueued {
			s.e.errorf("busy: %d commands wait for the running go; send stop", len(s.queued))
		} else {
			s.queued = append(s.queued, line)
		}
	}
	return true
}

// handle answers one line and says whether to go on; a go is started and
// left running.
func (s *serving) handle(line string) bool {
	if f := strings.Fields(stripComment(line)); len(f) > 0 && f[0] == "go" {
		if err := checkGo(f[1:]); err != nil {
			s.e.errorf("go: %v", err)
			return true
		}
		// A go that needs no search is answered in turn, as any command.
		if !s.e.quickAnswer(func(l string) { s.e.reply("%s", l) }) {
			s.start(parseGo(f[1:]))
		}
		return true
	}
	return s.e.Handle(s.ctx, line)
}

// start runs a go on its own goroutine, which finish or stop ends. The
// go's lines are kept and written at once when it answers, under the
// lock quit takes to mute it, so that an answer is either out before quit
// is read or never.
func (s *serving) start(clock goClock) {
	ctx, cancel := context.WithCancel(s.ctx)
	stopped := make(chan struct{})
	s.stop, s.stopped = cancel, stopped
	go func() {
		defer close(stopped)
		var answer []string
		s.e.decide(ctx, clock, func(line string) { answer = append(answer, line) })
		s.e.mu.Lock()
		defer s.e.mu.Unlock()
		if s.muted {
			return
		}
		for _, l := range answer {
			s.e.out.WriteString(l + "\n")
		}
		_ = s.e.out.Flush()
	}()
}

// finish stops a running go and waits for its answer.
func (s *serving) finish() {
	if s.stop != nil {
		s.stop()
		<-s.stopped
		s.stop, s.stopped = nil, nil
	}
}

// stripComment cuts a line at its first '#'.
func stripComment(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		return line[:i]
	}
	return line
}

// Handle answers one line; it returns false after quit.
func (e *Engine) Handle(ctx context.Context, line string) bool {
	line = strings.TrimSpace(stripComment(line))
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "quit":
		return false
	case "ginrummy":
		e.handshake()
	case "isready":
		e.reply("readyok")
	case "setoption":
		e.setOption(f[1:])
	case "newgame":
		e.scores, e.final = [2]int{}, false
		e.have = false
		e.dec.NewGame()
		e.start = 0
	case "newhand":
		e.newHand(f[1:])
	case "position":
		e.position(strings.TrimSpace(strings.TrimPrefix(line, "position")))
	case "event":
		e.event(f[1:])
	case "scores":
		e.setScores(f[1:])
	case "go":
		if err := checkGo(f[1:]); err != nil {
			e.errorf("go: %v", err)
			return true
		}
		e.decide(ctx, parseGo(f[1:]), func(l string) { e.reply("%s", l) })
	case "stop":
		// Nothing is running: a stop between searches is no error.
	case "show":
		e.show()
	default:
		e.errorf("unknown command %q (known: ginrummy, isready, setoption, newgame, newhand, position, event, scores, go, stop, show, quit)", notation.Clip(f[0], 40))
	}
	return true
}

// show writes the hand's position for the engine's seat, whoever is to
// move, with the opponent's last discard played on as go takes it. A hand
// that is over has no position to write.
func (e *Engine) show() {
	if !e.have {
		e.errorf("no hand is set up")
		return
	}
	p := e.pos
	if p.Phase() == game.KnockPhase && p.Turn() != p.Seat() {
		// The opponent's discard, with nothing since: it played on.
		_ = p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Turn()})
	}
	if p.Phase() == game.Over {
		e.errorf("hand %d is over", p.Setup().Number)
		return
	}
	e.reply("position %s", position.Format(&p))
}

func (e *Engine) handshake() {
	e.reply("id name %s", e.name)
	e.reply("id protocol %d", Version)
	e.reply("option name samples type spin default %d min 1 max %d", analyze.DefaultPlayerSamples, advise.MaxSamples)
	e.reply("option name movetime type spin default 0 min 0 max 3600000")
	e.reply("option name seed type spin default 1 min 0 max 18446744073709551615")
	e.reply("option name info type check default true")
	e.reply("option name reading type combo default on var on var off var reset")
	e.reply("option name rules type combo default standard var %s", strings.Join(rules.PresetNames(), " var "))
	fs := rules.Fields()
	for i := range fs {
		fl := &fs[i]
		if fl.Int != nil {
			e.reply("option name %s type spin min %d max %d", fl.Key, fl.Min, fl.Max)
		} else {
			e.reply("option name %s type check", fl.Key)
		}
	}
	e.reply("ginrummyok")
}

// setOption reads "name N value V".
func (e *Engine) setOption(f []string) {
	if len(f) != 4 || f[0] != "name" || f[2] != "value" {
		e.errorf("setoption takes: name NAME value VALUE")
		return
	}
	name, value := f[1], f[3]
	switch name {
	case "samples":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > advise.MaxSamples {
			e.errorf("samples must be from 1 to %d, not %q", advise.MaxSamples, notation.Clip(value, 40))
			return
		}
		e.samples, e.samplesSet = n, true
	case "movetime":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 3_600_000 {
			e.errorf("movetime must be from 0 to 3600000 milliseconds, not %q", notation.Clip(value, 40))
			return
		}
		e.movetime = time.Duration(n) * time.Millisecond
	case "seed":
		s, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			e.errorf("seed must be a whole number, not %q", notation.Clip(value, 40))
			return
		}
		e.seed = s
	case "info":
		b, err := strconv.ParseBool(value)
		if err != nil {
			e.errorf("info must be true or false, not %q", notation.Clip(value, 40))
			return
		}
		e.info = b
	case "reading":
		switch value {
		case "on":
			e.readingOff = false
		case "off":
			e.readingOff = true
		case "reset":
			e.reading = reading.Style{}
		default:
			e.errorf("reading must be on, off or reset, not %q", notation.Clip(value, 40))
			return
		}
	case "rules":
		r, err := rules.Preset(value)
		if err != nil {
			e.errorf("%v", err)
			return
		}
		e.setRules(name, r)
	default:
		if _, ok := rules.FieldByKey(name); !ok {
			e.errorf("unknown option %q", notation.Clip(name, 40))
			return
		}
		// The same rule as the CLI's flags: turning straight gin on brings
		// the knock limit to 0.
		r, err := rules.Apply(e.rules, rules.Override{Key: name, Value: value})
		if err != nil {
			e.errorf("%v", err)
			return
		}
		e.setRules(name, r)
	}
}

// setRules makes r the rules of the hands to come. A hand in play keeps
// the rules it was dealt under, so a change during one is an error that
// names it: the controller and the engine would otherwise play different
// games. Setting rules that play the game already in force is no change.
func (e *Engine) setRules(option string, r rules.Rules) {
	if rules.SameGame(r, e.rules) {
		return
	}
	if e.have && e.pos.Phase() != game.Over {
		e.errorf("setoption name %s: hand %d is in play (%s, p%d to move); the rules change between hands, once it has ended or after newgame",
			option, e.pos.Setup().Number, e.pos.Phase(), e.pos.Turn()+1)
		return
	}
	e.rules = r
}

func parseSeat(s string) (notation.Seat, bool) {
	seat, err := notation.ParseSeat(s)
	return seat, err == nil && s == seat.String()
}

// newHand reads "seat P dealer P [number N] hand CARDS… upcard C". The
// number, left out, is the first hand the scores allow (1 at 0-0): the
// engine writes it in show, and a position's scores must fit its number.
func (e *Engine) newHand(f []string) {
	seat, dealer, number := notation.NoSeat, notation.NoSeat, 0
	var hand []notation.Card
	up := notation.Card(0xFF)
	given := map[string]bool{}
	for i := 0; i < len(f); i++ {
		key := f[i]
		if given[key] {
			e.errorf("newhand: %s is given twice", notation.Clip(key, 40))
			return
		}
		given[key] = true
		val := func() string {
			if i+1 < len(f) {
				i++
				return f[i]
			}
			return ""
		}
		switch key {
		case "seat", "dealer":
			s, ok := parseSeat(val())
			if !ok {
				e.errorf("%s must be p1 or p2", key)
				return
			}
			if key == "seat" {
				seat = s
			} else {
				dealer = s
			}
		case "number":
			n, err := strconv.Atoi(val())
			if err != nil || n < 1 || n > position.MaxNumber {
				e.errorf("number must be a whole number from 1 to %d", position.MaxNumber)
				return
			}
			number = n
		case "hand":
			for i+1 < len(f) && f[i+1] != "upcard" && f[i+1] != "number" && f[i+1] != "seat" && f[i+1] != "dealer" {
				i++
				c, err := notation.ParseCard(f[i])
				if err != nil {
					e.errorf("hand: %q: %v", notation.Clip(f[i], 40), err)
					return
				}
				hand = append(hand, c)
			}
		case "upcard":
			c, err := notation.ParseCard(val())
			if err != nil {
				e.errorf("upcard: %v", err)
				return
			}
			up = c
		default:
			e.errorf("newhand: unknown field %q", notation.Clip(key, 40))
			return
		}
	}
	if !seat.Valid() || !dealer.Valid() || len(hand) != 10 || up == 0xFF {
		e.errorf("newhand takes: seat P dealer P hand C1 … C10 upcard C")
		return
	}
	if e.final {
		e.errorf("newhand: the game ended at %d %d; send newgame for the next", e.scores[0], e.scores[1])
		return
	}
	if number == 0 {
		number = game.MinNumber(e.scores, &e.rules)
	}
	setup := game.Setup{Rules: e.rules, Dealer: dealer, Number: number, Scores: e.scores}
	if err := setup.CheckScores(); err != nil {
		e.errorf("newhand: %v", err)
		return
	}
	p := game.NewPosition(seat, setup)
	for _, c := range hand {
		if err := p.Observe(game.Event{Kind: game.Dealt, Seat: seat, Card: c}); err != nil {
			e.errorf("newhand: %v", err)
			return
		}
	}
	if err := p.Observe(game.Event{Kind: game.Upcard, Card: up}); err != nil {
		e.errorf("newhand: %v", err)
		return
	}
	e.pos, e.have, e.sd = p, true, showdown{}
}

func (e *Engine) position(text string) {
	p, err := position.Parse(text)
	if err != nil {
		e.errorf("position: %v", err)
		return
	}
	e.pos, e.have, e.sd = p, true, showdown{}
}

// event reads "P pass C", "P take C", "P draw [C]", "P discard C",
// "P knock MELDS", "P gin MELDS", "P big-gin MELDS", and the showdown's
// informational "P melds …", "P layoff …", "P hand …".
func (e *Engine) event(f []string) {
	seat, ok := e.eventSeat(f)
	if !ok {
		return
	}
	switch f[1] {
	case "melds", "layoff", "hand":
		e.showdownEvent(seat, f)
		return
	}
	ev, sp, ok := e.parseEvent(seat, f)
	if !ok {
		return
	}
	e.observe(seat, f, ev, sp)
}

// eventSeat checks an event can be taken, and reads its seat.
func (e *Engine) eventSeat(f []string) (notation.Seat, bool) {
	if !e.have {
		e.errorf("no hand is set up: send newhand or position first")
		return notation.NoSeat, false
	}
	if len(f) < 2 {
		e.errorf("event takes: SEAT KIND [CARD | MELDS]")
		return notation.NoSeat, false
	}
	seat, ok := parseSeat(f[0])
	if !ok {
		e.errorf("event: %q is not a seat (p1 or p2)", notation.Clip(f[0], 40))
		return notation.NoSeat, false
	}
	return seat, true
}

// parseEvent reads a move's event: its kind, and its card or its melds.
func (e *Engine) parseEvent(seat notation.Seat, f []string) (game.Event, meld.Spread, bool) {
	kind, ok := game.ParseVerb(f[1])
	if !ok || kind == game.PlayedOn {
		e.errorf("event: unknown kind %q", notation.Clip(f[1], 40))
		return game.Event{}, meld.Spread{}, false
	}
	ev := game.Event{Kind: kind, Seat: seat}
	var sp meld.Spread
	switch kind {
	case game.Knocked, game.WentGin, game.WentBigGin:
		if len(f) > 2 {
			var err error
			if sp, err = meld.ParseMelds(strings.Join(f[2:], " ")); err != nil {
				e.errorf("event: melds: %v", err)
				return ev, sp, false
			}
		}
	case game.Drew:
		ev.Card = game.Unknown
		if len(f) > 3 {
			e.errorf("event: draw takes at most one card")
			return ev, sp, false
		}
		if len(f) > 2 && f[2] != "?" {
			c, err := notation.ParseCard(f[2])
			if err != nil {
				e.errorf("event: %q: %v", notation.Clip(f[2], 40), err)
				return ev, sp, false
			}
			ev.Card = c
		}
	default:
		if len(f) != 3 {
			e.errorf("event: %s takes one card", f[1])
			return ev, sp, false
		}
		c, err := notation.ParseCard(f[2])
		if err != nil {
			e.errorf("event: %q: %v", notation.Clip(f[2], 40), err)
			return ev, sp, false
		}
		ev.Card = c
	}
	return ev, sp, true
}

// observe adds a move's event, read from the fields f, to the position;
// sp holds a knock's melds.
func (e *Engine) observe(seat notation.Seat, f []string, ev game.Event, sp meld.Spread) {
	kind := ev.Kind
	// Every change is made to a copy, and kept only when the whole event
	// holds: a refused event changes nothing, visible or hidden.
	pos := e.pos
	// A discard by the other seat ends its turn unless it knocks: the
	// protocol, like the log, leaves playing on implicit.
	if pos.Phase() == game.KnockPhase && kind != game.Knocked && kind != game.WentGin {
		if err := pos.Observe(game.Event{Kind: game.PlayedOn, Seat: pos.Turn()}); err != nil {
			e.errorf("event contradicts the hand: %v", err)
			return
		}
	}
	if kind == game.Knocked || kind == game.WentGin || kind == game.WentBigGin {
		if err := checkKnock(&pos, seat, kind, sp); err != nil {
			e.errorf("event: %s %s: %v", seat, f[1], err)
			return
		}
	}
	if err := pos.Observe(ev); err != nil {
		e.errorf("event contradicts the hand: %v", err)
		return
	}
	e.pos = pos
	switch kind {
	case game.Knocked, game.WentGin, game.WentBigGin:
		e.sd = showdown{on: true, knocker: seat, decl: declarationOf(kind), melds: sp}
	}
}

// checkKnock checks a knock, gin or big gin against what the engine
// knows, before the position observes it, by the rules' one check of a
// lay-down. The engine's own seat lays down melds of its hand within the
// limit. The opponent lays down melds of cards it may hold (none in the
// engine's hand, on the pile or otherwise seen elsewhere), ten of them
// for gin and eleven for big gin, and fewer than ten for a knock. The
// error wraps the rules' reason (rules.ErrOverLimit, rules.ErrNotGin, …).
func checkKnock(p *game.Position, seat notation.Seat, kind game.EventKind, sp meld.Spread) error {
	d := rules.DeclareKnock
	switch kind {
	case game.WentGin:
		d = rules.DeclareGin
	case game.WentBigGin:
		d = rules.DeclareBigGin
	}
	if seat == p.Seat() {
		return p.Rules().CheckLayDown(d, &sp, p.Hand(), p.KnockLimit())
	}
	return p.Rules().CheckHiddenLayDown(d, &sp, p.Unseen()|p.OpponentKnown())
}

func (e *Engine) setScores(f []string) {
	if len(f) != 2 {
		e.errorf("scores takes: P1 P2")
		return
	}
	a, err1 := strconv.Atoi(f[0])
	b, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || a < 0 || b < 0 {
		e.errorf("scores must be two whole numbers")
		return
	}
	if e.final {
		e.errorf("scores %d %d: the game ended at %d %d; send newgame for the next", a, b, e.scores[0], e.scores[1])
		return
	}
	// Scores no game reaches would be taken as a game's end, or as the
	// scores of hands to come, and the engine would play to them.
	if most := game.MaxFinalScore(&e.rules); a > most || b > most {
		e.errorf("scores %d %d: no game reaches %d under these rules (at most %d: %d before the last hand and %d in it)",
			a, b, max(a, b), most, e.rules.Target-1, game.MaxHandPoints(&e.rules))
		return
	}
	if t := e.rules.Target; a >= t && b >= t {
		e.errorf("scores %d %d: only one seat reaches the target %d, with the hand that ends the game", a, b, t)
		return
	}
	// Scores at the target are the game's end, which a controller may
	// report too: taken, with no hand to follow them.
	e.scores, e.final = [2]int{a, b}, a >= e.rules.Target || b >= e.rules.Target
}

// quickAnswer answers a go that needs no search: an error when the seat
// has no decision, the defender's melds, or a draw that is the only
// move. It says whether it answered.
func (e *Engine) quickAnswer(say func(string)) bool {
	if !e.have {
		say("error no hand is set up")
		return true
	}
	if e.opponentKnocked() {
		say(e.defend())
		return true
	}
	p := &e.pos
	if p.Phase() == game.KnockPhase && p.Turn() != p.Seat() {
		// The opponent's discard was reported and nothing since: it
		// played on.
		_ = p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Turn()})
	}
	if p.Phase() == game.Over || p.Turn() != p.Seat() {
		say(fmt.Sprintf("error it is not this seat's decision (phase %s, p%d to move)", p.Phase(), p.Turn()+1))
		return true
	}
	if p.MustDraw() {
		say("bestmove draw")
		return true
	}
	return false
}

// decide answers go, by lines given to say: the seat's move in the
// phase, or its melds as the defender after the opponent's knock. clock
// is what the go told of the time.
func (e *Engine) decide(ctx context.Context, clock goClock, say func(string)) {
	if e.quickAnswer(say) {
		return
	}
	if clock.set {
		e.start = max(e.start, clock.time)
	}
	// Under a clock the danger, the outs and the reading's words, which
	// the budget does not bound, are left out of the info lines; with the
	// info lines off, nothing shows them, and they are not worked out.
	o := analyze.Options{Samples: e.samples, Time: e.movetime, Seed: e.seed, Workers: 1, Reading: &e.reading, MovesOnly: clock.timed() || !e.info}
	if e.readingOff {
		o.Model = analyze.ModelFixed
	}
	rq := analyze.Request{Options: o, Clock: clock.clock(e.movetime, e.start), Capped: e.samplesSet, Answer: e.answer(ctx, say)}
	_, _, _ = e.dec.Decide(ctx, &e.pos, rq)
}

// answer returns what writes a decision's lines to say: its info lines,
// when the search's figures are asked for, and its bestmove, or an error.
// A stopped go answers with its best move so far.
func (e *Engine) answer(ctx context.Context, say func(string)) func(game.Move, *report.Advice, error) {
	sayf := func(format string, args ...any) { say(fmt.Sprintf(format, args...)) }
	p := &e.pos
	return func(m game.Move, a *report.Advice, err error) {
		if err != nil && (a == nil || ctx.Err() == nil) {
			sayf("error %v", err)
			return
		}
		if e.info && a != nil {
			e.infoLines(a, sayf)
		}
		sayf("bestmove %s", moveText(p, m))
	}
}

// infoLines writes a search's figures: the reading's words, every
// candidate's, and the reasons for the move.
func (e *Engine) infoLines(a *report.Advice, sayf func(string, ...any)) {
	p := &e.pos
	if a.Opponent != nil {
		sayf("info string %s", a.Opponent)
	}
	for _, c := range a.Candidates {
		extra := ""
		if c.Danger != nil {
			extra += fmt.Sprintf(" danger %.4f", *c.Danger)
		}
		if c.OutsKnock != nil {
			extra += fmt.Sprintf(" outs %d", *c.OutsKnock)
		}
		sayf("info move %s equity %.4f points %.2f gain %.4f se %.4f tie %d%s", moveText(p, c.Move), c.Equity, c.Points, c.Advantage, c.AdvantageSE, boolDigit(c.Tie), extra)
	}
	if why := a.Why.String(); why != "" {
		sayf("info string %s", why)
	}
}

// boolDigit writes a flag of an info line: 1 for true, 0 for false.
func boolDigit(b bool) int {
	if b {
		return 1
	}
	return 0
}

func moveText(p *game.Position, m game.Move) string {
	switch m.Kind {
	case game.Discard:
		return "discard " + m.Card.String()
	case game.Knock, game.Gin, game.BigGin:
		return m.Kind.String() + " " + game.SpreadString(&m.Spread)
	}
	return m.Kind.String()
}

// defend answers the opponent's knock: the defender's own melds and the
// cards it lays off, the best for it (greedy where the rules say so), as
// its bestmove line.
func (e *Engine) defend() string {
	hand := e.pos.Hand()
	sp := e.sd.melds
	var laid notation.CardSet
	if (hand|sp.Cards()).Len() > 0 && e.knockerDeadwoodKnown() {
		if e.rules.GreedyLayoffs {
			_, own, _ := meld.FirstArrangement(hand)
			laid = meld.GreedyLayoff(&sp, own)
		} else {
			_, laid = meld.BestLayoff(&sp, hand)
		}
	}
	own, _, _ := meld.FirstArrangement(hand &^ laid)
	text := "bestmove melds " + game.SpreadString(&own)
	if laid != 0 {
		var parts []string
		for _, pl := range meld.Placements(&sp, laid) {
			parts = append(parts, fmt.Sprintf("%s onto %d", pl.Card, pl.Meld+1))
		}
		text += " layoff " + strings.Join(parts, ", ")
	}
	return text
}

// knockerDeadwoodKnown says lay-offs are allowed: not against gin, which
// the controller reports with "gin".
func (e *Engine) knockerDeadwoodKnown() bool {
	n := e.pos.NumEvents()
	return n > 0 && e.pos.Event(n-1).Kind == game.Knocked
}
