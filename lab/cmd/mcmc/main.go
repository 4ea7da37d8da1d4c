// Command mcmc measures the ceiling of any reading of the record against
// heuristic, whose policy is known exactly: it plays the advisor whose
// every world holds a hand drawn from the posterior of the whole record
// (worlds.MCMC: a tempered Metropolis chain over where the opponent's
// cards came from, each assignment weighed by replaying heuristic's own
// code along the record) against heuristic, in mirrored eaai games, and,
// on the same deals, the advisor with its own reading and the advisor
// told the opponent's true hand (worlds.Oracle, as lab/cmd/ceiling). It
// prints each one's share of the games won, with the 95% interval from
// the mirrored pairs, and the chain's and the true hand's paired
// difference from the advisor's own reading, deal by deal. The games are
// played one at a time, the advisor's own first; an interrupt stops the
// run and prints what the finished pairs say. It exits 1 on an error.
//
// Each game's outcome is also a line on stderr ("outcome chain game 123
// won 1"). -kinds plays some kinds only (the chain alone, where an
// earlier run played the others), and -join plays nothing but prints the
// table of the outcome lines of the runs' stderr it is given, over the
// mirrored pairs that every kind finished.
//
//	go run ./lab/cmd/mcmc -games 60 -seed 11
//	go run ./lab/cmd/mcmc -games 124 -from 176 -kinds chain 2> b.err
//	go run ./lab/cmd/mcmc -join a.err b.err
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/lab/registry"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func main() {
	var c config
	flag.IntVar(&c.games, "games", 60, "mirrored games of each advisor (even)")
	flag.Uint64Var(&c.seed, "seed", 11, "seed of the deals")
	flag.IntVar(&c.from, "from", 0, "games of the seed's row to skip (a multiple of 4), to go on from an earlier run")
	flag.BoolVar(&c.oracle, "oracle", true, "play the advisor told the true hand too")
	kinds := flag.String("kinds", strings.Join(allKinds, ","), "the kinds of worlds to play, of "+strings.Join(allKinds, ", "))
	join := flag.Bool("join", false, "play nothing: join the outcome lines of earlier runs' stderr, the files named, into one table")
	flag.IntVar(&c.chain.Burn, "burn", worlds.DefaultBurn, "steps of a hand's chain before its first sample")
	flag.IntVar(&c.chain.Steps, "steps", worlds.DefaultSteps, "steps of the chain a decision")
	flag.IntVar(&c.chain.Hands, "hands", worlds.DefaultHands, "hands of the chain kept a decision")
	flag.Float64Var(&c.chain.Eps, "eps", worlds.DefaultEps, "chance of a move heuristic would not make")
	flag.IntVar(&c.filter.Particles, "particles", worlds.DefaultParticles, "particles of the resample-move filter (kind filter)")
	flag.IntVar(&c.filter.Moves, "moves", worlds.DefaultMoves, "Metropolis steps of each particle after a resampling (kind filter)")
	flag.String("policy", "", "models of play fitted by distil imitate (rank.Model JSON files, comma-separated), replayed by the filter of kind fitted and the chain of kind fitchain: one as heuristic's, several as a mixture of styles")
	flag.String("scorer", "", "a scorer of whole hands fitted by lab/cmd/handscore (JSON), by which kind scored weighs its pool")
	flag.Parse()
	c.filter.Eps = c.chain.Eps
	policy := flag.Lookup("policy").Value.String()
	if *join {
		var only []string
		flag.Visit(func(f *flag.Flag) {
			if f.Name == "kinds" {
				only = strings.Split(*kinds, ",")
			}
		})
		if err := joinFiles(flag.Args(), only); err != nil {
			fmt.Fprintln(os.Stderr, "mcmc:", err)
			os.Exit(1)
		}
		return
	}
	c.kinds = strings.Split(*kinds, ",")
	if policy != "" {
		if err := c.readPolicies(strings.Split(policy, ",")); err != nil {
			fmt.Fprintln(os.Stderr, "mcmc:", err)
			os.Exit(1)
		}
	}
	if scorer := flag.Lookup("scorer").Value.String(); scorer != "" {
		if err := c.readScorer(scorer); err != nil {
			fmt.Fprintln(os.Stderr, "mcmc:", err)
			os.Exit(1)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "mcmc:", err)
		os.Exit(1)
	}
}

// config is the run's flags.
type config struct {
	games  int
	seed   uint64
	from   int
	oracle bool
	// kinds are the kinds of worlds to play, in order (own, true, chain
	// when empty); oracle false leaves out true.
	kinds  []string
	chain  worlds.MCMC
	filter worlds.ResampleMove
	// policies are the fitted models of play the kind fitted replays, and
	// policyHash the FNV-1a hash of their files.
	policies   []*rank.Model
	policyHash uint64
	// scorer is the scorer of whole hands kind scored weighs its pool
	// by, and scorerHash the FNV-1a hash of its file.
	scorer     *worlds.HandScorer
	scorerHash uint64
}

