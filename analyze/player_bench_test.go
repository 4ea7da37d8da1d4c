package analyze_test

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// BenchmarkAdvisorDecisions plays whole eaai games of the advisor player,
// at its default budget on one core, against simple, and reports the
// median, 95th percentile and slowest of its decisions (forced draws left
// out). The target is a median of at most 10 ms.
func BenchmarkAdvisorDecisions(b *testing.B) { testgames.AdvisorDecisions(b, nil) }
