package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/outfile"
)

// Files are the files a match or a tournament reads and writes, as its
// flags name them. Their checks refuse, with outfile.Refusals, before
// anything is played, what would lose a file.
type Files struct {
	// Deals is --deals; Players are the players' specs, of which conf:
	// players name their engines files.
	Deals   string
	Players []string
	// Log, SaveDeals and Stderr are --log, --save-deals and --stderr.
	Log, SaveDeals, Stderr string
	// Force and Resume allow files of another run to be overwritten.
	Force, Resume bool
}

// inputs are the files the run reads, by what names them: --deals and
// each conf: player's engines file.
func (f Files) inputs() map[string]string {
	in := map[string]string{}
	if f.Deals != "" {
		in[f.Deals] = "--deals"
	}
	for _, p := range f.Players {
		if rest, ok := strings.CutPrefix(p, "conf:"); ok {
			if i := strings.LastIndex(rest, ":"); i >= 0 {
				in[rest[:i]] = "the engines file of " + p
			}
		}
	}
	return in
}

// Check refuses an output that would lose a file: --log or --save-deals
// naming an input, or each other, --save-deals or --stderr's files
// already there without Force or Resume.
func (f Files) Check() error {
	inputs := f.inputs()
	for _, out := range [][2]string{{"--log", f.Log}, {"--save-deals", f.SaveDeals}} {
		if out[1] == "" {
			continue
		}
		for in, what := range inputs {
			if sameFile(out[1], in) {
				return outfile.Refuse("%s: %s is also an input (%s)", out[0], lines.Escape(out[1]), lines.Escape(what))
			}
		}
	}
	if outfile.SameTarget(f.Log, f.SaveDeals) || (f.Log != "" && f.Log == f.SaveDeals) {
		return outfile.Refuse("--save-deals: %s is also the --log", lines.Escape(f.SaveDeals))
	}
	keep := !f.Force && !f.Resume
	if p := f.SaveDeals; keep && p != "" {
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
			return outfile.Refuse("--save-deals: %s exists: give --force to overwrite it", lines.Escape(p))
		}
	}
	if dir := f.Stderr; keep && dir != "" {
		if old := stderrFiles(dir); len(old) > 0 {
			return outfile.Refuse("--stderr: %s holds %s from another run: give --resume or --force to overwrite them, or another directory",
				lines.Escape(dir), lines.Escape(filepath.Base(old[0])))
		}
	}
	return nil
}

// stderrFiles are the files of a directory that a run's --stderr writes.
func stderrFiles(dir string) []string {
	var out []string
	for _, ext := range []string{".stderr", ".exchange"} {
		m, _ := filepath.Glob(filepath.Join(dir, "game[0-9]*-player[0-9]*"+ext))
		out = append(out, m...)
	}
	return out
}

// sameFile says paths a and b name one file, by any name.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// WriteSavedDeals writes --save-deals, when asked for: never onto an
// input.
func (f Files) WriteSavedDeals(o *Options) error {
	if f.SaveDeals == "" {
		return nil
	}
	out, err := outfile.Create(f.SaveDeals, slices.Collect(maps.Keys(f.inputs())))
	if errors.Is(err, outfile.ErrIsInput) {
		return outfile.Refuse("--save-deals: %s is also an input", lines.Escape(f.SaveDeals))
	} else if errors.Is(err, outfile.ErrLocked) {
		return outfile.Refuse("--save-deals: another run is appending to %s", lines.Escape(f.SaveDeals))
	} else if err != nil {
		return fmt.Errorf("--save-deals: %w", err)
	}
	defer out.Abort()
	if err := WriteDeals(out, o); err != nil {
		return fmt.Errorf("--save-deals: %w", err)
	}
	return out.Commit()
}

// OpenLog opens --log, when asked for: begun anew (a file there only with
// Force), or with Resume continued after the whole games of the earlier
// run, which read reads (and gives to the run: see Resume). A game cut
// short at its end (the run was killed while writing it) is cut off,
// which note says, and played again; a log of an older format version is
// written again in this one first. what names the run in messages ("the
// match"). A new log that is a FIFO stops waiting for its reader once ctx
// is done, with ctx's error.
func (f Files) OpenLog(ctx context.Context, what string, read func(path string) (Resumed, error), note func(string)) (*gamelog.File, error) {
	if !f.Resume {
		if f.Log == "" {
			return nil, nil
		}
		return gamelog.StartFile(ctx, f.Log, f.Force, "give --resume to continue it, or --force to overwrite it")
	}
	if f.Log == "" {
		return nil, outfile.Refuse("--resume: give %s's log with --log", what)
	}
	g, err := gamelog.LockFile(f.Log)
	if err != nil {
		return nil, err
	}
	prior, err := read(f.Log)
	if err != nil {
		g.Close()
		return nil, outfile.Refuse("--resume: %w", err)
	}
	if prior.Cut {
		note(fmt.Sprintf("--resume: %s:%d: the last game was cut short; it is dropped and played again", lines.Escape(f.Log), prior.CutLine))
	}
	keep := prior.Whole
	if !prior.Current && len(prior.Games) > 0 {
		// Written again in this version's format, still locked.
		var written countingWriter
		err := g.Rewrite(func(w io.Writer) error {
			written.w = w
			return gamelog.WriteLog(&written, prior.Games)
		})
		if err != nil {
			g.Close()
			return nil, fmt.Errorf("--log: %w", err)
		}
		keep = written.n
	}
	return gamelog.ContinueFile(g, keep)
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadPairings reads the whole games of the logs at paths, each of which
// must hold some, and sorts them into pairings.
func ReadPairings(paths []string) ([]*Pairing, error) {
	var games []LoggedGame
	for _, path := range paths {
		// A log not there is no games to a run that resumes it, but an
		// error here.
		if _, err := os.Stat(path); err != nil {
			return nil, err
		}
		r, err := ReadWholeLog(path)
		if err == nil && len(r.Games) == 0 {
			err = errors.New("no games")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lines.Escape(path), err)
		}
		for _, lg := range r.Games {
			games = append(games, LoggedGame{Game: lg, File: path})
		}
	}
	return PairingsOf(games)
}
