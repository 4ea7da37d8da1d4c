// Package eaai tests the bridge to the EAAI framework in contrib/eaai: the
// Java class GinadvisorPlayer, driven by a controller of our own that makes
// the framework's calls in the framework's order.
package eaai

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/protocol"
)

// TestHelperEngine is not a test: run by TestBridge as the bridge's
// engine, it serves the protocol on stdin and stdout.
func TestHelperEngine(t *testing.T) {
	if len(os.Args) < 2 || os.Args[len(os.Args)-1] != "engine" {
		return
	}
	var in io.Reader = os.Stdin
	if path := os.Getenv("GINADVISOR_GO_LOG"); path != "" {
		// Keep the go lines the bridge sends, for TestBridge to read.
		f, err := os.Create(fmt.Sprintf("%s.%d", path, os.Getpid()))
		if err != nil {
			os.Exit(2)
		}
		defer f.Close()
		in = io.TeeReader(os.Stdin, f)
	}
	_ = protocol.New(os.Stdout, "ginadvisor-test").Serve(context.Background(), in)
	os.Exit(0)
}

// The Go engines the tests start (TestHelperEngine, behind the bridge)
// run on one P: an engine of one decision at a time spares the runtime's
// idle spinning on a second core. The tests' own process keeps its Ps.
func init() {
	if os.Getenv("GOMAXPROCS") == "" {
		os.Setenv("GOMAXPROCS", "1")
	}
}

// javaTools finds javac and java, or skips the test without them (fails
// it when GINADVISOR_REQUIRE_JAVA is set).
func javaTools(t *testing.T) (javac, java string) {
	t.Helper()
	javac, err1 := exec.LookPath("javac")
	java, err2 := exec.LookPath("java")
	if err1 != nil || err2 != nil {
		if os.Getenv("GINADVISOR_REQUIRE_JAVA") != "" {
			t.Fatal("no javac or java on the PATH")
		}
		t.Skip("no javac or java on the PATH")
	}
	return javac, java
}

// jvmFlags are the options every JVM of these tests starts with: each
// lives for a second or less, where the C1 compiler alone, the serial
// collector and no perf data file cost a third less CPU to start and run
// than the defaults (the Java code runs the same).
var jvmFlags = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData"}

// TestBridge compiles the bridge, stand-ins for the framework's Card and
// GinRummyPlayer, and the controller, then plays hands through it: every
// answer of the bridge must be legal, and the engine must refuse none of
// the events the bridge sends it.
func TestBridge(t *testing.T) {
	javac, java := javaTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := compiled(ctx, t, javac)
	engine := os.Args[0] + " -test.run=^TestHelperEngine$ engine"
	// Two hands by default, the bridge's player starting one and the
	// other player the next; six with -long.
	hands := "2"
	if longtest.Enabled() {
		hands = "6"
	}
	args := append(slices.Clone(jvmFlags), "-cp", dir, "-Dginadvisor.engine="+engine, "-Dginadvisor.samples=16", "ginadvisor.Controller", hands)
	cmd := exec.CommandContext(ctx, java, args...)
	goLog := filepath.Join(t.TempDir(), "in")
	cmd.Env = append(os.Environ(), "GINADVISOR_GO_LOG="+goLog)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the controller: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if got := strings.TrimSpace(stdout.String()); got != "ok "+hands {
		t.Fatalf("the controller says %q\n%s", got, stderr.String())
	}
	if strings.Contains(stderr.String(), "error") {
		t.Fatalf("the engine refused what the bridge sent:\n%s", stderr.String())
	}
	logs, _ := filepath.Glob(goLog + ".*")
	if len(logs) == 0 {
		t.Fatal("no engine kept its input")
	}
	for _, path := range logs {
		checkGoTimes(t, path)
	}
}

// checkGoTimes reads the lines one engine was sent: every go carries the
// time left of the framework's 30 s, which only falls within a game.
func checkGoTimes(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gos, last := 0, int64(1<<62)
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && f[0] == "newgame":
			last = 1 << 62
		case len(f) > 0 && f[0] == "go":
			var ms int64
			if len(f) != 3 || f[1] != "time" {
				t.Fatalf("the bridge sent %q, want go time MS", line)
			}
			if _, err := fmt.Sscan(f[2], &ms); err != nil || ms < 0 || ms > 30000 || ms > last {
				t.Fatalf("the bridge sent %q after %d ms left: want the time left of 30000, falling", line, last)
			}
			last = ms
			gos++
		}
	}
	if gos == 0 {
		t.Fatal("the bridge sent no go")
	}
}

// compiled returns a directory of the bridge's classes, stand-ins and
// controller, compiled by javac. javac costs seconds of CPU, so the
// classes are kept in the user's cache directory under a hash of the
// sources and javac's path, as go keeps its builds, and compiled again
// only when one of them changes.
func compiled(ctx context.Context, t *testing.T, javac string) string {
	t.Helper()
	var sources []string
	for _, glob := range []string{"test/ginrummy/*.java", "src/ginadvisor/*.java", "test/ginadvisor/*.java", "test/eaaiplayer/*.java"} {
		m, _ := filepath.Glob(glob)
		sources = append(sources, m...)
	}
	h := sha256.New()
	io.WriteString(h, javac)
	for _, s := range sources {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "\x00%s\x00%d\x00", s, len(b))
		h.Write(b)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	dir := filepath.Join(cache, "ginadvisor-test", fmt.Sprintf("eaai-%x", h.Sum(nil)[:12]))
	if _, err := os.Stat(filepath.Join(dir, "ok")); err == nil {
		return dir
	}
	// Compile into a fresh directory and rename it into place, so that a
	// run that stops midway, or one in parallel, never leaves half.
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "tmp-")
	if err != nil {
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if tmp, err = os.MkdirTemp(filepath.Dir(dir), "tmp-"); err != nil {
			t.Fatal(err)
		}
	}
	defer os.RemoveAll(tmp)
	if out, err := exec.CommandContext(ctx, javac, append([]string{"-d", tmp}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(tmp, "ok"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "ok")); serr != nil {
			t.Fatal(err)
		}
	}
	return dir
}
