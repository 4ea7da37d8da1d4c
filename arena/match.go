package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Spec names a player of a match: a built-in player of the registry, or
// "engine:COMMAND" for a program that speaks the engine protocol, with
// options sent to it as setoption lines.
type Spec struct {
	Name    string
	Builtin string
	Command string
	Options map[string]string
}

// ParseSpec reads a player: "simple", "advisor", a built-in player with
// options such as "advisor,samples=512" (see players.LookupWith),
// "engine:./mybot --flag", or "conf:FILE:NAME", the engine NAME of a
// configuration file (see ReadEngines).
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
				return e, nil
			}
		}
		return Spec{}, fmt.Errorf("%s names no engine %q", rest[:i], notation.Clip(rest[i+1:], 40))
	}
	if cmd, ok := strings.CutPrefix(s, "engine:"); ok {
		args, err := SplitCommand(cmd)
		if err != nil {
			return Spec{}, err
		}
		name := args[0]
		if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
			name = name[i+1:]
		}
		return Spec{Name: name, Command: cmd}, nil
	}
	if _, err := players.LookupWith(s, players.Options{}); err != nil {
		return Spec{}, err
	}
	return Spec{Name: s, Builtin: s}, nil
}

// Options set up a match.
type Options struct {
	Rules rules.Rules
	// Games is the number of games, even: pairs of mirrored deals.
	Games int
	Seed  uint64
	// Concurrency is the games played at once; 0 means 1.
	Concurrency int
	Players     [2]Spec
	Time        TimeControl
	// Handshake bounds an engine's start; 0 means 10 seconds.
	Handshake time.Duration
	// SPRT, when set, stops the match once it decides.
	SPRT *SPRT
	// OnGame is called with each game as it ends, in game order.
	OnGame func(*Game) error
	// Done holds the games of an earlier run of the same match, by index
	// (see Resume): they count, and are not played again.
	Done map[int]*Game
	// Progress, when set, gets each forfeit with its exchange and, under
	// an SPRT, the log-likelihood ratio after each pair; Escape, when set,
	// cleans the engines' text for a terminal.
	Progress io.Writer
	Escape   func(string) string
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
	Record    *engine.GameRecord
	// Engines are the names engines gave in their handshakes, by player.
	Engines [2]string
	// Resumed says the game comes from an earlier run's log, and
	// resumedHands and resumedPoints are its hands and each player's
	// points in them.
	Resumed       bool
	resumedHands  int
	resumedPoints [2]int
}

// Result sums up a match, for the first player.
type Result struct {
	Names    [2]string `json:"players"`
	Games    int       `json:"games"`
	Wins     [2]int    `json:"wins"`
	Forfeits [2]int    `json:"forfeits"`
	Pairs    int       `json:"pairs"`
	// Hands counts the hands played, and PointsPerHand each player's
	// points won a hand.
	Hands         int        `json:"hands"`
	PointsPerHand [2]float64 `json:"points_per_hand"`
	// WinRate is the first player's share of the games, with the
	// interval of the pairs.
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	Elo         float64    `json:"elo"`
	EloCI95     [2]float64 `json:"elo_ci95"`
	LLR         *float64   `json:"llr,omitempty"`
	Verdict     string     `json:"sprt,omitempty"`
	Stopped     bool       `json:"stopped"`
}

// newPlayer makes the player of a spec for one game.
func (o *Options) newPlayer(ctx context.Context, s Spec, seed uint64) (bot.Player, *EnginePlayer, error) {
	if s.Builtin != "" {
		newPlayer, err := players.LookupWith(s.Builtin, players.Options{})
		if err != nil {
			return nil, nil, err
		}
		return newPlayer(seed), nil, nil
	}
	hs := o.Handshake
	if hs <= 0 {
		hs = 10 * time.Second
	}
	proc, err := Start(ctx, s.Command, hs)
	if err != nil {
		return nil, nil, err
	}
	ep := NewEnginePlayer(s.Name, proc, o.Rules, o.Time, s.Options)
	return ep, ep, nil
}

