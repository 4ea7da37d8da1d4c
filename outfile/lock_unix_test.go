//go:build unix

package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestGrowingIsLocked: while one Growing holds a log, another Start (to
// replace it) or Open (to continue it) is refused with ErrLocked and
// leaves it as it was; once closed, it may be continued.
func TestGrowingIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.log")
	g, err := Start(context.Background(), path, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Append([]byte("header\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Errorf("Open of a locked file: %v", err)
	}
	if _, err := Start(context.Background(), path, true); !errors.Is(err, ErrLocked) {
		t.Errorf("Start of a locked file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "header\n" {
		t.Errorf("the locked file holds %q", b)
	}
	g.Close()
	h, err := Continue(path, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if b, _ := os.ReadFile(path); string(b) != "hea" {
		t.Errorf("continued after 3 bytes, the file holds %q", b)
	}
}

// TestLockedGrowingIsNotReplaced: an output written through a temporary
// file (Create) is refused with ErrLocked onto a growing file that
// another run appends to, which keeps what it holds.
func TestLockedGrowingIsNotReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.log")
	g, err := Start(context.Background(), path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Append([]byte("game 1\n")); err != nil {
		t.Fatal(err)
	}
	if f, err := Create(path, nil); !errors.Is(err, ErrLocked) {
		if err == nil {
			f.Abort()
		}
		t.Errorf("Create onto a locked log: %v, want ErrLocked", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "game 1\n" {
		t.Errorf("the locked log holds %q", b)
	}
}

// TestRewriteKeepsTheLock: a growing file rewritten as a whole holds what
// was written, keeps its mode, grows after it, and is locked throughout:
// another run is still refused after the rewrite.
func TestRewriteKeepsTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.log")
	if err := os.WriteFile(path, []byte("old\nformat\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	err = g.Rewrite(func(w io.Writer) error {
		_, err := io.WriteString(w, "new\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Append([]byte("more\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\nmore\n" {
		t.Errorf("the rewritten file holds %q", b)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the rewritten file's mode: %v, %v", info.Mode(), err)
	}
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Errorf("Open after the rewrite: %v, want ErrLocked", err)
	}
	if f, err := Create(path, nil); !errors.Is(err, ErrLocked) {
		if err == nil {
			f.Abort()
		}
		t.Errorf("Create after the rewrite: %v, want ErrLocked", err)
	}
}
