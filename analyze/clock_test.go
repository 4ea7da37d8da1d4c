package analyze

import (
	"context"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// clockPosition is a discard decision of an eaai game at the score given.
func clockPosition(t *testing.T, score string) string {
	return "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=" + score + " dealer=p1 rules=eaai number=5"
}

// TestDecisionsLeft guesses the decisions left by the score: a hand's
// worth now, and DecisionsPerHand for each further hand the leader needs.
func TestDecisionsLeft(t *testing.T) {
	tests := []struct {
		score string
		want  int
	}{
		{"0-0", 12 + 5*12},   // 100 points at 20 a hand: 5 hands, this one, 4 and a spare
		{"90-10", 12 + 12},   // 10 points: this hand may end the game, and a spare
		{"40-70", 12 + 2*12}, // 30 points: two hands, and a spare
	}
	for _, tt := range tests {
		p, err := position.Parse(clockPosition(t, tt.score))
		if err != nil {
			t.Fatal(err)
		}
		if got := DecisionsLeft(&p); got != tt.want {
			t.Errorf("score %s: %d decisions left, want %d", tt.score, got, tt.want)
		}
	}
}

// TestBudget: a decision's time under each kind of clock.
func TestBudget(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	n := time.Duration(DecisionsLeft(&p)) // 72
	s := time.Second
	tests := []struct {
		name   string
		c      Clock
		over   time.Duration
		want   time.Duration
		search bool
	}{
		{"no clock", Clock{}, 0, 0, true},
		{"sudden death", Clock{Game: true, Left: 30 * s}, 0, NeedShares*((30*s-ClockMargin)/n) - MoveOverhead, true},
		{"an increment", Clock{Game: true, Left: 30 * s, Inc: s}, 0, NeedShares*((30*s-ClockMargin)/n+s) - MoveOverhead, true},
		{"moves to go", Clock{Game: true, Left: 30 * s, MovesToGo: 40}, 0, NeedShares*((30*s-ClockMargin)/40) - MoveOverhead, true},
		{"a quarter at most", Clock{Game: true, Left: 8 * s, MovesToGo: 2}, 0, (8*s-ClockMargin)/4 - MoveOverhead, true},
		{"the overshoot kept back", Clock{Game: true, Left: 30 * s}, 10 * time.Millisecond, NeedShares*((30*s-ClockMargin-72*10*time.Millisecond-stallReserve*10*time.Millisecond)/n) - MoveOverhead, true},
		{"a move bound caps it", Clock{Game: true, Left: 30 * s, Move: 100 * time.Millisecond}, 0, 100*time.Millisecond - MoveOverhead, true},
		{"a move bound alone", Clock{Move: 500 * time.Millisecond}, 0, 500*time.Millisecond - MoveOverhead, true},
		{"a move bound keeps back the overshoot", Clock{Move: 500 * time.Millisecond}, 7 * time.Millisecond, 500*time.Millisecond - MoveOverhead - 7*time.Millisecond, true},
		{"too little for a search", Clock{Game: true, Left: 150 * time.Millisecond}, 0, 0, false},
		{"out of time", Clock{Game: true}, 0, 0, false},
	}
	for _, tt := range tests {
		got, search := tt.c.Budget(&p, overOf(tt.over))
		if got != tt.want || search != tt.search {
			t.Errorf("%s: %v, %v; want %v, %v", tt.name, got, search, tt.want, tt.search)
		}
	}
}

// TestLeast: under a game clock a decision ahead of the pace spends one
// share before it may stop as clear, never more than its Budget; behind
// the pace, with the game's time not known, under moves to go or a bound
// on the decision alone, or with no time for a search, nothing.
func TestLeast(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	n := time.Duration(DecisionsLeft(&p)) // 72
	s := time.Second
	share := func(left time.Duration) time.Duration { return (left-ClockMargin)/n - MoveOverhead }
	tests := []struct {
		name string
		c    Clock
		done int // decisions made
		want time.Duration
	}{
		{"no clock", Clock{}, 0, 0},
		{"the first decision", Clock{Game: true, Left: 30 * s, Start: 30 * s}, 0, share(30 * s)},
		{"ahead", Clock{Game: true, Left: 27 * s, Start: 30 * s}, 10, share(27 * s)},
		{"just ahead", Clock{Game: true, Left: 30*s*72/82 + time.Microsecond, Start: 30 * s}, 10, share(30*s*72/82 + time.Microsecond)},
		{"just behind", Clock{Game: true, Left: 30*s*72/82 - time.Millisecond, Start: 30 * s}, 10, 0},
		{"behind", Clock{Game: true, Left: 20 * s, Start: 30 * s}, 10, 0},
		{"ahead with the increments", Clock{Game: true, Left: 36 * s, Start: 30 * s, Inc: s}, 10, ((36*s-ClockMargin)/n + s) - MoveOverhead},
		{"behind for the increments", Clock{Game: true, Left: 30 * s, Start: 30 * s, Inc: s}, 10, 0},
		{"the game's time not known", Clock{Game: true, Left: 30 * s}, 0, 0},
		{"moves to go", Clock{Game: true, Left: 30 * s, Start: 30 * s, MovesToGo: 40}, 0, 0},
		{"within a move bound", Clock{Game: true, Left: 30 * s, Start: 30 * s, Move: 100 * time.Millisecond}, 0, 100*time.Millisecond - MoveOverhead},
		{"a move bound alone", Clock{Move: 500 * time.Millisecond}, 0, 0},
		{"too little for a search", Clock{Game: true, Left: 150 * time.Millisecond, Start: 150 * time.Millisecond}, 0, 0},
	}
	for _, tt := range tests {
		var over Overshoot
		for range tt.done {
			over.Add(0, 0)
		}
		got := tt.c.Least(&p, over)
		if got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
		if most, _ := tt.c.Budget(&p, over); got > most {
			t.Errorf("%s: least %v over the budget %v", tt.name, got, most)
		}
	}
}

// TestBudgetNeverRunsOut spends a game's time decision by decision, each
// its whole budget, for far more decisions than any guess: no budget is
// more than a quarter of the time left, and the clock is never
// overdrawn; at the end the decisions answer at once; and the guessed
// game's decisions mostly get a search.
func TestBudgetNeverRunsOut(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, total := range []time.Duration{3 * time.Second, 10 * time.Second, 30 * time.Second} {
		left := total
		searched := 0
		for i := range 1000 {
			budget, search := Clock{Game: true, Left: left}.Budget(&p, Overshoot{})
			if !search {
				continue
			}
			searched++
			if budget > left/4 {
				t.Fatalf("%v: decision %d: %v of %v left", total, i, budget, left)
			}
			left -= budget + MoveOverhead
			if left < ClockMargin {
				t.Fatalf("%v: decision %d: the margin is spent: %v left", total, i, left)
			}
		}
		// Even when every decision spends all it may, two thirds of the
		// decisions the game is guessed to have still get a search.
		if want := 2 * DecisionsLeft(&p) / 3; searched < want {
			t.Errorf("%v: only %d decisions searched, want %d", total, searched, want)
		}
	}
}

// TestPlayerKeepsToItsGameTime plays a game with the advisor on a game
// clock against simple, on a fake clock that moves a millisecond at each
// look: the advisor's time never runs out, and every decision spends no
// more than its share and the one chunk it cannot stop within.
func TestPlayerKeepsToItsGameTime(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game")
	}
	var tick time.Duration
	now := func() time.Time { tick += time.Millisecond; return time.Unix(0, 0).Add(tick) }
	pl := NewPlayer(1, 0, 0, false)
	total := 300 * time.Millisecond
	pl.SetGameTime(total)
	pl.dec.search.now = now
	_, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 3}, [2]bot.Player{pl, bot.NewSimple(2)})
	if err != nil {
		t.Fatal(err)
	}
	if pl.Used() > total || pl.Used() == 0 {
		t.Fatalf("used %v of a game time of %v", pl.Used(), total)
	}
}

