//go:build unix

package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// samplePath is a log of two games for batch's outputs to be written
// from.
var samplePath = filepath.Join("..", "..", "testdata", "sample.log")

// watchedReader is a standard input that records whether anything read
// it: batch reads its inputs in order, so an input "-" after the others
// is read only once the analysis has begun.
type watchedReader struct {
	r    io.Reader
	read atomic.Bool
}

func (w *watchedReader) Read(p []byte) (int, error) {
	w.read.Store(true)
	return w.r.Read(p)
}

// runBatch runs ginadvisor with stdin and returns the exit code and stderr.
func runBatch(ctx context.Context, stdin io.Reader, args ...string) (int, string) {
	var out, errOut strings.Builder
	code := runContext(ctx, append([]string{"ginadvisor"}, args...), stdin, &out, &errOut, noEnv)
	return code, errOut.String()
}

// copyFile copies the file at from to a new file at to.
func copyFile(t *testing.T, from, to string) []byte {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}

// dirNames lists the names in dir, hidden ones (temporary files) included.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestBatchRefusesAnInputAsOutput: every output of batch that names one of
// its inputs, directly, through a symbolic or a hard link, as a file of an
// input directory, or as the file standard input is redirected from, is a
// usage error before any work, and the input is left as it was.
func TestBatchRefusesAnInputAsOutput(t *testing.T) {
	t.Parallel()
	// Each setup names the output and the inputs in a directory that
	// holds in.log, link.log (a symbolic link to it) and hard.log (a hard
	// link); "" is the directory itself, and "-" standard input, which is
	// in.log when stdin says so.
	setups := []struct {
		name   string
		out    string
		inputs []string
		stdin  bool
	}{
		{"directly", "in.log", []string{"in.log"}, false},
		{"symlink", "link.log", []string{"in.log"}, false},
		{"hard link", "hard.log", []string{"in.log"}, false},
		{"in a directory", "in.log", []string{""}, false},
		{"as stdin", "in.log", []string{"-"}, true},
	}
	for _, flag := range []string{"--html", "--csv", "--jsonl", "--players-csv"} {
		for _, st := range setups {
			t.Run(flag+" "+st.name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				in := filepath.Join(dir, "in.log")
				data := copyFile(t, samplePath, in)
				if err := os.Symlink("in.log", filepath.Join(dir, "link.log")); err != nil {
					t.Skip(err)
				}
				if err := os.Link(in, filepath.Join(dir, "hard.log")); err != nil {
					t.Skip(err)
				}
				out := filepath.Join(dir, st.out)
				var inputs []string
				for _, name := range st.inputs {
					if name != "-" {
						name = filepath.Join(dir, name)
					}
					inputs = append(inputs, name)
				}
				// Standard input is read only once the analysis begins.
				var stdin io.Reader = &watchedReader{r: strings.NewReader("")}
				began := func() bool { return stdin.(*watchedReader).read.Load() }
				if st.stdin {
					f, err := os.Open(in)
					if err != nil {
						t.Fatal(err)
					}
					defer f.Close()
					stdin = f
					began = func() bool { at, _ := f.Seek(0, io.SeekCurrent); return at != 0 }
				} else {
					inputs = append(inputs, "-")
				}
				args := append([]string{"batch", "--quick", "--quiet", flag, out}, inputs...)
				code, errOut := runBatch(context.Background(), stdin, args...)
				if code != ExitUsage || !strings.Contains(errOut, flag+": the output is also an input") {
					t.Errorf("exit %d, stderr %q; want exit %d, the output refused", code, errOut, ExitUsage)
				}
				if began() {
					t.Error("the analysis began")
				}
				if b, _ := os.ReadFile(in); string(b) != string(data) {
					t.Errorf("the input now holds %.60q", b)
				}
				if names := dirNames(t, dir); len(names) != 3 {
					t.Errorf("the directory holds %q", names)
				}
			})
		}
	}
}

// TestBatchOutputsNamingOneFile: two outputs that name the same file, by
// any path, are a usage error before any work, since the one put in
// place first would be lost.
func TestBatchOutputsNamingOneFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		paths func(dir string) (a, b string)
	}{
		{"one path", func(d string) (string, string) { return filepath.Join(d, "out"), filepath.Join(d, "out") }},
		{"a new file by two paths", func(d string) (string, string) { return filepath.Join(d, "new"), filepath.Join(d, ".", "new") }},
		{"a symlink", func(d string) (string, string) { return filepath.Join(d, "out"), filepath.Join(d, "link") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			if err := os.WriteFile(out, []byte("precious\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("out", filepath.Join(dir, "link")); err != nil {
				t.Skip(err)
			}
			a, b := tt.paths(dir)
			watched := &watchedReader{r: strings.NewReader("")}
			code, errOut := runBatch(context.Background(), watched, "batch", "--quick", "--quiet", "--csv", a, "--jsonl", b, samplePath, "-")
			if code != ExitUsage || !strings.Contains(errOut, "--csv and --jsonl name the same file") {
				t.Errorf("exit %d, stderr %q; want exit %d, the outputs refused", code, errOut, ExitUsage)
			}
			if watched.read.Load() {
				t.Error("the analysis began")
			}
			if b, _ := os.ReadFile(out); string(b) != "precious\n" {
				t.Errorf("the file now holds %.60q", b)
			}
			if names := dirNames(t, dir); len(names) != 2 {
				t.Errorf("the directory holds %q", names)
			}
		})
	}
}

