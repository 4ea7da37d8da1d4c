//go:build linux

package arena

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// reaperOnce makes the arena's process a child subreaper, once: the
// processes an engine leaves behind when it ends, those that left its
// process group by setsid included, become the arena's children rather
// than init's, so that the arena can end them and collect them.
var reaperOnce sync.Once

func becomeSubreaper() {
	reaperOnce.Do(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

// endStrays ends every process that carries the engine's token in its
// environment, wherever it is (a helper that called setsid is in no group
// of the engine's), and collects those that are the arena's children. It
// scans again while it finds some, a bounded number of times, for the
// children they started meanwhile.
func endStrays(token string) {
	if token == "" {
		return
	}
	self := os.Getpid()
	for round := 0; round < 50; round++ {
		found := false
		procs, _ := filepath.Glob("/proc/[0-9]*")
		for _, dir := range procs {
			pid, err := strconv.Atoi(filepath.Base(dir))
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile(dir + "/environ")
			if err != nil || !carriesToken(env, token) {
				continue
			}
			found = true
			_ = unix.Kill(pid, unix.SIGKILL)
			if parentOf(pid) == self {
				var ws unix.WaitStatus
				_, _ = unix.Wait4(pid, &ws, 0, nil)
			}
		}
		if !found {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// parentOf returns the process's parent, from /proc, or 0.
func parentOf(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command's name, in parentheses, may hold anything: the fields
	// after its last parenthesis are the state and the parent.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	return ppid
}
