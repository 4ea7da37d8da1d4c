package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Spec names a player of a match: a built-in player of the registry, or
// "engine:COMMAND" for a program that speaks the engine protocol, with
// options sent to it as setoption lines.
type Spec struct {
	Name    string
	Builtin string
	Command string
	Options map[string]string
	// Named says the name comes from a configuration file, and wins over
	// the one the engine gives in its handshake.
	Named bool
	// Given is the spec as it was given to ParseSpec ("conf:FILE:NAME",
	// "advisor,samples=512"), which the log's spec tags keep.
	Given string
	// Skipped are the options, and the rule keys of the match's rules,
	// that the engine does not declare, and so are not sent to it (see
	// ResolveNames).
	Skipped []string
	// Place is the player's place in the field, from 1: a match's --p1
	// and --p2 are 1 and 2, a tournament's players are numbered in the
	// order given; 0 is no place. The log keeps it, so that a field that
	// holds one spec twice is told apart when resumed and replayed.
	Place int
}

// ParseSpec reads a player: "simple", "advisor", a built-in player with
// options such as "advisor,samples=512" (see players.LookupWith),
// "engine:./mybot --flag" (options after it as option.NAME=VALUE, such as
// "engine:./mybot option.samples=64"), or "conf:FILE:NAME", the engine NAME of a
// configuration file (see ReadEngines). An engine's name is, until
// ResolveNames asks it, its program's.
func ParseSpec(s string) (Spec, error) {
	if rest, ok := strings.CutPrefix(s, "conf:"); ok {
		i := strings.LastIndex(rest, ":")
		if i < 0 {
			return Spec{}, fmt.Errorf("%q: want conf:FILE:NAME", notation.Clip(s, 80))
		}
		engines, err := ReadEngines(rest[:i])
		if err != nil {
			return Spec{}, err
		}
		for _, e := range engines {
			if e.Name == rest[i+1:] {
				e.Given = s
				return e, nil
			}
		}
		return Spec{}, fmt.Errorf("%s names no engine %q", rest[:i], notation.Clip(rest[i+1:], 40))
	}
	if cmd, ok := strings.CutPrefix(s, "engine:"); ok {
		cmd, options, err := inlineOptions(cmd)
		if err != nil {
			return Spec{}, err
		}
		args, err := SplitCommand(cmd)
		if err != nil {
			return Spec{}, err
		}
		name := args[0]
		if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
			name = name[i+1:]
		}
		return Spec{Name: name, Command: cmd, Options: options, Given: s}, nil
	}
	if _, err := players.LookupWith(s, players.Options{}); err != nil {
		return Spec{}, err
	}
	return Spec{Name: s, Builtin: s, Given: s}, nil
}

// inlineOptions cuts the option.NAME=VALUE settings that end an engine's
// command line, as cutechess takes them ("./mybot option.samples=64"),
// from it: the command without them, and the options, which are sent as a
// configuration file's are. A word with a quote is the command's.
func inlineOptions(cmd string) (string, map[string]string, error) {
	var options map[string]string
	for {
		rest := strings.TrimRight(cmd, " ")
		word := rest[strings.LastIndex(rest, " ")+1:]
		setting, ok := strings.CutPrefix(word, "option.")
		if !ok || strings.Contains(word, `"`) {
			return cmd, options, nil
		}
		k, v, ok := strings.Cut(setting, "=")
		if !ok || k == "" {
			return "", nil, fmt.Errorf("%q: want option.NAME=VALUE", notation.Clip(word, 80))
		}
		if options == nil {
			options = map[string]string{}
		}
		if _, dup := options[k]; dup {
			return "", nil, fmt.Errorf("option %q set twice", notation.Clip(k, 40))
		}
		options[k] = v
		cmd = strings.TrimRight(rest[:len(rest)-len(word)], " ")
	}
}

// Shard is the share of a run's pairs of deals that one machine plays:
// pair k belongs to shard k mod N, counted from 1 as I.
type Shard struct{ I, N int }

// Has says pair k is the shard's; the zero Shard has every pair.
func (s Shard) Has(pair int) bool { return s.N <= 1 || pair%s.N == s.I-1 }

