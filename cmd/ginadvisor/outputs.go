package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/outfile"
	"github.com/ginadvisor/ginadvisor/render"
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

// gameLog is a --log that grows by whole games: each finished game goes
// into the file itself in one write and is synced, so that a run killed
// at any moment leaves a log of every game it finished.
type gameLog struct {
	file *outfile.Growing
}

// startGameLog begins the log at path with its header. A file already
// there is a usage error, which hint ends, unless force says to overwrite
// it.
func startGameLog(path string, force bool, hint string) (*gameLog, error) {
	g, err := outfile.Start(path, force)
	if errors.Is(err, outfile.ErrExists) {
		return nil, usageError("--log: %s exists: %s", render.EscapeControl(path), hint)
	} else if err != nil {
		return nil, logOpenError(path, err)
	}
	l := &gameLog{file: g}
	if err := g.Append([]byte(gamelog.Header() + "\n")); err != nil {
		g.Close()
		return nil, fmt.Errorf("--log: %w", err)
	}
	return l, nil
}

// logOpenError is the error of a --log that could not be opened: another
// run appending to it is a usage error, which names the file.
func logOpenError(path string, err error) error {
	if errors.Is(err, outfile.ErrLocked) {
		return usageError("--log: another run is appending to %s", render.EscapeControl(path))
	}
	return fmt.Errorf("--log: %w", err)
}

// lockGameLog opens the log at path, locked, for --resume to read and
// then continue it; a log that is not there is created.
func lockGameLog(path string) (*outfile.Growing, error) {
	g, err := outfile.Open(path)
	if err != nil {
		return nil, logOpenError(path, err)
	}
	return g, nil
}

// continueGameLog continues the locked log g to add games after its first
// keep bytes, its whole games; a game cut short after them is cut off. A
// log with no header yet (keep 0) gets one.
func continueGameLog(g *outfile.Growing, keep int64) (*gameLog, error) {
	if err := g.Cut(keep); err != nil {
		return nil, fmt.Errorf("--log: %w", err)
	}
	if keep == 0 {
		if err := g.Append([]byte(gamelog.Header() + "\n")); err != nil {
			g.Close()
			return nil, fmt.Errorf("--log: %w", err)
		}
	}
	return &gameLog{file: g}, nil
}

// Write adds a game to the log.
func (l *gameLog) Write(g *gamelog.Game) error { return l.file.Append(gamelog.GameText(g)) }

// Close closes the log; its games stay.
func (l *gameLog) Close() error { return l.file.Close() }

// Remove closes the log and removes it, if this run created it: for a run
// that wrote no game to it (see outfile.Growing.Remove).
func (l *gameLog) Remove() error { return l.file.Remove() }

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
