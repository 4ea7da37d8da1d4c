// Package outfile writes output files without harm to what is there. A
// regular file is written through a temporary file beside it, which
// replaces it only when the work succeeds, with the mode a plain create
// would give or the mode the file had. What is not a regular file (a FIFO,
// a device, a terminal, /dev/stdout) is written directly and never
// replaced. A symbolic link is followed and its target written; the link
// stays. A target that is also an input is refused, and so is a growing
// file that another run holds locked. A file that grows by whole records,
// such as a log of games, is written in place instead: see Growing.
package outfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrIsInput means the output path names one of the inputs.
var ErrIsInput = errors.New("the output is also an input")

// ErrLinkLoop means a chain of symbolic links did not end.
var ErrLinkLoop = errors.New("too many levels of symbolic links")

// maxLinks bounds a chain of symbolic links, as the kernel does.
const maxLinks = 40

// File is an output file being written.
type File struct {
	f      *os.File
	tmp    string // the temporary file's name; empty when writing directly
	target string
	info   fs.FileInfo // what the target was when the output began; nil: nothing
	// mu guards done, so that Abort may be called from a goroutine that
	// handles a signal while the work writes or commits.
	mu   sync.Mutex
	done bool
}

// target is where an output path leads: the file to write, what is there
// (nil: nothing yet), and whether it is written directly, in place.
type target struct {
	path   string
	info   fs.FileInfo
	direct bool
	// appends says a direct write adds to the file: a regular file seen
	// through /proc, such as /dev/stdout redirected to a file, whose
	// opener (the shell) keeps writing to it too.
	appends bool
}

// locate finds where path leads. The kernel's view (os.Stat) decides what
// the file is; the links are followed by hand only to find the name of a
// regular file, whose directory holds the temporary file.
func locate(path string) (target, error) {
	info, err := os.Stat(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return target{}, err
	}
	if err == nil && info.IsDir() {
		return target{}, fmt.Errorf("%s is a directory", path)
	}
	if err == nil && !info.Mode().IsRegular() {
		return target{path: path, info: info, direct: true}, nil
	}
	p, viaProc, err := resolve(path)
	if err != nil {
		return target{}, err
	}
	if viaProc {
		// A link into /proc names an open file, not a place in a
		// directory: write it where it is.
		return target{path: path, info: info, direct: true, appends: true}, nil
	}
	return target{path: p, info: info}, nil
}

// resolve follows path's last element through symbolic links to the name
// of what they lead to, which need not exist. viaProc says a link led into
// /proc, whose links name open files rather than paths.
func resolve(path string) (p string, viaProc bool, err error) {
	p = path
	for hops := 0; ; hops++ {
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && info.Mode()&fs.ModeSymlink == 0) {
			return p, false, nil
		} else if err != nil {
			return "", false, err
		}
		if hops == maxLinks {
			return "", false, &os.PathError{Op: "open", Path: path, Err: ErrLinkLoop}
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		if strings.HasPrefix(dest, "/proc/") {
			return "", true, nil
		}
		p = dest
	}
}

// Create starts writing path. It refuses a path that is one of inputs (the
// same file, by any name: a symbolic or a hard link) or a directory. A
// regular file, or none, is written through a temporary file created
// beside it at once, so that a directory that cannot be written fails
// before any work; anything else is opened for writing.
func Create(path string, inputs []string) (*File, error) {
	var infos []fs.FileInfo
	for _, in := range inputs {
		if info, err := os.Stat(in); err == nil {
			infos = append(infos, info)
		}
	}
	return CreateFor(path, infos)
}

// CreateFor is Create with the inputs given as what os.Stat or File.Stat
// says of them, so that an input already open, such as standard input
// redirected from a file, is compared too.
func CreateFor(path string, inputs []fs.FileInfo) (*File, error) {
	return CreateForContext(context.Background(), path, inputs)
}

// FIFOWait bounds the wait for a reader of an output that is a FIFO: past
// it, the output fails with ErrNoReader.
const FIFOWait = 10 * time.Second

// ErrNoReader means an output is a FIFO that no process opened to read
// within FIFOWait.
var ErrNoReader = fmt.Errorf("a FIFO with no reader (waited %v)", FIFOWait)

