package importer

import (
	"errors"
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
		{"nothing, a game skipped", ConvertResult{Skipped: 1}, true, gamelog.Header() + "\n", false},
		{"nothing, a source failed", ConvertResult{Failed: true}, true, gamelog.Header() + "\n", false},
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
