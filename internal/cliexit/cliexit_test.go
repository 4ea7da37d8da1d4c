package cliexit

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/clihelp"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/outfile"
)

func TestExit(t *testing.T) {
	_, parseErr := notation.ParseHand("As 2s Zz")
	for _, tt := range []struct {
		name   string
		err    error
		code   int
		stderr string
	}{
		{"nil", nil, OK, ""},
		{"silent", fmt.Errorf("wrapped: %w", Silent(BadInput)), BadInput, ""},
		{"usage", Usagef("--n must be %d", 3), Usage, "ginadvisor: --n must be 3\n"},
		{"input", Input(errors.New("bad")), BadInput, "ginadvisor: bad\n"},
		{"summary and detail", &Error{Code: Illegal, Err: errors.New("raw"), Summary: "said", Detail: "  here"}, Illegal, "ginadvisor: said\n  here\n"},
		{"parse failure", ParseFailure("hand", "As 2s Zz", parseErr), BadInput, "^"},
		{"flag error", &clihelp.UsageError{Err: errors.New("unknown flag --x")}, Usage, "unknown flag --x"},
		{"refused output", outfile.Refuse("no"), Usage, "ginadvisor: no\n"},
		{"other", errors.New("disk full"), Failure, "ginadvisor: disk full\n"},
		{"write failure", Wrote(errors.New("broken pipe")), Failure, "broken pipe"},
	} {
		var b bytes.Buffer
		if got := Exit(tt.err, &b); got != tt.code {
			t.Errorf("%s: code %d, want %d", tt.name, got, tt.code)
		}
		if !strings.Contains(b.String(), tt.stderr) || (tt.stderr == "") != (b.Len() == 0) {
			t.Errorf("%s: stderr %q, want %q in it", tt.name, b.String(), tt.stderr)
		}
	}
}

func TestReadingErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		code int // 0: returned as it is
	}{
		{"binary", NotText("f", lines.ErrBinary), BadInput},
		{"no line end", NotText("f", lines.ErrNoLineEnd), BadInput},
		{"other read error", NotText("f", errors.New("io")), 0},
		{"report's error", InputUnlessWrite(errors.New("wrong phase")), BadInput},
		{"write error", InputUnlessWrite(Wrote(errors.New("full"))), 0},
		{"binary line", ParseFailure("hand", "A\x00s", errors.New("x")), BadInput},
	} {
		got := 0
		if e, ok := errors.AsType[*Error](tt.err); ok {
			got = e.Code
		}
		if got != tt.code {
			t.Errorf("%s: code %d, want %d (0: none)", tt.name, got, tt.code)
		}
	}
	if err := ParseFailure("hand", "A\x00s", errors.New("x")); !errors.Is(err, lines.ErrBinary) {
		t.Errorf("a binary hand: %v, want lines.ErrBinary", err)
	}
	if Wrote(nil) != nil {
		t.Error("Wrote(nil) is not nil")
	}
}

func TestWriterKeepsFirstError(t *testing.T) {
	left := failAfter(1)
	w := &Writer{W: &left}
	fmt.Fprint(w, "a")
	fmt.Fprint(w, "b")
	n, err := w.Write([]byte("c"))
	if w.Err == nil || err != w.Err || n != 0 {
		t.Errorf("after a failed write: n=%d err=%v, kept %v", n, err, w.Err)
	}
}

// failAfter is a writer whose writes fail after n of them.
type failAfter int

func (f *failAfter) Write(p []byte) (int, error) {
	if *f <= 0 {
		return 0, errors.New("full")
	}
	*f--
	return len(p), nil
}
