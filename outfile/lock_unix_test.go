//go:build unix

package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestGrowingIsLocked: while one Growing holds a log, another Start (to
// replace it) or Open (to continue it) is refused with ErrLocked and
// leaves it as it was; once closed, it may be continued.
func TestGrowingIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.log")
	g, err := Start(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Append([]byte("header\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Errorf("Open of a locked file: %v", err)
	}
	if _, err := Start(path, true); !errors.Is(err, ErrLocked) {
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
