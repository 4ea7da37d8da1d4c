package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/stats"

	"github.com/ginadvisor/ginadvisor/rules"
)

// SimOptions sets up a simulation between two players.
type SimOptions struct {
	Rules   rules.Rules
	Players [2]bot.NewPlayerFunc
	Names   [2]string
	Games   int
	Seed    uint64
	// Workers is the number of games played at once; 0 uses every core.
	// It is capped at the number of games.
	Workers int
	// OnGame, if set, receives the record of every game, in game order,
	// from one goroutine, as the games finish. An error stops the
	// simulation.
	OnGame func(number int, g *GameRecord) error
	// Progress, if set, is called after each finished game with the count
	// so far. It may be called from several goroutines.
	Progress func(done int)
	// Mirrored plays each deal twice, games 2k+1 and 2k+2, with the
	// players' seats swapped and everything else the same: the shuffles,
	// each player's random stream and the first dealer's seat. Each player
	// then meets the other's cards, and the luck of the deal cancels out of
	// the pair. Games must be even.
	Mirrored bool
}

// MaxGames bounds a simulation's games.
const MaxGames = 100_000_000

// PlayerSummary is one player's results over a simulation.
type PlayerSummary struct {
	Name        string     `json:"name"`
	GamesWon    int        `json:"games_won"`
	HandsWon    int        `json:"hands_won"`
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	// Rates are per hand played: knocks (any knock, gin included), gins,
	// big gins, undercuts made against the opponent.
	KnockRate     float64 `json:"knock_rate"`
	GinRate       float64 `json:"gin_rate"`
	BigGinRate    float64 `json:"big_gin_rate"`
	UndercutRate  float64 `json:"undercut_rate"`
	PointsPerHand float64 `json:"points_per_hand"`
	Points        int     `json:"points"`
	FinalPoints   int     `json:"final_points"` // with end-of-game bonuses
	// WinRatePairedCI95 is, for a mirrored simulation, the 95% interval of
	// the win rate from the pairs: the mean of each pair's share of wins,
	// with the spread between pairs; nil when the simulation is not mirrored.
	WinRatePairedCI95 *[2]float64 `json:"win_rate_paired_ci95"`
}

// Outcomes are the fractions of hands that ended each way.
type Outcomes struct {
	Knock    float64 `json:"knock"`
	Undercut float64 `json:"undercut"`
	Gin      float64 `json:"gin"`
	BigGin   float64 `json:"big_gin"`
	Dead     float64 `json:"dead"`
}

// Summary is the result of a simulation.
type Summary struct {
	Rules               string          `json:"rules"`
	Seed                uint64          `json:"seed"`
	Games               int             `json:"games"`
	Hands               int             `json:"hands"`
	Outcomes            Outcomes        `json:"outcomes"`
	OutcomeCI95         [5][2]float64   `json:"outcomes_ci95"`
	DrawsPerHand        float64         `json:"draws_per_hand"`
	PointsPerScoredHand float64         `json:"points_per_scored_hand"`
	HandsPerGame        float64         `json:"hands_per_game"`
	DeadRate            float64         `json:"dead_rate"`
	Unfinished          int             `json:"unfinished_games"`
	Players             []PlayerSummary `json:"players"`
	// Interrupted says the simulation stopped before all its games.
	Interrupted bool `json:"interrupted,omitempty"`
	// Pairs counts a mirrored simulation's finished pairs of games.
	// PairedSaving is the share of games it saves against independent
	// deals for an interval of the same width: 1 - 2s²/(p(1-p)), with s²
	// the variance of a pair's share of wins and p the first player's win
	// rate. Both are 0 in a simulation that is not mirrored.
	Pairs        int     `json:"pairs"`
	PairedSaving float64 `json:"paired_saving"`
}

// GameSeed spreads a match's seed over its games (SplitMix64), so that
// game i plays the same whatever the number of workers.
func GameSeed(seed uint64, i int) uint64 { return gameSeed(seed, i) }

func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

type gameResult struct {
	index int
	stats GameStats
	rec   *GameRecord
	swap  bool
	err   error
}

