// Package bot holds the rule-based players (simple, random, heuristic and
// the styled sparring partners), the rollout policies made of them, and
// the one interface every player implements. Package players names them,
// and the advisor players of package analyze, for every command.
//
// A player sees only a game.Position built from its own seat's events;
// nothing else of the state reaches it. The fast players also implement
// game.Policy, so that rollouts can play them on complete states, as does
// ReadingRollout, the rollout opponent that plays a style drawn from what
// package reading makes of the opponent.
package bot

import (
	"context"

	"github.com/ginadvisor/ginadvisor/game"
)

// Player makes the decisions of one seat.
type Player interface {
	// Name names the player in logs and summaries.
	Name() string
	// Move decides for the seat to move. pos is the player's own copy of
	// its position, in the phase to decide. A player that cannot decide,
	// such as one whose input ended or whose time ran out, returns an
	// error, which ends the game.
	Move(ctx context.Context, pos *game.Position) (game.Move, error)
	// HandOver tells the player how the hand ended: pos is over, and at a
	// showdown its Result shows both hands.
	HandOver(pos *game.Position)
}

// NewPlayerFunc makes a player for one game from a seed for its random
// choices.
type NewPlayerFunc func(seed uint64) Player
