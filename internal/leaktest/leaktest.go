// Package leaktest checks, for the tests of servers, that every goroutine
// has ended with its owner.
package leaktest

import (
	"bytes"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"
)

// Settle waits, a bounded number of polls, for the goroutines to come
// down to at most want, and fails with their stacks if they do not. The
// polls bound the wait; how long it takes is not the test's business.
func Settle(t testing.TB, want int) {
	t.Helper()
	n := runtime.NumGoroutine()
	for i := 0; i < 500 && n > want; i++ {
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	if n > want {
		var b bytes.Buffer
		_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
		t.Fatalf("%d goroutines, %d before:\n%s", n, want, b.String())
	}
}
