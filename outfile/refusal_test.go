package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestRefusal: a refusal reads as its message, wraps what it refused with
// %w, and is found through any wrapping.
func TestRefusal(t *testing.T) {
	for _, tt := range []struct {
		err  error
		msg  string
		wrap error
	}{
		{Refuse("--log: %s exists", "a.log"), "--log: a.log exists", nil},
		{Refuse("--csv: %w", fs.ErrPermission), "--csv: permission denied", fs.ErrPermission},
		{fmt.Errorf("opening: %w", Refuse("--html: %s is an input", "x")), "opening: --html: x is an input", nil},
	} {
		r, ok := errors.AsType[*Refusal](tt.err)
		if !ok || tt.err.Error() != tt.msg || (tt.wrap != nil && !errors.Is(r, tt.wrap)) {
			t.Errorf("%v: refusal %v, want %q wrapping %v", tt.err, ok, tt.msg, tt.wrap)
		}
	}
}
