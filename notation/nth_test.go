package notation

import (
	"math/rand/v2"
	"testing"
)

// TestNthFollowsAll checks Nth against the order All yields, on random
// sets of every size.
func TestNthFollowsAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		s := CardSet(rng.Uint64() & uint64(FullDeck))
		k := 0
		for c := range s.All() {
			if got := s.Nth(k); got != c {
				t.Fatalf("%s.Nth(%d) = %s, All gives %s", s, k, got, c)
			}
			k++
		}
	}
}
