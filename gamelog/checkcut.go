package gamelog

import (
	"cmp"
	"context"
	"errors"
	"io"
	"os"
	"slices"
)

// CheckWritten is CheckAll for logs that programs grow by whole games,
// such as those of --log: a regular file's last game cut short (the run
// that wrote it was stopped while writing it) is reported as such, at the
// line it starts, after the file's other problems, rather than by
// whatever its cut line says.
func CheckWritten(ctx context.Context, sources []Source) (*CheckReport, error) {
	sources = slices.Clone(sources)
	cuts := cutGames(sources)
	rep, err := CheckAll(ctx, sources)
	if err != nil {
		return rep, err
	}
	if len(*cuts) == 0 {
		return rep, nil
	}
	rep.GamesSkipped += len(*cuts)
	rep.Errors = append(rep.Errors, *cuts...)
	order := func(file string) int {
		return slices.IndexFunc(sources, func(s Source) bool { return s.Name == file })
	}
	slices.SortStableFunc(rep.Errors, func(a, b Problem) int { return cmp.Compare(order(a.File), order(b.File)) })
	return rep, nil
}

// cutGames makes each source that is a regular file read only its whole
// games, and collects, as it is opened, the problem of a last game cut
// short.
func cutGames(sources []Source) *[]Problem {
	cuts := new([]Problem)
	for i := range sources {
		open, name := sources[i].Open, sources[i].Name
		sources[i].Open = func() (io.ReadCloser, error) {
			rc, err := open()
			f, ok := rc.(*os.File)
			if err != nil || !ok {
				return rc, err
			}
			if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
				return rc, nil
			}
			w, err := WholeGames(f)
			if _, serr := f.Seek(0, io.SeekStart); err != nil || serr != nil || !w.Cut {
				return rc, errors.Join(err, serr)
			}
			*cuts = append(*cuts, Problem{File: name, Line: w.Line,
				Message: "the last game is cut short (the run that wrote it was stopped while writing it); match --resume drops it"})
			return struct {
				io.Reader
				io.Closer
			}{io.LimitReader(f, w.Bytes), f}, nil
		}
	}
	return cuts
}
