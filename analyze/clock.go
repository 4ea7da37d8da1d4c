package analyze

import (
	"slices"
	"time"

	"github.com/ginadvisor/ginadvisor/game"
)

// The game clock's guesses of the decisions a game has left, each near
// its mean in the advisor's games at 10 s a game (265 games of the clock's
// SPRT): a guess that errs long leaves time unspent when the game ends,
// one that errs short is caught up by the shares, which are recomputed
// from the time left at every decision.
const (
	// PointsPerHand is the points a hand is taken to bring the leader, to
	// guess the hands left from the leader's distance to the target: at 20
	// the guess of the hands left was long as often as short (33% against
	// 30%, and off by -0.01 hands on average).
	PointsPerHand = 20
	// DecisionsPerHand is the seat's decisions a hand is taken to ask
	// (take or not, discard, knock or play on): 10.9 on average, 11 at the
	// median.
	DecisionsPerHand = 12
)

// The clock's margins and its spending by need.
const (
	// ClockMargin is kept back from the game's time as a whole, once, for
	// the round trips through the pipes and the controller's reading of
	// the answers.
	ClockMargin = 50 * time.Millisecond
	// MoveOverhead is kept back from every decision's time for its own
	// round trip and the work outside the search (through the EAAI
	// bridge 62 µs at the median, 136 µs at the 90th percentile).
	MoveOverhead = 2 * time.Millisecond
	// MinSearch is the least time worth a search: its first chunk of
	// worlds always runs and takes a few milliseconds on a busy core.
	// Below it the rollouts' own policy answers at once (Quick): a
	// plainer move rather than a move too late.
	MinSearch = 10 * time.Millisecond
	// NeedShares is how many of its shares a decision may spend: the
	// search stops as soon as its best move is clear (advise's adaptive
	// stop; ahead of the pace, below, after one share), so a clear
	// decision spends a share or less and a close one up to NeedShares;
	// what the clear ones leave raises the shares of the decisions after
	// them.
	NeedShares = 3
	// The pace: a decision ahead of it spends at least one share before
	// its search stops as clear (Clock.Least). The pace leaves, of the
	// game's time (Clock.Start, with the increments so far), the part the
	// guess of the decisions left is of them and the decisions made: so
	// that the time is spent evenly over the game as it is guessed, the
	// spare hand's part kept to the end. With the adaptive stop alone,
	// a 30 s game left a third of its time unspent (65% used in 62
	// games); with a share for every decision, and the close ones' three,
	// it overspent, and in 20 games the last hands went to the rollouts'
	// policy, 14 moves a game, and the advisor won 13 of 20 against simple
	// where it had won 87%. Behind the pace, a clear decision stops at
	// once, as before.
	// mostOfTheBank is the most of the time left that one decision may
	// spend, whatever its shares: a quarter.
	mostOfTheBank = 4
	// LowTimeShare: no search by shares spends into the last twentieth
	// of the game's time (Clock.Start), or the last ClockMargin when it is
	// not known. Below it a decision searches for MinSearch alone, down
	// to the last QuickShare-th, and below that plays the rollouts'
	// policy at once. At 10 s a game on two cores running two games, one
	// game in 824 was lost on time: a first offer asked with 226 ms left
	// stalled past it. The policy's move takes microseconds, too short a
	// time for a stall to land in.
	LowTimeShare = 20
	// QuickShare: under a fortieth of the game's time no search runs.
	// With no search at all under a twentieth (LowTimeShare), a game
	// longer than the guess played its last hands by the rollouts'
	// policy, 500 ms of its 10 s unspent: the games of six hands or more
	// were won 29% and 40% against the fixed 256 worlds (120 and 65
	// games), where before the floor they had been won 53% (222 games).
	QuickShare = 40
	// stallReserve is how many times the most overshoot seen is kept
	// back from a game's time, once: a busy machine's stalls (a decision
	// 0.4 to 1.8 s late on two cores at a load of 10) recur, and the
	// typical overshoot, kept back for each decision, does not cover one.
	stallReserve = 2
)

