package bot

import "github.com/ginadvisor/ginadvisor/game"

// Rollout returns the fixed model's rollout policies: the own seat plays
// on as the heuristic player, the other as simple. It is an
// advise.Rollout; ReadingModel makes the one that reads the opponent.
func Rollout() (own, opponent game.Policy) {
	return NewHeuristic(0), NewSimple(2)
}
