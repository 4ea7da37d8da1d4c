package render

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/importer"
)

func TestConverted(t *testing.T) {
	for _, tt := range []struct {
		r    importer.ConvertResult
		want string
	}{
		{importer.ConvertResult{Converted: 1}, "1 game converted, 0 skipped."},
		{importer.ConvertResult{Converted: 3, Skipped: 2}, "3 games converted, 2 skipped."},
	} {
		if got := Converted(tt.r); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestProblem(t *testing.T) {
	for _, tt := range []struct{ source, err, want string }{
		{"a.txt:3", "bad move", "a.txt:3: bad move\n"},
		{"", "stdin: binary data", "stdin: binary data\n"},
		{"x", "bell\a", "x: bell\\a\n"},
	} {
		var b strings.Builder
		Problem(&b, tt.source, errors.New(tt.err))
		if b.String() != tt.want {
			t.Errorf("%q, %q: %q, want %q", tt.source, tt.err, b.String(), tt.want)
		}
	}
}