// readScorer reads the scorer of kind scored from the file name.
func (c *config) readScorer(name string) error {
	s, data, err := worlds.ReadHandScorerFile(name)
	if err != nil {
		return fmt.Errorf("-scorer %w", err)
	}
	h := fnv.New64a()
	h.Write(data)
	c.scorer, c.scorerHash = s, h.Sum64()
	return nil
}

// fitted returns the policy or the styles of kind fitted: one model is
// heuristic's policy, several a mixture of styles.
func (c *config) fitted() (worlds.Policy, []worlds.Policy) {
	if len(c.policies) == 1 {
		return c.policies[0], nil
	}
	styles := make([]worlds.Policy, len(c.policies))
	for i, m := range c.policies {
		styles[i] = m
	}
	return nil, styles
}

// maxPolicies bounds the models of -policy.
const maxPolicies = 16

// readPolicies reads the fitted models of kind fitted from the files.
func (c *config) readPolicies(names []string) error {
	if len(names) > maxPolicies {
		return fmt.Errorf("-policy: %d files, at most %d", len(names), maxPolicies)
	}
	h := fnv.New64a()
	c.policies = nil
	for _, name := range names {
		m, data, err := rank.ReadModelFile(name)
		if err != nil {
			return fmt.Errorf("-policy %w", err)
		}
		h.Write(data)
		c.policies = append(c.policies, m)
	}
	c.policyHash = h.Sum64()
	return nil
}

// allKinds are the kinds of worlds a run plays by default, in order: the
// advisor's own reading first, the slow chain last (filter is the
// resample-move filter, worlds.ResampleMove).
var allKinds = []string{"own", "true", "filter", "chain"}

// kindOrder is every kind, in the order of a table: the default kinds,
// and fitted and scored, which play only when asked, with -policy and
// -scorer.
var kindOrder = []string{"own", "true", "filter", "fitted", "scored", "chain", "fitchain"}

// check refuses a config before any game is played.
func (c *config) check() error {
	switch m := &c.chain; {
	case c.games <= 0 || c.games%2 != 0 || c.games > engine.MaxGames:
		return fmt.Errorf("-games %d: need an even number from 2 to %d", c.games, engine.MaxGames)
	case c.from < 0 || c.from%4 != 0 || c.from > engine.MaxGames:
		return fmt.Errorf("-from %d: need a multiple of 4 from 0 to %d", c.from, engine.MaxGames)
	case c.filter.Particles < 0 || c.filter.Moves < 0 || c.filter.Particles > maxParticles || c.filter.Moves > maxSteps:
		return fmt.Errorf("-particles %d, -moves %d: need from 0 (the default) to %d and %d", c.filter.Particles, c.filter.Moves, maxParticles, maxSteps)
	case m.Burn < 0 || m.Steps < 0 || m.Hands < 0 || m.Burn > maxSteps || m.Steps > maxSteps || m.Hands > maxSteps:
		return fmt.Errorf("-burn %d, -steps %d, -hands %d: need each from 0 (the default) to %d", m.Burn, m.Steps, m.Hands, maxSteps)
	case (slices.Contains(c.kinds, "fitted") || slices.Contains(c.kinds, "fitchain")) && len(c.policies) == 0:
		return errors.New("-kinds fitted or fitchain: needs -policy, a model fitted by distil imitate")
	case slices.Contains(c.kinds, "scored") && c.scorer == nil:
		return errors.New("-kinds scored: needs -scorer, a scorer fitted by lab/cmd/handscore")
	case !kindsOK(c.kinds):
		return fmt.Errorf("-kinds %q: need one or more of %s, each once", clip(strings.Join(c.kinds, ",")), strings.Join(allKinds, ", "))
	case !(m.Eps >= 0 && m.Eps < 1):
		return fmt.Errorf("-eps %g: need a chance from 0 (the default) to below 1", m.Eps)
	}
	return nil
}

// kindsOK says kinds names known kinds, each once (none: the default).
func kindsOK(kinds []string) bool {
	for i, k := range kinds {
		if _, ok := titles[k]; !ok || slices.Contains(kinds[:i], k) {
			return false
		}
	}
	return true
}

// rowSeed is the seed that plays the row of c.seed from game c.from+1 on:
// a mirrored pair k plays engine.GameSeed(seed, k), which is the seed plus
// k+1 steps of its spread, and the first dealer alternates by pair, so a
// shift by an even number of pairs (4 games) plays the same games as the
// whole row does.
func (c *config) rowSeed() uint64 {
	return c.seed + uint64(c.from/2)*0x9e3779b97f4a7c15
}