// overOf is an Overshoot of one decision d over its budget.
func overOf(d time.Duration) Overshoot {
	var o Overshoot
	if d > 0 {
		o.Add(time.Millisecond, time.Millisecond+d)
	}
	return o
}

// TestOvershootKeepsTypicalAndWorst: the median of the recent decisions,
// those on time too, and the worst.
func TestOvershootKeepsTypicalAndWorst(t *testing.T) {
	var o Overshoot
	for _, spent := range []time.Duration{90, 110, 130, 100} {
		o.Add(100, spent)
	}
	if o.Typical() != 10 || o.worst != 30 || o.Recent() != 30 {
		t.Errorf("typical %v, worst %v, recent %v; want 10ns, 30ns and 30ns", o.Typical(), o.worst, o.Recent())
	}
	// Under a move bound the recent worst is kept back, not the mean.
	got, _ := Clock{Move: 50 * time.Millisecond}.Budget(nil, o)
	if want := 50*time.Millisecond - MoveOverhead - 30; got != want {
		t.Errorf("move bound: %v, want %v", got, want)
	}
}

// TestBudgetSurvivesStalls spends a 10 s game decision by decision, each
// its whole budget, for twice the decisions the game is guessed to have,
// on a machine that stalls a decision by 0.8 s early and again at the
// end, when the mean overshoot has thinned out: the reserve kept for the
// stall seen keeps the clock from running out.
func TestBudgetSurvivesStalls(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	left := 10 * time.Second
	var over Overshoot
	n := 2 * DecisionsLeft(&p)
	for i := range n {
		budget, search := Clock{Game: true, Left: left}.Budget(&p, over)
		spent := budget + MoveOverhead
		if !search {
			spent = time.Millisecond
		}
		if i == 3 || i == n-1 {
			spent += 800 * time.Millisecond
		}
		over.Add(budget, spent)
		if left -= spent; left < 0 {
			t.Fatalf("decision %d: the clock ran out", i)
		}
	}
}