// TestBatchBadOutputFailsFirst: an output path that cannot be written is
// a usage error before any work, and the other outputs are left as they
// were.
func TestBatchBadOutputFailsFirst(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		path   func(dir string) string
		asRoot bool // root writes where permissions say not to
	}{
		{"no such directory", func(d string) string { return filepath.Join(d, "missing", "report.html") }, true},
		{"a directory", func(d string) string { return d }, true},
		{"under a file", func(d string) string { return filepath.Join(d, "keep.csv", "report.html") }, true},
		{"a directory not writable", func(d string) string { return filepath.Join(d, "locked", "report.html") }, false},
		{"a file not writable", func(d string) string { return filepath.Join(d, "locked.html") }, false},
	}
	for _, flag := range []string{"--html", "--players-csv"} {
		for _, tt := range tests {
			t.Run(flag+" "+tt.name, func(t *testing.T) {
				t.Parallel()
				if !tt.asRoot && os.Geteuid() == 0 {
					t.Skip("root may write anywhere")
				}
				dir := t.TempDir()
				keep := filepath.Join(dir, "keep.csv")
				if err := os.WriteFile(keep, []byte("precious\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Mkdir(filepath.Join(dir, "locked"), 0o500); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "locked.html"), nil, 0o400); err != nil {
					t.Fatal(err)
				}
				watched := &watchedReader{r: strings.NewReader("")}
				code, errOut := runBatch(context.Background(), watched, "batch", "--quick", "--quiet", "--csv", keep, flag, tt.path(dir), samplePath, "-")
				if code != ExitUsage || !strings.Contains(errOut, flag+": ") {
					t.Errorf("exit %d, stderr %q; want exit %d, %s refused", code, errOut, ExitUsage, flag)
				}
				if watched.read.Load() {
					t.Error("the analysis began")
				}
				if b, _ := os.ReadFile(keep); string(b) != "precious\n" {
					t.Errorf("--csv now holds %.60q", b)
				}
				if names := dirNames(t, dir); len(names) != 3 {
					t.Errorf("the directory holds %q", names)
				}
			})
		}
	}
}

// TestInterruptedBatchLeavesOutputs stops a batch once it has analysed a
// game, as Ctrl-C does: every output file is left as it was, with no
// temporary file, the run says so, and it exits 130.
func TestInterruptedBatchLeavesOutputs(t *testing.T) {
	dir := t.TempDir()
	outs := map[string]string{"--csv": "out.csv", "--jsonl": "out.jsonl", "--players-csv": "players.csv", "--html": "report.html"}
	args := []string{"batch", "--quick", "--quiet"}
	for flag, name := range outs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("precious "+name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, flag, path)
	}
	args = append(args, "-")
	data := []byte(sampleLog(t))
	// Standard input gives the games and stays open: the run can end
	// only by the cancel.
	pr, pw := io.Pipe()
	go pw.Write(data)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type ended struct {
		code   int
		stderr string
	}
	done := make(chan ended, 1)
	go func() {
		code, errOut := runBatch(ctx, pr, args...)
		done <- ended{code, errOut}
	}()
	// The decisions of the first game are written: the old code had
	// counted it analysed by then.
	waitFor(func() bool {
		for _, e := range dirNames(t, dir) {
			if info, err := os.Stat(filepath.Join(dir, e)); err == nil && strings.HasPrefix(e, ".out.jsonl.") && info.Size() > 0 {
				return true
			}
		}
		return false
	})
	cancel()
	pw.Close()
	end := <-done
	if end.code != ExitInterrupted || !strings.Contains(end.stderr, "interrupted: the outputs were left as they were") {
		t.Errorf("exit %d, stderr %q; want exit %d, and the outputs left", end.code, end.stderr, ExitInterrupted)
	}
	for _, name := range outs {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != "precious "+name+"\n" {
			t.Errorf("%s now holds %.60q", name, b)
		}
	}
	if names := dirNames(t, dir); len(names) != len(outs) {
		t.Errorf("the directory holds %q", names)
	}
}

// TestSignalledBatchLeavesOutputs: batch stopped by SIGINT or SIGTERM
// once it has graded decisions leaves its output files as they were, with
// no temporary file, says so, and exits 130.
func TestSignalledBatchLeavesOutputs(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds the binary and signals it: run with -long")
	}
	bin := linkedBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			csv, html := filepath.Join(dir, "out.csv"), filepath.Join(dir, "report.html")
			for _, path := range []string{csv, html} {
				if err := os.WriteFile(path, []byte("precious\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bin, "batch", "--quick", "--quiet", "--csv", csv, "--html", html, "-")
			var errOut strings.Builder
			cmd.Stderr = &errOut
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Games enough for the CSV to pass its buffer; stdin stays
			// open until the signal.
			header, games, _ := strings.Cut(sampleLog(t), "\n")
			stdin.Write([]byte(header + "\n" + strings.Repeat(games, 20)))
			waitFor(func() bool {
				for _, name := range dirNames(t, dir) {
					info, err := os.Stat(filepath.Join(dir, name))
					if err == nil && strings.HasPrefix(name, ".out.csv.") && info.Size() > 0 {
						return true
					}
				}
				return false
			})
			cmd.Process.Signal(sig)
			stdin.Close()
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != ExitInterrupted || !strings.Contains(errOut.String(), "the outputs were left as they were") {
				t.Errorf("exit %v, stderr %q; want exit %d, the outputs left", err, errOut.String(), ExitInterrupted)
			}
			for _, path := range []string{csv, html} {
				if b, _ := os.ReadFile(path); string(b) != "precious\n" {
					t.Errorf("%s now holds %.60q", filepath.Base(path), b)
				}
			}
			if names := dirNames(t, dir); len(names) != 2 {
				t.Errorf("the directory holds %q", names)
			}
		})
	}
}
