package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/enginecheck"
)

// TestCheckEngineBuiltIn runs check-engine on the built-in engine: this
// test binary, linked as ginadvisor (see TestMain), serving the protocol.
// Every situation passes and the exit is 0; --json says the same.
func TestCheckEngineBuiltIn(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the engine some twenty times")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "ginadvisor")
	if err := os.Symlink(self, link); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
	engine := `engine:"` + link + `" engine`
	code, out, errText := runCLI(t, "", "check-engine", "--set", "samples=16", "--grace", "30s", "--json", engine)
	var rep enginecheck.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errText)
	}
	for _, r := range rep.Results {
		if !r.Passed {
			t.Errorf("%s: %s\n%s", r.Name, r.Reason, strings.Join(r.Exchange, "\n"))
		}
	}
	if code != 0 || len(rep.Results) < 20 {
		t.Fatalf("exit %d with %d situations", code, len(rep.Results))
	}
	// A command that is no engine fails the check, and exits 1.
	code, out, _ = runCLI(t, "", "check-engine", "--only", "handshake", "engine:"+filepath.Join(dir, "no-such-engine"))
	if code != ExitFailure || !strings.Contains(out, "handshake") || !strings.Contains(out, "FAILED") {
		t.Fatalf("a missing engine: exit %d:\n%s", code, out)
	}
}
