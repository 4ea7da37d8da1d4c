package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// Standing is one player's rating in a tournament.
type Standing struct {
	Name string `json:"name"`
	// Elo is the Bradley-Terry rating on the Elo scale, the mean of the
	// players with games at 0, with its 95% interval. A player without
	// games has neither (nil, null in the JSON); one with too few pairs
	// for the bootstrap has no interval. NoInterval says why an interval
	// is missing: "no games" or "too few pairs".
	Elo        *float64    `json:"elo"`
	EloCI      *[2]float64 `json:"elo_ci95"`
	NoInterval string      `json:"no_interval,omitempty"`
	Games      int         `json:"games"`
	Wins       int         `json:"wins"`
	// Points is the share of its games the player won: nil, null in the
	// JSON, for a player without games.
	Points *float64 `json:"score"`
	// PairResults counts the player's pairs of mirrored games won both,
	// split and lost both, over all its pairings.
	PairResults [3]int `json:"pair_results"`
}

// Standings is a tournament's outcome: the cross-table of wins and each
// player's rating.
type Standings struct {
	Names []string `json:"players"`
	// Wins[i][j] counts i's wins over j, and Pairs[i][j] the pairs of
	// mirrored games i won both of, split, and lost both of, against j.
	Wins    [][]int    `json:"wins"`
	Pairs   [][][3]int `json:"pair_results"`
	Ratings []Standing `json:"ratings"`
	// Interrupted says the tournament was stopped before its end: the
	// cross-table and the ratings hold the games played until then.
	Interrupted bool `json:"interrupted,omitempty"`
}

// TournamentOptions set up a round robin, or a gauntlet of the first
// player against each other.
type TournamentOptions struct {
	Players  []Spec
	Gauntlet bool
	// Match is the setup of every pairing; its players are set for each.
	Match Options
	// OnPairing, when set, is told of each pairing as it ends.
	OnPairing func(i, j int, r Result)
	// OnGame, when set, is told of each game as it counts, with its
	// pairing and the pairing's players, their places set, for the log.
	OnGame func(i, j int, players [2]Spec, g *Game) error
	// Logged are the games of an earlier run's log (see ReadWholeLog):
	// each pairing counts its own, and plays only the rest.
	Logged []*gamelog.Game
	// SPRT, for a gauntlet, tests each of the first player's pairings on
	// its own, and stops it once it decides.
	SPRT *SPRT
	// Progress, when set, gets a line for each pairing as it ends.
	Progress io.Writer
}

// Tournament plays every pairing as a match and fits the ratings. When
// ctx ends first, it returns the standings of the games played until then,
// Interrupted, with ctx's error: a stopped tournament still reports what
// it played, as a stopped match does.
func Tournament(ctx context.Context, o TournamentOptions) (Standings, error) {
	n := len(o.Players)
	if n < 2 {
		return Standings{}, errors.New("a tournament needs two players or more")
	}
	if (o.SPRT != nil || o.Match.SPRT != nil) && !o.Gauntlet {
		return Standings{}, errors.New("an SPRT tests a gauntlet's pairings: a round robin plays whole matches")
	}
	names := make([]string, n)
	for i := range names {
		names[i] = o.Players[i].Name
	}
	s := newStandings(names)
	err := s.play(ctx, &o)
	s.fit()
	return s, err
}

func newStandings(names []string) Standings {
	n := len(names)
	s := Standings{Names: names, Wins: make([][]int, n), Pairs: make([][][3]int, n)}
	for i := range n {
		s.Wins[i] = make([]int, n)
		s.Pairs[i] = make([][3]int, n)
	}
	return s
}

// add counts a pairing's result, i the match's first player.
func (s *Standings) add(i, j int, r Result) {
	s.Wins[i][j] += r.Wins[0]
	s.Wins[j][i] += r.Wins[1]
	for k := range 3 {
		s.Pairs[i][j][k] += r.PairResults[k]
		s.Pairs[j][i][2-k] += r.PairResults[k]
	}
}

