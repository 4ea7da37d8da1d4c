//go:build unix

package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestFIFOWithoutReaderStops: an output that is a FIFO no process reads
// does not block its open for ever: a done context ends the wait, and a
// FIFO that gets a reader is written.
func TestFIFOWithoutReaderStops(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		f, err := CreateForContext(ctx, fifo, nil)
		if err == nil {
			f.Abort()
		}
		done <- err
	}()
	cancel()
	// A bound that only a blocked open reaches.
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled open: %v", err)
		}
	case <-time.After(FIFOWait + 5*time.Second):
		t.Fatal("the open of a FIFO with no reader blocks")
	}

	// With a reader, the FIFO is written.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := CreateFor(fifo, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 16)
	n, err := r.Read(b)
	if err != nil && err != io.EOF || string(b[:n]) != "hello\n" {
		t.Errorf("read %q, %v", b[:n], err)
	}
}

// TestGrowingFIFOWaitBounded: a growing log that is a FIFO with no reader
// fails with ErrNoReader after FIFOWait instead of blocking for ever.
func TestGrowingFIFOWaitBounded(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("waits FIFOWait; run with -long")
	}
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		g, err := Start(context.Background(), fifo, false)
		if err == nil {
			g.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNoReader) {
			t.Errorf("a FIFO with no reader: %v", err)
		}
	case <-time.After(FIFOWait + 5*time.Second):
		t.Fatal("the open of a FIFO with no reader blocks")
	}
}

// TestGrowingFIFOWaitCancelled: a growing log that is a FIFO with no
// reader stops waiting once its context is done (Ctrl-C), with the
// context's error.
func TestGrowingFIFOWaitCancelled(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := Start(ctx, fifo, false)
	if err == nil {
		g.Close()
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled wait for a reader: %v", err)
	}
}

// TestOpenRefusesWhatIsNotRegular: a growing file to be continued must be
// a regular file; a FIFO would block its open, and a device such as
// /dev/zero would be read for ever.
func TestOpenRefusesWhatIsNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for _, path := range []string{fifo, os.DevNull} {
		g, err := Open(path)
		if err == nil {
			g.Close()
		}
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("Open(%s): %v, want ErrNotRegular", path, err)
		}
	}
}
