package advise_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
)

// ticking is a rollout policy that moves a fake clock by a step at every
// move it makes, so that the clock measures the search's work.
type ticking struct {
	game.Policy
	moves *atomic.Int64
}

func (t ticking) Choose(st *game.State) game.Move {
	t.moves.Add(1)
	return t.Policy.Choose(st)
}

// TestTimedAdviceEndsByItsDeadline: on a clock that the rollouts' moves
// drive, a timed search starts no chunk it cannot finish by its deadline
// at the last chunk's cost, so it ends past the deadline by far less than
// a chunk's cost on average (a search that only checked the deadline
// before each chunk would end half a chunk past it).
func TestTimedAdviceEndsByItsDeadline(t *testing.T) {
	p := mustPosition(t, midGame)
	const step = time.Microsecond
	var over, chunk time.Duration
	runs := 0
	for _, budget := range []time.Duration{70, 95, 120, 145, 170, 195, 220, 245} {
		var moves atomic.Int64
		now := func() time.Time { return time.Unix(0, 0).Add(time.Duration(moves.Load()) * step) }
		o := options(advise.MaxSamples, 3, 1)
		o.Time, o.Now = budget*time.Millisecond, now
		o.Rollout = func() (game.Policy, game.Policy) {
			own, opp := bot.Rollout()
			return ticking{own, &moves}, ticking{opp, &moves}
		}
		start := now()
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatal(err)
		}
		spent := now().Sub(start)
		chunks := a.Candidates[0].Samples / advise.ChunkWorlds
		if chunks < 2 {
			continue
		}
		runs++
		over += max(0, spent-o.Time)
		chunk += spent / time.Duration(chunks)
	}
	if runs < 4 {
		t.Fatalf("only %d searches played two chunks or more", runs)
	}
	if over > chunk/5 {
		t.Errorf("past the deadline by %v on average, a chunk costs %v", over/time.Duration(runs), chunk/time.Duration(runs))
	}
}
