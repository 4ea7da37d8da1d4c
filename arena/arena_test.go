package arena

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/protocol"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestHelperEngine is not a test: run by the arena's tests as an engine
// ("-test.run=^TestHelperEngine$ -- MODE"), it serves the real protocol
// and misbehaves on demand at its fifth go: slow (answers late, only
// once the arena has stopped waiting for it), silent (never answers),
// illegal (an impossible discard), garbage (a line that is no reply) or
// crash (exits); info sends two info lines before each answer (the
// engine's own are turned off, as in every mode).
func TestHelperEngine(t *testing.T) {
	mode := ""
	for i, a := range os.Args {
		if a == "--" && i+1 < len(os.Args) {
			mode = os.Args[i+1]
		}
	}
	if mode == "" {
		return
	}
	if mode == "draw" {
		// A trivial engine, for the overhead benchmark: it draws.
		sc := bufio.NewScanner(os.Stdin)
		out := bufio.NewWriter(os.Stdout)
		for sc.Scan() {
			switch sc.Text() {
			case "ginrummy":
				fmt.Fprintln(out, "id name helper-draw\nid protocol 1\nginrummyok")
			case "isready":
				fmt.Fprintln(out, "readyok")
			case "go":
				fmt.Fprintln(out, "bestmove draw")
			}
			out.Flush()
		}
		os.Exit(0)
	}
	if mode == "setsid" {
		// An engine with a helper that leaves its process group by
		// setsid; the helper's pid goes to the file after the mode.
		if err := startSetsidHelper(os.Args[len(os.Args)-1]); err != nil {
			os.Exit(3)
		}
		mode = "normal"
	}
	switch mode {
	case "noprotocol", "protocol2":
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if sc.Text() == "ginrummy" {
				if mode == "protocol2" {
					fmt.Println("id protocol 2")
				}
				fmt.Println("id name old\nginrummyok")
			}
		}
		os.Exit(0)
	}
	pr, pw := io.Pipe()
	// answered has a value once the engine has written a bestmove.
	answered := make(chan struct{}, 1)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		gos := 0
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "go") {
				gos++
				if mode == "info" {
					// Two info lines before each answer: the last is
					// the one a log keeps.
					fmt.Printf("info depth 1 go %d\ninfo depth 2 go %d\n", gos, gos)
				}
				if gos == 5 {
					switch mode {
					case "slow":
						// The go is held until the arena's next line,
						// which it sends only once it has given up
						// waiting (its quit): the answer is late however
						// busy the machine, and comes before that line
						// is read.
						if !sc.Scan() {
							continue
						}
						next := sc.Text()
						select {
						case <-answered:
						default:
						}
						fmt.Fprintln(pw, line)
						select {
						case <-answered:
						case <-time.After(10 * time.Second):
						}
						line = next
					case "silent":
						continue
					case "illegal":
						fmt.Println("bestmove discard ZZ")
						continue
					case "garbage":
						fmt.Println("what is this game")
						continue
					case "crash":
						os.Exit(3)
					}
				}
			}
			fmt.Fprintln(pw, line)
			if line == "ginrummy" {
				// The arena reads no info lines but the two the info
				// mode sends itself: the engine need not work out the
				// figures of its own. Nor need it read its opponent's
				// knocks, the better part of a decision's work: its
				// games' moves only have to be legal.
				fmt.Fprintln(pw, "setoption name info value false")
				fmt.Fprintln(pw, "setoption name reading value off")
			}
		}
		pw.Close()
	}()
	_ = protocol.New(answerWriter{os.Stdout, answered}, "helper-"+mode).Serve(context.Background(), pr)
	os.Exit(0)
}

// answerWriter writes to w, and tells answered of each bestmove written.
type answerWriter struct {
	w        io.Writer
	answered chan struct{}
}

func (a answerWriter) Write(p []byte) (int, error) {
	n, err := a.w.Write(p)
	if bytes.Contains(p, []byte("bestmove ")) {
		select {
		case a.answered <- struct{}{}:
		default:
		}
	}
	return n, err
}

// The processes the tests start (the helper engines above all, each an
// engine of one decision at a time, its search on one worker) run on one
// P: the Go runtime's start and its idle spinning on a second core are
// a fifth of a short helper's CPU. The tests' own process keeps its Ps.
func init() {
	if os.Getenv("GOMAXPROCS") == "" {
		os.Setenv("GOMAXPROCS", "1")
	}
}

func helper(mode string) string {
	return `engine:"` + os.Args[0] + `" -test.run=^TestHelperEngine$ -- ` + mode
}

