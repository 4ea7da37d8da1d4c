package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/urfave/cli/v2"
)

// interruptible returns the command's context, cancelled on SIGINT or
// SIGTERM, so that a command writing files ends as on an error: its
// outputs aborted (no temporary file left) or what was finished written.
// A command takes it before opening its outputs, so that stop, deferred
// first, runs after their aborts: a signal between the two would kill the
// process with a temporary file left.
func interruptible(c *cli.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
}

// fileNames refuses a file flag given an empty value (--log ""), which
// names no file: without it the run would go on and write nothing, or
// fail only once its work was done.
func fileNames(c *cli.Context, flags ...string) error {
	for _, f := range flags {
		if c.IsSet(f) && c.String(f) == "" {
			return cliexit.Usagef("--%s needs a file name", f)
		}
	}
	return nil
}

// interruptedOr is err, or, once ctx is done, the exit of an interrupted
// run: Ctrl-C or SIGTERM came while the run waited, such as for a FIFO's
// reader, and err only says the wait ended.
func interruptedOr(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return cliexit.Silent(ExitInterrupted)
	}
	return err
}

// summaryOut is where a run that writes a --log prints its summary:
// standard output, unless the log is written there (--log /dev/stdout),
// which then holds the log alone, so that it reads back as one; the
// summary then goes to standard error.
func summaryOut(env *environment, c *cli.Context, logging bool) io.Writer {
	if logging && sameFileAsStdout(c.String("log"), env.stdout) {
		return env.stderr
	}
	return env.stdout
}

// sameFileAsStdout says path names the file that standard output writes
// to, such as /dev/stdout.
func sameFileAsStdout(path string, stdout io.Writer) bool {
	f, ok := unwrap(stdout).(*os.File)
	if !ok {
		return false
	}
	out, err := f.Stat()
	if err != nil {
		return false
	}
	named, err := os.Stat(path)
	return err == nil && os.SameFile(out, named)
}

// dieBySignal ends the process by SIGINT, as if no handler had caught
// the signal: for a command that keeps nothing when stopped, such as a
// conversion, once its output is aborted, so that it stops even while it
// waits on its input. interruptible's stop has not run yet, so the
// handler is taken off here. Where a process cannot signal itself, the
// command ends when it next looks at its context.
func dieBySignal() {
	signal.Reset(os.Interrupt)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		p.Signal(os.Interrupt)
	}
}
