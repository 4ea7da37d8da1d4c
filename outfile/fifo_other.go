//go:build !unix

package outfile

import (
	"context"
	"os"
)

// openDirect opens a target that is written directly.
func openDirect(_ context.Context, t target, flag int) (*os.File, error) {
	return os.OpenFile(t.path, flag, 0o666)
}
