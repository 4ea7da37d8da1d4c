//go:build !unix

package arena

import (
	"os"
	"os/exec"
)

var (
	sigTerm = os.Kill
	sigKill = os.Kill
)

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// signalGroup ends the process itself where there are no groups.
func signalGroup(cmd *exec.Cmd, _ os.Signal) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

func groupAlive(*exec.Cmd) bool { return false }

// noFollow is nothing where open has no O_NOFOLLOW.
const noFollow = 0

func isLoop(error) bool { return false }
