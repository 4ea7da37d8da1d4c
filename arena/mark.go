package arena

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
)

// tokenVar is the environment variable that marks an engine's processes
// with a token of its own, inherited by every process it starts.
const tokenVar = "GINADVISOR_ARENA_ENGINE"

// markEngine gives the command a fresh token in its environment and
// returns it.
func markEngine(cmd *exec.Cmd) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	cmd.Env = append(os.Environ(), tokenVar+"="+token)
	return token
}

// startWatched starts the command, the arena made a subreaper first where
// the platform allows.
func startWatched(cmd *exec.Cmd) error {
	becomeSubreaper()
	return cmd.Start()
}