// A Clock is what a game clock tells a seat before a decision, as the
// protocol's go line does: whether it plays under a game clock (Game),
// its time left, the increment, the decisions to the next time control
// (0: the rest of the game) and a bound on this decision alone (Move, 0
// for none). Its zero value is no clock at all.
//
// Start is the most time the seat has had in the game (its time at the
// game's start; 0 when not known): under LowTimeShare of it no search
// by shares starts, and under QuickShare of it none at all; the pace of
// Least is of it too.
type Clock struct {
	Game      bool
	Left, Inc time.Duration
	MovesToGo int
	Move      time.Duration
	Start     time.Duration
}

// Timed says the clock bounds the decision at all.
func (c Clock) Timed() bool { return c.Game || c.Move > 0 }

// Budget returns the time the decision at p may spend, 0 for no limit, and
// whether a search fits in it. over is what the decisions so far spent
// beyond their time (the chunk a search cannot stop within, the work
// outside it, a busy machine's stalls): under a game clock its Typical is
// kept back for every decision left and twice its worst once, and under a
// bound on the decision the worst of the last RecentDecisions, so that a
// busy machine spends less a decision.
//
// Under a game clock a decision's share is the time left, less
// ClockMargin and the decisions' expected overshoot, over the decisions
// left (MovesToGo, else the guess DecisionsLeft), plus the increment; the
// decision may spend NeedShares of them, at most a quarter of the time
// left, and never the last LowTimeShare of the game's time, less
// MoveOverhead; within that last part a search of MinSearch alone, while
// it ends above the last QuickShare-th with the usual overshoot. A Move
// bound caps it, less MoveOverhead and the recent worst overshoot. A time
// below MinSearch is no search.
func (c Clock) Budget(p *game.Position, over Overshoot) (time.Duration, bool) {
	most, _ := c.plan(p, over)
	if !c.Timed() {
		return 0, true
	}
	if most < MinSearch {
		return 0, false
	}
	return most, true
}

// Least returns the time the decision at p spends before its search may
// stop as clear: under a game clock with no moves to go, when the time
// left is ahead of the pace (see ahead), one share, less MoveOverhead and
// within its Budget; else 0, and a clear decision stops at once.
func (c Clock) Least(p *game.Position, over Overshoot) time.Duration {
	most, least := c.plan(p, over)
	if most < MinSearch {
		return 0
	}
	return max(0, min(least, most))
}

// plan is Budget's and Least's arithmetic: the most the decision may
// spend and the least it spends, both unchecked against MinSearch.
func (c Clock) plan(p *game.Position, over Overshoot) (most, least time.Duration) {
	if !c.Timed() {
		return 0, 0
	}
	// A clock longer than anyone plays is taken as longestClock, so that
	// NeedShares of a share cannot overflow.
	c.Left, c.Inc, c.Move = min(c.Left, longestClock), min(c.Inc, longestClock), min(c.Move, longestClock)
	c.Start = min(c.Start, longestClock)
	if c.Move > 0 {
		most = c.Move - MoveOverhead - over.Recent()
	}
	if c.Game {
		low := max(ClockMargin, c.Start/LowTimeShare)
		n := min(c.MovesToGo, mostMovesToGo)
		if n <= 0 {
			n = DecisionsLeft(p)
		}
		bank := c.Left - ClockMargin - over.Typical()*time.Duration(n) - stallReserve*over.worst
		share := bank/time.Duration(n) + c.Inc
		mine := min(NeedShares*share, bank/mostOfTheBank+c.Inc, bank, c.Left-low) - MoveOverhead
		if quick := max(ClockMargin, c.Start/QuickShare); c.Start > 0 && c.Left < low+MinSearch+MoveOverhead && c.Left-quick >= MinSearch+MoveOverhead+over.Typical() {
			// Low on time: the least search, which ends above the last
			// QuickShare-th even with its usual overshoot.
			mine = max(mine, MinSearch)
		}
		if c.Move <= 0 || mine < most {
			most = mine
		}
		if c.ahead(n, over.n) {
			least = share - MoveOverhead
		}
	}
	return most, least
}

