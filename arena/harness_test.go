//go:build linux

package arena

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startSetsidHelper starts a process that leaves the engine's group and
// session, and writes its pid to path.
func startSetsidHelper(path string) error {
	helper := exec.Command("sleep", "1003")
	helper.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := helper.Start(); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(strconv.Itoa(helper.Process.Pid)), 0o644)
}

// harnessOptions is a two-game match of p1 against simple, of one hand a
// game: what is checked is the harness around the games.
func harnessOptions(t *testing.T, p1 string) Options {
	t.Helper()
	return Options{Rules: shortGames(t, "eaai"), Games: 2, Seed: 3, MaxHands: 1, Players: againstSimple(t, p1), Grace: 200 * time.Millisecond}
}

// TestStartFailureIsNoForfeit: an engine that cannot be started at all is
// the harness's failure, not the engine's: ResolveNames fails before any
// game with the reason, and a match stops on it with no game counted.
func TestStartFailureIsNoForfeit(t *testing.T) {
	o := harnessOptions(t, "engine:/nonexistent/engine")
	if _, err := ResolveNames(context.Background(), o.Players[:], o.Rules, 0); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("ResolveNames: %v", err)
	}
	r, err := Play(context.Background(), o)
	if err == nil || r.Games != 0 || r.Forfeits != [2]int{} {
		t.Errorf("Play: %+v, %v", r, err)
	}
	// An engine that fails its handshake fails before the first game too.
	o = harnessOptions(t, helper("noprotocol"))
	if _, err := ResolveNames(context.Background(), o.Players[:], o.Rules, 0); !errors.Is(err, ErrProtocol) {
		t.Errorf("ResolveNames of an engine of another protocol: %v", err)
	}
}

// TestStderrDirChecked: a --stderr directory that is not there stops the
// match before any game; a file already there is not replaced (unless
// StderrReplace), and a symbolic link there is never followed.
func TestStderrDirChecked(t *testing.T) {
	o := harnessOptions(t, helper("normal"))
	o.StderrDir = filepath.Join(t.TempDir(), "missing")
	if r, err := Play(context.Background(), o); err == nil || r.Games != 0 || r.Forfeits != [2]int{} {
		t.Errorf("a missing directory: %+v, %v", r, err)
	}
	if _, err := (Config{P1: "simple", P2: "simple", Rules: "eaai", Games: 2, Concurrency: 1, StderrDir: o.StderrDir}).Options(); err == nil {
		t.Error("Config.Options accepts a missing --stderr directory")
	}

	dir := t.TempDir()
	o.StderrDir = dir
	kept := filepath.Join(dir, "game000001-player1.stderr")
	if err := os.WriteFile(kept, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := Play(context.Background(), o); err == nil || r.Games != 0 || r.Forfeits != [2]int{} {
		t.Errorf("a file already there: %+v, %v", r, err)
	}
	if b, _ := os.ReadFile(kept); string(b) != "keep me\n" {
		t.Errorf("the file already there now holds %q", b)
	}

	dir = t.TempDir()
	o.StderrDir, o.StderrReplace = dir, true
	target := filepath.Join(t.TempDir(), "target")
	if err := os.WriteFile(target, []byte("untouched\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "game000001-player1.stderr")); err != nil {
		t.Fatal(err)
	}
	if r, err := Play(context.Background(), o); err == nil || !strings.Contains(err.Error(), "symbolic link") || r.Forfeits != [2]int{} {
		t.Errorf("a symbolic link: %+v, %v", r, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "untouched\n" {
		t.Errorf("the link's target now holds %q", b)
	}

	// With StderrReplace a regular file there is replaced.
	dir = t.TempDir()
	o.StderrDir = dir
	if err := os.WriteFile(filepath.Join(dir, "game000001-player1.stderr"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := Play(context.Background(), o); err != nil || r.Games != 2 {
		t.Errorf("replacing: %+v, %v", r, err)
	}
}

// TestHandshakeBounded: an engine that talks on before ginrummyok (yes)
// fails its handshake once it passes the bound, and what the arena
// allocates for it stays within a few MiB.
func TestHandshakeBounded(t *testing.T) {
	yes, err := exec.LookPath("yes")
	if err != nil {
		t.Skip("no yes here")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Start(context.Background(), yes, StartOptions{Handshake: 3 * time.Second, Grace: 200 * time.Millisecond})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrHandshakeTooLong) {
		t.Errorf("yes: %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("the handshake of yes allocated %d bytes", n)
	}
}

// TestSetsidHelperEnded: a helper the engine started in a session of its
// own, out of the engine's process group, is ended with the engine.
func TestSetsidHelperEnded(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	p, err := Start(context.Background(), helper("setsid")[len("engine:"):]+" "+pidFile, StartOptions{Grace: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pidFile)
	pid, _ := strconv.Atoi(string(b))
	if err != nil || pid <= 0 {
		p.Close()
		t.Fatalf("the helper's pid: %q, %v", b, err)
	}
	defer syscall.Kill(pid, syscall.SIGKILL) // on a failure, leave nothing
	p.Close()
	if alive(pid) {
		t.Errorf("the setsid helper %d outlived its engine", pid)
	}
}

// alive says the process runs (a zombie does not), after a bounded
// number of polls for it to end.
func alive(pid int) bool {
	for range 100 {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		s := string(stat)
		if f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(f) > 0 && f[0] == "Z" {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// TestReadDealsBounded: a deals file is read with bounds: an endless file
// of NULs is refused at its first line without reading on, a line of any
// length is read or refused with its line number (never the rest of the
// file dropped), and a byte order mark is skipped.
func TestReadDealsBounded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ReadDeals("/dev/zero")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "/dev/zero:1:") {
		t.Errorf("/dev/zero: %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("reading /dev/zero allocated %d bytes", n)
	}

	dir := t.TempDir()
	long := filepath.Join(dir, "long")
	if err := os.WriteFile(long, []byte("7\n# "+strings.Repeat("x", 100<<10)+"\n8\n9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDeals(long); err == nil || !strings.Contains(err.Error(), long+":2:") {
		t.Errorf("a 100 KiB line: %v", err)
	}
	bom := filepath.Join(dir, "bom")
	if err := os.WriteFile(bom, []byte("\uFEFF7\n8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadDeals(bom); err != nil || len(got) != 2 || got[0].Seed != 7 || got[1].Seed != 8 {
		t.Errorf("a byte order mark: %v, %v", got, err)
	}
}

// TestCarriesToken: an engine's processes are found by their token, an
// inner arena's engines by the outer token too.
func TestCarriesToken(t *testing.T) {
	env := []byte("A=1\x00" + tokenVar + "=outer:inner\x00B=2\x00")
	for _, tt := range []struct {
		token string
		want  bool
	}{{"outer", true}, {"inner", true}, {"inn", false}, {"", false}} {
		if got := carriesToken(env, tt.token); got != tt.want {
			t.Errorf("%q: %v", tt.token, got)
		}
	}
}
