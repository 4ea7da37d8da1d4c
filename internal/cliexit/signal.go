package cliexit

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// How a command ends on Ctrl-C or SIGTERM: as on an error, its outputs
// aborted or what was finished written, with the exit code Interrupted.

// Interruptible returns ctx, cancelled on SIGINT or SIGTERM, so that a
// command writing files ends as on an error: its outputs aborted (no
// temporary file left) or what was finished written. A command takes it
// before opening its outputs, so that stop, deferred first, runs after
// their aborts: a signal between the two would kill the process with a
// temporary file left.
func Interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
}

// InterruptedOr is err, or, once ctx is done, the exit of an interrupted
// run: Ctrl-C or SIGTERM came while the run waited, such as for a FIFO's
// reader, and err only says the wait ended.
func InterruptedOr(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return Silent(Interrupted)
	}
	return err
}

// DieOnInterrupt is for a command that keeps nothing when stopped, such
// as a conversion or a game at the terminal: once ctx, Interruptible's,
// is done, it runs cleanup and ends the process by the signal
// (DieBySignal), so that the command stops even while it waits on its
// input. It returns cleanup made to run once, for the command that sees
// the stop itself, and unwatch, to defer, which ends the watch.
func DieOnInterrupt(ctx context.Context, cleanup func()) (stopped func(), unwatch func() bool) {
	stopped = sync.OnceFunc(cleanup)
	return stopped, context.AfterFunc(ctx, func() { stopped(); DieBySignal() })
}

// DieBySignal ends the process by SIGINT, as if no handler had caught
// the signal, once a command that keeps nothing has cleaned up.
// Interruptible's stop has not run yet, so the handler is taken off
// here. Where a process cannot signal itself, the command ends when it
// next looks at its context.
func DieBySignal() {
	signal.Reset(os.Interrupt)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		p.Signal(os.Interrupt)
	}
}
