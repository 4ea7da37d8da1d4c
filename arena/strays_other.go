//go:build !linux

package arena

// becomeSubreaper does nothing where there is no subreaper.
func becomeSubreaper() {}

// endStrays does nothing where processes' environments cannot be read:
// there the process group is all the arena ends.
func endStrays(string) {}
