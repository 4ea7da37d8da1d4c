//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"
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
		{[]string{"match", "--p1", "simple", "--p2", "simple", "--games", "2", "--deals", "/dev/zero"}, "a line longer than"},
	}
	for _, tt := range tests {
		code, out, errText := runCLI(t, "", tt.args...)
		if code != 2 || out != "" || !strings.Contains(errText, tt.want) || strings.Contains(errText, "game 1") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(tt.args, " "), code, out, errText)
		}
	}
}
