package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyDirIsBadInput: a directory with no file to read in it (a
// hidden one is skipped) holds no game, which is bad input (exit 3) for
// every command that reads logs or summaries from directories, as an
// empty file is; the message names the directory. Before, batch and
// convert exited 0 with "0 games read".
func TestEmptyDirIsBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".hidden"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"batch", "--quick"}, {"convert"}, {"merge"}, {"log", "check"}} {
		code, out, errOut := runCLI(t, "", append(args, dir)...)
		if code != ExitBadInput || !strings.Contains(errOut, dir+": a directory with no file") {
			t.Errorf("%v on an empty directory: exit %d, stdout %q, stderr %q; want exit %d naming it", args, code, out, errOut, ExitBadInput)
		}
	}
}
