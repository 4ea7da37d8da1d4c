package players

import (
	"context"
	"fmt"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
)

// Hint is the advisor's suggestion to a person playing, at samples
// worlds a decision: whose it is ("the advisor at 48 worlds"), and the
// move it suggests at a position. It samples on one worker with a fixed
// seed, so that a hint is the same each time it is asked for.
func Hint(samples int) (name string, hint func(ctx context.Context, pos *game.Position) (game.Move, error)) {
	return fmt.Sprintf("the advisor at %d worlds", samples), func(ctx context.Context, pos *game.Position) (game.Move, error) {
		a, err := analyze.Advise(ctx, pos, analyze.Options{Samples: samples, Seed: 1, Workers: 1, MovesOnly: true})
		if err != nil {
			return game.Move{}, err
		}
		return a.Candidates[0].Move, nil
	}
}
