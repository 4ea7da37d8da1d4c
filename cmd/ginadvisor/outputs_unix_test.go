//go:build unix

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/outfile"
)

// matchArgs are a short, deterministic match.
var matchArgs = []string{"match", "--p1", "simple", "--p2", "random", "--games", "8", "--json"}

// TestLogOntoAFileNeedsForce: --log onto a file there is a usage error,
// and the file is untouched, unless --force (or, for match, --resume).
func TestLogOntoAFileNeedsForce(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--games", "4", "--quiet"},
		matchArgs,
	} {
		t.Run(args[0], func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.log")
			os.WriteFile(path, []byte("precious\n"), 0o644)
			code, _, errOut := runCLI(t, "", append(args, "--log", path)...)
			if b, _ := os.ReadFile(path); code != ExitUsage || string(b) != "precious\n" || !strings.Contains(errOut, "--force") {
				t.Fatalf("exit %d, %q; the file holds %d bytes, not the 9 it had", code, errOut, len(b))
			}
			if code, _, errOut := runCLI(t, "", append(args, "--log", path, "--force")...); code != ExitOK {
				t.Fatalf("--force: exit %d, %s", code, errOut)
			}
			if code, out, _ := runCLI(t, "", "log", "check", path); code != ExitOK {
				t.Fatalf("log check: exit %d, %s", code, out)
			}
		})
	}
}

// TestResumeCutsATornGame: a log whose last game was cut mid-line, as a
// write stopped part way leaves it, is reported as cut by log check, and
// --resume drops the cut game and ends with the log and result of a run
// never stopped.
func TestResumeCutsATornGame(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.log")
	code, want, errOut := runCLI(t, "", append(matchArgs, "--log", whole)...)
	if code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	data, _ := os.ReadFile(whole)
	second := bytes.Index(data, []byte("\nend\n")) + len("\nend\n")
	cut := bytes.Index(data[second:], []byte("\nrules ")) + second + 20 // inside game 2's rules line
	torn := filepath.Join(dir, "torn.log")
	os.WriteFile(torn, data[:cut], 0o644)
	code, out, _ := runCLI(t, "", "log", "check", torn)
	if code != ExitBadInput || !strings.Contains(out, "torn.log:") || !strings.Contains(out, "cut short") {
		t.Errorf("log check: exit %d, %s", code, out)
	}
	code, got, errOut := runCLI(t, "", append(matchArgs, "--log", torn, "--resume")...)
	if code != ExitOK || got != want || !strings.Contains(errOut, "cut short") {
		t.Fatalf("--resume: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
	}
	if b, _ := os.ReadFile(torn); !bytes.Equal(b, data) {
		t.Errorf("the resumed log differs from the whole one:\n%s", b)
	}
}

// TestOutputKindsThroughConvert: convert --out writes a FIFO and a link
// through, and gives a new file the umask's mode and an old one its own.
func TestOutputKindsThroughConvert(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "sample.log")
	dir := t.TempDir()
	fifo := filepath.Join(dir, "ff")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan []byte, 1)
	go func() { b, _ := os.ReadFile(fifo); got <- b }()
	if code, _, errOut := runCLI(t, "", "convert", "--out", fifo, in); code != ExitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	if info, _ := os.Lstat(fifo); info.Mode().Type() != os.ModeNamedPipe {
		t.Fatalf("the FIFO is now %v", info.Mode())
	}
	if b := <-got; !bytes.HasPrefix(b, []byte("ginadvisor-log")) {
		t.Errorf("the FIFO's reader got %q", b)
	}
	old := filepath.Join(dir, "old.log")
	os.WriteFile(old, nil, 0o640)
	os.Chmod(old, 0o640)
	link := filepath.Join(dir, "link.log")
	os.Symlink("old.log", link)
	mask := syscall.Umask(0o22)
	defer syscall.Umask(mask)
	fresh := filepath.Join(dir, "new.log")
	for _, out := range []string{fresh, link} {
		if code, _, errOut := runCLI(t, "", "convert", "--out", out, in); code != ExitOK {
			t.Fatalf("exit %d, %s", code, errOut)
		}
	}
	for path, want := range map[string]os.FileMode{fresh: 0o644, old: 0o640, link: os.ModeSymlink} {
		if info, _ := os.Lstat(path); info.Mode().Type()|wantPerm(info.Mode(), want) != want {
			t.Errorf("%s: mode %v, want %v", filepath.Base(path), info.Mode(), want)
		}
	}
}

