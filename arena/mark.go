package arena

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// tokenVar is the environment variable that marks an engine's processes
// with a token of its own, inherited by every process it starts.
const tokenVar = "GINADVISOR_ARENA_ENGINE"

// markEngine gives the command a fresh token in its environment and
// returns it. A token the arena itself carries (an arena run as another
// arena's engine) is kept before it, colon-separated, so that the outer
// arena finds the inner one's engines too.
func markEngine(cmd *exec.Cmd) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	value := token
	if outer := os.Getenv(tokenVar); outer != "" {
		value = outer + ":" + token
	}
	cmd.Env = append(os.Environ(), tokenVar+"="+value)
	return token
}

// carriesToken says whether a process's environment, as /proc gives it
// (NUL-separated), marks it with token.
func carriesToken(environ []byte, token string) bool {
	for _, kv := range strings.Split(string(environ), "\x00") {
		if v, ok := strings.CutPrefix(kv, tokenVar+"="); ok {
			return slices.Contains(strings.Split(v, ":"), token)
		}
	}
	return false
}

// startWatched starts the command, the arena made a subreaper first where
// the platform allows.
func startWatched(cmd *exec.Cmd) error {
	becomeSubreaper()
	return cmd.Start()
}
