//go:build unix

package proccpu

import "testing"

// TestUsedGrows: work done between two readings shows in the second, by
// the work done rather than by any clock.
func TestUsedGrows(t *testing.T) {
	before, ok := Used()
	if !ok {
		t.Fatal("Used: not known on a unix system")
	}
	after := before
	x := uint64(1)
	for i := 0; after == before && i < 1<<34; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		if i%(1<<20) == 0 {
			after, _ = Used()
		}
	}
	if after <= before {
		t.Fatalf("Used went from %v to %v over a busy loop (%d)", before, after, x)
	}
}
