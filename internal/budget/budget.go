// Package budget measures what one call costs, for the tests that bound
// the time and memory of a decision.
package budget

import (
	"runtime"
	"time"
)

// Measure runs f and returns the wall time it took and the bytes it
// allocated.
func Measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return took, after.TotalAlloc - before.TotalAlloc
}

// The bounds a decision at the largest accepted target must meet. Under
// the race detector, which slows everything down, the time is scaled.
const (
	MaxTime  = time.Second * slowdown
	MaxBytes = 100 << 20
)
