package arena

import (
	"context"
	"fmt"
	"io"
	"math"

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
	// points won a hand.
	Hands         int        `json:"hands"`
	PointsPerHand [2]float64 `json:"points_per_hand"`
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
	// interval of the pairs.
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	Elo         Elo        `json:"elo"`
	EloCI95     [2]Elo     `json:"elo_ci95"`
	LLR         *float64   `json:"llr,omitempty"`
	Verdict     string     `json:"sprt,omitempty"`
	Stopped     bool       `json:"stopped"`
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
	// pairFirst is the first game of the pair being counted, as a win
	// (1) or not (0), with its index; pairSum and pairSquare sum the
	// pairs' scores.
	pairFirst           float64
	pairIndex           int
	pairSum, pairSquare float64
	err                 error
	halted              bool // a game was cut short: nothing after it counts
}

func newTally(o *Options, order []int, cancel context.CancelFunc) *matchTally {
	t := &matchTally{o: o, order: order, cancel: cancel, pending: map[int]*Game{}, pairIndex: -1}
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

// pair scores a pair of mirrored games at its second game, and gives it to
// the sequential test, which may stop the match.
func (t *matchTally) pair(g *Game) {
	won := 0.0
	if g.Winner == 0 {
		won = 1
	}
	if g.Index%2 == 0 {
		t.pairFirst, t.pairIndex = won, g.Index
		return
	}
	if t.pairIndex != g.Index-1 {
		return // the pair's first game is not counted: no pair
	}
	x := (t.pairFirst + won) / 2
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
	fmt.Fprintf(o.Progress, "game %d of %d: %s %d - %d %s\n", g.Index+1, o.Games, o.escape(r.Names[0]), r.Wins[0], r.Wins[1], o.escape(r.Names[1]))
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
		lo, hi := PairInterval(r.Pairs, t.pairSum, t.pairSquare)
		r.WinRateCI95 = [2]float64{lo, hi}
		r.Elo = EloOf(r.WinRate)
		r.EloCI95 = [2]Elo{EloOf(lo), EloOf(hi)}
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
// pair), Wilson's interval over the pairs, each pair one trial.
func PairInterval(n int, sum, square float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	mean := sum / float64(n)
	if v := PairVariance(n, sum, square); v > 1e-12 {
		h := 1.959964 * math.Sqrt(v/float64(n))
		return max(0, mean-h), min(1, mean+h)
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
	_, err := fmt.Fprintf(w, "%s against %s: %d games (%d mirrored %s), %d-%d\n"+
		"%s wins %.1f%% [%.1f, %.1f] (pairs' 95%% interval; pairs won %d, split %d, lost %d), Elo %s [%s, %s]\n",
		a, b, r.Games, r.Pairs, pairs, r.Wins[0], r.Wins[1],
		a, 100*r.WinRate, 100*r.WinRateCI95[0], 100*r.WinRateCI95[1], r.PairResults[0], r.PairResults[1], r.PairResults[2],
		r.Elo, r.EloCI95[0], r.EloCI95[1])
	if err == nil && r.Hands > 0 {
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
