// Package browsertest finds the headless browser that the tests of web
// pages use, and says so, visibly, when it is missing.
package browsertest

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Install is how to install the browser on Debian and Ubuntu.
const Install = "apt-get install chromium"

// Required names the variable that, set, makes a missing browser fail the
// tests instead of skipping them; CI sets it.
const Required = "GINADVISOR_REQUIRE_CHROMIUM"

// find returns the path of a headless Chromium on the PATH, or "".
func find() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Chromium returns the path of a headless Chromium, or skips the test;
// with Required set, the test fails instead.
func Chromium(t testing.TB) string {
	t.Helper()
	if p := find(); p != "" {
		return p
	}
	if os.Getenv(Required) != "" {
		t.Fatal("no chromium on the PATH")
	}
	t.Skip("no chromium on the PATH (" + Install + ")")
	return ""
}

// Main runs a package's tests for its TestMain and returns the exit code.
// tests names the package's tests that call Chromium. When there is no
// Chromium and the browser is not Required, it prints one line naming
// those of them that ran and so skipped. go test hides the output of a
// passing package unless run with -v, so the line goes to the go
// command's own standard error when go test is the parent (see visible).
func Main(m *testing.M, tests ...string) int {
	code := m.Run()
	if find() != "" || os.Getenv(Required) != "" {
		return code
	}
	if skipped := selected(tests); len(skipped) > 0 {
		w, closeIt := visible()
		fmt.Fprintf(w, "browsertest: no chromium on the PATH, skipped %s (%s)\n", strings.Join(skipped, ", "), Install)
		closeIt()
	}
	return code
}

// selected returns the tests that -test.run chose and -test.skip did not.
func selected(tests []string) []string {
	match := func(name, pattern string) bool {
		if pattern == "" {
			return false
		}
		first, _, _ := strings.Cut(pattern, "/")
		ok, err := regexp.MatchString(first, name)
		return err == nil && ok
	}
	run, skip := flagValue("test.run"), flagValue("test.skip")
	var out []string
	for _, name := range tests {
		if (run == "" || match(name, run)) && !match(name, skip) {
			out = append(out, name)
		}
	}
	return out
}

func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// visible returns where a line is seen in a plain go test run: the
// standard error of the parent process when that is the go command (on
// Linux, where /proc names it), else this process's own standard error.
func visible() (io.Writer, func()) {
	parent := "/proc/" + strconv.Itoa(os.Getppid())
	if exe, err := os.Readlink(parent + "/exe"); err == nil && strings.TrimSuffix(filepath.Base(exe), ".exe") == "go" {
		if f, err := os.OpenFile(parent+"/fd/2", os.O_WRONLY|os.O_APPEND, 0); err == nil {
			return f, func() { f.Close() }
		}
	}
	return os.Stderr, func() {}
}
