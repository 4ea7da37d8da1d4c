package importer

import (
	"context"
	"errors"
	"io"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// ConvertResult counts what Convert did.
type ConvertResult struct {
	// Converted and Skipped count the games written and the damaged games
	// left out; Failed says some source could not be read as a whole.
	Converted, Skipped int
	Failed             bool
}

// Convert reads every game of the sources, in any format Open detects,
// numbers them from 1 and passes each to write. A damaged game, or a
// source that fails as a whole, goes to problem and the rest go on; an
// error from write stops the conversion and is returned, as is ctx's
// error between games.
func Convert(ctx context.Context, sources []gamelog.Source, o Options, write func(*gamelog.Game) error, problem func(source string, err error)) (ConvertResult, error) {
	var r ConvertResult
	for _, in := range sources {
		err := convertOne(ctx, in, o, &r, write, problem)
		var we *writeError
		if errors.As(err, &we) {
			return r, we.err
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return r, ctxErr
		}
		if err != nil {
			r.Failed = true
			problem(in.Name, err)
		}
	}
	return r, nil
}

// writeError carries an error of the writer, which stops a conversion.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

func convertOne(ctx context.Context, in gamelog.Source, o Options, r *ConvertResult, write func(*gamelog.Game) error, problem func(string, error)) error {
	rc, err := in.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	src, err := Open(rc, in.Name, o)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		g, err := src.Next()
		if err == io.EOF {
			return nil
		}
		if errors.Is(err, gamelog.ErrVersion) {
			// The log as a whole is refused, with its file and line.
			r.Failed = true
			problem("", err)
			return nil
		}
		var le *gamelog.Error
		if errors.As(err, &le) {
			r.Skipped++
			problem("", err)
			continue
		}
		if err != nil {
			return err
		}
		r.Converted++
		if src.Format != Ginadvisor {
			// A ginadvisor log's game keeps its number, which a match's
			// shard or a tournament's pairing is keyed by: the output
			// then resumes and merges as its input did.
			g.Number = r.Converted
		}
		if err := write(g); err != nil {
			return &writeError{err}
		}
	}
	return nil
}

// Bad says some input failed: a game was skipped, or a source could not
// be read.
func (r ConvertResult) Bad() bool { return r.Skipped > 0 || r.Failed }

// Finish ends the output out of a conversion: a game log (toLog) that
// holds no game, though nothing failed (no input at all), gets its header,
// so that it still reads as a log. commit then puts the output in place,
// but only when it holds games or nothing failed: an empty output does not
// replace a file because its input could not be read or held no game.
func (r ConvertResult) Finish(out io.Writer, toLog bool, commit func() error) error {
	if r.Converted == 0 && toLog && !r.Bad() {
		if _, err := io.WriteString(out, gamelog.Header()+"\n"); err != nil {
			return err
		}
	}
	if r.Converted > 0 || !r.Bad() {
		return commit()
	}
	return nil
}
