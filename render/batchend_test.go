package render

import (
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

func TestProblems(t *testing.T) {
	var b strings.Builder
	Problems(&b, []gamelog.Problem{{File: "a.log", Line: 7, Message: "illegal draw"}, {File: "b.txt", Message: "not a log\x1b"}})
	if want := "a.log:7: illegal draw\nb.txt: not a log\\x1b\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}

func TestLeft(t *testing.T) {
	for _, tt := range []struct {
		left        []string
		interrupted bool
		want        string
	}{
		{nil, true, ""},
		{[]string{"--csv"}, false, "ginadvisor: the outputs were left as they were (--csv)\n"},
		{[]string{"--csv", "--html"}, true, "ginadvisor: interrupted: the outputs were left as they were (--csv, --html)\n"},
	} {
		if got := Left(tt.left, tt.interrupted); got != tt.want {
			t.Errorf("%v, %v: %q, want %q", tt.left, tt.interrupted, got, tt.want)
		}
	}
}