// StandingsFromLog rebuilds a tournament's standings from its logged
// pairings, in the order of their numbers when every pairing has one
// (the pairings of a tournament at a concurrency above 1 log their games
// interleaved), else as Pairings sorts them: the players in the order
// they first appear, each pairing counted as its match counted it.
func StandingsFromLog(pairings []*Pairing, sprt *SPRT) Standings {
	if !slices.ContainsFunc(pairings, func(p *Pairing) bool { return p.Number == 0 }) {
		pairings = slices.Clone(pairings)
		slices.SortStableFunc(pairings, func(a, b *Pairing) int { return a.Number - b.Number })
	}
	var names []string
	index := map[string]int{}
	for _, p := range pairings {
		for k, n := range p.Names {
			if _, ok := index[p.entrant(k)]; !ok {
				index[p.entrant(k)] = len(names)
				names = append(names, n)
			}
		}
	}
	s := newStandings(names)
	for _, p := range pairings {
		var test *SPRT
		if sprt != nil {
			test = sprt.Fresh()
		}
		s.add(index[p.entrant(0)], index[p.entrant(1)], p.Result(test))
	}
	s.fit()
	return s
}

// pairingIndex is a pairing of the tournament: players i and j, and its
// number, from 1, in the order of the pairings.
type pairingIndex struct{ i, j, number int }

// pairings lists the tournament's pairings in order.
func (o *TournamentOptions) pairings() []pairingIndex {
	var out []pairingIndex
	n := len(o.Players)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if o.Gauntlet && i > 0 {
				continue
			}
			out = append(out, pairingIndex{i, j, len(out) + 1})
		}
	}
	return out
}

// CheckLogged refuses a log, at path, of another tournament: one with a
// game that none of this one's pairings plays (its players, in their
// places), such as a log of the same players given in another order,
// whose games would otherwise be left aside and played all again.
func (o *TournamentOptions) CheckLogged(path string) error {
	for _, lg := range o.Logged {
		ours := slices.ContainsFunc(o.pairings(), func(p pairingIndex) bool {
			players := [2]Spec{o.Players[p.i], o.Players[p.j]}
			players[0].Place, players[1].Place = p.i+1, p.j+1
			return playedBy(lg, players)
		})
		if !ours {
			return fmt.Errorf("%s: game %d was played by %q and %q, which this tournament does not pair in those places: give the players in the order the log's run gave them",
				path, lg.Number, tagValue(lg, "spec1"), tagValue(lg, "spec2"))
		}
	}
	return nil
}

// play plays the pairings in order into the cross-table, until one fails
// or ctx ends; a match stopped by ctx adds the games it finished. With a
// concurrency above 1 the pairings run at once, sharing it (see
// playConcurrently).
func (s *Standings) play(ctx context.Context, o *TournamentOptions) error {
	if o.Match.Concurrency > 1 {
		return s.playConcurrently(ctx, o)
	}
	for _, p := range o.pairings() {
		i, j := p.i, p.j
		r, err := o.pairing(ctx, i, j, p.number)
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("%s against %s: %w", o.Players[i].Name, o.Players[j].Name, err)
		}
		s.add(i, j, r)
		if ctx.Err() != nil {
			s.Interrupted = true
			return ctx.Err()
		}
		if o.OnPairing != nil {
			o.OnPairing(i, j, r)
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "%s %d - %d %s\n", printable(s.Names[i]), r.Wins[0], r.Wins[1], printable(s.Names[j]))
		}
	}
	return nil
}

