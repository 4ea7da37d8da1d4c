package advise

import (
	"fmt"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// tally is what one chunk of worlds says of each candidate: sums of its
// equity, points and paired differences over the baseline, and counts.
// Index i is the candidate moves[i]; a nil cnt marks a chunk not played.
type tally struct {
	eq, eq2, pts, pts2, d, pd []float64
	cnt                       []int      // worlds each move was played in
	under                     []int      // worlds a knock was undercut in
	abandoned                 []int      // rollouts abandoned as endless
	out                       []Outcomes // how the rollouts ended
	// pairs holds, for every two candidates played in the same worlds,
	// the sums of their paired differences: what the loss of one move
	// against another, and its standard error, are measured from.
	pairs pairSums
}

func newTally(n, groups int) tally {
	f := func() []float64 { return make([]float64, n) }
	return tally{f(), f(), f(), f(), f(), f(), make([]int, n), make([]int, n), make([]int, n), make([]Outcomes, n), newPairSums(n, groups)}
}

// newTally is an empty tally of the search's candidates, its pairs kept
// by the groups of its worlds.
func (s *search) newTally() tally { return newTally(len(s.moves), s.groups()) }

// groups is the groups the search's worlds fall in: one for each replica
// of the reading, or one.
func (s *search) groups() int { return max(1, len(s.o.Worlds.Replicas)) }

// players is one worker's pair of rollout policies, by seat.
type players [2]game.Policy

// worker is what one goroutine of the search plays with: its policies,
// and the world and the rollout's state it reuses, so that the 1.7 KB
// states, which the policies' interface calls make escape, are allocated
// once a worker rather than once a rollout.
type worker struct {
	pl    players
	world game.State
	st    game.State
}

func (s *search) newPlayers() players {
	own, opp := s.o.Rollout()
	var pl players
	pl[s.seat], pl[s.seat.Other()] = own, opp
	return pl
}

// reseed restarts every policy's random choices, so that every candidate
// of a world meets the same choices.
func (pl *players) reseed(seed uint64) {
	for _, p := range pl {
		if r, ok := p.(Reseeder); ok {
			r.Reseed(seed)
		}
	}
}

// setWorld tells the policies that adapt to a world which one is next.
func (pl *players) setWorld(world *game.State) {
	for _, p := range pl {
		if ws, ok := p.(WorldSetter); ok {
			ws.SetWorld(world)
		}
	}
}

// playChunk plays chunk ci: ChunkWorlds worlds from the chunk's own
// random stream, every active candidate in each.
func (s *search) playChunk(ci int, w *worker, active []bool) (tally, error) {
	rng := rand.New(rand.NewPCG(s.o.Seed, uint64(ci)+1))
	t := s.newTally()
	groups := s.groups()
	vals, pvals := make([]float64, len(s.moves)), make([]float64, len(s.moves))
	diffs := make([]float64, len(s.moves))
	var wts []float64
	if s.o.Worlds.Weigh != nil {
		wts = make([]float64, len(s.moves))
	}
	for k := range ChunkWorlds {
		// World k of chunk ci is the search's world ci×ChunkWorlds+k,
		// of the group of that number's place among the groups.
		g := (ci*ChunkWorlds + k) % groups
		var err error
		if w.world, err = s.sampleWorld(rng, g); err != nil {
			return tally{}, err
		}
		w.pl.setWorld(&w.world)
		rollSeed := rng.Uint64()
		for mi := range s.moves {
			if !active[mi] {
				continue
			}
			if vals[mi], pvals[mi], err = s.playCandidate(w, mi, rollSeed, &t); err != nil {
				return tally{}, err
			}
		}
		if s.o.Worlds.Weigh != nil {
			s.o.Worlds.Weigh(w.world.Hand(s.seat.Other()), s.moves, wts)
			addWeighted(&t, vals, pvals, wts, s.before(), s.base, active, diffs)
			t.pairs.add(diffs, active, g)
			continue
		}
		// Unweighed, the differences are summed as they always were, not
		// as addWeighted's centred ones, which round differently: the
		// advice for a seed stays the same to the bit.
		for mi := range s.moves {
			if active[mi] {
				d := vals[mi] - vals[s.base]
				diffs[mi] = d
				t.d[mi] += d
				t.pd[mi] += pvals[mi] - pvals[s.base]
			}
		}
		t.pairs.add(diffs, active, g)
	}
	return t, nil
}

// addWeighted adds one world's paired differences to t, each candidate's
// value and the baseline's weighed by their own weights in wts (Worlds.Weigh).
// The values are centred on c, the equity before the hand, so that a
// weight scales the hand's change in equity, not the equity itself.
func addWeighted(t *tally, vals, pvals, wts []float64, c float64, base int, active []bool, diffs []float64) {
	for mi := range vals {
		if active[mi] {
			d := wts[mi]*(vals[mi]-c) - wts[base]*(vals[base]-c)
			diffs[mi] = d
			t.d[mi] += d
			t.pd[mi] += wts[mi]*pvals[mi] - wts[base]*pvals[base]
		}
	}
}

// sampleWorld draws one world of group g the seat cannot tell from the
// real one: the opponent's hand, from Options.Worlds (its replica g, when
// it has replicas) in its share of the worlds, or
// from the estimate, drawn again while Options.Accept turns it away (at
// most MaxRedraws times); then the stock.
func (s *search) sampleWorld(rng *rand.Rand, g int) (game.State, error) {
	w := &s.o.Worlds
	hands := w.Hands
	if len(w.Replicas) > 0 {
		hands = w.Replicas[g]
	}
	if hands != nil && rng.Float64() < w.Share {
		return s.complete(rng, hands(rng))
	}
	hidden := s.sampler.OrganizedHidden(rng)
	for try := 1; s.o.Accept != nil && try < MaxRedraws && rng.Float64() >= s.o.Accept(hidden|s.oppKnown); try++ {
		hidden = s.sampler.OrganizedHidden(rng)
	}
	return s.complete(rng, hidden)
}

// complete deals the stock of a world around the opponent's hidden cards.
func (s *search) complete(rng *rand.Rand, hidden notation.CardSet) (game.State, error) {
	world, err := s.sampler.Complete(rng, hidden)
	if err != nil {
		return world, fmt.Errorf("%w: dealing a world: %w", ErrRollout, err)
	}
	return world, nil
}

// playCandidate plays candidate mi out in the worker's copy of its world and adds its
// outcome to t; it returns the seat's equity and points after the hand.
// An abandoned rollout counts as the dead hand the game model makes of it.
func (s *search) playCandidate(w *worker, mi int, rollSeed uint64, t *tally) (eq, pts float64, err error) {
	m := s.moves[mi]
	st := &w.st
	*st = w.world
	if err := st.Apply(m); err != nil {
		return 0, 0, fmt.Errorf("%w: the candidate %s: %w", ErrRollout, m, err)
	}
	w.pl.reseed(rollSeed)
	abandoned, err := game.PlayOut(st, w.pl)
	if err != nil {
		return 0, 0, fmt.Errorf("%w: after %s: %w", ErrRollout, m, err)
	}
	res, _ := st.Result()
	if res.Winner.Valid() {
		pts = float64(res.Score.Points)
		if res.Winner != s.seat {
			pts = -pts
		}
	}
	eq = s.equity.Win(res.Totals[s.seat], res.Totals[s.seat.Other()])
	t.eq[mi] += eq
	t.eq2[mi] += eq * eq
	t.pts[mi] += pts
	t.pts2[mi] += pts * pts
	t.cnt[mi]++
	if abandoned {
		t.abandoned[mi]++
	}
	t.out[mi].Add(EndingOf(&res, s.seat), res.Draws, eq)
	if m.Kind == game.Knock && res.Knocker == s.seat && res.Winner == s.seat.Other() {
		t.under[mi]++
	}
	return eq, pts, nil
}
