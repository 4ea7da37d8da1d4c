// Package outfile writes output files without clobbering them: the output
// goes to a temporary file beside its target, which replaces the target
// only when the work succeeds, and a target that is also an input is
// refused.
package outfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrIsInput means the output path names one of the inputs.
var ErrIsInput = errors.New("the output is also an input")

// File is an output file being written.
type File struct {
	tmp    *os.File
	target string
	done   bool
}

// Create starts writing path. It refuses a path that is one of inputs (the
// same file, by any name), and creates the temporary file beside path, so
// that a directory that cannot be written fails at once.
func Create(path string, inputs []string) (*File, error) {
	if info, err := os.Stat(path); err == nil {
		for _, in := range inputs {
			if other, err := os.Stat(in); err == nil && os.SameFile(info, other) {
				return nil, fmt.Errorf("%w: %s", ErrIsInput, path)
			}
		}
		if info.IsDir() {
			return nil, fmt.Errorf("%s is a directory", path)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// The temporary file's name means nothing to the user: name the
		// target, with the reason (no such directory, permission denied).
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return &File{tmp: tmp, target: path}, nil
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.tmp.Write(p) }

// Commit closes the temporary file and renames it over the target. After
// Commit, Abort does nothing.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if err := f.tmp.Close(); err != nil {
		os.Remove(f.tmp.Name())
		return err
	}
	if err := os.Rename(f.tmp.Name(), f.target); err != nil {
		os.Remove(f.tmp.Name())
		return err
	}
	return nil
}

// Abort closes and removes the temporary file, leaving the target as it
// was. It does nothing after Commit, so it may be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}