// playConcurrently plays every pairing's match at once, their games
// bounded together by the concurrency: Concurrency games are under way
// whatever their pairing, and a pairing's games keep its own order. The
// results are counted, and told, in the pairings' order once all end;
// each game's deal comes from its seed, so that the standings are the
// sequential run's. The first pairing to fail, in order, stops the others
// and gives the error; ctx's end stops them all, each keeping the games it
// finished, as a match does.
func (s *Standings) playConcurrently(ctx context.Context, o *TournamentOptions) error {
	ps := o.pairings()
	shared := *o
	shared.Match.slots = make(chan struct{}, o.Match.Concurrency)
	var logMu, progressMu sync.Mutex // the log and the progress take one game at a time
	if o.OnGame != nil {
		shared.OnGame = func(i, j int, players [2]Spec, g *Game) error {
			logMu.Lock()
			defer logMu.Unlock()
			return o.OnGame(i, j, players, g)
		}
	}
	if o.Match.Progress != nil {
		shared.Match.Progress = &lockedWriter{w: o.Match.Progress, mu: &progressMu}
	}
	inner, stop := context.WithCancel(ctx)
	defer stop()
	results := make([]Result, len(ps))
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for k, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[k], errs[k] = shared.pairing(inner, p.i, p.j, p.number)
			if errs[k] != nil && inner.Err() == nil {
				stop() // a pairing failed: the tournament stops
			}
		}()
	}
	wg.Wait()
	for k, p := range ps {
		if errs[k] != nil && ctx.Err() == nil && !errors.Is(errs[k], context.Canceled) {
			return fmt.Errorf("%s against %s: %w", o.Players[p.i].Name, o.Players[p.j].Name, errs[k])
		}
	}
	for k, p := range ps {
		s.add(p.i, p.j, results[k])
		if errs[k] != nil {
			continue // stopped: its games count, but it did not end
		}
		if o.OnPairing != nil {
			o.OnPairing(p.i, p.j, results[k])
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "%s %d - %d %s\n", printable(s.Names[p.i]), results[k].Wins[0], results[k].Wins[1], printable(s.Names[p.j]))
		}
	}
	if ctx.Err() != nil {
		s.Interrupted = true
		return ctx.Err()
	}
	return nil
}

// lockedWriter writes to w under mu, one write at a time.
type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// pairing plays the match of players i and j, the tournament's pairing
// number, its games of the log counted and not played again.
func (o *TournamentOptions) pairing(ctx context.Context, i, j, number int) (Result, error) {
	m := o.Match
	m.Pairing = number
	m.Players = [2]Spec{o.Players[i], o.Players[j]}
	m.Players[0].Place, m.Players[1].Place = i+1, j+1
	if test := o.SPRT; test != nil {
		m.SPRT = test.Fresh()
	} else if m.SPRT != nil {
		m.SPRT = m.SPRT.Fresh()
	}
	var mine []*gamelog.Game
	for _, lg := range o.Logged {
		if playedBy(lg, m.Players) {
			mine = append(mine, lg)
		}
	}
	if err := m.resumeGames("--log", mine); err != nil {
		return Result{}, err
	}
	if o.OnGame != nil {
		m.OnGame = func(g *Game) error { return o.OnGame(i, j, m.Players, g) }
	}
	return Play(ctx, m)
}

// MinBootstrapPairs is the fewest pairs of mirrored games a pairing must
// hold for the bootstrap to give its players an interval: from fewer, the
// resamples are too few to say anything (one pair resamples to itself
// alone, an interval of zero width).
const MinBootstrapPairs = 5

// fit rates the players with games from the cross-table, with intervals
// from the pairs for the players whose every pairing holds
// MinBootstrapPairs pairs or more; a player without games is not rated.
func (s *Standings) fit() {
	n := len(s.Names)
	s.Ratings = s.Ratings[:0]
	var active []int // the players with games
	for i := range n {
		st := Standing{Name: s.Names[i]}
		for j := range n {
			st.Wins += s.Wins[i][j]
			st.Games += s.Wins[i][j] + s.Wins[j][i]
			for k := range 3 {
				if s.Pairs != nil {
					st.PairResults[k] += s.Pairs[i][j][k]
				}
			}
		}
		if st.Games > 0 {
			points := float64(st.Wins) / float64(st.Games)
			st.Points = &points
			active = append(active, i)
		} else {
			st.NoInterval = "no games"
		}
		s.Ratings = append(s.Ratings, st)
	}
	if len(active) < 2 {
		return
	}
	wins := make([][]int, len(active))
	pairs := make([][][3]int, len(active))
	for a, i := range active {
		wins[a] = make([]int, len(active))
		pairs[a] = make([][3]int, len(active))
		for b, j := range active {
			wins[a][b] = s.Wins[i][j]
			if s.Pairs != nil {
				pairs[a][b] = s.Pairs[i][j]
			}
		}
	}
	elo, ci := PairedBradleyTerry(wins, pairs)
	for a, i := range active {
		r := &s.Ratings[i]
		r.Elo = &elo[a]
		if s.fewestPairs(i) < MinBootstrapPairs {
			r.NoInterval = "too few pairs"
			continue
		}
		r.EloCI = &ci[a]
	}
}