// maxSteps bounds the chain's steps and hands, and the filter's moves;
// maxParticles the filter's particles.
const (
	maxSteps     = 100_000_000
	maxParticles = 1 << 16
)

// outcome is one advisor's games: 1 for each game it won, in game order,
// and the time of its decisions.
type outcome struct {
	won    []float64
	times  []time.Duration
	chain  worlds.MCMCStats
	filter worlds.FilterStats
}

func run(ctx context.Context, c config) error {
	if err := c.check(); err != nil {
		return err
	}
	kinds := c.kinds
	if len(kinds) == 0 {
		kinds = allKinds
	}
	if !c.oracle {
		kinds = slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k == "true" })
	}
	if len(kinds) == 0 {
		return errors.New("-kinds true with -oracle=false: no kind of worlds left to play")
	}
	fmt.Fprintln(os.Stderr, runLine(c))
	out := map[string]*outcome{}
	for _, k := range kinds {
		o, err := play(ctx, k, c)
		if err != nil {
			return fmt.Errorf("the advisor with %s worlds: %w", k, err)
		}
		out[k] = o
		if ctx.Err() != nil {
			break
		}
	}
	return report(c, kinds, out)
}

// timed records the time of each decision of the player it wraps.
type timed struct {
	bot.Player
	times *[]time.Duration
}

func (t *timed) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	start := time.Now()
	m, err := t.Player.Move(ctx, p)
	if !p.MustDraw() {
		*t.times = append(*t.times, time.Since(start))
	}
	return m, err
}

// play runs the games of the advisor with worlds of kind (its own, the
// chain's or the true hand's) against heuristic, one at a time, the same
// deals whatever the kind.
func play(ctx context.Context, kind string, c config) (*outcome, error) {
	eaai, _ := rules.Preset("eaai")
	advisor, err := registry.LookupWith("advisor")
	if err != nil {
		return nil, err
	}
	o := &outcome{}
	var hand notation.CardSet
	var sources []*worlds.MCMC
	var filters []*worlds.ResampleMove
	start := time.Now()
	sum, err := engine.Simulate(ctx, engine.SimOptions{
		Rules: eaai, Games: c.games, Seed: c.rowSeed(), Workers: 1, Mirrored: true,
		Names: [2]string{"advisor", "heuristic"},
		Players: [2]bot.NewPlayerFunc{
			func(s uint64) bot.Player {
				pl := advisor(s)
				a, ok := pl.(*analyze.Player)
				if !ok {
					return pl
				}
				switch kind {
				case "true":
					a.SetWorlds(&worlds.Oracle{Told: func(p *game.Position) (notation.CardSet, bool) { return worlds.HiddenOf(hand, p) }, Share: 1})
				case "chain", "fitchain":
					m := c.chain
					if kind == "fitchain" {
						m.Policy, m.Styles = c.fitted()
					}
					sources = append(sources, &m)
					a.SetWorlds(&m)
				case "scored":
					a.SetWorlds(worlds.Scored{Scorer: c.scorer})
				case "filter", "fitted":
					f := c.filter
					if kind == "fitted" {
						f.Policy, f.Styles = c.fitted()
					}
					filters = append(filters, &f)
					a.SetWorlds(&f)
				}
				return &timed{Player: pl, times: &o.times}
			},
			func(s uint64) bot.Player { return &worlds.Watched{Player: bot.NewHeuristic(s), Hand: &hand} },
		},
		OnGame: func(n int, g *engine.GameRecord) error {
			seat := slices.Index(g.Players[:], "advisor")
			if seat < 0 {
				return errors.New("no advisor in the game")
			}
			won := 0.0
			if g.Final.Winner == notation.Seat(seat) {
				won = 1
			}
			o.won = append(o.won, won)
			fmt.Fprintf(os.Stderr, "outcome %s game %d won %.0f\n", kind, c.from+n, won)
			fmt.Fprintf(os.Stderr, "%s: game %d of %d, won %.0f of %d, %v\n", kind, n, c.games, sumOf(o.won), len(o.won), time.Since(start).Round(time.Second))
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	if sum.Games != len(o.won) {
		return nil, fmt.Errorf("%d games summed, %d recorded", sum.Games, len(o.won))
	}
	for _, m := range sources {
		s := &o.chain
		s.Decisions += m.Stats.Decisions
		s.Fallbacks += m.Stats.Fallbacks
		s.Tried += m.Stats.Tried
		s.Accepted += m.Stats.Accepted
		s.Swaps += m.Stats.Swaps
		s.Swapped += m.Stats.Swapped
		s.Time += m.Stats.Time
	}
	for _, f := range filters {
		o.filter.Add(f.Stats)
	}
	return o, nil
}

func sumOf(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}
