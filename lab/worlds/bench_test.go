//go:build lab

package worlds

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// BenchmarkAdvisorDecisionsNoFilter is analyze's BenchmarkAdvisorDecisions
// (the same games, whole eaai games against simple at the advisor's
// default budget on one core, the same figures) for the advisor before
// its particle filter: run the two one after the other to compare them.
func BenchmarkAdvisorDecisionsNoFilter(b *testing.B) {
	testgames.AdvisorDecisions(b, func(pl *analyze.Player) { pl.SetWorlds(NoFilter{}) })
}
