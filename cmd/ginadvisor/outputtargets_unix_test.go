//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputsOnlyWhereMeant: an output is refused when its target, with
// its links followed (a dangling one included), lies in an input
// directory, or is the file standard input comes from; "-" is standard
// output for --html as for every output flag.
func TestOutputsOnlyWhereMeant(t *testing.T) {
	sample, err := filepath.Abs(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.Mkdir("d", 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, sample, filepath.Join("d", "games.log"))
	if err := os.Symlink(filepath.Join("d", "new.csv"), "out.csv"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"batch", "--quick", "--csv", "out.csv", "d"},
		{"convert", "--out", "out.csv", "d"},
	} {
		code, errOut := runBatch(context.Background(), strings.NewReader(""), args...)
		if code != ExitUsage || !strings.Contains(errOut, "is in the input directory d") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
		if _, err := os.Lstat(filepath.Join("d", "new.csv")); err == nil {
			t.Fatalf("%v wrote d/new.csv inside its input directory", args)
		}
	}

	// The file stdin comes from, through /dev/stdin.
	other := copyFile(t, sample, "other.log")
	copyFile(t, sample, "in.log")
	var f *os.File
	f, err = os.Open("other.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// In a process of its own that is /dev/stdin; here the test's stdin is
	// another file, so the same file is named by its descriptor.
	code, errOut := runBatch(context.Background(), f, "batch", "--quick", "--csv", fmt.Sprintf("/dev/fd/%d", f.Fd()), "in.log")
	if code == 0 || !strings.Contains(errOut, "--csv") {
		t.Errorf("--csv /dev/stdin < other.log: exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile("other.log"); string(got) != string(other) {
		t.Errorf("--csv /dev/stdin wrote %d bytes into the file stdin came from", len(got)-len(other))
	}

	// --html - is standard output.
	var out, errs strings.Builder
	code = runContext(context.Background(), []string{"ginadvisor", "batch", "--quick", "--html", "-", "in.log"}, strings.NewReader(""), &out, &errs, noEnv)
	if code != 0 || !strings.Contains(strings.ToLower(out.String()), "<!doctype html>") {
		t.Errorf("--html -: exit %d, stdout %.80q, stderr %s", code, out.String(), errs.String())
	}
	if _, err := os.Lstat("-"); err == nil {
		t.Error("--html - made a file named -")
	}
}
