package arena

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/outfile"
)

// TestFilesCheck: what would lose a file is refused before any play, and
// Force or Resume allow a file of another run to be overwritten.
func TestFilesCheck(t *testing.T) {
	dir := t.TempDir()
	deals := filepath.Join(dir, "deals.txt")
	if err := os.WriteFile(deals, []byte("1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "m.log")
	// A link to the log, which is not there yet: writing either writes
	// the other.
	linkToLog := filepath.Join(dir, "link.log")
	if err := os.Symlink("m.log", linkToLog); err != nil {
		t.Skip(err)
	}
	for _, tt := range []struct {
		name string
		f    Files
		want string // in the refusal; "" for none
	}{
		{"nothing to write", Files{Deals: deals}, ""},
		{"a log of its own", Files{Deals: deals, Log: log, SaveDeals: filepath.Join(dir, "new.txt")}, ""},
		{"the log is the deals", Files{Deals: deals, Log: deals}, "--log: " + deals + " is also an input (--deals)"},
		{"the saved deals are the log", Files{Log: log, SaveDeals: log}, "--save-deals: " + log + " is also the --log"},
		{"the saved deals are the log not there yet, by a link", Files{Log: log, SaveDeals: linkToLog, Force: true}, "--save-deals: " + linkToLog + " is also the --log"},
		{"saved deals onto a file", Files{SaveDeals: deals}, "exists: give --force"},
		{"saved deals onto a file, forced", Files{SaveDeals: deals, Force: true}, ""},
		{"a conf: player's file", Files{Players: []string{"conf:" + deals + ":bot"}, Log: deals}, "is also an input (the engines file of conf:"},
	} {
		err := tt.f.Check()
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if _, ok := errors.AsType[*outfile.Refusal](err); !ok || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a refusal with %q", tt.name, err, tt.want)
		}
	}
}
