//go:build unix

package outfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// openDirect opens a target that is written directly. A FIFO is opened
// without blocking, since a plain open waits for a reader for ever, deaf
// to the signals the command catches: it is tried again, every 20 ms,
// until a reader comes, ctx is done, or FIFOWait has passed.
func openDirect(ctx context.Context, t target, flag int) (*os.File, error) {
	if t.info == nil || t.info.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(t.path, flag, 0o666)
	}
	deadline := time.Now().Add(FIFOWait)
	for {
		f, err := os.OpenFile(t.path, flag|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.ENXIO) {
			return nil, err
		}
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("%s: %w", t.path, ErrNoReader)
		}
		t := time.NewTimer(20 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