// wantPerm is the permission bits to compare: none for a link, whose own
// bits mean nothing.
func wantPerm(m, want os.FileMode) os.FileMode {
	if want == os.ModeSymlink {
		return 0
	}
	return m.Perm()
}

// waitFor waits, by polling, until cond holds; the test's own deadline
// bounds it.
func waitFor(cond func() bool) {
	for !cond() {
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSignalledConvertLeavesNoTemporaryFile: convert stopped by SIGINT
// or SIGTERM while it waits on its input removes its temporary file,
// leaves no output, and ends.
func TestSignalledConvertLeavesNoTemporaryFile(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds the binary and signals it: run with -long")
	}
	bin := linkedBinary(t)
	game, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.log"))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bin, "convert", "--out", filepath.Join(dir, "tgt.log"), "-")
			stdin, _ := cmd.StdinPipe()
			defer stdin.Close()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stdin.Write(game)
			waitFor(func() bool { e, _ := os.ReadDir(dir); return len(e) > 0 })
			cmd.Process.Signal(sig)
			err := cmd.Wait() // stdin stays open: the signal alone ends it
			if e, _ := os.ReadDir(dir); len(e) != 0 || err == nil {
				t.Errorf("after %v: %d files left, exit %v", sig, len(e), err)
			}
		})
	}
}

// TestKilledMatchLogResumes: a match killed with SIGKILL leaves a log of
// every game it finished, which log check accepts and --resume completes
// to the log and result of a run never stopped.
func TestKilledMatchLogResumes(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds the binary and kills it: run with -long")
	}
	bin := linkedBinary(t)
	dir := t.TempDir()
	args := []string{"match", "--p1", "simple", "--p2", "random", "--games", "400", "--json"}
	whole := filepath.Join(dir, "whole.log")
	want, err := exec.Command(bin, append(args, "--log", whole)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	killed := filepath.Join(dir, "killed.log")
	cmd := exec.Command(bin, append(args, "--log", killed)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(func() bool { b, _ := os.ReadFile(killed); return bytes.Count(b, []byte("\nend\n")) >= 3 })
	cmd.Process.Kill()
	if err := cmd.Wait(); err == nil {
		t.Fatal("the match ended before it was killed, with 3 games of 400 in its log")
	}
	if out, err := exec.Command(bin, "log", "check", killed).CombinedOutput(); err != nil {
		t.Fatalf("log check: %v, %s", err, out)
	}
	got, err := exec.Command(bin, append(args, "--log", killed, "--resume")...).Output()
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("resumed: %v\n%s\nwant %s", err, got, want)
	}
	if a, b := read(t, killed), read(t, whole); a != b {
		t.Error("the resumed log differs from the whole one")
	}
	if e, _ := os.ReadDir(dir); len(e) != 2 {
		t.Errorf("%d files in the directory, want the 2 logs", len(e))
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBatchOneOutputOnStdout: two outputs on standard output, whose lines
// would mix, and --json beside one, whose summary would be lost, are
// usage errors before any work.
func TestBatchOneOutputOnStdout(t *testing.T) {
	in := filepath.Join("..", "..", "testdata", "openspiel", "saved.txt")
	for _, args := range [][]string{
		{"--csv", "-", "--jsonl", "-"},
		{"--players-csv", "-", "--csv", "-"},
		{"--json", "--csv", "-"},
	} {
		code, out, errOut := runCLI(t, "", append(append([]string{"batch", "--quick"}, args...), in)...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, "standard output") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error and nothing on stdout", args, code, out, errOut)
		}
	}
}

// TestSimulateLogOnStdout: with --log naming standard output, as
// /dev/stdout does, stdout carries the log alone and the summary goes to
// stderr; a log elsewhere leaves the summary on stdout.
func TestSimulateLogOnStdout(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	read := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(r)
		read <- data
	}()
	var errOut bytes.Buffer
	// /dev/fd/N names the pipe's end as /dev/stdout names fd 1.
	logPath := fmt.Sprintf("/dev/fd/%d", w.Fd())
	code := run([]string{"ginadvisor", "simulate", "--games", "3", "--seed", "2", "--log", logPath, "--quiet"}, strings.NewReader(""), w, &errOut, noEnv)
	if outfile.SameFile(filepath.Join(t.TempDir(), "games.log"), w) || outfile.SameFile("/dev/null", w) {
		t.Error("another file is taken for stdout")
	}
	w.Close()
	out := string(<-read)
	if code != ExitOK || !strings.HasPrefix(out, "ginadvisor-log 2\n") || strings.Count(out, "\nend\n") != 3 || strings.Contains(out, "Per player") || !strings.Contains(errOut.String(), "Per player") {
		t.Errorf("exit %d, stdout:\n%.300s\nstderr:\n%s", code, out, errOut.String())
	}
}