// Simulate plays opts.Games games. Seats and first dealers are balanced:
// in every block of four games each player sits in each seat twice and
// deals first twice. Statistics are gathered as games finish, in game
// order, so memory does not grow with the number of games. When ctx is
// cancelled, the games under way stop, and the summary covers the games
// finished before the first one missing; Summary.Interrupted says so.
func Simulate(ctx context.Context, opts SimOptions) (Summary, error) {
	if opts.Players[0] == nil || opts.Players[1] == nil {
		return Summary{}, errors.New("simulate needs two players")
	}
	if opts.Games < 1 || opts.Games > MaxGames {
		return Summary{}, fmt.Errorf("the number of games must be from 1 to %d, not %d", MaxGames, opts.Games)
	}
	if opts.Mirrored && opts.Games%2 != 0 {
		return Summary{}, fmt.Errorf("a mirrored simulation plays pairs of games, so an even number, not %d", opts.Games)
	}
	if err := opts.Rules.Validate(); err != nil {
		return Summary{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, opts.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan gameResult, workers)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= opts.Games {
					return
				}
				r := playOne(ctx, opts, i)
				results <- r
				n := done.Add(1)
				if opts.Progress != nil && r.err == nil {
					opts.Progress(int(n))
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Games finish out of order; hold each until those before it are in.
	sum := newSummarizer(opts)
	pending := map[int]gameResult{}
	var firstErr error
	for r := range results {
		pending[r.index] = r
		for firstErr == nil {
			r, ok := pending[sum.games]
			if !ok {
				break
			}
			delete(pending, sum.games)
			if r.err != nil {
				if ctx.Err() == nil || !errors.Is(r.err, context.Canceled) {
					firstErr = &GameError{Game: r.index + 1, Seed: gameSeed(opts.Seed, r.index), Err: r.err}
				}
				cancel()
				break
			}
			if opts.OnGame != nil {
				if err := opts.OnGame(r.index+1, r.rec); err != nil {
					firstErr = err
					cancel()
					break
				}
			}
			sum.add(r)
		}
	}
	s := sum.summary()
	s.Interrupted = s.Games < opts.Games
	return s, firstErr
}

func playOne(ctx context.Context, opts SimOptions, i int) gameResult {
	seed := gameSeed(opts.Seed, i)
	swap := i%2 == 1
	firstDealer := notation.Seat((i / 2) % 2)
	if opts.Mirrored {
		// Both games of a pair have one seed; the first dealer's seat is
		// already the pair's.
		seed = gameSeed(opts.Seed, i/2)
	}
	a, b := opts.Players[0](seed^1), opts.Players[1](seed^2)
	seats := [2]bot.Player{a, b}
	if swap {
		seats = [2]bot.Player{b, a}
	}
	st, rec, err := PlayGame(ctx, GameSetup{Rules: opts.Rules, Seed: seed, FirstDealer: firstDealer, Record: opts.OnGame != nil}, seats)
	return gameResult{index: i, stats: st, rec: rec, swap: swap, err: err}
}

// summarizer gathers a simulation's statistics game by game.
type summarizer struct {
	opts                                                       SimOptions
	games                                                      int
	hands                                                      int
	outcomes                                                   [5]int
	won, handsWon, points, knocks, gins, bigGins, cuts, finals [2]int
	draws, scored, scoredPoints, unfinished                    int
	// A mirrored pair's first game's wins, and the sums over finished
	// pairs of the first player's share of a pair's wins and its square.
	pairFirst, pairs    int
	pairSum, pairSquare float64
}

func newSummarizer(opts SimOptions) *summarizer { return &summarizer{opts: opts} }

func (z *summarizer) add(r gameResult) {
	st := r.stats
	z.games++
	z.hands += st.Hands
	z.draws += st.Draws
	if st.Unfinished {
		z.unfinished++
	}
	for k, n := range st.Outcomes {
		z.outcomes[k] += n
	}
	for seat := range notation.NumSeats {
		p := seat
		if r.swap {
			p = seat.Other()
		}
		z.handsWon[p] += st.Won[seat]
		z.points[p] += st.Points[seat]
		z.knocks[p] += st.Knocks[seat]
		z.gins[p] += st.Gins[seat]
		z.bigGins[p] += st.BigGins[seat]
		z.cuts[p] += st.Undercuts[seat]
		z.finals[p] += st.Final.Totals[seat]
		if st.Final.Winner == seat {
			z.won[p]++
		}
		z.scoredPoints += st.Points[seat]
	}
	z.scored += st.Won[0] + st.Won[1]
	if z.opts.Mirrored {
		first := 0 // games the first player won, of this one
		if w := st.Final.Winner; w.Valid() && (w == notation.P1) != r.swap {
			first = 1
		}
		if r.index%2 == 0 {
			z.pairFirst = first
			return
		}
		share := float64(z.pairFirst+first) / 2
		z.pairs++
		z.pairSum += share
		z.pairSquare += share * share
	}
}

// paired gives the mirrored pairs' 95% interval for the first player's win
// rate, and the share of games the pairing saves.
func (z *summarizer) paired() (ci [2]float64, saving float64) {
	n := float64(z.pairs)
	mean := z.pairSum / n
	variance := 0.0
	if z.pairs > 1 {
		variance = max(z.pairSquare-n*mean*mean, 0) / (n - 1)
	}
	half := 1.959964 * math.Sqrt(variance/n)
	ci = [2]float64{max(mean-half, 0), min(mean+half, 1)}
	if p := mean; p > 0 && p < 1 {
		saving = 1 - 2*variance/(p*(1-p))
	}
	return ci, saving
}

func (z *summarizer) summary() Summary {
	s := Summary{Rules: z.opts.Rules.Name, Seed: z.opts.Seed, Games: z.games, Hands: z.hands, Unfinished: z.unfinished}
	h := float64(max(s.Hands, 1))
	o := z.outcomes
	s.Outcomes = Outcomes{
		Knock: float64(o[0]) / h, Undercut: float64(o[1]) / h, Gin: float64(o[2]) / h,
		BigGin: float64(o[3]) / h, Dead: float64(o[4]) / h,
	}
	for k := range o {
		s.OutcomeCI95[k] = stats.Wilson(o[k], s.Hands)
	}
	s.DeadRate = s.Outcomes.Dead
	s.DrawsPerHand = float64(z.draws) / h
	s.PointsPerScoredHand = float64(z.scoredPoints) / float64(max(z.scored, 1))
	s.HandsPerGame = float64(s.Hands) / float64(max(s.Games, 1))
	for p := range notation.NumSeats {
		s.Players = append(s.Players, PlayerSummary{
			Name:          z.opts.Names[p],
			GamesWon:      z.won[p],
			HandsWon:      z.handsWon[p],
			WinRate:       float64(z.won[p]) / float64(max(s.Games, 1)),
			WinRateCI95:   stats.Wilson(z.won[p], s.Games),
			KnockRate:     float64(z.knocks[p]) / h,
			GinRate:       float64(z.gins[p]) / h,
			BigGinRate:    float64(z.bigGins[p]) / h,
			UndercutRate:  float64(z.cuts[p]) / h,
			PointsPerHand: float64(z.points[p]) / h,
			Points:        z.points[p],
			FinalPoints:   z.finals[p],
		})
	}
	if z.pairs > 0 {
		ci, saving := z.paired()
		other := [2]float64{1 - ci[1], 1 - ci[0]}
		s.Players[0].WinRatePairedCI95, s.Players[1].WinRatePairedCI95 = &ci, &other
		s.Pairs, s.PairedSaving = z.pairs, saving
	}
	return s
}

// GameError names the game of a simulation that failed, and its seed.
type GameError struct {
	Game int
	Seed uint64
	Err  error
}

func (e *GameError) Error() string {
	return fmt.Sprintf("game %d (seed %d): %v", e.Game, e.Seed, e.Err)
}

func (e *GameError) Unwrap() error { return e.Err }