// fewestPairs is the fewest complete pairs in any pairing player i played.
func (s *Standings) fewestPairs(i int) int {
	fewest := math.MaxInt
	for j := range s.Names {
		if j == i || s.Wins[i][j]+s.Wins[j][i] == 0 {
			continue
		}
		n := 0
		if s.Pairs != nil {
			c := s.Pairs[i][j]
			n = c[0] + c[1] + c[2]
		}
		fewest = min(fewest, n)
	}
	return fewest
}

// eloScale turns a Bradley-Terry log-strength into Elo points.
var eloScale = 400 / math.Ln10

// BradleyTerry fits the players' strengths to the wins (wins[i][j]: i
// over j), P(i beats j) = 1/(1 + 10^((Ej-Ei)/400)), and returns them on
// the Elo scale with their mean at 0, each with a 95% interval from the
// observed information, which takes the games as independent. The fit is
// the maximum of the likelihood with a prior: each player gets half a win
// and half a loss, spread evenly over the pairings it played, so that a
// player with no win or no loss keeps a finite rating. It uses Hunter's
// MM algorithm.
func BradleyTerry(wins [][]int) (elo []float64, ci [][2]float64) {
	w := btWins(wins)
	p := btStrengths(w)
	elo = make([]float64, len(p))
	for i := range p {
		elo[i] = eloScale * math.Log(p[i])
	}
	return elo, btIntervals(elo, invertReduced(btInformation(w, p)))
}

// bootstrapSamples is the resamples of PairedBradleyTerry's interval.
const bootstrapSamples = 400

// PairedBradleyTerry fits the ratings as BradleyTerry does, with 95%
// intervals that respect the pairing of mirrored games: a bootstrap that
// resamples each pairing's pairs (pairs[i][j]: i won both, split, lost
// both), refits, and takes the 2.5th and 97.5th percentiles of each
// rating. Games outside whole pairs are kept as they are in every
// resample. The resampling's seed is fixed, so that the same games give
// the same intervals. Without pairs it is BradleyTerry, and so is a
// player's interval when the resamples leave its rating no spread (every
// pair of its pairings alike): the interval of the observed information,
// which the prior keeps from zero width.
func PairedBradleyTerry(wins [][]int, pairs [][][3]int) (elo []float64, ci [][2]float64) {
	elo, ci = BradleyTerry(wins)
	n := len(wins)
	if len(pairs) != n || n < 2 {
		return elo, ci
	}
	rng := rand.New(rand.NewPCG(0x6172656e61, 32))
	samples := make([][]float64, n)
	w := make([][]int, n)
	for i := range w {
		w[i] = make([]int, n)
	}
	for range bootstrapSamples {
		resamplePairs(rng, wins, pairs, w)
		e, _ := btFit(w)
		for i := range n {
			samples[i] = append(samples[i], e[i])
		}
	}
	for i := range n {
		slices.Sort(samples[i])
		lo := samples[i][int(0.025*float64(bootstrapSamples))]
		hi := samples[i][int(0.975*float64(bootstrapSamples))-1]
		if hi-lo > 1e-9 {
			ci[i] = [2]float64{min(lo, elo[i]), max(hi, elo[i])}
		}
	}
	return elo, ci
}

// resamplePairs fills w with one resample: each pairing's pairs drawn with
// replacement, and the games outside whole pairs as they were.
func resamplePairs(rng *rand.Rand, wins [][]int, pairs [][][3]int, w [][]int) {
	n := len(wins)
	for i := range n {
		for j := i + 1; j < n; j++ {
			c := pairs[i][j]
			np := c[0] + c[1] + c[2]
			// Wins outside whole pairs stay.
			wi := wins[i][j] - 2*c[0] - c[1]
			wj := wins[j][i] - 2*c[2] - c[1]
			for range np {
				switch x := rng.IntN(np); {
				case x < c[0]:
					wi += 2
				case x < c[0]+c[1]:
					wi++
					wj++
				default:
					wj += 2
				}
			}
			w[i][j], w[j][i] = wi, wj
		}
	}
}

