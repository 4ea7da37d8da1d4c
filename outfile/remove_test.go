package outfile

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestGrowingRemove: Remove takes away a file Start created, and leaves a
// file that was there before, replaced or not, and a file put in the
// created one's place since.
func TestGrowingRemove(t *testing.T) {
	tests := []struct {
		name     string
		before   bool // a file is there before Start, which replaces it
		swap     bool // another file takes the name before Remove
		wantGone bool
	}{
		{"created", false, false, true},
		{"replaced", true, false, false},
		{"created, then moved aside", false, true, false},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "run.log")
		if tt.before {
			if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		g, err := Start(context.Background(), path, tt.before)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Append([]byte("header\n")); err != nil {
			t.Fatal(err)
		}
		if tt.swap {
			if err := os.Rename(path, path+".aside"); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte("someone else's\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Remove(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err = os.Stat(path)
		if gone := os.IsNotExist(err); gone != tt.wantGone {
			t.Errorf("%s: gone %v, want %v", tt.name, gone, tt.wantGone)
		}
	}
}
