// Package fitfile is how the lab's fits handle their data and their
// results: the decisions of game logs read one by one, every fourth
// example held out, the fitted model written as JSON to a new file, and a
// model's file read within a bound.
package fitfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// EachDecision calls fn with every decision of every game of the logs
// named, in order, until fn says false. Its errors name the file, and
// the game where its replay fails.
func EachDecision(names []string, fn func(g *gamelog.Game, d *gamelog.Decision) bool) error {
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		games, err := gamelog.ReadLog(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		more := true
		for _, g := range games {
			err := g.Replay(func(d *gamelog.Decision) bool {
				more = fn(g, d)
				return more
			})
			if err != nil {
				return fmt.Errorf("%s: game %d: %w", name, g.Number, err)
			}
			if !more {
				return nil
			}
		}
	}
	return nil
}

// Holdout splits the examples: every fourth (the fourth, eighth, ...) is
// held out, the rest are fitted on.
func Holdout[T any](all []T) (train, test []T) {
	for i, e := range all {
		if i%4 == 3 {
			test = append(test, e)
		} else {
			train = append(train, e)
		}
	}
	return train, test
}

// WriteNew writes v as indented JSON, with a final newline, to a file
// that must not exist: a fit never writes over a file.
func WriteNew(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(data, '\n'))
	return errors.Join(err, f.Close())
}

// ErrTooLong is the error of a file longer than its bound.
var ErrTooLong = errors.New("file too long")

// ReadBounded reads the file name, of at most max bytes. Its errors name
// the file.
func ReadBounded(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w: over %d bytes", name, ErrTooLong, max)
	}
	return data, nil
}
