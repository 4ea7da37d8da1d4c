package arena

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// TestClockMeasures charges a clock with given decision times: it sums
// each player's use, and keeps the lowest its time left fell to after a
// decision, before the increment or the next control's time came back.
func TestClockMeasures(t *testing.T) {
	s := time.Second
	tests := []struct {
		name     string
		tc       TimeControl
		charges  []time.Duration // player 0's; player 1 takes a second each
		used     time.Duration
		least    time.Duration
		hasLeft  bool
		leastOpp time.Duration
	}{
		{"sudden death: the time left at the end", TimeControl{Game: 10 * s}, []time.Duration{3 * s, 2 * s}, 5 * s, 5 * s, true, 8 * s},
		{"increment: the low point before it", TimeControl{Game: 10 * s, Inc: s}, []time.Duration{4 * s, 4 * s, 4 * s}, 12 * s, 0, true, 9 * s},
		{"moves: the low point before the next control", TimeControl{Game: 10 * s, Moves: 2}, []time.Duration{6 * s, 3 * s, 2 * s}, 11 * s, s, true, 8 * s},
		{"late within the margin: zero left", TimeControl{Game: s, Margin: s}, []time.Duration{1500 * time.Millisecond}, 1500 * time.Millisecond, 0, true, 0},
		{"move bound only: time used, none left", TimeControl{Move: s}, []time.Duration{300 * time.Millisecond, 1500 * time.Nanosecond}, 300*time.Millisecond + time.Microsecond, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock(tt.tc)
			for _, d := range tt.charges {
				c.charge(0, d)
				c.charge(1, s)
			}
			gt := c.gameTime()
			if gt.Used[0] != tt.used || gt.Used[1] != time.Duration(len(tt.charges))*s {
				t.Errorf("used %v, want %v and %v", gt.Used, tt.used, time.Duration(len(tt.charges))*s)
			}
			if gt.HasLeft != tt.hasLeft || gt.Least[0] != tt.least || gt.Least[1] != tt.leastOpp {
				t.Errorf("least left %v (%v), want %v and %v (%v)", gt.Least, gt.HasLeft, tt.least, tt.leastOpp, tt.hasLeft)
			}
		})
	}
}

// TestTimeSum adds games' times into the result: the mean and the largest
// time used a game over the timed games, the least time left over those
// with a game clock, and no figures at all when no game was timed.
func TestTimeSum(t *testing.T) {
	ms := time.Millisecond
	timed := func(a, b time.Duration) *GameTime { return &GameTime{Used: [2]time.Duration{a, b}} }
	clocked := func(a, b, la, lb time.Duration) *GameTime {
		return &GameTime{Used: [2]time.Duration{a, b}, Least: [2]time.Duration{la, lb}, HasLeft: true}
	}
	tests := []struct {
		name        string
		games       []*GameTime
		timedGames  int
		mean, most  *[2]float64
		least       *[2]float64
		wantLine    string
		wantNoLine  bool
		playedGames int
	}{
		{name: "no clock", games: []*GameTime{nil, nil}, playedGames: 2, wantNoLine: true},
		{name: "move bound", games: []*GameTime{timed(10*ms, 30*ms), timed(20*ms, 10*ms)}, timedGames: 2, playedGames: 2,
			mean: &[2]float64{15, 20}, most: &[2]float64{20, 30}, wantLine: "time a game: A mean 15.0 ms, most 20.0 ms; B mean 20.0 ms, most 30.0 ms\n"},
		{name: "game clock", games: []*GameTime{clocked(12*time.Second, 2*ms, 3*time.Second, 59*time.Second), clocked(14*time.Second, 4*ms, 5*time.Second, 58*time.Second), clocked(13*time.Second, 3*ms, 7*time.Second, 60*time.Second)},
			timedGames: 3, playedGames: 3, mean: &[2]float64{13000, 3}, most: &[2]float64{14000, 4}, least: &[2]float64{3000, 58000},
			wantLine: "time a game: A mean 13.0 s, most 14.0 s, least left 3.0 s; B mean 3.0 ms, most 4.0 ms, least left 58.0 s\n"},
		{name: "an old game among timed ones", games: []*GameTime{nil, clocked(1500*time.Microsecond, ms, 0, 2*ms), timed(501*time.Microsecond, ms)},
			timedGames: 2, playedGames: 3, mean: &[2]float64{1.001, 1}, most: &[2]float64{1.5, 1}, least: &[2]float64{0, 2},
			wantLine: "time a game: A mean 1.0 ms, most 1.5 ms, least left 0.0 ms; B mean 1.0 ms, most 1.0 ms, least left 2.0 ms (over the 2 of 3 games whose time is known)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s timeSum
			for _, g := range tt.games {
				s.add(g)
			}
			r := Result{Names: [2]string{"A", "B"}, Games: tt.playedGames}
			s.put(&r)
			if r.TimedGames != tt.timedGames || !samePair(r.TimeAGame, tt.mean) || !samePair(r.MaxTimeAGame, tt.most) || !samePair(r.LeastLeft, tt.least) {
				t.Errorf("timed %d, mean %v, most %v, least left %v; want %d, %v, %v, %v",
					r.TimedGames, deref(r.TimeAGame), deref(r.MaxTimeAGame), deref(r.LeastLeft), tt.timedGames, deref(tt.mean), deref(tt.most), deref(tt.least))
			}
			var b bytes.Buffer
			if err := r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			has := strings.Contains(b.String(), "time a game")
			if tt.wantNoLine && has || !tt.wantNoLine && !strings.Contains(b.String(), tt.wantLine) {
				t.Errorf("text:\n%s\nwant the line %q", b.String(), tt.wantLine)
			}
		})
	}
}

