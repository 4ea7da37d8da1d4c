package outfile

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrExists means a growing file would overwrite a file that it was not
// told to replace.
var ErrExists = errors.New("the file exists")

// Growing is a file written in place by whole records, such as the games
// of a log: each record goes down in one write and, in a regular file, is
// synced, so that a run killed at any moment leaves every record it
// finished, and at most the one being written cut short.
type Growing struct {
	f    *os.File
	sync bool // a regular file, which fsync applies to
}

// Start begins a growing file at path. A regular file already there is
// refused with ErrExists, unless replace says to empty it; what is not a
// regular file (a FIFO, a device) is written directly. A symbolic link is
// followed, and a new file has the mode a create gives under the umask.
func Start(path string, replace bool) (*Growing, error) {
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
		flag |= os.O_TRUNC
	default:
		// O_EXCL: a file that appears meanwhile is not overwritten.
		flag |= os.O_CREATE | os.O_EXCL
	}
	var f *os.File
	if t.direct {
		// A FIFO waits a bounded time for its reader.
		f, err = openDirect(context.Background(), t, flag)
	} else {
		f, err = os.OpenFile(t.path, flag, 0o666)
	}
	if errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("%w: %s", ErrExists, path)
	} else if err != nil {
		return nil, err
	}
	return &Growing{f: f, sync: !t.direct}, nil
}

// Continue opens the growing file at path to add records after its first
// keep bytes, which hold whole records: whatever follows them, a record
// cut short, is cut off. A file that is not there is created.
func Continue(path string, keep int64) (*Growing, error) {
	t, err := locate(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(t.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	if !t.direct {
		if err := f.Truncate(keep); err != nil {
			f.Close()
			return nil, err
		}
	}
	return &Growing{f: f, sync: !t.direct}, nil
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

// Close closes the file. What was appended stays.
func (g *Growing) Close() error { return g.f.Close() }