// Options set up a match.
type Options struct {
	Rules rules.Rules
	// Games is the number of games, even: pairs of mirrored deals.
	Games int
	Seed  uint64
	// Deals, when set, are the pairs' deals, in order, in place of the
	// ones Seed gives. DealsRepeat lets the pairs outnumber them: the
	// pairs beyond play them again, in order, from the first.
	Deals       []Deal
	DealsRepeat bool
	// LogInfo keeps each engine's last info line before each move's
	// bestmove, for the log (--log-info).
	LogInfo bool
	// Shard, when set, plays only its share of the pairs.
	Shard Shard
	// MaxHands ends a game that reaches it unfinished, won by the leader;
	// 0 means 1000.
	MaxHands int
	// Concurrency is the games played at once; 0 means 1.
	Concurrency int
	Players     [2]Spec
	// Pairing, in a tournament, is the number of the pairing the match
	// is, from 1 in the order they are played; its games are tagged
	// with it. 0 in a match.
	Pairing int
	Time    TimeControl
	// MoveLimit bounds an engine's decision when Time bounds none (no
	// --tc, --gametime or --movetime); 0 means DefaultMoveTime. It is
	// not a time control: nothing is measured or logged under it, and an
	// engine past it forfeits on time.
	MoveLimit time.Duration
	// Handshake bounds an engine's start; 0 means 10 seconds. Grace is
	// the time an engine has to end after quit, and after SIGTERM.
	Handshake, Grace time.Duration
	// StderrDir, when set, keeps each engine's standard error and the
	// whole exchange there, a file each per game and player. A file
	// already there stops the match, unless StderrReplace is set.
	StderrDir     string
	StderrReplace bool
	// SPRT, when set, stops the match once it decides.
	SPRT *SPRT
	// OnGame is called with each game as it is counted, in game order.
	OnGame func(*Game) error
	// Done holds the games of an earlier run of the same match, by index
	// (see Resume): they count, and are not played again.
	Done map[int]*Game
	// Progress, when set, gets each forfeit with its exchange, a line
	// after each game and, under an SPRT, the log-likelihood ratio after
	// each pair; Escape, when set, cleans the engines' text for a
	// terminal.
	Progress io.Writer
	Escape   func(string) string
	// slots, when set, bounds the games under way across every match
	// that shares it (a tournament's pairings): a game takes a slot
	// before it starts and gives it back when it ends.
	slots chan struct{}
}

// Game is one game of a match.
type Game struct {
	Index int
	// First is the player index in seat p1.
	First int
	// Winner is the player index that won, or -1.
	Winner int
	// Forfeit, when set, says which engine lost the game by misbehaving.
	Forfeit   *Forfeit
	Forfeiter int
	// Cancelled says the match was stopped during the game: it does not
	// count, and a resumed match plays it again.
	Cancelled bool
	Record    *engine.GameRecord
	// Seed dealt the game; Deck, when set, its first hand (an explicit
	// deal), Seed then the hands after it.
	Seed uint64
	Deck *[notation.NumCards]notation.Card
	// Pairing is the number of the tournament's pairing the game belongs
	// to, from 1; 0 in a match, and in a log older than the pairing tag.
	Pairing int
	// Engines are the names engines gave in their handshakes, by player.
	Engines [2]string
	// Clock is the match's time control as its log tags it, and MaxHands
	// its --max-hands, so that a run that resumes the log under others is
	// refused: see TimeControl.String.
	Clock    string
	MaxHands int
	// Time is the players' thinking time in the game, when the match ran
	// under a clock (or its log carries it); nil otherwise, and for a
	// game forfeited before its players started.
	Time *GameTime
	// Resumed says the game comes from an earlier run's log, and
	// resumedHands and resumedPoints are its hands and each player's
	// points in them.
	Resumed       bool
	resumedHands  int
	resumedPoints [2]int
	// decisions are each player's decisions under a clock, for the
	// log's per-move times.
	decisions [2][]decision
	// infos are each engine's moves with its last info line before
	// them, with --log-info.
	infos [2][]moveInfo
}

// dealSeed is the seed of pair k's deals.
func (o *Options) dealSeed(pair int) uint64 { return o.deal(pair).Seed }

// deal is pair k's deal.
func (o *Options) deal(pair int) Deal {
	if len(o.Deals) > 0 {
		// Deals fewer than the pairs are played again, in order.
		return o.Deals[pair%len(o.Deals)]
	}
	return Deal{Seed: engine.GameSeed(o.Seed, pair)}
}

