package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/stats"
)

// Result sums up a match, for the first player.
type Result struct {
	Names    [2]string `json:"players"`
	Games    int       `json:"games"`
	Wins     [2]int    `json:"wins"`
	Forfeits [2]int    `json:"forfeits"`
	Pairs    int       `json:"pairs"`
	// PairResults counts the pairs the first player won both games of,
	// split, and lost both games of.
	PairResults [3]int `json:"pair_results"`
	// Hands counts the hands played, and PointsPerHand each player's
	// points won a hand: nil, null in the JSON, when no hand was counted.
	Hands         int         `json:"hands"`
	PointsPerHand *[2]float64 `json:"points_per_hand"`
	// TimedGames counts the games whose thinking time the arena measured:
	// those played under a clock, or read from a log that carries their
	// time. TimeAGame and MaxTimeAGame are each player's mean and largest
	// time used a game over them, and LeastLeft, under a game clock, the
	// least time it had left after a decision, in milliseconds. They are
	// nil, and left out of the JSON, when no game was timed.
	TimedGames   int         `json:"timed_games,omitempty"`
	TimeAGame    *[2]float64 `json:"time_a_game_ms,omitempty"`
	MaxTimeAGame *[2]float64 `json:"max_time_a_game_ms,omitempty"`
	LeastLeft    *[2]float64 `json:"least_left_ms,omitempty"`
	// WinRate is the first player's share of the games, with the
	// interval of the pairs, and Elo the difference it stands for. They
	// are nil, null in the JSON, when no pair was counted.
	WinRate     *float64    `json:"win_rate"`
	WinRateCI95 *[2]float64 `json:"win_rate_ci95"`
	Elo         *Elo        `json:"elo"`
	EloCI95     *[2]Elo     `json:"elo_ci95"`
	LLR         *float64    `json:"llr,omitempty"`
	Verdict     string      `json:"sprt,omitempty"`
	Stopped     bool        `json:"stopped"`
	// Dropped numbers (from 1) the games played but not counted, being
	// outside the complete pairs: the first game of a pair whose second
	// was not played, as when a match is stopped. Every figure above is
	// over the complete pairs alone.
	Dropped []int `json:"dropped_games,omitempty"`
}

// matchTally counts a match's games in the order they count, whatever the
// order they finish in, so that pairs and the sequential test see the same
// games for any number of workers, and the result is the log's.
type matchTally struct {
	o       *Options
	cancel  context.CancelFunc
	r       Result
	order   []int
	pending map[int]*Game // finished games not yet counted
	next    int           // the position in order of the next game to count
	points  [2]int
	time    timeSum
	// half is the first game of the pair being counted, which counts
	// only with its second; pairSum and pairSquare sum the pairs'
	// scores.
	half                *Game
	pairSum, pairSquare float64
	// live counts each player's wins over every game counted, the half
	// pair's too, for the progress lines.
	live   [2]int
	err    error
	halted bool // a game was cut short: nothing after it counts
}

func newTally(o *Options, order []int, cancel context.CancelFunc) *matchTally {
	t := &matchTally{o: o, order: order, cancel: cancel, pending: map[int]*Game{}}
	t.r.Names = [2]string{o.Players[0].Name, o.Players[1].Name}
	for i, g := range o.Done {
		t.pending[i] = g
	}
	return t
}

// arrive takes a finished game (or nil) and counts every game it lets
// through in order, until an error or a game cut short.
func (t *matchTally) arrive(ctx context.Context, g *Game) {
	if g != nil {
		t.pending[g.Index] = g
	}
	for t.next < len(t.order) && t.err == nil && !t.halted {
		g := t.pending[t.order[t.next]]
		if g == nil {
			return
		}
		delete(t.pending, g.Index)
		t.next++
		t.count(ctx, g)
	}
}

