//go:build unix

package outfile

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
)

// withUmask runs f under the umask mask, then restores the process's own.
// The tests that use it do not run in parallel.
func withUmask(mask int, f func()) {
	old := syscall.Umask(mask)
	defer syscall.Umask(old)
	f()
}

// writeVia writes text to path through Create and commits it.
func writeVia(t *testing.T, path, text string) {
	t.Helper()
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	if _, err := io.WriteString(f, text); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
}

// readFIFO starts a reader of the FIFO at path, whose text arrives on the
// channel once the writer closes it.
func readFIFO(t *testing.T, path string) <-chan string {
	got := make(chan string, 1)
	go func() {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Error(err)
		}
		got <- string(b)
	}()
	return got
}

// onlyFiles checks that dir holds exactly names: no temporary file is left.
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	if !slices.Equal(have, names) {
		t.Fatalf("the directory holds %v, want %v", have, names)
	}
}

// TestRegularFileModes: a new file gets the mode a create gives under the
// umask, and a file replaced keeps its own mode, whatever the umask.
func TestRegularFileModes(t *testing.T) {
	tests := []struct {
		name     string
		umask    int
		existing fs.FileMode // 0: no file there
		want     fs.FileMode
	}{
		{"new under 022", 0o22, 0, 0o644},
		{"new under 027", 0o27, 0, 0o640},
		{"new under 077", 0o77, 0, 0o600},
		{"existing 0644", 0o22, 0o644, 0o644},
		{"existing 0640", 0o22, 0o640, 0o640},
		{"existing 0664 under 022", 0o22, 0o664, 0o664},
		{"existing 0600 under 0", 0, 0o600, 0o600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "report.csv")
			if tt.existing != 0 {
				if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tt.existing); err != nil {
					t.Fatal(err)
				}
			}
			withUmask(tt.umask, func() { writeVia(t, path, "new") })
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := info.Mode(); got != tt.want {
				t.Errorf("mode %v, want %v", got, tt.want)
			}
			if b, _ := os.ReadFile(path); string(b) != "new" {
				t.Errorf("content %q", b)
			}
			onlyFiles(t, dir, "report.csv")
		})
	}
}

// TestNotRegularTargets: a FIFO, a device and a symbolic link are written
// through, never replaced, and no temporary file is made beside them.
func TestNotRegularTargets(t *testing.T) {
	tests := []struct {
		name string
		// make makes the target in dir, and returns the path to write
		// and what to read back (nil: nothing to read).
		make func(t *testing.T, dir string) (path string, read func() string)
		// kept checks that what was there is still there.
		kept func(t *testing.T, dir string)
	}{
		{"FIFO", func(t *testing.T, dir string) (string, func() string) {
			p := mkfifo(t, dir, "ff")
			got := readFIFO(t, p)
			return p, func() string { return <-got }
		}, func(t *testing.T, dir string) { isKind(t, filepath.Join(dir, "ff"), fs.ModeNamedPipe) }},
		{"char device", func(t *testing.T, dir string) (string, func() string) {
			return nullDevice(t, dir), nil
		}, func(t *testing.T, dir string) { isKind(t, nullDevice(t, dir), fs.ModeDevice|fs.ModeCharDevice) }},
		{"symlink to a file", func(t *testing.T, dir string) (string, func() string) {
			target := filepath.Join(dir, "real.log")
			if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
				t.Fatal(err)
			}
			link := symlink(t, "real.log", filepath.Join(dir, "link.log"))
			return link, func() string { b, _ := os.ReadFile(target); return string(b) }
		}, func(t *testing.T, dir string) {
			isKind(t, filepath.Join(dir, "link.log"), fs.ModeSymlink)
			isKind(t, filepath.Join(dir, "real.log"), 0)
			if info, _ := os.Stat(filepath.Join(dir, "real.log")); info.Mode().Perm() != 0o640 {
				t.Errorf("the target's mode is %v", info.Mode())
			}
		}},
		{"dangling symlink", func(t *testing.T, dir string) (string, func() string) {
			link := symlink(t, "new.log", filepath.Join(dir, "link.log"))
			return link, func() string { b, _ := os.ReadFile(filepath.Join(dir, "new.log")); return string(b) }
		}, func(t *testing.T, dir string) { isKind(t, filepath.Join(dir, "link.log"), fs.ModeSymlink) }},
		{"symlink to a FIFO", func(t *testing.T, dir string) (string, func() string) {
			p := mkfifo(t, dir, "ff")
			got := readFIFO(t, p)
			return symlink(t, p, filepath.Join(dir, "link")), func() string { return <-got }
		}, func(t *testing.T, dir string) {
			isKind(t, filepath.Join(dir, "link"), fs.ModeSymlink)
			isKind(t, filepath.Join(dir, "ff"), fs.ModeNamedPipe)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path, read := tt.make(t, dir)
			before, _ := os.ReadDir(dir)
			writeVia(t, path, "new")
			// Kept first: a FIFO replaced would leave its reader waiting.
			tt.kept(t, dir)
			if read != nil && !t.Failed() {
				if got := read(); got != "new" {
					t.Errorf("read back %q", got)
				}
			}
			after, _ := os.ReadDir(dir)
			if len(after) > len(before)+1 { // +1: a dangling link's new target
				t.Errorf("%d files before, %d after", len(before), len(after))
			}
		})
	}
}

// TestLinkLoopRefused: a loop of symbolic links is an error, and the links
// stay as they were.
func TestLinkLoopRefused(t *testing.T) {
	dir := t.TempDir()
	a := symlink(t, "b", filepath.Join(dir, "a"))
	symlink(t, "a", filepath.Join(dir, "b"))
	if _, err := Create(a, nil); err == nil {
		t.Fatal("a loop of links accepted")
	}
	if _, err := Start(context.Background(), a, true); err == nil {
		t.Fatal("a loop of links accepted as a growing file")
	}
	isKind(t, a, fs.ModeSymlink)
	onlyFiles(t, dir, "a", "b")
}

