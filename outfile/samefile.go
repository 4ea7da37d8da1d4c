package outfile

import (
	"io"
	"os"
)

// SameFile says path names the file w writes to, when w is a file: such
// as /dev/stdout for standard output. A command refuses, or moves aside,
// a second output that would mix with what w carries.
func SameFile(path string, w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	out, err := f.Stat()
	if err != nil {
		return false
	}
	named, err := os.Stat(path)
	return err == nil && os.SameFile(out, named)
}
