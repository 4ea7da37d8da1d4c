package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/outfile"
)

// summaryOut is where a run that writes a --log prints its summary:
// standard output, unless the log is written there (--log /dev/stdout),
// which then holds the log alone, so that it reads back as one; the
// summary then goes to standard error.
func summaryOut(env *environment, c *cli.Context, logging bool) io.Writer {
	if logging && outfile.SameFile(c.String("log"), unwrap(env.stdout)) {
		return env.stderr
	}
	return env.stdout
}
