package engine

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ginadvisor/ginadvisor/rules"
)

// SimOptions sets up a simulation between two players.
type SimOptions struct {
	Rules   rules.Rules
	Players [2]NewPlayerFunc
	Names   [2]string
	Games   int
	Seed    uint64
	// Workers is the number of games played at once; 0 uses every core.
	Workers int
	// Record keeps every game's record for the log.
	Record bool
	// Progress, if set, is called after each finished game with the count
	// so far. It may be called from several goroutines.
	Progress func(done int)
}

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
	Records             []*GameRecord   `json:"-"`
}

// Wilson returns the 95% Wilson score interval for k successes in n.
func Wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return [2]float64{math.Max(0, mid-half), math.Min(1, mid+half)}
}

// gameSeed spreads the simulation seed over the games (SplitMix64), so
// that game i plays the same whatever the number of workers.
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

type gameResult struct {
	stats GameStats
	rec   *GameRecord
	swap  bool
	err   error
}

// Simulate plays opts.Games games. Seats and first dealers are balanced:
// in every block of four games each player sits in each seat twice and
// deals first twice.
func Simulate(opts SimOptions) (Summary, error) {
	if opts.Players[0] == nil || opts.Players[1] == nil {
		return Summary{}, errors.New("simulate needs two players")
	}
	if err := opts.Rules.Validate(); err != nil {
		return Summary{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	results := make([]gameResult, opts.Games)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= opts.Games {
					return
				}
				results[i] = playOne(opts, i)
				n := done.Add(1)
				if opts.Progress != nil {
					opts.Progress(int(n))
				}
			}
		}()
	}
	wg.Wait()
	return summarize(opts, results)
}

func playOne(opts SimOptions, i int) gameResult {
	seed := gameSeed(opts.Seed, i)
	swap := i%2 == 1
	firstDealer := (i / 2) % 2
	a, b := opts.Players[0](seed^1), opts.Players[1](seed^2)
	seats := [2]Player{a, b}
	if swap {
		seats = [2]Player{b, a}
	}
	st, rec, err := PlayGame(GameSetup{Rules: opts.Rules, Seed: seed, FirstDealer: firstDealer, Record: opts.Record}, seats)
	return gameResult{stats: st, rec: rec, swap: swap, err: err}
}

func summarize(opts SimOptions, results []gameResult) (Summary, error) {
	s := Summary{Rules: opts.Rules.Name, Seed: opts.Seed, Games: len(results)}
	var outcomes [5]int
	var games, hands, points, knocks, gins, bigGins, undercuts, finals [2]int
	draws, scored, scoredPoints := 0, 0, 0
	for gi, r := range results {
		if r.err != nil {
			return s, &GameError{Game: gi + 1, Seed: gameSeed(opts.Seed, gi), Err: r.err}
		}
		st := r.stats
		s.Hands += st.Hands
		draws += st.Draws
		if st.Unfinished {
			s.Unfinished++
		}
		for k, n := range st.Outcomes {
			outcomes[k] += n
		}
		for seat := 0; seat < 2; seat++ {
			p := seat
			if r.swap {
				p = 1 - seat
			}
			hands[p] += st.Won[seat]
			points[p] += st.Points[seat]
			knocks[p] += st.Knocks[seat]
			gins[p] += st.Gins[seat]
			bigGins[p] += st.BigGins[seat]
			undercuts[p] += st.Undercuts[seat]
			finals[p] += st.Final.Totals[seat]
			if st.Final.Winner == seat {
				games[p]++
			}
			scoredPoints += st.Points[seat]
		}
		scored += st.Won[0] + st.Won[1]
		if opts.Record {
			s.Records = append(s.Records, r.rec)
		}
	}
	h := float64(max(s.Hands, 1))
	s.Outcomes = Outcomes{
		Knock: float64(outcomes[0]) / h, Undercut: float64(outcomes[1]) / h, Gin: float64(outcomes[2]) / h,
		BigGin: float64(outcomes[3]) / h, Dead: float64(outcomes[4]) / h,
	}
	for k := range outcomes {
		s.OutcomeCI95[k] = Wilson(outcomes[k], s.Hands)
	}
	s.DeadRate = s.Outcomes.Dead
	s.DrawsPerHand = float64(draws) / h
	s.PointsPerScoredHand = float64(scoredPoints) / float64(max(scored, 1))
	s.HandsPerGame = float64(s.Hands) / float64(max(s.Games, 1))
	for p := 0; p < 2; p++ {
		s.Players = append(s.Players, PlayerSummary{
			Name:          opts.Names[p],
			GamesWon:      games[p],
			HandsWon:      hands[p],
			WinRate:       float64(games[p]) / float64(max(s.Games, 1)),
			WinRateCI95:   Wilson(games[p], s.Games),
			KnockRate:     float64(knocks[p]) / h,
			GinRate:       float64(gins[p]) / h,
			BigGinRate:    float64(bigGins[p]) / h,
			UndercutRate:  float64(undercuts[p]) / h,
			PointsPerHand: float64(points[p]) / h,
			Points:        points[p],
			FinalPoints:   finals[p],
		})
	}
	return s, nil
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
