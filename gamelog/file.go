package gamelog

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/outfile"
)

// File is a log, named by a command's --log, that grows by whole games:
// each finished game goes into the file itself in one write and is
// synced, so that a run killed at any moment leaves a log of every game
// it finished. Its errors name --log; those of how it was asked for (a
// file there, a path that cannot be opened, another run appending) are
// outfile.Refusals.
type File struct {
	file *outfile.Growing
	// mu orders a game's write against RemoveUnwritten, which a signal
	// may call while the game ends.
	mu    sync.Mutex
	games int
	done  bool
}

// StartFile begins the log at path with its header. A file already there
// is refused, with hint at the end of the message, unless replace says to
// overwrite it. A FIFO's wait for its reader ends when ctx is done, with
// ctx's error.
func StartFile(ctx context.Context, path string, replace bool, hint string) (*File, error) {
	g, err := outfile.Start(ctx, path, replace)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	} else if errors.Is(err, outfile.ErrExists) {
		return nil, outfile.Refuse("--log: %s exists: %s", lines.Escape(path), hint)
	} else if err != nil {
		return nil, openError(path, err)
	}
	if err := g.Append([]byte(Header() + "\n")); err != nil {
		g.Close()
		return nil, fmt.Errorf("--log: %w", err)
	}
	return &File{file: g}, nil
}

// openError is the error of a log that could not be opened, before any
// work: a refusal, as an output path that cannot be written is (a
// directory, a missing directory, no permission); another run appending
// to it is named as such.
func openError(path string, err error) error {
	if errors.Is(err, outfile.ErrLocked) {
		return outfile.Refuse("--log: another run is appending to %s", lines.Escape(path))
	}
	return &outfile.Refusal{Err: fmt.Errorf("--log: %w", err)}
}

// LockFile opens the log at path, locked, for a run that resumes it to
// read and then continue it (see ContinueFile); a log that is not there is
// created.
func LockFile(path string) (*outfile.Growing, error) {
	g, err := outfile.Open(path)
	if err != nil {
		return nil, openError(path, err)
	}
	return g, nil
}

// ContinueFile continues the locked log g to add games after its first
// keep bytes, its whole games; a game cut short after them is cut off. A
// log with no header yet (keep 0) gets one.
func ContinueFile(g *outfile.Growing, keep int64) (*File, error) {
	if err := g.Cut(keep); err != nil {
		return nil, fmt.Errorf("--log: %w", err)
	}
	if keep == 0 {
		if err := g.Append([]byte(Header() + "\n")); err != nil {
			g.Close()
			return nil, fmt.Errorf("--log: %w", err)
		}
	}
	return &File{file: g}, nil
}

// Write adds a game to the log.
func (l *File) Write(g *Game) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return errors.New("the log is closed")
	}
	err := l.file.Append(GameText(g))
	if err == nil {
		l.games++
	}
	return err
}

// Close closes the log; its games stay.
func (l *File) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return nil
	}
	l.done = true
	return l.file.Close()
}

// Remove closes the log and removes it, if this run created it: for a run
// that wrote no game to it (see outfile.Growing.Remove).
func (l *File) Remove() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return nil
	}
	l.done = true
	return l.file.Remove()
}

// RemoveUnwritten removes the log, as Remove does, if no game was written
// to it, and otherwise closes it with its games: for a run stopped by a
// signal, which may come as its game is being written.
func (l *File) RemoveUnwritten() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return nil
	}
	l.done = true
	if l.games > 0 {
		return l.file.Close()
	}
	return l.file.Remove()
}
