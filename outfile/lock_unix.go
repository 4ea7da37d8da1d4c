//go:build unix

package outfile

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, without waiting: one
// that another open file holds is ErrLocked. The lock ends when f is
// closed, or its process ends in any way.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return ErrLocked
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.ENOTSUP), errors.Is(err, syscall.ENOLCK):
			return nil // a file system without locks: unlocked, as before
		}
		return err
	}
}