// TestMoveBoundForgetsAStall: under a bound on each decision, a stall
// shrinks the searches of the RecentDecisions decisions after it, and no
// more, so that a busy machine's stalls now and then leave most of the
// game's decisions their whole bound.
func TestMoveBoundForgetsAStall(t *testing.T) {
	c := Clock{Move: 100 * time.Millisecond}
	full := c.Move - MoveOverhead
	var over Overshoot
	var sum time.Duration
	const n = 400
	for i := range n {
		budget, search := c.Budget(nil, over)
		if !search {
			t.Fatalf("decision %d: no search", i)
		}
		sum += budget
		spent := budget
		if i%40 == 0 {
			spent += 70 * time.Millisecond
		}
		over.Add(budget, spent)
		if i%40 == RecentDecisions {
			if budget != full-70*time.Millisecond {
				t.Errorf("decision %d, the last within the stall's reach: %v, want %v", i, budget, full-70*time.Millisecond)
			}
		}
		if i%40 == RecentDecisions+1 && budget != full {
			t.Errorf("decision %d, after the stall's reach: %v, want %v", i, budget, full)
		}
	}
	if mean := sum / n; mean < 60*time.Millisecond {
		t.Errorf("mean budget %v of a bound of %v", mean, c.Move)
	}
}

// preparedFor is a faked clock whose first reading is a call's start and
// every later one is past d, a millisecond more each time: the
// preparation before the search took all of d.
func preparedFor(d time.Duration) func() time.Time {
	t0 := time.Unix(0, 0)
	calls := 0
	return func() time.Time {
		calls++
		if calls == 1 {
			return t0
		}
		return t0.Add(d + time.Duration(calls)*time.Millisecond)
	}
}

