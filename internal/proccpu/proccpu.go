// Package proccpu tells the CPU time the running process has had, so that
// a tool can set it against the time gone by: far less CPU than wall time
// says the machine, not the work, held the process up.
package proccpu

import "time"

// Used returns the CPU time the process has had, user and system, and
// whether the system tells it; where it does not, Used returns 0, false.
func Used() (time.Duration, bool) { return used() }
