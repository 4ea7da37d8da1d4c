package main

import (
	"flag"

	"github.com/urfave/cli/v2"
)

// copyOnApply is a flag of urfave/cli's that applies a copy of itself to
// each flag set. The help and version flags are package variables of the
// library, and their Apply writes to them; applied through copies, many
// apps may run at once (as the tests do) without racing on them.
type copyOnApply struct{ *cli.BoolFlag }

// Apply applies a copy of the flag.
func (f copyOnApply) Apply(set *flag.FlagSet) error {
	c := *f.BoolFlag
	return c.Apply(set)
}

func init() {
	// The library reads these variables; it is told once, before any app
	// runs, to apply them through copies.
	if b, ok := cli.HelpFlag.(*cli.BoolFlag); ok {
		cli.HelpFlag = copyOnApply{b}
	}
	if b, ok := cli.VersionFlag.(*cli.BoolFlag); ok {
		cli.VersionFlag = copyOnApply{b}
	}
}