// order is the games this run plays, in the order they count.
func (o *Options) order() []int {
	var out []int
	for i := 0; i < o.Games; i++ {
		if o.Shard.Has(i / 2) {
			out = append(out, i)
		}
	}
	return out
}

// gameStarts, when set (by a test), is told of each game as it starts.
var gameStarts func(o *Options, i int)

// play plays game i: pairs of games share a deal, the seats swapped. A
// game the match's stop cuts short is Cancelled.
func (o *Options) play(ctx context.Context, i int) *Game {
	if gameStarts != nil {
		gameStarts(o, i)
	}
	deal := o.deal(i / 2)
	seed := deal.Seed
	g := &Game{Index: i, First: i % 2, Winner: -1, Forfeiter: -1, Seed: seed, Deck: deal.Deck, Pairing: o.Pairing, Clock: o.Time.String(), MaxHands: o.MaxHands}
	clk := newClock(o.Time)
	if o.MoveLimit > 0 {
		clk.fallback = o.MoveLimit
	}
	players, engines, ok := o.startPlayers(ctx, g, seed, clk)
	defer closeEngines(engines)
	if !ok {
		return g
	}
	seats := [2]bot.Player{players[g.First], players[1-g.First]}
	setup := engine.GameSetup{Rules: o.Rules, Seed: seed, Deck: deal.Deck, FirstDealer: notation.Seat((i / 2) % 2), Record: true, MaxHands: o.MaxHands}
	_, rec, err := engine.PlayGame(ctx, setup, seats)
	g.Record = rec
	for k, ep := range engines {
		if ep != nil {
			g.infos[k] = ep.infos
		}
	}
	if o.Time.timed() {
		g.Time = clk.gameTime()
		g.decisions = clk.moveTimes()
	}
	if err != nil {
		if ctx.Err() != nil {
			g.Cancelled = true
			return g
		}
		o.forfeit(g, engines, err)
		return g
	}
	if w := rec.Final.Winner; w.Valid() {
		g.Winner = g.First
		if w == 1 {
			g.Winner = 1 - g.First
		}
	}
	return g
}

// startPlayers makes the game's two players, starting their engines if
// they are engines. A player that cannot start forfeits the game, unless
// the match was stopped meanwhile: ok is then false.
func (o *Options) startPlayers(ctx context.Context, g *Game, seed uint64, clk *clock) (players [2]bot.Player, engines [2]*EnginePlayer, ok bool) {
	for k := range 2 {
		p, ep, err := o.newPlayer(ctx, g, k, seed^uint64(k+1), clk)
		if err != nil {
			if ctx.Err() != nil {
				g.Cancelled = true
				return players, engines, false
			}
			se, oe := (*StartError)(nil), (*OptionError)(nil)
			if errors.As(err, &se) || errors.As(err, &oe) {
				// The harness failed, not the engine, or the engine refused
				// an option, which would leave the game other than the
				// match and its log say: the match stops.
				g.Forfeit = &Forfeit{Engine: "the match", Reason: fmt.Errorf("%s: %w", o.Players[k].Name, err)}
				return players, engines, false
			}
			f := &Forfeit{Engine: o.Players[k].Name, Reason: err}
			if ep != nil {
				f.Exchange = ep.proc.Exchange()
			}
			g.Forfeit, g.Forfeiter, g.Winner = f, k, 1-k
			return players, engines, false
		}
		players[k], engines[k] = p, ep
		if ep != nil {
			g.Engines[k] = ep.proc.Name
		}
	}
	return players, engines, true
}

