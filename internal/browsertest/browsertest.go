// Package browsertest finds the headless browser that the tests of web
// pages use.
package browsertest

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium returns the path of a headless Chromium, or skips the test; CI
// installs one and sets GINADVISOR_REQUIRE_CHROMIUM, so that there the test
// fails instead.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GINADVISOR_REQUIRE_CHROMIUM") != "" {
		t.Fatal("no chromium on the PATH")
	}
	t.Skip("no chromium on the PATH (apt-get install chromium)")
	return ""
}
