package main

import (
	"flag"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/render"
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
	for _, f := range []*cli.Flag{&cli.HelpFlag, &cli.VersionFlag} {
		if b, ok := (*f).(*cli.BoolFlag); ok {
			*f = copyOnApply{b}
		}
	}
	// Help fits the terminal, or 80 columns: long flag and prose lines are
	// folded.
	print := cli.HelpPrinterCustom
	cli.HelpPrinterCustom = func(w io.Writer, templ string, data any, funcs map[string]any) {
		var b strings.Builder
		print(&b, templ, data, funcs)
		io.WriteString(w, render.WrapHelp(b.String(), helpWidth(w)))
	}
}

// helpWidth is the width help is wrapped at: the terminal's, else 80.
func helpWidth(w io.Writer) int {
	if n := render.Width(unwrap(w)); n > 0 {
		return n
	}
	return 80
}
