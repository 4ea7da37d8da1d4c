//go:build !unix

package proccpu

import "time"

// used does not know the CPU time on this system.
func used() (time.Duration, bool) { return 0, false }
