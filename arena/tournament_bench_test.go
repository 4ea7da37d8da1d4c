package arena

import (
	"context"
	"fmt"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// BenchmarkTournamentConcurrency times a five-player round robin of
// built-in players, 20 games a pairing, at --concurrency 1 and 2 (the
// figure in docs/arena.md):
//
//	go test -run XXX -bench TournamentConcurrency ./arena/
func BenchmarkTournamentConcurrency(b *testing.B) {
	specs := placed(specsOf(b, "simple", "heuristic", "cautious", "grabber", "standin"))
	eaai, _ := rules.Preset("eaai")
	for _, c := range []int{1, 2} {
		b.Run(fmt.Sprintf("concurrency=%d", c), func(b *testing.B) {
			for range b.N {
				o := TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 20, Seed: 3, Concurrency: c}}
				if _, err := Tournament(context.Background(), o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