// TestLogOnStdoutAlone: a log or a decision stream written to the file
// that standard output writes (/dev/stdout, a link to /proc/self/fd/1), a regular
// file or a pipe, holds that output alone, which reads back whole: the
// summary goes to stderr for a log, and is not printed beside a stream,
// as with "-". Before, a match's or a tournament's result overwrote the
// start of a redirected log.
func TestLogOnStdoutAlone(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "sample.log")
	for _, tt := range []struct {
		name string
		args []string // the output path follows
		want string   // what the output starts with
	}{
		{"match", []string{"match", "--p1", "heuristic", "--p2", "simple", "--games", "2", "--log"}, "ginadvisor-log 2\n"},
		{"tournament", []string{"tournament", "--games", "2", "--log"}, "ginadvisor-log 2\n"},
		{"simulate", []string{"simulate", "--games", "2", "--quiet", "--log"}, "ginadvisor-log 2\n"},
		{"batch --csv", []string{"batch", "--quick", "--quiet", "--csv"}, "file,line,game,"},
	} {
		for _, kind := range []string{"file", "pipe"} {
			var w *os.File
			var got func() string
			if kind == "file" {
				f, err := os.Create(filepath.Join(t.TempDir(), "out"))
				if err != nil {
					t.Fatal(err)
				}
				w = f
				got = func() string { b, _ := os.ReadFile(f.Name()); return string(b) }
			} else {
				r, pw, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				w = pw
				read := make(chan []byte)
				go func() { b, _ := io.ReadAll(r); r.Close(); read <- b }()
				got = func() string { return string(<-read) }
			}
			// A link into /proc, as /dev/stdout is, to w as fd 1 would be.
			stdout := filepath.Join(t.TempDir(), "stdout")
			if err := os.Symlink(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), stdout); err != nil {
				t.Skip(err)
			}
			args := append([]string{"ginadvisor"}, tt.args...)
			args = append(args, stdout)
			switch tt.name {
			case "tournament":
				args = append(args, "simple", "heuristic")
			case "batch --csv":
				args = append(args, sample)
			}
			var errOut bytes.Buffer
			code := run(args, strings.NewReader(""), w, &errOut, noEnv)
			w.Close()
			out := got()
			if code != ExitOK || !strings.HasPrefix(out, tt.want) || strings.Contains(out, "wins") || strings.Contains(out, "Per player") {
				t.Errorf("%s to a %s: exit %d, output:\n%.300s\nstderr:\n%.300s", tt.name, kind, code, out, errOut.String())
				continue
			}
			if tt.want == "ginadvisor-log 2\n" {
				code, checked, _ := runCLI(t, out, "log", "check", "-")
				if code != ExitOK || !strings.Contains(checked, "0 skipped") {
					t.Errorf("%s to a %s: the log does not read back: exit %d, %s", tt.name, kind, code, checked)
				}
			}
		}
	}
}

// TestPlayLogOnStdoutRefused: play draws its game on standard output, so
// a --log naming that file (/dev/stdout) would be mixed with the screen:
// it is refused before the game, a usage error.
func TestPlayLogOnStdoutRefused(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdout := filepath.Join(t.TempDir(), "stdout")
	if err := os.Symlink(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), stdout); err != nil {
		t.Skip(err)
	}
	var errOut bytes.Buffer
	code := run([]string{"ginadvisor", "play", "--log", stdout}, strings.NewReader(""), f, &errOut, noEnv)
	if b, _ := os.ReadFile(f.Name()); code != ExitUsage || len(b) != 0 || !strings.Contains(errOut.String(), "is standard output, where the game is played") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, b, errOut.String())
	}
}
