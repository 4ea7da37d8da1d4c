package arena

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/rules"
)

// TestDefaultMoveLimitForfeits: with no clock given, an engine that never
// answers its go forfeits the game on time once the default limit passes,
// as under any clock, and the match goes on to its next game; the go is
// bare and the game carries no clock (the limit is no time control). The
// limit is the match's MoveLimit here, 200 ms, in place of the minute of
// DefaultMoveTime. Before, nothing told a test the limit applied, and the
// help and the docs did not name it.
func TestDefaultMoveLimitForfeits(t *testing.T) {
	// Mostly waiting on the silent engine's limits: run beside the others.
	t.Parallel()
	eaai, _ := rules.Preset("eaai")
	simple, _ := ParseSpec("simple")
	var forfeits []*Game
	o := Options{Rules: eaai, Games: 2, Seed: 5, MaxHands: 1, MoveLimit: 200 * time.Millisecond,
		Players: [2]Spec{engineSpec(t, "silent"), simple},
		OnGame: func(g *Game) error {
			if g.Forfeit != nil {
				forfeits = append(forfeits, g)
			}
			return nil
		}}
	r, err := Play(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	// The silent engine answers four go's of a game, and is silent at its
	// fifth, which a one-hand game may not reach.
	if r.Games != 2 || len(forfeits) == 0 || r.Forfeits[0] != len(forfeits) {
		t.Fatalf("%d games, forfeits %v, %d seen: want the engine's forfeits", r.Games, r.Forfeits, len(forfeits))
	}
	for _, g := range forfeits {
		f := g.Forfeit
		if !errors.Is(f.Reason, ErrTimeout) || g.Forfeiter != 0 || g.Clock != "" || g.Time != nil {
			t.Errorf("game %d: forfeit %v by %d, clock %q, time %v: want a forfeit on time by the engine, no clock", g.Index+1, f.Reason, g.Forfeiter, g.Clock, g.Time)
		}
		if last := f.Exchange[len(f.Exchange)-1]; last != "> go" {
			t.Errorf("game %d: the last line %q, want a bare go", g.Index+1, last)
		}
	}
	if c := newClock(TimeControl{}); c.budget(0) != DefaultMoveTime || !strings.Contains(c.goLine(0), "go") {
		t.Errorf("with no clock, the wait is %v, want DefaultMoveTime", c.budget(0))
	}
}
