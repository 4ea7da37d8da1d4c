package main

import (
	"strings"
	"testing"
)

// TestEmptyFileNamesRefused: a file flag given an empty value names no
// file, and is refused before any work (exit 2), by every command that
// writes or reads such a file, rather than writing nothing or failing
// once its work is done.
func TestEmptyFileNamesRefused(t *testing.T) {
	for _, args := range [][]string{
		{"convert", "--out", "", "../../testdata/sample.log"},
		{"batch", "--quick", "--csv", "", "../../testdata/sample.log"},
		{"batch", "--quick", "--html", "", "../../testdata/sample.log"},
		{"match", "--p1", "heuristic", "--p2", "simple", "--games", "2", "--log", ""},
		{"match", "--p1", "heuristic", "--p2", "simple", "--games", "2", "--save-deals", ""},
		{"tournament", "--games", "2", "--log", "", "simple", "heuristic"},
		{"simulate", "--games", "2", "--log", ""},
	} {
		code, out, errText := runCLI(t, "", args...)
		flag := args[len(args)-1]
		for i, a := range args {
			if a == "" {
				flag = args[i-1]
			}
		}
		if code != 2 || !strings.Contains(errText, flag+" needs a file name") || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errText)
		}
	}
}
