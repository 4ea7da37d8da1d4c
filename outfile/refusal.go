package outfile

import "fmt"

// Refusal is an output refused before any work, for how it was asked
// for: a path that names an input or another output, a file there without
// leave to replace it, a path that cannot be written. A command reports it
// as a usage error, as it does a bad flag.
type Refusal struct{ Err error }

// Refuse returns a Refusal with the message format and args give, which
// may wrap an error with %w.
func Refuse(format string, args ...any) error {
	return &Refusal{Err: fmt.Errorf(format, args...)}
}

func (r *Refusal) Error() string { return r.Err.Error() }

// Unwrap returns the error refused.
func (r *Refusal) Unwrap() error { return r.Err }