func samePair(a, b *[2]float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(p *[2]float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// timedMatch plays a cheap match of two built-in players under a clock,
// each game logged through the log's text.
func timedMatch(t *testing.T, tc string, games int) (Result, *memLog) {
	t.Helper()
	o, err := Config{P1: "simple", P2: "random", Rules: "eaai", Games: games, Concurrency: 2, Seed: 4, TC: tc}.Options()
	if err != nil {
		t.Fatal(err)
	}
	lw := &memLog{}
	o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, o.Rules) }
	r, err := Play(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return r, lw
}

// TestTimeFromLog: a timed match's log gives back the same time figures
// as the match printed; a log without the time (an older one) gives none,
// and a log with some games without it counts the others only.
func TestTimeFromLog(t *testing.T) {
	r, lw := timedMatch(t, "60+1", 4)
	if r.TimedGames != 4 || r.TimeAGame == nil || r.MaxTimeAGame == nil || r.LeastLeft == nil {
		t.Fatalf("the timed match reports no time: %+v", r)
	}
	if !strings.Contains(string(gamelog.GameText(lw.games[0])), `tag timeleft2 "`) {
		t.Errorf("the log carries no time:\n%s", gamelog.GameText(lw.games[0]))
	}
	fromLog := resultOf(t, lw.games)
	if !sameResult(fromLog, r) {
		t.Errorf("printed %s\nlog's   %s", jsonOf(r), jsonOf(fromLog))
	}
	old := make([]*gamelog.Game, len(lw.games))
	for i, lg := range lw.games {
		c := *lg
		c.Tags = slices.DeleteFunc(slices.Clone(lg.Tags), func(tag gamelog.Tag) bool { return strings.HasPrefix(tag.Key, "time") })
		old[i] = &c
	}
	if o := resultOf(t, old); o.TimedGames != 0 || o.TimeAGame != nil || o.MaxTimeAGame != nil || o.LeastLeft != nil || o.Wins != r.Wins {
		t.Errorf("a log without time: %s", jsonOf(o))
	}
	mixed := append([]*gamelog.Game{old[0]}, lw.games[1:]...)
	if m := resultOf(t, mixed); m.TimedGames != 3 || m.TimeAGame == nil || m.Games != 4 {
		t.Errorf("a log with one game without time: %s", jsonOf(m))
	}
}

func resultOf(t *testing.T, games []*gamelog.Game) Result {
	t.Helper()
	p, err := Pairings(games)
	if err != nil || len(p) != 1 {
		t.Fatalf("%v %v", p, err)
	}
	return p[0].Result(nil)
}

// TestMsRoundTrip: a time as the log writes it reads back to the
// microsecond.
func TestMsRoundTrip(t *testing.T) {
	for _, d := range []time.Duration{0, time.Microsecond, 1234567 * time.Microsecond, 30 * time.Second, 86400 * time.Second} {
		if got, ok := parseMs(formatMs(d)); !ok || got != d {
			t.Errorf("%v: wrote %q, read %v", d, formatMs(d), got)
		}
	}
	for _, bad := range []string{"", "-1", "NaN", "1e20", "ten"} {
		if _, ok := parseMs(bad); ok {
			t.Errorf("%q read as a time", bad)
		}
	}
}

// TestTimeLineUnderClock: a tiny match of built-in players prints its
// time line under --tc, with the least time left, and none without a
// clock.
func TestTimeLineUnderClock(t *testing.T) {
	for _, tt := range []struct {
		tc   string
		want []string
	}{
		{"30", []string{"time a game: simple mean ", ", most ", ", least left ", "; random mean "}},
		{"", nil},
	} {
		r, _ := timedMatch(t, tt.tc, 2)
		var b bytes.Buffer
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("--tc %q: no %q in\n%s", tt.tc, w, text)
			}
		}
		if tt.want == nil && strings.Contains(text, "time a game") {
			t.Errorf("without a clock:\n%s", text)
		}
		t.Logf("--tc %q:\n%s", tt.tc, text)
	}
}

// TestHostileLoggedTimes: a logged time past the bound, negative or not a
// number is refused, and sums of times at the bound saturate, never wrap.
func TestHostileLoggedTimes(t *testing.T) {
	for _, s := range []string{"1e10", "-1", "NaN", "Inf", "x", ""} {
		if _, ok := parseMs(s); ok {
			t.Errorf("parseMs(%q) accepted", s)
		}
	}
	d, ok := parseMs("1000000000")
	if !ok {
		t.Fatal("the bound itself refused")
	}
	var s timeSum
	for i := range 20000 {
		before := s.total[0]
		s.add(&GameTime{Used: [2]time.Duration{d, d}})
		if s.total[0] < before {
			t.Fatalf("the sum wrapped at game %d: %v after %v", i+1, s.total[0], before)
		}
	}
}