// match plays p1 against simple, in games to 30 points; an engine that
// does not end when told is killed after 200 ms.
func match(t *testing.T, p1 string, games int, tc TimeControl) (Result, []*Game) {
	t.Helper()
	var gs []*Game
	r, err := Play(context.Background(), Options{Rules: shortGames(t, "eaai"), Games: games, Seed: 3, Concurrency: 2, Players: againstSimple(t, p1), Time: tc,
		Grace: 200 * time.Millisecond, OnGame: func(g *Game) error { gs = append(gs, g); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	return r, gs
}

// TestEngineAgainstSimple: a well-behaved engine plays whole games through
// the protocol, with no forfeit, and the games are reported in order.
// (The match is TestExchangeAsDocumented's: documentedMatch.)
func TestEngineAgainstSimple(t *testing.T) {
	m := documentedMatch()
	if m.err != nil {
		t.Fatal(m.err)
	}
	r, gs := m.r, m.games
	if r.Games != 2 || r.Forfeits != [2]int{} || r.Wins[0]+r.Wins[1] != 2 || r.Pairs != 1 {
		t.Fatalf("%+v", r)
	}
	for i, g := range gs {
		if g.Index != i || g.Record == nil || len(g.Record.Hands) == 0 {
			t.Fatalf("game %d: %+v", i, g)
		}
	}
	t.Logf("the engine won %d of 2 against simple", r.Wins[0])
}

// TestForfeits: each kind of misbehaviour loses the game, is recorded with
// the exchange that caused it, and the match goes on to its end.
func TestForfeits(t *testing.T) {
	// Mostly waiting on engine processes: run beside the others.
	t.Parallel()
	tests := []struct {
		mode string
		tc   TimeControl
		want error
	}{
		{"slow", TimeControl{Move: 300 * time.Millisecond}, ErrTimeout},
		{"silent", TimeControl{Move: 300 * time.Millisecond}, ErrTimeout},
		{"illegal", TimeControl{}, ErrMalformed},
		{"garbage", TimeControl{}, ErrMalformed},
		{"crash", TimeControl{}, ErrDied},
	}
	for _, tt := range tests {
		// Each mostly waits on its engine (slow and silent on their move
		// limits): side by side.
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			var r Result
			var gs []*Game
			if tt.mode == "crash" {
				// TestForfeitsRebuildFromLog's match.
				m := crashMatch()
				if m.err != nil {
					t.Fatal(m.err)
				}
				r, gs = m.r, m.games
			} else {
				r, gs = match(t, helper(tt.mode), 2, tt.tc)
			}
			if r.Games != 2 || r.Forfeits[0] != 2 || r.Wins[1] != 2 {
				t.Fatalf("%+v", r)
			}
			f := gs[0].Forfeit
			if f == nil || !errors.Is(f, tt.want) || len(f.Exchange) == 0 || !strings.Contains(strings.Join(f.Exchange, "\n"), "> go") {
				t.Errorf("forfeit %v with exchange %q", f, f.Exchange)
			}
		})
	}
}

func TestBadSpecs(t *testing.T) {
	for _, s := range []string{"genius", `engine:"unclosed`, "engine:", "simple,samples=9", "advisor,samples=0", "advisor,"} {
		if _, err := ParseSpec(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	// A program that is not there stops the match instead of losing its
	// games: TestStartFailureIsNoForfeit.
}

// BenchmarkEngineDecision is the arena's own cost of one decision through
// the pipes: "go" out, "bestmove" back, parsed, from a trivial engine that
// always draws.
func BenchmarkEngineDecision(b *testing.B) {
	proc, err := Start(context.Background(), helper("draw")[len("engine:"):], StartOptions{Handshake: 10 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer proc.Kill()
	eaai, _ := rules.Preset("eaai")
	ep := NewEnginePlayer("draw", proc, eaai, TimeControl{}, nil)
	var hands [2]notation.CardSet
	var stock []notation.Card
	for i := 0; i < notation.NumCards; i++ {
		switch c := notation.CardAt(i); {
		case i < 20:
			hands[i%2] = hands[i%2].With(c)
		case i > 20:
			stock = append(stock, c)
		}
	}
	st, err := game.FromDeal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, hands, notation.CardAt(20), stock)
	if err != nil {
		b.Fatal(err)
	}
	_ = st.Apply(game.PassMove())
	_ = st.Apply(game.PassMove())
	p := st.Position(0)
	if _, err := ep.Move(context.Background(), &p); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if m, err := ep.Move(context.Background(), &p); err != nil || m.Kind != game.Draw {
			b.Fatal(m, err)
		}
	}
}

func TestEnginesFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "engines.json")
	if err := os.WriteFile(path, []byte(`[{"name":"helper","command":"/bin/true x","options":{"samples":"8"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ParseSpec("conf:" + path + ":helper")
	if err != nil || s.Name != "helper" || s.Command != "/bin/true x" || s.Options["samples"] != "8" {
		t.Fatalf("%+v %v", s, err)
	}
	for _, bad := range []string{"conf:" + path + ":nobody", "conf:" + path, "conf:/nonexistent.json:x"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := os.WriteFile(path, []byte(`[{"name":"x","command":"a","option":{}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadEngines(path); err == nil {
		t.Error("a misspelt field accepted")
	}
}

// TestResume: a match stopped after some games and resumed from its log
// plays only the rest and ends as the same match played at once; a log of
// another match is refused.
func TestResume(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	a, _ := ParseSpec("heuristic")
	b, _ := ParseSpec("simple")
	opts := func(games int) Options {
		return Options{Rules: eaai, Games: games, Seed: 9, Players: [2]Spec{a, b}, Concurrency: 2}
	}
	whole, err := Play(context.Background(), opts(12))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "match.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	lw := gamelog.NewWriter(f)
	first := opts(6)
	first.OnGame = func(g *Game) error { return WriteGame(lw, g, first.Players, first.Rules) }
	if _, err := Play(context.Background(), first); err != nil {
		t.Fatal(err)
	}
	f.Close()
	rest := opts(12)
	played := 0
	rest.OnGame = func(g *Game) error {
		played++
		if g.Index < 6 {
			t.Errorf("game %d played again", g.Index+1)
		}
		return nil
	}
	prior, err := Resume(path, &rest)
	if err != nil || len(prior.Games) != 6 || prior.Cut || !prior.Current {
		t.Fatalf("resume: %+v, %v", prior, err)
	}
	resumed, err := Play(context.Background(), rest)
	if err != nil {
		t.Fatal(err)
	}
	if played != 6 || resumed.Wins != whole.Wins || resumed.Pairs != whole.Pairs || *resumed.WinRateCI95 != *whole.WinRateCI95 ||
		resumed.Hands != whole.Hands || !reflect.DeepEqual(resumed.PointsPerHand, whole.PointsPerHand) {
		t.Errorf("resumed %+v (played %d), whole %+v", resumed, played, whole)
	}
	other := opts(12)
	other.Seed = 10
	if _, err := Resume(path, &other); err == nil {
		t.Error("a log of another seed resumed")
	}
	swapped := opts(12)
	swapped.Players = [2]Spec{b, a}
	if _, err := Resume(path, &swapped); err == nil {
		t.Error("a log of other players resumed")
	}
	// A game of the log played to a limit of hands, or under a clock,
	// that this run would not play to: its resumed result would not be
	// the whole run's.
	shorter := opts(12)
	shorter.MaxHands = 3
	if _, err := Resume(path, &shorter); err == nil || !strings.Contains(err.Error(), "--max-hands none, not 3") {
		t.Errorf("a log without --max-hands resumed with it: %v", err)
	}
	timed := opts(12)
	timed.Time = TimeControl{Game: 10 * time.Second}
	if _, err := Resume(path, &timed); err == nil || !strings.Contains(err.Error(), `the clock "none", not "tc=10"`) {
		t.Errorf("an untimed log resumed under a clock: %v", err)
	}
}

// specsOf parses the specs of players, in order.
func specsOf(tb testing.TB, names ...string) []Spec {
	tb.Helper()
	specs := make([]Spec, len(names))
	for i, n := range names {
		s, err := ParseSpec(n)
		if err != nil {
			tb.Fatal(err)
		}
		specs[i] = s
	}
	return specs
}

// placed numbers specs from 1 in their order, as a command line's
// players are.
func placed(specs []Spec) []Spec {
	for i := range specs {
		specs[i].Place = i + 1
	}
	return specs
}

// sampledSpec parses a player's spec and gives it 8 samples a decision,
// a budget that keeps an advisor's games quick.
func sampledSpec(t *testing.T, spec string) Spec {
	t.Helper()
	s, err := ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	s.Options = map[string]string{"samples": "8"}
	return s
}

// againstSimple is p1, at 8 samples, against simple.
func againstSimple(t *testing.T, p1 string) [2]Spec {
	t.Helper()
	b, _ := ParseSpec("simple")
	return [2]Spec{sampledSpec(t, p1), b}
}