// count counts one game. A game finished after the sequential test
// decided does not count; a game cut short by the match's stop ends the
// counting; a forfeit by no seat is the match's error.
func (t *matchTally) count(ctx context.Context, g *Game) {
	if t.r.Stopped {
		return
	}
	if g.Cancelled {
		t.halted = true
		return
	}
	if g.Forfeit != nil && g.Forfeiter < 0 {
		if ctx.Err() == nil {
			t.err = g.Forfeit.Reason
			t.cancel()
		}
		return
	}
	if g.Winner >= 0 {
		t.live[g.Winner]++
	}
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
	t.time.add(g.Time)
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

// pair holds a pair's first game until its second comes, and then records
// both, scores the pair, and gives it to the sequential test, which may
// stop the match. A game outside a complete pair is dropped: every figure
// of the result is over the same pairs.
func (t *matchTally) pair(g *Game) {
	if g.Index%2 == 0 {
		t.dropHalf()
		t.half = g
		return
	}
	first := t.half
	t.half = nil
	if first == nil || first.Index != g.Index-1 {
		t.dropHalf()
		t.r.Dropped = append(t.r.Dropped, g.Index+1)
		return // the pair's first game is not counted: no pair
	}
	t.record(first)
	t.record(g)
	won := func(g *Game) float64 {
		if g.Winner == 0 {
			return 1
		}
		return 0
	}
	x := (won(first) + won(g)) / 2
	t.pairSum += x
	t.pairSquare += x * x
	t.r.Pairs++
	t.r.PairResults[2-int(2*x)]++
	if sprt := t.o.SPRT; sprt != nil {
		sprt.AddPair(x)
		if sprt.Verdict() != Continue && !t.r.Stopped {
			t.r.Stopped = true
			t.cancel()
		}
	}
}

// progress reports a game's forfeit, a line for the game, and the
// sequential test's state, for a game played now rather than resumed.
func (t *matchTally) progress(g *Game) {
	o := t.o
	if o.Progress == nil || g.Resumed {
		return
	}
	if g.Forfeit != nil {
		fmt.Fprintf(o.Progress, "game %d: %s\n", g.Index+1, g.Forfeit.Report(o.Escape))
	}
	r := &t.r
	fmt.Fprintf(o.Progress, "game %d of %d: %s %d - %d %s\n", g.Index+1, o.Games, o.escape(r.Names[0]), t.live[0], t.live[1], o.escape(r.Names[1]))
	if o.SPRT != nil && g.Index%2 == 1 {
		fmt.Fprintf(o.Progress, "pair %d: LLR %.2f\n", o.SPRT.Pairs(), o.SPRT.LLR())
	}
}

// dropHalf drops the pair's first game held, if any: its second game
// never came.
func (t *matchTally) dropHalf() {
	if t.half != nil {
		t.r.Dropped = append(t.r.Dropped, t.half.Index+1)
		t.half = nil
	}
}

// summarise sets the result's rates over the complete pairs: points a
// hand, the win rate with its interval and Elo, and the sequential test's
// verdict. Without a pair there is no win rate, interval or Elo.
func (t *matchTally) summarise() {
	t.dropHalf()
	r := &t.r
	r.PointsPerHand = nil
	if r.Hands > 0 {
		var pts [2]float64
		for k := range t.points {
			pts[k] = float64(t.points[k]) / float64(r.Hands)
		}
		r.PointsPerHand = &pts
	}
	if r.Pairs > 0 {
		// The win rate is the mean of the pairs' scores: over complete
		// pairs, the first player's share of the games, a game without a
		// winner counting as a loss, as in the pairs.
		rate := t.pairSum / float64(r.Pairs)
		lo, hi := PairInterval(r.Pairs, t.pairSum, t.pairSquare)
		elo := EloOf(rate)
		r.WinRate, r.WinRateCI95 = &rate, &[2]float64{lo, hi}
		r.Elo, r.EloCI95 = &elo, &[2]Elo{EloOf(lo), EloOf(hi)}
	}
	t.time.put(r)
	if t.o.SPRT != nil {
		llr := t.o.SPRT.LLR()
		r.LLR = &llr
		r.Verdict = t.o.SPRT.Verdict().String()
	}
}

// PairVariance is the one estimate of the variance of the pairs' scores
// that the interval and the SPRT share: the sample variance, the squared
// deviations summed over n - 1. It is 0 for fewer than two pairs.
func PairVariance(n int, sum, square float64) float64 {
	if n < 2 {
		return 0
	}
	nf := float64(n)
	mean := sum / nf
	return math.Max(0, (square-nf*mean*mean)/(nf-1))
}

// PairInterval is the 95% interval of the mean of n pairs' scores (each
// 0, 1/2 or 1), from their sum and sum of squares: the normal interval
// with PairVariance; when the pairs leave no spread (all alike, or one
// pair), Wilson's interval over the pairs, each pair one trial. It always
// holds the mean, and reaches 0 or 1 exactly when the mean is 0 or 1.
func PairInterval(n int, sum, square float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	mean := sum / float64(n)
	if v := PairVariance(n, sum, square); v > 1e-12 {
		h := 1.959964 * math.Sqrt(v/float64(n))
		return min(mean, max(0, mean-h)), max(mean, min(1, mean+h))
	}
	w := stats.Wilson(int(math.Round(sum)), n)
	if mean > 0 && mean < 1 {
		// Every pair split: no trial is won or lost whole; the interval
		// is Wilson's around the half.
		w = stats.Wilson(n, 2*n)
	}
	return w[0], w[1]
}

// WriteText writes the result for people, in a few lines.
func (r *Result) WriteText(w io.Writer) error {
	pairs := "pairs"
	if r.Pairs == 1 {
		pairs = "pair"
	}
	a, b := printable(r.Names[0]), printable(r.Names[1])
	_, err := fmt.Fprintf(w, "%s against %s: %d games (%d mirrored %s), %d-%d\n", a, b, r.Games, r.Pairs, pairs, r.Wins[0], r.Wins[1])
	if err == nil && r.WinRate == nil {
		_, err = fmt.Fprintf(w, "%s: no complete pair counted, so no win rate, interval or Elo\n", a)
	} else if err == nil {
		// The interval's ends are shares too: one a hair under 1 reads
		// ">99.9", not "100.0" beside a finite Elo.
		end := func(x float64) string { return strings.TrimSuffix(stats.Share(x, 1), "%") }
		_, err = fmt.Fprintf(w, "%s wins %s [%s, %s], Elo %s [%s, %s] (pairs' 95%% intervals)\n%s's pairs: won %d, split %d, lost %d\n",
			a, stats.Share(*r.WinRate, 1), end(r.WinRateCI95[0]), end(r.WinRateCI95[1]), *r.Elo, r.EloCI95[0], r.EloCI95[1],
			a, r.PairResults[0], r.PairResults[1], r.PairResults[2])
	}
	if err == nil && r.PointsPerHand != nil {
		_, err = fmt.Fprintf(w, "points a hand: %s %.2f, %s %.2f over %d hands\n", a, r.PointsPerHand[0], b, r.PointsPerHand[1], r.Hands)
	}
	if err == nil && (r.Forfeits[0] > 0 || r.Forfeits[1] > 0) {
		_, err = fmt.Fprintf(w, "forfeits: %s %d, %s %d\n", a, r.Forfeits[0], b, r.Forfeits[1])
	}
	if line := r.timeLine(); err == nil && line != "" {
		_, err = io.WriteString(w, line)
	}
	if err == nil && r.LLR != nil {
		_, err = fmt.Fprintf(w, "SPRT: LLR %.2f, %s\n", *r.LLR, r.Verdict)
	}
	return err
}

// DroppedNote says which games the result leaves out, being outside the
// complete pairs, and what it is over; it is empty when none is left out.
func (r *Result) DroppedNote() string {
	if len(r.Dropped) == 0 {
		return ""
	}
	nums := make([]string, len(r.Dropped))
	for i, n := range r.Dropped {
		nums[i] = strconv.Itoa(n)
	}
	what := "game " + nums[0] + " does not count: the other game of its pair was not counted"
	if len(nums) > 1 {
		what = "games " + strings.Join(nums, ", ") + " do not count: the other games of their pairs were not counted"
	}
	return fmt.Sprintf("%s; the result is over the %s", what, r.base())
}

// base says what the result is over: its complete pairs and their games.
func (r *Result) base() string {
	if r.Pairs == 1 {
		return "1 complete pair (2 games)"
	}
	return fmt.Sprintf("%d complete pairs (%d games)", r.Pairs, r.Games)
}