// TestTimedAdviceCountsItsPreparation: the time of a timed advice runs
// from the call, so that the reading's filter, run before the search, is
// spent out of it. The faked clock says the preparation took the whole
// time: the search then plays its first chunk of worlds and no more.
// Counted from the search's own start, it played 17 chunks.
func TestTimedAdviceCountsItsPreparation(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	const limit = 50 * time.Millisecond
	a, err := Search{now: preparedFor(limit)}.Advise(context.Background(), &p, Options{Time: limit, Workers: 1, MovesOnly: true, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Candidates {
		if c.Samples != advise.ChunkWorlds {
			t.Errorf("%v: %d worlds, want one chunk of %d", c.Move, c.Samples, advise.ChunkWorlds)
		}
	}
}

// TestLeastCountsThePreparation: Least, like Time, runs from the call. The
// faked clock says the preparation took the whole of Least: a clear
// decision (gin in hand) then stops after advise.AdaptiveMinChunks chunks.
// Counted from the search's own start, Least would have played on.
func TestLeastCountsThePreparation(t *testing.T) {
	p, err := position.Parse("p1 knock hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS pile=QC,KH stock=30 took=- passed=QC discards=- drawn=TS dealer=p2 draws=1")
	if err != nil {
		t.Fatal(err)
	}
	const least = 50 * time.Millisecond
	a, err := Search{now: preparedFor(least)}.Advise(context.Background(), &p, Options{Time: time.Hour, Least: least, Workers: 1, MovesOnly: true, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Candidates {
		if c.Samples != advise.AdaptiveMinChunks*advise.ChunkWorlds {
			t.Errorf("%v: %d worlds, want a stop after %d chunks", c.Move, c.Samples, advise.AdaptiveMinChunks)
		}
	}
}

// TestBudgetOfHugeClocks: a clock of any length, up to the most a Duration
// holds, gives a search and a positive time, never an overflow's negative.
func TestBudgetOfHugeClocks(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	const most = time.Duration(1<<63 - 1)
	for _, c := range []Clock{
		{Game: true, Left: most, MovesToGo: 1},
		{Game: true, Left: most / 2, Inc: most / 2},
		{Game: true, Left: time.Second, Inc: most},
		{Move: most},
		{Game: true, Left: most, Move: most},
	} {
		budget, search := c.Budget(&p, Overshoot{})
		if !search || budget <= 0 {
			t.Errorf("%+v: budget %v, search %v", c, budget, search)
		}
	}
}

// TestLowTime: under a twentieth of the game's time no search by shares
// starts, and above it none spends into it, even with one move to go;
// under it a search of MinSearch runs while it ends above the last
// fortieth with its usual overshoot, and below that none.
func TestLowTime(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	const ms = time.Millisecond
	s10 := 10 * time.Second
	tests := []struct {
		c      Clock
		over   time.Duration // each recent decision's overshoot
		want   time.Duration
		search bool
	}{
		{Clock{Game: true, Left: 500 * ms, Start: s10}, 0, MinSearch, true},
		{Clock{Game: true, Left: 499 * ms, Start: s10, MovesToGo: 1}, 0, MinSearch, true},
		{Clock{Game: true, Left: 262 * ms, Start: s10}, 0, MinSearch, true},
		{Clock{Game: true, Left: 261 * ms, Start: s10}, 0, 0, false},
		{Clock{Game: true, Left: 400 * ms, Start: s10}, 140 * ms, 0, false},
		{Clock{Game: true, Left: 600 * ms, Start: s10, MovesToGo: 1}, 0, 100*ms - MoveOverhead, true},
		{Clock{Game: true, Left: 50 * ms, MovesToGo: 1}, 0, 0, false},
		{Clock{Game: true, Left: 200 * ms, MovesToGo: 1}, 0, 150*ms/mostOfTheBank - MoveOverhead, true},
	}
	for _, tt := range tests {
		var over Overshoot
		for range RecentDecisions {
			over.Add(0, tt.over)
		}
		got, search := tt.c.Budget(&p, over)
		if search != tt.search || search && got != tt.want {
			t.Errorf("%+v, overshoot %v: budget %v, search %v; want %v, %v", tt.c, tt.over, got, search, tt.want, tt.search)
		}
	}
}

// TestOneStallCountsOnce: at 10 s a game, one stall of 1.8 s at the tenth
// decision is kept back once, as the reserve of the worst, and the two
// dozen decisions after it still search. Kept back as a mean for every
// decision left, it left the bank below nothing.
func TestOneStallCountsOnce(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	c := Clock{Game: true, Left: 10 * time.Second, Start: 10 * time.Second}
	var over Overshoot
	for i := range 34 {
		budget, search := c.Budget(&p, over)
		if !search {
			t.Fatalf("decision %d, %v left: no search", i, c.Left)
		}
		spent := budget
		if i == 9 {
			spent += 1800 * time.Millisecond
		}
		over.Add(budget, spent)
		c.Left -= spent
	}
}

// TestComparisonSpendsTheSameTime: a timed advice that compares with the
// fixed model spends its time once, the comparison out of it, not the
// time again. The faked clock moves a millisecond at each reading, so the
// last reading is how far the two searches went by it.
func TestComparisonSpendsTheSameTime(t *testing.T) {
	p, err := position.Parse(clockPosition(t, "0-0"))
	if err != nil {
		t.Fatal(err)
	}
	t0, calls := time.Unix(0, 0), 0
	now := func() time.Time {
		calls++
		return t0.Add(time.Duration(calls) * time.Millisecond)
	}
	const limit = 40 * time.Millisecond
	a, err := Search{now: now}.Advise(context.Background(), &p, Options{Time: limit, Workers: 1, Seed: 3, Model: ModelCompared, DangerSamples: 20})
	if err != nil {
		t.Fatal(err)
	}
	if a.FixedBest == nil {
		t.Error("no comparison with the fixed model")
	}
	if spent := time.Duration(calls) * time.Millisecond; spent > limit+5*time.Millisecond {
		t.Errorf("the advice read the clock to %v of a %v limit", spent, limit)
	}
}
