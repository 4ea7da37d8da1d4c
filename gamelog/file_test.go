package gamelog_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/outfile"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestFile: a log begun, written and closed holds its header and games; a
// second start onto it is refused unless it replaces it; a locked log is
// refused to another run, and continued after the bytes kept; Remove
// takes away a log this run created.
func TestFile(t *testing.T) {
	games := testgames.Play(t, rules.Standard(), 2, 5)
	path := filepath.Join(t.TempDir(), "g.log")
	l, err := gamelog.StartFile(context.Background(), path, false, "give --force")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := l.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	first := len(gamelog.Header()) + 1 + len(gamelog.GameText(games[0]))
	want := gamelog.Header() + "\n" + string(gamelog.GameText(games[0])) + string(gamelog.GameText(games[1]))
	if b, _ := os.ReadFile(path); string(b) != want {
		t.Fatalf("the log holds:\n%s\nwant:\n%s", b, want)
	}

	_, err = gamelog.StartFile(context.Background(), path, false, "give --force")
	if _, ok := errors.AsType[*outfile.Refusal](err); !ok || !strings.HasSuffix(err.Error(), "exists: give --force") {
		t.Errorf("a second start: %v, want a refusal ending in the hint", err)
	}

	g, err := gamelog.LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gamelog.LockFile(path); err == nil || !strings.Contains(err.Error(), "another run is appending") {
		t.Errorf("a second lock: %v, want a refusal", err)
	}
	l, err = gamelog.ContinueFile(g, int64(first))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Write(games[1]); err != nil {
		t.Fatal(err)
	}
	l.Close()
	if b, _ := os.ReadFile(path); string(b) != want {
		t.Errorf("continued after the first game, the log holds:\n%s", b)
	}

	fresh := filepath.Join(t.TempDir(), "new.log")
	if l, err = gamelog.StartFile(context.Background(), fresh, false, ""); err != nil {
		t.Fatal(err)
	}
	if err := l.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("after Remove: %v, want no file", err)
	}
}
