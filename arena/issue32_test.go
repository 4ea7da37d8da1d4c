package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// memLog keeps a match's logged games, as --log writes them.
type memLog struct{ games []*gamelog.Game }

func (m *memLog) Write(g *gamelog.Game) error {
	// Through the text, as the file holds it.
	games, err := gamelog.ReadLog(strings.NewReader(gamelog.Header() + "\n" + string(gamelog.GameText(g))))
	if err != nil {
		return err
	}
	m.games = append(m.games, games...)
	return nil
}

// shortGames is a preset's rules with games to 30 points, for tests that
// need whole games but not long ones.
func shortGames(t *testing.T, preset string) rules.Rules {
	t.Helper()
	r, err := shortRules(preset)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// shortRules is a preset's rules in games to 30 points.
func shortRules(preset string) (rules.Rules, error) {
	p, err := rules.Preset(preset)
	if err != nil {
		return rules.Rules{}, err
	}
	return rules.Apply(p, rules.Override{Key: "target", Value: "30"})
}

func engineSpec(t *testing.T, mode string) Spec {
	t.Helper()
	return sampledSpec(t, helper(mode))
}

// TestStopDoesNotChargeEngines stops a match of an engine while games are
// being played (Ctrl-C): the games the stop cut short are neither counted
// nor forfeits, and the printed result is the log's.
func TestStopDoesNotChargeEngines(t *testing.T) {
	eaai := shortGames(t, "eaai")
	simple, _ := ParseSpec("simple")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lw := &memLog{}
	// One hand a game: what is checked is the games the stop cuts short,
	// not their length.
	o := Options{Rules: eaai, Games: 12, Seed: 5, Concurrency: 2, MaxHands: 1, Players: [2]Spec{engineSpec(t, "normal"), simple}}
	o.OnGame = func(g *Game) error {
		if len(lw.games) == 1 {
			cancel() // the stop comes while the next games are starting or playing
		}
		return WriteGame(lw, g, o.Players, o.Rules)
	}
	r, err := Play(ctx, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if r.Forfeits != [2]int{} {
		t.Errorf("the stop charged forfeits: %+v", r)
	}
	p, err := Pairings(lw.games)
	if err != nil || len(p) != 1 {
		t.Fatalf("%v %v", p, err)
	}
	if fromLog := p[0].Result(nil); !sameResult(fromLog, r) {
		t.Errorf("printed %+v\nlog's   %+v", r, fromLog)
	}
}

// sameResult compares what a result says, its names aside: its JSON,
// which follows the time figures' pointers to their values.
func sameResult(a, b Result) bool {
	a.Names, b.Names = [2]string{}, [2]string{}
	a.LLR, b.LLR = nil, nil
	return jsonOf(a) == jsonOf(b)
}

func jsonOf(r Result) string {
	data, err := json.Marshal(r)
	if err != nil {
		return "unencodable: " + err.Error()
	}
	return string(data)
}

// standingsJSON is what standings say: their JSON, which follows the
// ratings' pointers to their values.
func standingsJSON(s Standings) string {
	data, err := json.Marshal(s)
	if err != nil {
		return "unencodable: " + err.Error()
	}
	return string(data)
}

// forfeitMatch is a match whose games are kept both as reported and as
// logged.
type forfeitMatch struct {
	r     Result
	games []*Game
	log   *memLog
	err   error
}

// crashMatch is the crash helper against simple, a pair of games to 30
// points, each forfeited at its fifth go: shared by TestForfeits and
// TestForfeitsRebuildFromLog.
var crashMatch = sync.OnceValue(func() (m forfeitMatch) {
	p, err := shortRules("eaai")
	a, err1 := ParseSpec(helper("crash"))
	simple, err2 := ParseSpec("simple")
	if m.err = errors.Join(err, err1, err2); m.err != nil {
		return m
	}
	a.Options = map[string]string{"samples": "8"}
	m.log = &memLog{}
	o := Options{Rules: p, Games: 2, Seed: 3, Concurrency: 2, Players: [2]Spec{a, simple}, Grace: 200 * time.Millisecond}
	o.OnGame = func(g *Game) error {
		m.games = append(m.games, g)
		return WriteGame(m.log, g, o.Players, o.Rules)
	}
	m.r, m.err = Play(context.Background(), o)
	return m
})

// TestForfeitsRebuildFromLog: forfeited games are logged with their
// reason and read back, so that the log alone gives the printed result.
// (The match is TestForfeits' crash: crashMatch.)
func TestForfeitsRebuildFromLog(t *testing.T) {
	m := crashMatch()
	r, err, lw := m.r, m.err, m.log
	if err != nil || r.Forfeits[0] != 2 {
		t.Fatalf("%+v %v", r, err)
	}
	if len(lw.games) != 2 || lw.games[0].Forfeit == nil || !strings.Contains(lw.games[0].Forfeit.Reason, "ended") {
		t.Fatalf("forfeits not logged with their reason: %d games, %+v", len(lw.games), lw.games)
	}
	p, err := Pairings(lw.games)
	if err != nil {
		t.Fatal(err)
	}
	if fromLog := p[0].Result(nil); !sameResult(fromLog, r) {
		t.Errorf("printed %+v\nlog's   %+v", r, fromLog)
	}
}

// TestShardsCombine: the shards' logs of a match, with an SPRT given
// again, give the result of one run.
func TestShardsCombine(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	a, _ := ParseSpec("heuristic")
	b, _ := ParseSpec("simple")
	base := Options{Rules: eaai, Games: 16, Seed: 11, Players: [2]Spec{a, b}}
	whole, err := Play(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	var logged []*gamelog.Game
	for i := 1; i <= 3; i++ {
		lw := &memLog{}
		o := base
		o.Shard = Shard{I: i, N: 3}
		o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, o.Rules) }
		if _, err := Play(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		logged = append(logged, lw.games...)
	}
	p, err := Pairings(logged)
	if err != nil {
		t.Fatal(err)
	}
	if got := p[0].Result(nil); !sameResult(got, whole) {
		t.Errorf("shards %+v\nwhole  %+v", got, whole)
	}
	if _, err := Pairings(append(logged, logged[0])); err == nil {
		t.Error("a game given twice was accepted")
	}
}

// TestTournamentFromLog: a tournament's standings come back from its log.
func TestTournamentFromLog(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	specs := specsOf(t, "simple", "heuristic", "cautious")
	lw := &memLog{}
	o := TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 10, Seed: 4, Concurrency: 2}}
	o.OnGame = func(_, _ int, players [2]Spec, g *Game) error { return WriteGame(lw, g, players, eaai) }
	s, err := Tournament(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Pairings(lw.games)
	if err != nil {
		t.Fatal(err)
	}
	got := StandingsFromLog(p, nil)
	if standingsJSON(got) != standingsJSON(s) {
		t.Errorf("from the log %+v\nprinted %+v", got, s)
	}
	// Resumed from the first pairing's games, it plays only the rest.
	played := 0
	o.Logged = lw.games[:10]
	o.OnGame = func(int, int, [2]Spec, *Game) error { played++; return nil }
	again, err := Tournament(context.Background(), o)
	if err != nil || played != 20 || standingsJSON(again) != standingsJSON(s) {
		t.Errorf("resumed: played %d, %v\n%+v\n%+v", played, err, again, s)
	}
}

// TestEngineNames: engines are named by their id name, made unique; a
// configuration file's name wins.
func TestEngineNames(t *testing.T) {
	a, b := engineSpec(t, "normal"), engineSpec(t, "normal")
	b.Command += " again"
	c := engineSpec(t, "normal")
	c.Name, c.Named = "mine", true
	standard, _ := rules.Preset("standard")
	got, err := ResolveNames(context.Background(), []Spec{a, b, c}, standard, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Name != "helper-normal" || got[1].Name != "helper-normal-2" || got[2].Name != "mine" {
		t.Errorf("names %q %q %q", got[0].Name, got[1].Name, got[2].Name)
	}
}

// TestProtocolVersionChecked: an engine that gives no protocol version,
// or another one, fails its start with ErrProtocol, a forfeit that says
// why.
func TestProtocolVersionChecked(t *testing.T) {
	for _, mode := range []string{"noprotocol", "protocol2"} {
		_, err := Start(context.Background(), helper(mode)[len("engine:"):], StartOptions{})
		if !errors.Is(err, ErrProtocol) {
			t.Errorf("%s: %v, want ErrProtocol", mode, err)
		}
	}
	p, err := Start(context.Background(), helper("normal")[len("engine:"):], StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
}

// TestNoProcessLeft: an engine that forks a child, and one behind a
// wrapper script, leave no process of their group once closed.
func TestNoProcessLeft(t *testing.T) {
	// Mostly waiting on engine processes: run beside the others.
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "wrapper.sh")
	cmd := helper("normal")[len("engine:"):]
	if err := os.WriteFile(script, []byte("#!/bin/sh\nsleep 1001 &\n"+cmd+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{`sh -c "sleep 1001 & exec ` + strings.ReplaceAll(cmd, `"`, ``) + `"`, script} {
		p, err := Start(context.Background(), c, StartOptions{Grace: 200 * time.Millisecond})
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		pgid := p.Group()
		p.Close()
		if live := waitGroupGone(pgid); len(live) > 0 {
			t.Errorf("%s: processes left in group %d: %v", c, pgid, live)
		}
	}
}

// waitGroupGone waits until the group has no live process, for a bounded
// number of tries, as the system reaps the children the engine left; it
// returns the group's live processes, if any remain. Zombies awaiting
// their reaper (the arena itself, a subreaper on Linux) are no process
// left running.
func waitGroupGone(pgid int) []string {
	var live []string
	for range 500 {
		if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
			return nil
		}
		if live = liveInGroup(pgid); len(live) == 0 {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return live
}

// liveInGroup lists the processes of the group that are not zombies.
func liveInGroup(pgid int) []string {
	var live []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) > 2 && f[2] == strconv.Itoa(pgid) && f[0] != "Z" {
			live = append(live, e.Name()+" "+f[0])
		}
	}
	return live
}

// playedMatch is a match's result, its games as reported, and player 1's
// exchange in each game, in order.
type playedMatch struct {
	r         Result
	games     []*Game
	exchanges []string
	err       error
}

// documentedMatch is the helper at 8 samples against simple under
// standard rules, two games to 30 points (hands enough for every line
// TestExchangeAsDocumented looks for), shared with TestEngineAgainstSimple.
var documentedMatch = sync.OnceValue(func() (m playedMatch) {
	p, err := shortRules("standard")
	a, err1 := ParseSpec(helper("normal"))
	simple, err2 := ParseSpec("simple")
	dir, err3 := os.MkdirTemp("", "arena-exchange-")
	if m.err = errors.Join(err, err1, err2, err3); m.err != nil {
		return m
	}
	defer os.RemoveAll(dir)
	a.Options = map[string]string{"samples": "8"}
	o := Options{Rules: p, Games: 2, Seed: 7, Concurrency: 2, Players: [2]Spec{a, simple}, StderrDir: dir,
		OnGame: func(g *Game) error { m.games = append(m.games, g); return nil }}
	if m.r, m.err = Play(context.Background(), o); m.err != nil {
		return m
	}
	for i := 1; i <= o.Games; i++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game%06d-player1.exchange", i)))
		if err != nil {
			m.err = err
			return m
		}
		m.exchanges = append(m.exchanges, string(b))
	}
	return m
})

// TestExchangeAsDocumented plays an engine under standard rules and checks
// the exchange against protocol.md: isready answered, go after each own
// discard (playon), the defender asked and answering melds, the showdown
// and scores told, quit at the end.
// (The match is TestEngineAgainstSimple's too: documentedMatch.)
func TestExchangeAsDocumented(t *testing.T) {
	// Mostly waiting on engine processes: run beside the others.
	t.Parallel()
	m := documentedMatch()
	if m.err != nil || m.r.Forfeits != [2]int{} {
		t.Fatalf("%+v %v", m.r, m.err)
	}
	var all strings.Builder
	for i, ex := range m.exchanges {
		if !strings.HasSuffix(ex, "> quit\n") || !strings.Contains(ex, "> isready\n< readyok\n") {
			t.Errorf("game %d: no isready or quit:\n%s", i+1, ex)
		}
		all.WriteString(ex)
	}
	ex := all.String()
	for _, want := range []string{"< bestmove playon", "< bestmove melds", " melds ", "> scores ", "> go\n"} {
		if !strings.Contains(ex, want) {
			t.Errorf("no %q in the exchanges", want)
		}
	}
	for _, not := range []string{"movetime"} {
		if strings.Contains(ex, "setoption name "+not) {
			t.Errorf("sent an undeclared or retired option %q", not)
		}
	}
}

// TestTimeControl reads --tc, and the clock tells each go the times.
func TestTimeControl(t *testing.T) {
	tc, err := ParseTC("40/60+0.5")
	if err != nil || tc.Moves != 40 || tc.Game != time.Minute || tc.Inc != 500*time.Millisecond {
		t.Fatalf("%+v %v", tc, err)
	}
	for _, bad := range []string{"", "x", "0/10", "-5", "10+x", "10+-1"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	c := newClock(TimeControl{Game: 10 * time.Second, Inc: time.Second, Moves: 2})
	c.charge(0, 3*time.Second)
	if got, want := c.goLine(0), "go time 8000 opptime 10000 inc 1000 movestogo 1"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	c.charge(0, time.Second)
	if got := c.goLine(0); got != "go time 18000 opptime 10000 inc 1000 movestogo 2" {
		t.Errorf("after the control: %q", got)
	}
	if got := newClock(TimeControl{}).goLine(0); got != "go" {
		t.Errorf("no control: %q", got)
	}
}

// TestIntervalOverPairs: a clean sweep's interval is Wilson's over the
// pairs, and Elo prints sensibly at the edges.
func TestIntervalOverPairs(t *testing.T) {
	lo, hi := PairInterval(50, 50, 50)
	if math.Abs(lo-0.929) > 0.001 || hi != 1 {
		t.Errorf("100-0: [%.4f, %.4f], want [0.929, 1]", lo, hi)
	}
	tests := []struct {
		elo  Elo
		text string
		json string
	}{{EloOf(1), "+inf", "null"}, {EloOf(0), "-inf", "null"}, {EloOf(0.5), "+0", "0"}, {Elo(-0.3), "+0", "-0.3"}, {EloOf(Score(100)), "+100", "100"}}
	for _, tt := range tests {
		j, _ := tt.elo.MarshalJSON()
		if tt.elo.String() != tt.text || string(j) != tt.json {
			t.Errorf("%v: %q and %s, want %q and %s", float64(tt.elo), tt.elo.String(), j, tt.text, tt.json)
		}
	}
}

// TestOneVariance: the SPRT's ratio uses the interval's variance.
func TestOneVariance(t *testing.T) {
	s, _ := NewSPRT(0, 20, 0.05, 0.05)
	xs := []float64{1, 0.5, 0.5, 0, 1, 1}
	sum, sq := 0.0, 0.0
	for _, x := range xs {
		s.AddPair(x)
		sum += x
		sq += x * x
	}
	n := float64(len(xs))
	v := PairVariance(len(xs), sum, sq)
	s0, s1 := Score(0), Score(20)
	if want := n * (s1 - s0) * (2*sum/n - s0 - s1) / (2 * v); math.Abs(s.LLR()-want) > 1e-12 {
		t.Errorf("LLR %g, want %g with the sample variance %g", s.LLR(), want, v)
	}
}

// TestDeals: saved deals read back, and a match on them plays the deals
// its seed gives.
func TestDeals(t *testing.T) {
	o := Options{Games: 6, Seed: 9}
	path := filepath.Join(t.TempDir(), "deals")
	var b bytes.Buffer
	if err := WriteDeals(&b, &o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	deals, err := ReadDeals(path)
	if err != nil || len(deals) != 3 {
		t.Fatalf("%v %v", deals, err)
	}
	for k := range 3 {
		if deals[k].Seed != o.dealSeed(k) {
			t.Errorf("deal %d: %d, want %d", k, deals[k].Seed, o.dealSeed(k))
		}
	}
}

// TestStartErrorIsBounded: a missing program with a name as long as one
// likes is refused in an error of bounded length, its name clipped.
func TestStartErrorIsBounded(t *testing.T) {
	_, err := Start(context.Background(), strings.Repeat("x", 100_000), StartOptions{})
	if err == nil || len(err.Error()) > 300 {
		t.Fatalf("error of %d bytes: %.120v", len(fmt.Sprint(err)), err)
	}
}