// TestReadOnlyNotReplaced: a file that a create could not open is not
// replaced either.
func TestReadOnlyNotReplaced(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write any file")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "locked.txt")
	if err := os.WriteFile(path, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, nil); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("err %v, want a permission error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("content %q", b)
	}
	onlyFiles(t, dir, "locked.txt")
}

// TestGrowing: a growing file refuses a file there unless told to replace
// it, takes the umask's mode, writes through FIFOs and links, and
// continues after the whole records it is told to keep.
func TestGrowing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.log")
	var g *Growing
	withUmask(0o22, func() {
		var err error
		if g, err = Start(context.Background(), path, false); err != nil {
			t.Fatal(err)
		}
	})
	for _, rec := range []string{"one\n", "two\n"} {
		if err := g.Append([]byte(rec)); err != nil {
			t.Fatal(err)
		}
	}
	// Every record is in the file before Close: nothing is held back.
	if b, _ := os.ReadFile(path); string(b) != "one\ntwo\n" {
		t.Fatalf("before close: %q", b)
	}
	g.Close()
	if info, _ := os.Stat(path); info.Mode() != 0o644 {
		t.Errorf("mode %v", info.Mode())
	}
	if _, err := Start(context.Background(), path, false); !errors.Is(err, ErrExists) {
		t.Fatalf("err %v, want ErrExists", err)
	}
	link := symlink(t, "games.log", filepath.Join(dir, "link.log"))
	if _, err := Start(context.Background(), link, false); !errors.Is(err, ErrExists) {
		t.Fatalf("through a link: err %v, want ErrExists", err)
	}
	// Continued after "one\n", with a cut record after it: the cut goes.
	os.WriteFile(path, []byte("one\ntw"), 0o644)
	if g, err := Continue(link, 4); err != nil {
		t.Fatal(err)
	} else {
		g.Append([]byte("three\n"))
		g.Close()
	}
	if b, _ := os.ReadFile(path); string(b) != "one\nthree\n" {
		t.Errorf("continued: %q", b)
	}
	isKind(t, link, fs.ModeSymlink)
	if g, err := Start(context.Background(), link, true); err != nil {
		t.Fatal(err)
	} else {
		g.Append([]byte("new\n"))
		g.Close()
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("replaced: %q", b)
	}
	fifo := mkfifo(t, dir, "ff")
	got := readFIFO(t, fifo)
	g, err := Start(context.Background(), fifo, false)
	if err != nil {
		t.Fatal(err)
	}
	g.Append([]byte("piped\n"))
	g.Close()
	if s := <-got; s != "piped\n" {
		t.Errorf("FIFO read %q", s)
	}
	isKind(t, fifo, fs.ModeNamedPipe)
}

func mkfifo(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip(err)
	}
	return p
}

func symlink(t *testing.T, dest, link string) string {
	t.Helper()
	if err := os.Symlink(dest, link); err != nil {
		t.Skip(err)
	}
	return link
}

// isKind checks the type bits of path itself (a link is not followed).
func isKind(t *testing.T, path string, kind fs.FileMode) {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Type(); got != kind {
		t.Errorf("%s is %v, want type %v", path, got, kind)
	}
}

// nullDevice is a null device to write: for root, who could replace the
// system's /dev/null if the code under test were wrong, a node of its own
// in dir; for others, /dev/null, whose directory they cannot write.
func nullDevice(t *testing.T, dir string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	p := filepath.Join(dir, "null")
	if _, err := os.Lstat(p); err == nil {
		return p
	}
	if runtime.GOOS != "linux" {
		t.Skip("makes a device node the Linux way")
	}
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skip(err)
	}
	return p
}

// TestRefusesAnOpenInput: an input given as what File.Stat says of it,
// such as standard input redirected from a file, is refused by any name
// of the file, a hard link's included.
func TestRefusesAnOpenInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.txt")
	if err := os.WriteFile(in, []byte("games"), 0o644); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.txt")
	if err := os.Link(in, hard); err != nil {
		t.Skip(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{in, hard} {
		if _, err := CreateFor(path, []fs.FileInfo{info}); !errors.Is(err, ErrIsInput) {
			t.Errorf("%s: err %v, want ErrIsInput", filepath.Base(path), err)
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("%d files in the directory", len(names))
	}
}

// TestCollides: two outputs collide when they would replace the same
// file, by whatever path, whether it exists yet or not; outputs written
// directly never do.
func TestCollides(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a", filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	if err := os.Link(filepath.Join(dir, "a"), filepath.Join(dir, "hard")); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(".", filepath.Join(dir, "here")); err != nil {
		t.Skip(err)
	}
	tests := []struct {
		a, b string
		want bool
	}{
		{"a", "a", true},
		{"a", "link", true},
		{"a", "hard", true},
		{"new", "here/new", true},
		{"a", "b", false},
		{"new", "other", false},
		{"a", "new", false},
	}
	for _, tt := range tests {
		f, err := Create(filepath.Join(dir, tt.a), nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Create(filepath.Join(dir, tt.b), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Collides(g); got != tt.want {
			t.Errorf("%s and %s collide: %v, want %v", tt.a, tt.b, got, tt.want)
		}
		f.Abort()
		g.Abort()
	}
	null, err := Create(os.DevNull, nil)
	if err != nil {
		t.Skip(err)
	}
	defer null.Abort()
	other, err := Create(os.DevNull, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Abort()
	if null.Collides(other) {
		t.Errorf("two outputs to %s collide", os.DevNull)
	}
}