// CreateForContext is CreateFor that gives up waiting for a FIFO's reader
// once ctx is done.
func CreateForContext(ctx context.Context, path string, inputs []fs.FileInfo) (*File, error) {
	t, err := locate(path)
	if err != nil {
		return nil, err
	}
	if t.info != nil {
		for _, in := range inputs {
			if os.SameFile(t.info, in) {
				return nil, fmt.Errorf("%w: %s", ErrIsInput, path)
			}
		}
	}
	if t.direct {
		flag := os.O_WRONLY
		if t.appends {
			flag |= os.O_APPEND
		}
		f, err := openDirect(ctx, t, flag)
		if err != nil {
			return nil, err
		}
		return &File{f: f, target: t.path, info: t.info}, nil
	}
	return createBeside(t, path)
}

// Collides reports whether f and g would replace the same file, so that
// the one put in place first would be lost. Targets written directly (a
// FIFO, a device) never collide.
func (f *File) Collides(g *File) bool {
	if f.tmp == "" || g.tmp == "" {
		return false
	}
	if f.info != nil || g.info != nil {
		return f.info != nil && g.info != nil && os.SameFile(f.info, g.info)
	}
	return sameName(f.target, g.target)
}

// SameTarget reports whether writing paths a and b would write one file:
// the same file, by any name, when it exists; otherwise, with symbolic
// links followed, the same name in the same directory. An empty path is
// no file.
func SameTarget(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ta, errA := locate(a)
	tb, errB := locate(b)
	if errA != nil || errB != nil {
		return false
	}
	if ta.info != nil || tb.info != nil {
		return ta.info != nil && tb.info != nil && os.SameFile(ta.info, tb.info)
	}
	return sameName(ta.path, tb.path)
}

// sameName says paths a and b, of files not there yet, are the same name
// in the same directory, by whatever path each reaches it.
func sameName(a, b string) bool {
	if filepath.Base(a) != filepath.Base(b) {
		return false
	}
	da, errA := os.Stat(filepath.Dir(a))
	db, errB := os.Stat(filepath.Dir(b))
	return errA == nil && errB == nil && os.SameFile(da, db)
}

// createBeside creates the temporary file that will replace t, with t's
// mode when it exists, and otherwise the mode a create gives under the
// umask. A file the user may not write is not replaced, nor a growing
// file that another run holds locked (ErrLocked).
func createBeside(t target, path string) (*File, error) {
	perm := fs.FileMode(0o666) // the umask takes away what it should
	if t.info != nil {
		perm = t.info.Mode().Perm()
		probe, err := os.OpenFile(t.path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		// A growing file that another run appends to is locked: replacing
		// it would lose what that run writes after.
		err = lockFile(probe)
		probe.Close()
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("%w: %s", ErrLocked, path)
		}
	}
	f, err := createTemp(t.path, perm)
	if err != nil {
		// The temporary file's name means nothing to the user: name the
		// target, with the reason (no such directory, permission denied).
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if t.info != nil {
		// The umask may have taken bits the file had; it is still empty.
		if err := f.Chmod(perm); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
	}
	return &File{f: f, tmp: f.Name(), target: t.path, info: t.info}, nil
}

// createTemp creates a new hidden file beside target, named after it.
func createTemp(target string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(target)
	var err error
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		var f *os.File
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, err
}

// Write writes to the temporary file, or to the target itself when it is
// written directly.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Commit ends the output: the temporary file is synced, closed and renamed
// over the target; a target written directly is closed. After Commit,
// Abort does nothing.
func (f *File) Commit() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return nil
	}
	f.done = true
	if f.tmp == "" {
		return f.f.Close()
	}
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp, f.target)
	}
	if err != nil {
		os.Remove(f.tmp)
	}
	return err
}

// Abort closes and removes the temporary file, leaving the target as it
// was; a target written directly keeps what was written. It does nothing
// after Commit, so it may be deferred, and may be called while another
// goroutine writes.
func (f *File) Abort() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return
	}
	f.done = true
	f.f.Close()
	if f.tmp != "" {
		os.Remove(f.tmp)
	}
}