// play plays game i: pairs of games share a deal, the seats swapped.
func (o *Options) play(ctx context.Context, i int) *Game {
	seed := engine.GameSeed(o.Seed, i/2)
	g := &Game{Index: i, First: i % 2, Winner: -1, Forfeiter: -1}
	players, engines, ok := o.startPlayers(ctx, g, seed)
	if !ok {
		return g
	}
	defer closeEngines(engines)
	seats := [2]bot.Player{players[g.First], players[1-g.First]}
	_, rec, err := engine.PlayGame(ctx, engine.GameSetup{Rules: o.Rules, Seed: seed, FirstDealer: notation.Seat((i / 2) % 2), Record: true}, seats)
	g.Record = rec
	if err != nil {
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
// they are engines. A player that cannot start forfeits the game: ok is
// then false, and no engine is left running.
func (o *Options) startPlayers(ctx context.Context, g *Game, seed uint64) (players [2]bot.Player, engines [2]*EnginePlayer, ok bool) {
	for k := range 2 {
		p, ep, err := o.newPlayer(ctx, o.Players[k], seed^uint64(k+1))
		if err != nil {
			closeEngines(engines)
			g.Forfeit, g.Forfeiter, g.Winner = &Forfeit{Engine: o.Players[k].Name, Reason: err}, k, 1-k
			return players, engines, false
		}
		players[k], engines[k] = p, ep
		if ep != nil {
			g.Engines[k] = ep.proc.Name
		}
	}
	return players, engines, true
}

func closeEngines(engines [2]*EnginePlayer) {
	for _, e := range engines {
		if e != nil {
			e.Close()
		}
	}
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

// Play plays the match. Games run Concurrency at a time and are reported
// in order; a forfeit loses the game and the match goes on; the SPRT, when
// set, stops it as soon as it decides. Cancelling ctx stops it too, with
// the games finished so far.
func Play(ctx context.Context, o Options) (Result, error) {
	if o.Games <= 0 || o.Games%2 != 0 {
		return Result{}, fmt.Errorf("a match plays an even number of games (pairs of mirrored deals), not %d", o.Games)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := o.run(ctx)
	t := &matchTally{o: &o, cancel: cancel, pending: map[int]*Game{}}
	t.r.Names = [2]string{o.Players[0].Name, o.Players[1].Name}
	for i, g := range o.Done {
		if i < o.Games {
			t.pending[i] = g
		}
	}
	// The games done before come first, as far as they reach in order; a
	// sentinel nil arrival then runs the loop once with nothing new.
	for g := range afterNil(done) {
		t.arrive(ctx, g)
	}
	t.summarise()
	if t.err == nil && ctx.Err() != nil && !t.r.Stopped {
		t.err = ctx.Err()
	}
	return t.r, t.err
}

// run plays the games not done before on o.Concurrency workers, and sends
// each as it finishes, in any order. The channel closes when every game
// is played or ctx is done.
func (o *Options) run(ctx context.Context) <-chan *Game {
	workers := max(1, o.Concurrency)
	jobs := make(chan int)
	done := make(chan *Game, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g := o.play(ctx, i)
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
		for i := 0; i < o.Games; i++ {
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

// matchTally counts a match's games in the order of their index, whatever
// the order they finish in, so that pairs and the sequential test see the
// same games for any number of workers.
type matchTally struct {
	o       *Options
	cancel  context.CancelFunc
	r       Result
	pending map[int]*Game // finished games not yet counted
	next    int           // the index of the next game to count
	points  [2]int
	// pairFirst is the first game of the pair being counted, as a win
	// (1) or not (0); pairSum and pairSquare sum the pairs' scores.
	pairFirst, pairSum, pairSquare float64
	err                            error
}

// arrive takes a finished game (or nil) and counts every game it lets
// through in order, until an error.
func (t *matchTally) arrive(ctx context.Context, g *Game) {
	if g != nil {
		t.pending[g.Index] = g
	}
	for t.pending[t.next] != nil && t.err == nil {
		g := t.pending[t.next]
		delete(t.pending, t.next)
		t.next++
		t.count(ctx, g)
	}
}

// count counts one game. A game finished after the sequential test
// decided does not count; a forfeit by no seat is the match's error.
func (t *matchTally) count(ctx context.Context, g *Game) {
	if t.r.Stopped {
		return
	}
	if g.Forfeit != nil && g.Forfeiter < 0 {
		if ctx.Err() == nil {
			t.err = g.Forfeit.Reason
			t.cancel()
		}
		return
	}
	t.record(g)
	t.pair(g)
	t.progress(g)
	if t.o.OnGame != nil && t.err == nil && !g.Resumed {
		if err := t.o.OnGame(g); err != nil {
			t.err = err
			t.cancel()
		}
	}
}

// record adds a game's winner, forfeit, hands and points, by player.
func (t *matchTally) record(g *Game) {
	r := &t.r
	r.Games++
	if g.Winner >= 0 {
		r.Wins[g.Winner]++
	}
	if g.Forfeit != nil {
		r.Forfeits[g.Forfeiter]++
	}
	r.Hands += g.resumedHands
	t.points[0] += g.resumedPoints[0]
	t.points[1] += g.resumedPoints[1]
	if g.Record == nil {
		return
	}
	for h := range g.Record.Hands {
		res, _ := g.Record.Hands[h].Result()
		r.Hands++
		if res.Winner.Valid() {
			k := g.First
			if res.Winner == 1 {
				k = 1 - g.First
			}
			t.points[k] += res.Score.Points
		}
	}
}

// pair scores a pair of mirrored games at its second game, and gives it to
// the sequential test, which may stop the match.
func (t *matchTally) pair(g *Game) {
	won := 0.0
	if g.Winner == 0 {
		won = 1
	}
	if g.Index%2 == 0 {
		t.pairFirst = won
		return
	}
	x := (t.pairFirst + won) / 2
	t.pairSum += x
	t.pairSquare += x * x
	t.r.Pairs++
	if sprt := t.o.SPRT; sprt != nil {
		sprt.AddPair(x)
		if sprt.Verdict() != Continue && !t.r.Stopped {
			t.r.Stopped = true
			t.cancel()
		}
	}
}

// progress reports a game's forfeit and the sequential test's state, for a
// game played now rather than resumed.
func (t *matchTally) progress(g *Game) {
	o := t.o
	if o.Progress == nil || g.Resumed {
		return
	}
	if g.Forfeit != nil {
		fmt.Fprintf(o.Progress, "game %d: %s\n", g.Index+1, g.Forfeit.Report(o.Escape))
	}
	if o.SPRT != nil && g.Index%2 == 1 {
		fmt.Fprintf(o.Progress, "pair %d: LLR %.2f\n", o.SPRT.Pairs(), o.SPRT.LLR())
	}
}

// summarise sets the result's rates: points a hand, the win rate with its
// interval and Elo, and the sequential test's verdict.
func (t *matchTally) summarise() {
	r := &t.r
	if r.Hands > 0 {
		for k := range t.points {
			r.PointsPerHand[k] = float64(t.points[k]) / float64(r.Hands)
		}
	}
	if r.Games > 0 {
		r.WinRate = float64(r.Wins[0]) / float64(r.Games)
		lo, hi := t.winRateCI95()
		r.WinRateCI95 = [2]float64{lo, hi}
		r.Elo = EloOf(r.WinRate)
		r.EloCI95 = [2]float64{EloOf(lo), EloOf(hi)}
	}
	if t.o.SPRT != nil {
		llr := t.o.SPRT.LLR()
		r.LLR = &llr
		r.Verdict = t.o.SPRT.Verdict().String()
	}
}

// winRateCI95 is the 95% interval of the win rate: from the spread of the
// pairs' scores, or Wilson's interval when there is none.
func (t *matchTally) winRateCI95() (lo, hi float64) {
	r := &t.r
	w := stats.Wilson(r.Wins[0], r.Games)
	lo, hi = w[0], w[1]
	if n := float64(r.Pairs); r.Pairs > 1 {
		mean := t.pairSum / n
		// All pairs alike leave no spread: Wilson's interval then.
		if v := (t.pairSquare/n - mean*mean) * n / (n - 1); v > 1e-12 {
			h := 1.959964 * math.Sqrt(v/n)
			lo, hi = max(0, mean-h), min(1, mean+h)
		}
	}
	return lo, hi
}

// WriteText writes the result for people, in a few lines.
func (r *Result) WriteText(w io.Writer) error {
	pairs := "pairs"
	if r.Pairs == 1 {
		pairs = "pair"
	}
	a, b := printable(r.Names[0]), printable(r.Names[1])
	_, err := fmt.Fprintf(w, "%s against %s: %d games (%d mirrored %s), %d-%d\n"+
		"%s wins %.1f%% [%.1f, %.1f] (pairs' 95%% interval), Elo %+.0f [%+.0f, %+.0f]\n",
		a, b, r.Games, r.Pairs, pairs, r.Wins[0], r.Wins[1],
		a, 100*r.WinRate, 100*r.WinRateCI95[0], 100*r.WinRateCI95[1], r.Elo, r.EloCI95[0], r.EloCI95[1])
	if err == nil && r.Hands > 0 {
		_, err = fmt.Fprintf(w, "points a hand: %s %.2f, %s %.2f over %d hands\n", a, r.PointsPerHand[0], b, r.PointsPerHand[1], r.Hands)
	}
	if err == nil && (r.Forfeits[0] > 0 || r.Forfeits[1] > 0) {
		_, err = fmt.Fprintf(w, "forfeits: %s %d, %s %d\n", a, r.Forfeits[0], b, r.Forfeits[1])
	}
	if err == nil && r.LLR != nil {
		_, err = fmt.Fprintf(w, "SPRT: LLR %.2f, %s\n", *r.LLR, r.Verdict)
	}
	return err
}

// Config is a match as the command line gives it, to be checked into
// Options.
type Config struct {
	P1, P2, Rules, SPRT string
	Games, Concurrency  int
	Seed                uint64
	MoveTime, GameTime  time.Duration
}

// Options checks the configuration; its errors name the flag at fault.
func (c Config) Options() (Options, error) {
	var o Options
	var err error
	for k, s := range []string{c.P1, c.P2} {
		if o.Players[k], err = ParseSpec(s); err != nil {
			return o, fmt.Errorf("--p%d: %w", k+1, err)
		}
	}
	if o.Rules, err = rules.ParseSpec(c.Rules); err != nil {
		return o, fmt.Errorf("--rules: %w", err)
	}
	switch {
	case c.Games < 2 || c.Games%2 != 0 || c.Games > 1_000_000:
		return o, fmt.Errorf("--games must be even, from 2 to 1000000, not %d", c.Games)
	case c.Concurrency < 1 || c.Concurrency > 64:
		return o, fmt.Errorf("--concurrency must be from 1 to 64, not %d", c.Concurrency)
	case c.MoveTime < 0 || c.GameTime < 0:
		return o, errors.New("--movetime and --gametime must not be negative")
	}
	o.Games, o.Seed, o.Concurrency = c.Games, c.Seed, c.Concurrency
	o.Time = TimeControl{Move: c.MoveTime, Game: c.GameTime}
	if c.SPRT != "" {
		if o.SPRT, err = ParseSPRT(c.SPRT); err != nil {
			return o, fmt.Errorf("--sprt: %w", err)
		}
	}
	return o, nil
}

// Log returns the game as a ginadvisor log's game, numbered from 1, with
// both players' specs in its tags.
func (g *Game) Log(specs [2]Spec) (*gamelog.Game, error) {
	rec := g.Record
	tags := []gamelog.Tag{{Key: gamelog.TagSource, Value: "ginadvisor match"}}
	for k, s := range specs {
		v := specText(s)
		if s.Builtin == "" {
			if g.Engines[k] != "" {
				v += " (id name " + g.Engines[k] + ")"
			}
			for _, key := range slices.Sorted(maps.Keys(s.Options)) {
				v += " " + key + "=" + s.Options[key]
			}
		}
		tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("player%d", k+1), Value: v})
	}
	return gamelog.GameFromStates(g.Index+1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Final, tags...)
}

// ReadEngines reads a configuration file naming engines, as cutechess's
// engines.json does: a JSON array of objects with "name", "command" and
// "options" (setoption names and values, strings).
func ReadEngines(path string) ([]Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var raw []struct {
		Name    string            `json:"name"`
		Command string            `json:"command"`
		Options map[string]string `json:"options"`
	}
	d := json.NewDecoder(io.LimitReader(f, 1<<20))
	d.DisallowUnknownFields()
	if err := d.Decode(&raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []Spec
	for i, r := range raw {
		if r.Name == "" || r.Command == "" {
			return nil, fmt.Errorf("%s: engine %d needs a name and a command", path, i+1)
		}
		if _, err := SplitCommand(r.Command); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, r.Name, err)
		}
		for k, v := range r.Options {
			if strings.ContainsAny(k+v, " \n\r") && k != "" {
				return nil, fmt.Errorf("%s: %s: option %q: no spaces or line breaks", path, r.Name, notation.Clip(k, 40))
			}
		}
		out = append(out, Spec{Name: r.Name, Command: r.Command, Options: r.Options})
	}
	return out, nil
}

// Resumed is what Resume found in a match's log.
type Resumed struct {
	// Games are the log's games, which the match does not play again.
	Games []*gamelog.Game
	// Whole is the length of the log's whole games, after which the
	// match adds its own. Cut says a game cut short followed them (the
	// run was killed while writing it), at line CutLine: it is cut off,
	// and played again.
	Whole   int64
	Cut     bool
	CutLine int
	// Current says the log is in the format version this package's
	// gamelog writes, so that games may be added to it as it is.
	Current bool
}

// Resume reads the log of an earlier run of the same match, written by
// --log, and sets o.Done to its games, so that Play plays only the rest.
// Each game must be one this match would play: the same players and rules,
// and the deal its number and the seed give. A game cut short at the end
// of the log is left out.
func Resume(path string, o *Options) (Resumed, error) {
	if path == "" {
		return Resumed{}, errors.New("give the match's log with --log")
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Resumed{Current: true}, nil // nothing to resume: the match starts
	} else if err != nil {
		return Resumed{}, err
	}
	defer f.Close()
	whole, err := gamelog.WholeGames(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		return Resumed{}, err
	}
	lr := gamelog.NewReader(io.LimitReader(f, whole.Bytes), path)
	o.Done = map[int]*Game{}
	r := Resumed{Whole: whole.Bytes, Cut: whole.Cut, CutLine: whole.Line}
	for {
		lg, err := lr.Next()
		if err == io.EOF {
			r.Current = lr.Version() == gamelog.Version
			return r, nil
		}
		if err != nil {
			return Resumed{}, err
		}
		g, err := resumedGame(path, lg, o)
		if err != nil {
			return Resumed{}, err
		}
		o.Done[g.Index] = g
		r.Games = append(r.Games, lg)
	}
}

// resumedGame checks that a game of the log is one of the match's, and
// returns it as played.
func resumedGame(path string, lg *gamelog.Game, o *Options) (*Game, error) {
	i := lg.Number - 1
	if i < 0 || i >= o.Games || o.Done[i] != nil {
		return nil, fmt.Errorf("%s: game %d is not a game of this match, or comes twice", path, lg.Number)
	}
	if !lg.HasSeed || lg.Seed != engine.GameSeed(o.Seed, i/2) || !rules.SameGame(lg.Rules, o.Rules) {
		return nil, fmt.Errorf("%s: game %d was dealt under another seed or other rules", path, lg.Number)
	}
	g := &Game{Index: i, First: i % 2, Winner: -1, Forfeiter: -1, Resumed: true}
	for _, t := range lg.Tags {
		for k := range 2 {
			if t.Key == fmt.Sprintf("player%d", k+1) && !strings.HasPrefix(t.Value, specText(o.Players[k])) {
				return nil, fmt.Errorf("%s: game %d was played by %q, not %q", path, lg.Number, t.Value, specText(o.Players[k]))
			}
		}
	}
	player := func(seat notation.Seat) int {
		if seat == 0 {
			return g.First
		}
		return 1 - g.First
	}
	if w := lg.Final.Winner; w.Valid() {
		g.Winner = player(w)
	}
	for _, h := range lg.Hands {
		g.resumedHands++
		if h.Winner.Valid() {
			g.resumedPoints[player(h.Winner)] += h.Score.Points
		}
	}
	return g, nil
}

// specText is how a log's tags name a player.
func specText(s Spec) string {
	if s.Builtin != "" {
		return s.Builtin
	}
	return "engine:" + s.Command
}

// LogWriter is where a match's games are logged.
type LogWriter interface {
	Write(*gamelog.Game) error
}

// WriteGame writes a finished game to a log; a forfeited game is left
// out, so that a resumed match plays it again.
func WriteGame(lw LogWriter, g *Game, specs [2]Spec) error {
	if g.Record == nil || g.Forfeit != nil {
		return nil
	}
	lg, err := g.Log(specs)
	if err == nil {
		err = lw.Write(lg)
	}
	return err
}

// printable keeps a name's control characters, which could drive a
// terminal, out of text for people: each becomes "?".
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
}
