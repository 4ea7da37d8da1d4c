// Package worlds holds the lab's sources of the advisor's worlds
// (analyze.WorldSource): the advisor before its particle filter; the
// oracle of the opponent's true hand, which measures what a perfect
// reading would be worth (lab/cmd/ceiling); and the posterior of the
// whole record against heuristic, drawn by a chain that replays
// heuristic's own play (MCMC), which measures what the best reading of
// the record could be worth (lab/cmd/mcmc); and a resample-move particle
// filter over the same record (ResampleMove), which replays heuristic's
// code, a Policy fitted to a player's moves, or a mixture of such styles,
// at the cost of a decision under the clock. No player of the product
// uses them.
package worlds

import (
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
)

// NoFilter draws every world from the card estimate, weighed by the
// opponent's last turn, as the advisor did before it followed the
// opponent's hand with a particle filter: it plays the advisor of then
// exactly, a partner against which a change to the reading is measured
// (docs/analysis.md, "Following the hand").
type NoFilter struct{}

// Worlds returns no second source: the search draws from the estimate.
func (NoFilter) Worlds(*analyze.Decision) advise.Worlds { return advise.Worlds{} }
