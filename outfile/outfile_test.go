package outfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Aborted: the target keeps its content, and no file is left over.
	f, err := Create(target, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	f.Abort()
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Fatalf("after abort: %q", b)
	}
	// Committed: the target is replaced.
	f, err = Create(target, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // nothing after a commit
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Fatalf("after commit: %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files left in the directory", len(entries))
	}
}

func TestRefusesAnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.txt")
	if err := os.WriteFile(in, []byte("games"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(in, link); err != nil {
		t.Skip(err)
	}
	if _, err := Create(link, []string{in}); !errors.Is(err, ErrIsInput) {
		t.Fatalf("err %v, want ErrIsInput", err)
	}
	if b, _ := os.ReadFile(in); string(b) != "games" {
		t.Fatalf("the input changed: %q", b)
	}
	if _, err := Create(filepath.Join(dir, "nodir", "x"), nil); err == nil {
		t.Fatal("a file in a missing directory")
	}
}

// TestCreateErrorNamesTarget checks that a target that cannot be created
// is reported by its own name, not the hidden temporary file's.
func TestCreateErrorNamesTarget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-dir", "out.log")
	_, err := Create(path, nil)
	if !errors.Is(err, fs.ErrNotExist) || err.Error() != "open "+path+": no such file or directory" {
		t.Errorf("Create(%s) = %v", path, err)
	}
}
