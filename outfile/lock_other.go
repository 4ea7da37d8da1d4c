//go:build !unix

package outfile

import "os"

// lockFile does nothing where flock is not to be had: the file is not
// locked.
func lockFile(*os.File) error { return nil }
