package lines

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every line, writing a too-long line as "<long>".
func readAll(t *testing.T, r *Reader) []string {
	t.Helper()
	var out []string
	for {
		s, err := r.Next()
		if err == io.EOF {
			return out
		}
		if errors.Is(err, ErrTooLong) {
			s = "<long>"
		} else if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
}

func TestReader(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		comments bool
		want     []string
	}{
		{"empty", "", 0, false, nil},
		{"no final newline", "a\nb", 0, false, []string{"a", "b"}},
		{"final newline", "a\nb\n", 0, false, []string{"a", "b"}},
		{"blank lines", "\n\na\n", 0, false, []string{"", "", "a"}},
		{"crlf", "a\r\nb\r\n", 0, false, []string{"a", "b"}},
		{"byte-order mark", "\uFEFFa\n\uFEFFb\n", 0, false, []string{"a", "\uFEFFb"}},
		{"comments", "  a # x\n# only\nb#\n", 0, true, []string{"a", "", "b"}},
		{"at the bound", "abcd\nabcde\nab\n", 4, false, []string{"abcd", "<long>", "ab"}},
		{"long last line", "ab\nabcdefgh", 4, false, []string{"ab", "<long>"}},
		{"very long line", "x\n" + strings.Repeat("y", 100000) + "\nz\n", 16, false, []string{"x", "<long>", "z"}},
	}
	for _, tt := range tests {
		r := New(strings.NewReader(tt.in), tt.max)
		r.Comments = tt.comments
		got := readAll(t, r)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestReaderOneByteAtATime reads through a reader that returns one byte a
// call: the lines and their numbers are the same.
func TestReaderOneByteAtATime(t *testing.T) {
	in := "a\n" + strings.Repeat("q", 50) + "\nb\nc"
	r := New(iotest.OneByteReader(strings.NewReader(in)), 8)
	got := readAll(t, r)
	if strings.Join(got, "|") != "a|<long>|b|c" || r.Line() != 4 {
		t.Fatalf("%q, line %d", got, r.Line())
	}
}

func TestTooLongError(t *testing.T) {
	r := New(strings.NewReader("abcdefgh\n"), 4)
	_, err := r.Next()
	var tl *TooLongError
	if !errors.As(err, &tl) || tl.Line != 1 || tl.Max != 4 || err.Error() != "line longer than 4 bytes" {
		t.Fatalf("%v", err)
	}
}

// FuzzReader splits arbitrary input: every line returned is within the
// bound and has no newline, and the lines kept, joined, are the input's
// lines that were within the bound.
func FuzzReader(f *testing.F) {
	f.Add("a\nb\r\n\uFEFFc", 4)
	f.Add(strings.Repeat("x", 70), 8)
	f.Fuzz(func(t *testing.T, in string, max int) {
		max = 1 + (max&0x7fffffff)%64
		r := New(strings.NewReader(in), max)
		var want []string
		for i, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
			l = strings.TrimSuffix(l, "\r")
			if i == 0 {
				l = strings.TrimPrefix(l, "\uFEFF")
			}
			if len(l) > max {
				l = "<long>"
			}
			want = append(want, l)
		}
		if in == "" {
			want = nil
		}
		got := readAll(t, r)
		for _, l := range got {
			if len(l) > max && l != "<long>" || strings.ContainsRune(l, '\n') {
				t.Fatalf("line %q over %d", l, max)
			}
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
			t.Fatalf("%q (max %d): %q, want %q", in, max, got, want)
		}
	})
}

// TestEachRefusesBinaryData reads input that is not text: Each stops at
// the first such line with ErrBinary, having passed on the text before it,
// instead of handing each garbled line on as a bad one.
func TestEachRefusesBinaryData(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		lines    int // lines passed on before the refusal
		wantLine string
	}{
		{"a NUL byte", "AS 2S\nAS\x002S\nKD\n", 0, 1, "line 2:"},
		{"not UTF-8", "\xff\xfe\x00garbage\n", 0, 0, "line 1:"},
		{"Latin-1", "caf\xe9\n", 0, 0, "line 1:"},
		{"a long binary line", "ok\n" + strings.Repeat("\x01\xff", 50) + "\n", 8, 1, "line 2:"},
	}
	for _, tt := range tests {
		seen := 0
		err := Each(strings.NewReader(tt.in), tt.max, func(int, string, error) error { seen++; return nil }, nil)
		if !errors.Is(err, ErrBinary) || !strings.HasPrefix(err.Error(), tt.wantLine) || seen != tt.lines {
			t.Errorf("%s: %v after %d lines, want %s binary data after %d", tt.name, err, seen, tt.wantLine, tt.lines)
		}
	}
	// Text with tabs, UTF-8 and a byte-order mark is text.
	err := Each(strings.NewReader("\uFEFFAS\t2S # ♠\n"), 0, func(int, string, error) error { return nil }, nil)
	if err != nil {
		t.Errorf("text refused: %v", err)
	}
}

// endless is an input that never ends: the byte b, for ever. It counts
// the bytes read from it.
type endless struct {
	b    byte
	read int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	e.read += len(p)
	return len(p), nil
}

// TestEndlessInputRefused reads inputs with no newline and no end, such
// as /dev/zero: binary data is refused within the first chunk, and text
// once MaxSkip bytes have gone by with no end of line; either way the
// input is read no further, and the next call gives io.EOF.
func TestEndlessInputRefused(t *testing.T) {
	tests := []struct {
		name    string
		b       byte
		text    bool
		want    error
		maxRead int
	}{
		{"zeros as text", 0, true, ErrBinary, 2 * DefaultMax},
		{"invalid UTF-8 as text", 0xff, true, ErrBinary, 2 * DefaultMax},
		{"zeros, any bytes", 0, false, ErrNoLineEnd, MaxSkip + 2*DefaultMax},
		{"letters as text", 'a', true, ErrNoLineEnd, MaxSkip + 2*DefaultMax},
	}
	for _, tt := range tests {
		in := &endless{b: tt.b}
		r := New(in, 0)
		r.Text = tt.text
		_, err := r.Next()
		if !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), "line 1: ") {
			t.Errorf("%s: %v, want %v on line 1", tt.name, err, tt.want)
		}
		if in.read > tt.maxRead {
			t.Errorf("%s: read %d bytes, want at most %d", tt.name, in.read, tt.maxRead)
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%s: then %v, want io.EOF", tt.name, err)
		}
		// Each stops at it with the same error.
		err = Each(&endless{b: tt.b}, 0, func(int, string, error) error { return nil }, nil)
		if tt.text && !errors.Is(err, tt.want) {
			t.Errorf("%s: Each: %v, want %v", tt.name, err, tt.want)
		}
	}
}
