//go:build unix

package main

import (
	"fmt"
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

// TestArenaHarnessFaultsExitTwo: an engine that does not start, a
// --stderr directory that is not there and a deals file of endless NULs
// end match and tournament with exit 2 and the reason, before any game.
func TestArenaHarnessFaultsExitTwo(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"match", "--p1", "engine:" + filepath.Join(dir, "nosuchbot"), "--p2", "simple", "--games", "200"}, "nosuchbot"},
		{[]string{"tournament", "--games", "2", "simple", "engine:" + filepath.Join(dir, "nosuchbot")}, "nosuchbot"},
		{[]string{"match", "--p1", "simple", "--p2", "simple", "--games", "2", "--stderr", filepath.Join(dir, "missing")}, "--stderr"},
		{[]string{"match", "--p1", "simple", "--p2", "simple", "--games", "2", "--deals", "/dev/zero"}, "binary data, not text, not deals"},
	}
	for _, tt := range tests {
		code, out, errText := runCLI(t, "", tt.args...)
		if code != 2 || out != "" || !strings.Contains(errText, tt.want) || strings.Contains(errText, "game 1") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(tt.args, " "), code, out, errText)
		}
	}
}

// TestCheckEngineLeavesNoSetsidHelper: check-engine on an engine whose
// wrapper starts a helper in a session of its own (setsid) leaves no
// such helper running.
func TestCheckEngineLeavesNoSetsidHelper(t *testing.T) {
	setsid, err := exec.LookPath("setsid")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs setsid and /proc")
	}
	// The test binary serves as ginadvisor under that name (TestMain).
	link := linkedBinary(t)
	dir := filepath.Dir(link)
	// A sleep of its own length, so that its helpers are told apart.
	length := fmt.Sprintf("1006.%d", os.Getpid())
	script := filepath.Join(dir, "engine.sh")
	body := "#!/bin/sh\n" + setsid + " sleep " + length + " &\nexec '" + link + "' engine\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "", "check-engine", "--only", "handshake", "engine:"+script)
	left := sleepers(length)
	for _, pid := range left {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	if code != 0 || len(left) > 0 {
		t.Errorf("exit %d, helpers left %v:\n%s", code, left, out)
	}
}

// sleepers returns the running (not zombie) processes "sleep length".
func sleepers(length string) []int {
	var pids []int
	for range 50 {
		pids = pids[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			cmdline, err := os.ReadFile(d + "/cmdline")
			if err != nil || string(cmdline) != "sleep\x00"+length+"\x00" {
				continue
			}
			stat, _ := os.ReadFile(d + "/stat")
			s := string(stat)
			if f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(f) > 0 && f[0] != "Z" {
				pid, _ := strconv.Atoi(filepath.Base(d))
				pids = append(pids, pid)
			}
		}
		if len(pids) == 0 {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return pids
}