// ahead says the time left is more than the pace leaves after done
// decisions with n guessed left: the game's time (Start, and an increment
// for each decision made) times n/(n+done). It is false when the game's
// time is not known, or under moves to go, where the time is not the
// game's.
func (c Clock) ahead(n, done int) bool {
	if c.Start <= 0 || c.MovesToGo > 0 || n <= 0 {
		return false
	}
	total := float64(c.Start) + float64(done)*float64(c.Inc)
	return float64(c.Left) >= total*float64(n)/float64(n+done)
}

// DecisionsLeft guesses the seat's decisions left in the game at p: the
// rest of this hand, by the stock's cards left (two decisions for each of
// its turns, at most a hand's worth), DecisionsPerHand for each hand the
// leader's distance to the target still needs at PointsPerHand, and one
// hand more (spareHands). The spare hand is what a game longer than the
// guess plays on: without it, in 28 games at 10 s, a long game's last
// hand was played with no time left, its moves the rollouts' policy's.
func DecisionsLeft(p *game.Position) int {
	here := min(DecisionsPerHand, max(2, p.StockCount()))
	sc := p.Setup().Scores
	gap := p.Rules().Target - max(sc[0], sc[1])
	hands := max(0, (gap+PointsPerHand-1)/PointsPerHand-1)
	return here + (hands+spareHands)*DecisionsPerHand
}

// longestClock bounds each of a clock's times in Budget and Least: a
// year.
const longestClock = 365 * 24 * time.Hour

// mostMovesToGo bounds the moves to go a clock's share is taken over, so
// that the overshoot kept back for each cannot overflow.
const mostMovesToGo = 1 << 20

// spareHands is the hands DecisionsLeft guesses beyond the leader's need.
const spareHands = 1

// Overshoot keeps what a seat's decisions in a game spent beyond their
// budgets, for Clock.Budget's over: their count, the worst of the game,
// and the worst and the median of the last RecentDecisions. Its zero value
// has measured nothing.
type Overshoot struct {
	worst time.Duration
	n     int
	// recent is the last RecentDecisions overshoots, a ring at n.
	recent [RecentDecisions]time.Duration
}

// RecentDecisions is how many of the last decisions a bound on each
// decision keeps back the worst overshoot of. A stall passes: kept back for
// the rest of a game, one stall of a busy machine shrank every later
// decision's search, the smaller searches overshot their smaller budgets
// on the next stall, and within a game the advisor played most of its
// moves by the rollouts' policy (175 of 316 decisions at a bound of
// 100 ms).
const RecentDecisions = 16

// Add records a decision that had budget and spent spent. A decision
// played with no search counts as on time.
func (o *Overshoot) Add(budget, spent time.Duration) {
	d := max(0, spent-budget)
	o.worst = max(o.worst, d)
	o.recent[o.n%RecentDecisions] = d
	o.n++
}

// Typical is the median overshoot of the last RecentDecisions decisions,
// 0 before any: what a decision is late by as a rule (its first chunk at a
// small budget), without the stalls, which the reserve of the worst keeps
// back once. The mean kept back for every decision left counted a stall
// over and over: at 10 s a game, one stall of 1.8 s at the tenth decision
// left the bank below nothing, and the next two dozen decisions played the
// rollouts' policy.
func (o *Overshoot) Typical() time.Duration {
	k := min(o.n, RecentDecisions)
	if k == 0 {
		return 0
	}
	last := slices.Clone(o.recent[:k])
	slices.Sort(last)
	return last[k/2]
}

// Recent is the worst overshoot of the last RecentDecisions decisions.
func (o *Overshoot) Recent() time.Duration {
	return slices.Max(o.recent[:])
}
