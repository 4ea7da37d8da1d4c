package outfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrExists means a growing file would overwrite a file that it was not
// told to replace.
var ErrExists = errors.New("the file exists")

// ErrLocked means another process holds a growing file's lock: another
// run is appending to it.
var ErrLocked = errors.New("another run is appending to it")

// ErrNotRegular means a growing file to be continued is not a regular
// file (a FIFO, a device): what it holds cannot be read back and
// continued, and reading a FIFO or a device could wait for ever.
var ErrNotRegular = errors.New("not a regular file, which a run could read back and continue")

// Growing is a file written in place by whole records, such as the games
// of a log: each record goes down in one write and, in a regular file, is
// synced, so that a run killed at any moment leaves every record it
// finished, and at most the one being written cut short. A regular file
// is locked while it is open (an advisory lock, flock on unix), so that
// two runs never append to it at once: the second is refused with
// ErrLocked.
type Growing struct {
	f    *os.File
	sync bool // a regular file, which fsync applies to
	// created names the regular file Start created, which Remove may
	// take away again; it is empty for a file that was there before.
	created string
	// path is the regular file's name, links followed, which Rewrite
	// replaces.
	path string
}

// Start begins a growing file at path. A regular file already there is
// refused with ErrExists, unless replace says to empty it; what is not a
// regular file (a FIFO, a device) is written directly. A symbolic link is
// followed, and a new file has the mode a create gives under the umask.
// A FIFO waits a bounded time for its reader, and less once ctx is done.
func Start(ctx context.Context, path string, replace bool) (*Growing, error) {
	t, err := locate(path)
	if err != nil {
		return nil, err
	}
	flag := os.O_WRONLY
	switch {
	case t.direct && t.appends:
		flag |= os.O_APPEND
	case t.direct:
	case t.info != nil && !replace:
		return nil, fmt.Errorf("%w: %s", ErrExists, path)
	case t.info != nil:
		// Emptied once locked, so that a run appending to it keeps it.
	default:
		// O_EXCL: a file that appears meanwhile is not overwritten.
		flag |= os.O_CREATE | os.O_EXCL
	}
	var f *os.File
	if t.direct {
		f, err = openDirect(ctx, t, flag)
	} else {
		f, err = os.OpenFile(t.path, flag, 0o666)
	}
	if errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("%w: %s", ErrExists, path)
	} else if err != nil {
		return nil, err
	}
	g := &Growing{f: f, sync: !t.direct, path: t.path}
	if t.info == nil && !t.direct {
		g.created = t.path
	}
	if err := g.lock(path); err != nil {
		return nil, err
	}
	if t.info != nil && !t.direct {
		if err := g.Cut(0); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Open opens the growing file at path, locked, to add records after those
// it holds; a file that is not there is created, and what is there but
// not a regular file is refused with ErrNotRegular. The lock comes first,
// so that what the caller reads of the file then, to find its whole
// records and Cut the rest, stays so while it appends.
func Open(path string) (*Growing, error) {
	t, err := locate(path)
	if err != nil {
		return nil, err
	}
	if t.direct {
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	f, err := os.OpenFile(t.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	g := &Growing{f: f, sync: true, path: t.path}
	if err := g.lock(path); err != nil {
		return nil, err
	}
	return g, nil
}

// Rewrite replaces all that the growing file holds with what write
// writes, at once: through a temporary file beside it, synced, and locked
// before it takes the file's name, so that no other run finds the file
// unlocked in between, and a run killed meanwhile leaves the file as it
// was. The file then grows after what write wrote, and keeps its mode.
// What is not a regular file is refused with ErrNotRegular.
func (g *Growing) Rewrite(write func(io.Writer) error) error {
	if !g.sync {
		return ErrNotRegular
	}
	info, err := g.f.Stat()
	if err != nil {
		return err
	}
	f, err := createTemp(g.path, info.Mode().Perm())
	if err != nil {
		return err
	}
	err = f.Chmod(info.Mode().Perm()) // what the umask took
	if err == nil {
		err = write(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = lockFile(f)
	}
	if err == nil {
		err = os.Rename(f.Name(), g.path)
	}
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	g.f.Close()
	g.f = f
	return nil
}

// Continue opens the growing file at path, locked, to add records after
// its first keep bytes, which hold whole records: whatever follows them,
// a record cut short, is cut off. A file that is not there is created.
func Continue(path string, keep int64) (*Growing, error) {
	g, err := Open(path)
	if err != nil {
		return nil, err
	}
	if err := g.Cut(keep); err != nil {
		return nil, err
	}
	return g, nil
}

// Cut cuts a regular file after its first keep bytes, the whole records,
// and closes it on failure; what is not a regular file is left as it is.
func (g *Growing) Cut(keep int64) error {
	if !g.sync {
		return nil
	}
	if err := g.f.Truncate(keep); err != nil {
		g.f.Close()
		return err
	}
	return nil
}

// lock takes the file's lock, and closes it when another process holds
// the lock; what is not a regular file is not locked.
func (g *Growing) lock(path string) error {
	if !g.sync {
		return nil
	}
	if err := lockFile(g.f); err != nil {
		g.f.Close()
		if errors.Is(err, ErrLocked) {
			return fmt.Errorf("%w: %s", ErrLocked, path)
		}
		return err
	}
	return nil
}

// Append writes one record in one write and syncs it.
func (g *Growing) Append(record []byte) error {
	if _, err := g.f.Write(record); err != nil {
		return err
	}
	if g.sync {
		return g.f.Sync()
	}
	return nil
}

// Close closes the file, which releases its lock. What was appended stays.
func (g *Growing) Close() error { return g.f.Close() }

// Remove closes the file and removes it, when Start created it and its
// name still leads to it: for a run that ends with nothing worth keeping,
// so that the file does not stand in the way of the next run. A file that
// was there before Start (one replaced, a FIFO, a device) is only closed.
func (g *Growing) Remove() error {
	if g.created != "" {
		// Removed while still locked, and only if it is still this file.
		mine, err1 := g.f.Stat()
		now, err2 := os.Lstat(g.created)
		if err1 == nil && err2 == nil && os.SameFile(mine, now) {
			if err := os.Remove(g.created); err != nil {
				g.f.Close()
				return err
			}
		}
	}
	return g.f.Close()
}
