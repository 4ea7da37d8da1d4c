// Package eaai tests the bridge to the EAAI framework in contrib/eaai: the
// Java class GinadvisorPlayer, driven by a controller of our own that makes
// the framework's calls in the framework's order.
package eaai

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/protocol"
)

// TestHelperEngine is not a test: run by TestBridge as the bridge's
// engine, it serves the protocol on stdin and stdout.
func TestHelperEngine(t *testing.T) {
	if len(os.Args) < 2 || os.Args[len(os.Args)-1] != "engine" {
		return
	}
	_ = protocol.New(os.Stdout, "ginadvisor-test").Serve(context.Background(), os.Stdin)
	os.Exit(0)
}

// TestBridge compiles the bridge, stand-ins for the framework's Card and
// GinRummyPlayer, and the controller, then plays hands through it: every
// answer of the bridge must be legal, and the engine must refuse none of
// the events the bridge sends it.
func TestBridge(t *testing.T) {
	javac, err1 := exec.LookPath("javac")
	java, err2 := exec.LookPath("java")
	if err1 != nil || err2 != nil {
		if os.Getenv("GINADVISOR_REQUIRE_JAVA") != "" {
			t.Fatal("no javac or java on the PATH")
		}
		t.Skip("no javac or java on the PATH")
	}
	dir := t.TempDir()
	var sources []string
	for _, glob := range []string{"test/ginrummy/*.java", "src/ginadvisor/*.java", "test/ginadvisor/*.java"} {
		m, _ := filepath.Glob(glob)
		sources = append(sources, m...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, javac, append([]string{"-d", dir}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	engine := os.Args[0] + " -test.run=^TestHelperEngine$ engine"
	cmd := exec.CommandContext(ctx, java, "-cp", dir, "-Dginadvisor.engine="+engine, "-Dginadvisor.samples=16", "ginadvisor.Controller", "6")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the controller: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if got := strings.TrimSpace(stdout.String()); got != "ok 6" {
		t.Fatalf("the controller says %q\n%s", got, stderr.String())
	}
	if strings.Contains(stderr.String(), "error") {
		t.Fatalf("the engine refused what the bridge sent:\n%s", stderr.String())
	}
}