// btFit is BradleyTerry's ratings alone, without their intervals.
func btFit(wins [][]int) ([]float64, []float64) {
	p := btStrengths(btWins(wins))
	elo := make([]float64, len(p))
	for i := range p {
		elo[i] = eloScale * math.Log(p[i])
	}
	return elo, p
}

// btWins returns the wins as numbers, with a little prior, so that a clean
// sweep keeps a finite rating.
func btWins(wins [][]int) [][]float64 {
	n := len(wins)
	w := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
		for j := range w[i] {
			w[i][j] = float64(wins[i][j])
		}
	}
	for i := range n {
		for j := range n {
			if i != j && (w[i][j]+w[j][i]) > 0 {
				w[i][j] += 0.5 / float64(n-1)
			}
		}
	}
	return w
}

// btStrengths fits the strengths by Hunter's MM algorithm, with their
// geometric mean at 1, until no strength changes by more than 1e-10 in log.
func btStrengths(w [][]float64) []float64 {
	p := make([]float64, len(w))
	for i := range p {
		p[i] = 1
	}
	for iter := 0; iter < 10000; iter++ {
		change := 0.0
		for i := range p {
			change = math.Max(change, mmStep(w, p, i))
		}
		// Keep the geometric mean at 1.
		mean := 0.0
		for _, x := range p {
			mean += math.Log(x)
		}
		mean /= float64(len(p))
		for i := range p {
			p[i] /= math.Exp(mean)
		}
		if change < 1e-10 {
			break
		}
	}
	return p
}

// mmStep updates player i's strength, and returns how much it changed in
// log; a player with no win keeps its strength.
func mmStep(w [][]float64, p []float64, i int) float64 {
	won, denom := 0.0, 0.0
	for j := range p {
		if j == i {
			continue
		}
		won += w[i][j]
		if g := w[i][j] + w[j][i]; g > 0 {
			denom += g / (p[i] + p[j])
		}
	}
	if denom <= 0 || won <= 0 {
		return 0
	}
	np := won / denom
	change := math.Abs(math.Log(np / p[i]))
	p[i] = np
	return change
}

// btInformation is the observed information of the log-strengths.
func btInformation(w [][]float64, p []float64) [][]float64 {
	n := len(p)
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
	}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			g := w[i][j] + w[j][i]
			pij := p[i] / (p[i] + p[j])
			v := g * pij * (1 - pij)
			h[i][i] += v
			h[i][j] -= v
		}
	}
	return h
}

// btIntervals returns each rating's 95% interval from cov, the covariance
// of the log-strengths with the first fixed at 0, shifted to the mean's
// anchor.
func btIntervals(elo []float64, cov [][]float64) [][2]float64 {
	n := len(elo)
	ci := make([][2]float64, n)
	for i := range n {
		// The variance of player i's rating against the mean of all.
		v := 0.0
		for a := range n {
			for b := range n {
				ca := coef(i, a, n)
				cb := coef(i, b, n)
				v += ca * cb * cov[a][b]
			}
		}
		se := eloScale * math.Sqrt(math.Max(v, 0))
		ci[i] = [2]float64{elo[i] - 1.959964*se, elo[i] + 1.959964*se}
	}
	return ci
}

// coef is the weight of log-strength a in player i's rating less the mean.
func coef(i, a, n int) float64 {
	c := -1 / float64(n)
	if a == i {
		c++
	}
	return c
}

// invertReduced inverts the information with the first player's strength
// fixed: it drops the first row and column, inverts the rest by
// Gauss-Jordan, and puts back zeros.
func invertReduced(h [][]float64) [][]float64 {
	n := len(h)
	m := n - 1
	a := make([][]float64, m)
	for i := range a {
		a[i] = make([]float64, 2*m)
		copy(a[i], h[i+1][1:])
		a[i][m+i] = 1
	}
	for c := 0; c < m; c++ {
		piv := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		if math.Abs(a[c][c]) < 1e-12 {
			continue
		}
		d := a[c][c]
		for k := range a[c] {
			a[c][k] /= d
		}
		for r := 0; r < m; r++ {
			if r != c && a[r][c] != 0 {
				f := a[r][c]
				for k := range a[r] {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	cov := make([][]float64, n)
	for i := range cov {
		cov[i] = make([]float64, n)
	}
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			cov[i+1][j+1] = a[i][m+j]
		}
	}
	return cov
}