// newPlayer makes player k of game g.
func (o *Options) newPlayer(ctx context.Context, g *Game, k int, seed uint64, clk *clock) (bot.Player, *EnginePlayer, error) {
	s := o.Players[k]
	if s.Builtin != "" {
		newPlayer, err := players.LookupWith(s.Builtin, players.Options{})
		if err != nil {
			return nil, nil, err
		}
		p := newPlayer(seed)
		if o.Time.timed() {
			return &timed{Player: p, clock: clk, k: k}, nil, nil
		}
		return p, nil, nil
	}
	so, err := o.startOptions(g, k)
	if err != nil {
		return nil, nil, &StartError{err}
	}
	proc, err := Start(ctx, s.Command, so)
	if so.Stderr != nil {
		so.Stderr.Close() // the engine holds its own copy
	}
	if err != nil {
		if f, ok := so.Transcript.(*os.File); ok {
			f.Close()
		}
		return nil, nil, err
	}
	ep := NewEnginePlayer(s.Name, proc, o.Rules, o.Time, s.Options)
	ep.keepInfo = o.LogInfo
	ep.clock, ep.k = clk, k
	if err := ep.setup(ctx); err != nil {
		proc.Close()
		return nil, ep, err
	}
	ep.started = true
	if !slices.Equal(ep.Skipped, s.Skipped) {
		// Play said what ResolveNames found; this game's engine
		// declared otherwise.
		o.noteSkipped(ep)
	}
	return ep, ep, nil
}

// noteSkipped says, on the progress output, which options an engine was
// not sent because it did not declare them.
func (o *Options) noteSkipped(ep *EnginePlayer) {
	if o.Progress != nil && len(ep.Skipped) > 0 {
		fmt.Fprintf(o.Progress, "%s declares no option %s: not sent\n", o.escape(ep.name), o.escape(strings.Join(ep.Skipped, ", ")))
	}
}

func (o *Options) escape(s string) string {
	if o.Escape != nil {
		return o.Escape(s)
	}
	return printable(s)
}

// startOptions are the process options of player k's engine in game g:
// with StderrDir, files for its standard error and the exchange.
func (o *Options) startOptions(g *Game, k int) (StartOptions, error) {
	so := StartOptions{Handshake: o.Handshake, Grace: o.Grace}
	if o.StderrDir == "" {
		return so, nil
	}
	base := filepath.Join(o.StderrDir, fmt.Sprintf("game%06d-player%d", g.Index+1, k+1))
	var err error
	if so.Stderr, err = o.createKept(base + ".stderr"); err != nil {
		return so, err
	}
	ex, err := o.createKept(base + ".exchange")
	if err != nil {
		so.Stderr.Close()
		return so, err
	}
	so.Transcript = ex // closed with the engine, by closeEngines
	return so, nil
}

// createKept creates a file of StderrDir. A file already there is
// refused unless StderrReplace is set, and a symbolic link is never
// followed.
func (o *Options) createKept(path string) (*os.File, error) {
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL | noFollow
	if o.StderrReplace {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC | noFollow
	}
	f, err := os.OpenFile(path, flag, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("--stderr: %s is already there (--force or --resume replaces it)", path)
	}
	if err != nil && isLoop(err) {
		return nil, fmt.Errorf("--stderr: %s is a symbolic link, which is not followed", path)
	}
	return f, err
}

// CheckStderrDir says whether dir can take the engines' standard error:
// a directory that exists.
func CheckStderrDir(dir string) error {
	if dir == "" {
		return nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("--stderr: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("--stderr: %s is not a directory", dir)
	}
	return nil
}

func closeEngines(engines [2]*EnginePlayer) {
	for _, e := range engines {
		if e != nil {
			e.Close()
			if f, ok := e.proc.transcript.(*os.File); ok {
				f.Close()
			}
		}
	}
}

// timed is a built-in player on the game's clock, so that an engine's
// opptime tells the truth and the match reports its time. A player that
// can spend a clock (the advisor players) is told it before each
// decision, as an engine's go line tells an engine.
type timed struct {
	bot.Player
	clock *clock
	k     int
}

func (t *timed) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if c, ok := t.Player.(interface{ SetClock(analyze.Clock) }); ok {
		c.SetClock(t.clock.of(t.k))
	}
	start := time.Now()
	m, err := t.Player.Move(ctx, p)
	t.clock.charge(t.k, time.Since(start))
	if err == nil {
		t.clock.moved(t.k, m.Kind)
	}
	return m, err
}

