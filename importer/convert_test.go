package importer

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

func TestConvertFinish(t *testing.T) {
	tests := []struct {
		name      string
		r         ConvertResult
		toLog     bool
		out       string
		committed bool
	}{
		{"games", ConvertResult{Converted: 2, Skipped: 1}, true, "", true},
		{"nothing, nothing failed", ConvertResult{}, true, gamelog.Header() + "\n", true},
		// A run that failed writes nothing, not even the header: on stdout,
		// a header alone would read as a log.
		{"nothing, a game skipped", ConvertResult{Skipped: 1}, true, "", false},
		{"nothing, a source failed", ConvertResult{Failed: true}, true, "", false},
		{"nothing as transcripts", ConvertResult{}, false, "", true},
	}
	for _, tt := range tests {
		var out strings.Builder
		committed := false
		err := tt.r.Finish(&out, tt.toLog, func() error { committed = true; return nil })
		if err != nil || out.String() != tt.out || committed != tt.committed {
			t.Errorf("%s: wrote %q, committed %v, err %v; want %q, %v", tt.name, out.String(), committed, err, tt.out, tt.committed)
		}
		if bad := tt.r.Skipped > 0 || tt.r.Failed; tt.r.Bad() != bad {
			t.Errorf("%s: Bad() = %v", tt.name, !bad)
		}
	}
	full := errors.New("disk full")
	if err := (ConvertResult{Converted: 1}).Finish(&strings.Builder{}, true, func() error { return full }); err != full {
		t.Errorf("a failed commit: %v, want %v", err, full)
	}
}

// TestNoGame: a record that ends with no game at all gives ErrNoGame
// once, then io.EOF; one whose only game is damaged does not.
func TestNoGame(t *testing.T) {
	next := func(text string) []error {
		src, err := Open(strings.NewReader(text), "x.log", Options{})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		var errs []error
		for range 4 {
			_, err := src.Next()
			errs = append(errs, err)
			if err == io.EOF {
				break
			}
		}
		return errs
	}
	if got := next(gamelog.Header() + "\n"); len(got) != 2 || got[0] != ErrNoGame || got[1] != io.EOF {
		t.Errorf("a header alone: %v; want [%v EOF]", got, ErrNoGame)
	}
	got := next(gamelog.Header() + "\ngame 1 seed 1 first-dealer p1\n")
	if len(got) != 2 || got[1] != io.EOF {
		t.Fatalf("a damaged game alone: %v", got)
	}
	var le *gamelog.Error
	if !errors.As(got[0], &le) {
		t.Errorf("a damaged game alone gave %v, not the game's error", got[0])
	}
}
