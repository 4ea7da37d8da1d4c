// Package budget bounds the work of one decision for the tests: the bytes
// it allocates. How long a decision takes is no test's business, since a
// busy machine can make any call slow; the benchmarks measure the time.
package budget

import "runtime"

// Bytes runs f and returns the bytes the process allocated while it ran.
// The count covers every goroutine, so the caller must not run in
// parallel with other tests.
func Bytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// MaxBytes is the most a decision at the largest accepted target may
// allocate. A decision there allocated 2 to 3 MB when measured, 2 MB of
// it the equity table of advise.MaxTableTarget squared cells; a table that
// grew with the target would need gigabytes.
const MaxBytes = 16 << 20