// forfeit says who loses a game that stopped with err: an engine that
// misbehaved, or the player whose move was refused. An error of neither
// is the match's own, and no one wins.
func (o *Options) forfeit(g *Game, engines [2]*EnginePlayer, err error) {
	for k, e := range engines {
		if e != nil && e.Failed != nil {
			g.Forfeit, g.Forfeiter = e.Failed, k
		}
	}
	var me *engine.MoveError
	if g.Forfeit == nil && errors.As(err, &me) {
		k := g.First
		if me.Seat == 1 {
			k = 1 - g.First
		}
		ex := []string(nil)
		if engines[k] != nil {
			ex = engines[k].proc.Exchange()
		}
		g.Forfeit, g.Forfeiter = &Forfeit{Engine: o.Players[k].Name, Reason: me, Exchange: ex}, k
	}
	if g.Forfeit == nil {
		g.Forfeit, g.Forfeiter = &Forfeit{Engine: "the match", Reason: err}, -1
		return
	}
	g.Winner = 1 - g.Forfeiter
}

// Play plays the match. Games run Concurrency at a time and are counted
// in order; a forfeit loses the game and the match goes on; the SPRT, when
// set, stops it as soon as it decides. Cancelling ctx stops it too: the
// games it cuts short do not count, nor does any game after the first of
// them, so that the result is the log's and a resumed match completes it.
func Play(ctx context.Context, o Options) (Result, error) {
	if o.Games <= 0 || o.Games%2 != 0 {
		return Result{}, fmt.Errorf("a match plays an even number of games (pairs of mirrored deals), not %d", o.Games)
	}
	if o.Deals != nil && (len(o.Deals) < o.Games/2 && !o.DealsRepeat || len(o.Deals) == 0) {
		return Result{}, fmt.Errorf("%d games need %d deals, and only %d are given", o.Games, o.Games/2, len(o.Deals))
	}
	if err := CheckStderrDir(o.StderrDir); err != nil {
		return Result{}, err
	}
	for _, s := range o.Players {
		if err := CheckOptions(s, o.Rules); err != nil {
			return Result{}, fmt.Errorf("%s: %w", QuoteSpec(s), err)
		}
		if o.Progress != nil && len(s.Skipped) > 0 {
			fmt.Fprintf(o.Progress, "%s declares no option %s: not sent\n", o.escape(s.Name), o.escape(strings.Join(s.Skipped, ", ")))
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	order := o.order()
	t := newTally(&o, order, cancel)
	done := o.run(ctx, order)
	// The games done before come first, as far as they reach in order; a
	// sentinel nil arrival then runs the loop once with nothing new.
	for g := range afterNil(done) {
		t.arrive(ctx, g)
	}
	t.summarise()
	if t.err == nil && ctx.Err() != nil && !t.r.Stopped {
		t.err = ctx.Err()
		if o.Progress != nil {
			note := t.r.DroppedNote()
			if note == "" {
				note = "the result is over the " + t.r.base()
			}
			fmt.Fprintf(o.Progress, "interrupted: %s\n", note)
		}
	}
	return t.r, t.err
}

// run plays the games of order not done before on o.Concurrency workers,
// each game holding one of o.slots when they are shared, and sends each as it finishes, in any order. The channel closes when
// every game is played or ctx is done.
func (o *Options) run(ctx context.Context, order []int) <-chan *Game {
	workers := max(1, o.Concurrency)
	jobs := make(chan int)
	done := make(chan *Game, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if o.slots != nil {
					select {
					case o.slots <- struct{}{}:
					case <-ctx.Done():
						return
					}
				}
				g := o.play(ctx, i)
				if o.slots != nil {
					<-o.slots
				}
				select {
				case done <- g:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, i := range order {
			if o.Done[i] != nil {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	return done
}

// afterNil sends nil, then what done sends, and closes when done does.
func afterNil(done <-chan *Game) <-chan *Game {
	out := make(chan *Game, 1)
	out <- nil
	go func() {
		for g := range done {
			out <- g
		}
		close(out)
	}()
	return out
}

// ParseSpecs reads a tournament's players, given in order; an error names
// the player by its place and, unless the error quotes it, its spec.
func ParseSpecs(args []string) ([]Spec, error) {
	specs := make([]Spec, 0, len(args))
	for i, a := range args {
		s, err := ParseSpec(a)
		if err != nil {
			quoted := fmt.Sprintf("%q", notation.Clip(a, 80))
			if strings.Contains(err.Error(), quoted) {
				return nil, fmt.Errorf("player %d: %w", i+1, err)
			}
			return nil, fmt.Errorf("player %d, %s: %w", i+1, lines.Escape(quoted), err)
		}
		s.Place = i + 1
		specs = append(specs, s)
	}
	return specs, nil
}
