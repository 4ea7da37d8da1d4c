package lines

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestBinary(t *testing.T) {
	tests := []struct {
		head string
		want bool
	}{
		{"", false},
		{"As 2s 3s\n", false},
		{"2♠ 3♠ ", false},
		{"2♠ 3\xe2\x99", false}, // a suit symbol cut off by the sniffed prefix
		{"a\x00b", true},
		{"\xff\xfe text", true},
		{"ok \xc3\x28 then more", true}, // invalid in the middle
	}
	for _, tt := range tests {
		if got := Binary([]byte(tt.head)); got != tt.want {
			t.Errorf("Binary(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}

func TestSkipBOM(t *testing.T) {
	for in, want := range map[string]string{"\uFEFFAs": "As", "As": "As", "\uFEFF": "", "\xef\xbb": "\xef\xbb", "": ""} {
		br := bufio.NewReader(strings.NewReader(in))
		SkipBOM(br)
		if got, _ := io.ReadAll(br); string(got) != want {
			t.Errorf("SkipBOM(%q) left %q, want %q", in, got, want)
		}
	}
}
