package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeGoVersion checks that the README asks for the Go version
// go.mod states.
func TestReadmeGoVersion(t *testing.T) {
	t.Parallel()
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var version string
	for line := range strings.Lines(string(mod)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			version = v
		}
	}
	if version == "" {
		t.Fatal("go.mod has no go line")
	}
	if want := "You need Go " + version + " or later"; !strings.Contains(string(readme), want) {
		t.Errorf("the README does not say %q", want)
	}
}
