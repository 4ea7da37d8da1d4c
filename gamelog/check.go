package gamelog

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strconv"

	"github.com/ginadvisor/ginadvisor/lines"
)

// Problem is one input that failed or gave a warning: a damaged game, an
// unreadable file, a rules entry this version does not know.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Source is one input to check: its name and how to open it.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// CheckReport is the result of checking logs: the games read (damaged
// ones included, as batch counts them) and skipped, and every problem,
// with the fields documented for `log check --json`.
type CheckReport struct {
	Files        int       `json:"files"`
	GamesRead    int       `json:"games_read"`
	GamesSkipped int       `json:"games_skipped"`
	Hands        int       `json:"hands"`
	Errors       []Problem `json:"errors"`
	Warnings     []Problem `json:"warnings"`
	// Failed says an input could not be opened or read to its end.
	Failed bool `json:"-"`
}

// CheckAll reads and replays every game of the sources, one source open at a
// time: a damaged game is a problem with its file:line, and the rest are
// still read. A source with no game, or binary data, fails. It stops
// between games when ctx is done.
func CheckAll(ctx context.Context, sources []Source) (*CheckReport, error) {
	rep := &CheckReport{Errors: []Problem{}, Warnings: []Problem{}}
	if len(sources) == 0 {
		rep.Failed = true
		rep.Errors = append(rep.Errors, Problem{Message: "no log to check"})
	}
	for _, src := range sources {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		rep.Files++
		rc, err := src.Open()
		if err != nil {
			rep.Failed = true
			rep.Errors = append(rep.Errors, Problem{File: src.Name, Message: err.Error()})
			continue
		}
		err = checkOne(ctx, rep, src.Name, rc)
		rc.Close()
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func checkOne(ctx context.Context, rep *CheckReport, name string, r io.Reader) error {
	br := bufio.NewReader(r)
	// The same test of text as the importers' and batch's, so that one
	// file is text to every command or to none.
	lines.SkipBOM(br)
	if head, _ := br.Peek(512); lines.Binary(head) {
		rep.Failed = true
		rep.Errors = append(rep.Errors, Problem{File: name, Message: "binary data, not a game log"})
		return nil
	}
	lr := NewReader(br, name)
	before := rep.GamesRead
	for ctx.Err() == nil {
		g, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			// A damaged game is skipped; a log this reader cannot read, or
			// could not read to its end, fails.
			var le *Error
			switch {
			case errors.Is(err, ErrHeader):
				// Lines before the first game: a problem, but no game.
			case errors.As(err, &le) && !errors.Is(err, ErrVersion):
				// Read, as batch counts it, and skipped.
				rep.GamesRead++
				rep.GamesSkipped++
			default:
				rep.Failed = true
			}
			rep.Errors = append(rep.Errors, ProblemOf(name, err))
			continue
		}
		rep.GamesRead++
		rep.Hands += len(g.Hands)
	}
	for _, w := range lr.Warnings {
		rep.Warnings = append(rep.Warnings, ProblemOf(name, w))
	}
	if rep.GamesRead == before && ctx.Err() == nil && !rep.Failed {
		rep.Failed = true
		rep.Errors = append(rep.Errors, Problem{File: name, Message: "no game in it"})
	}
	return ctx.Err()
}

// ProblemOf is the problem of an error reading the source file: an
// *Error gives its line and message, any other error its text.
func ProblemOf(file string, err error) Problem {
	var le *Error
	if errors.As(err, &le) {
		msg := le.Msg
		if le.Text != "" {
			msg += ": " + strconv.Quote(le.Text)
		}
		return Problem{File: file, Line: le.Line, Message: msg}
	}
	return Problem{File: file, Message: err.Error()}
}
