package batch

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// decisionColumns are the CSV's columns of a graded decision, each
// named with the JSON field it shows, in order: a column is one line.
var decisionColumns = []struct {
	name  string
	value func(d *Graded) string
}{
	{"file", func(d *Graded) string { return d.File }},
	{"line", func(d *Graded) string { return strconv.Itoa(d.Line) }},
	{"game", func(d *Graded) string { return strconv.Itoa(d.Game) }},
	{"hand", func(d *Graded) string { return strconv.Itoa(d.Hand) }},
	{"player", func(d *Graded) string { return d.Player }},
	{"seat", func(d *Graded) string { return strconv.Itoa(d.Seat) }},
	{"kind", func(d *Graded) string { return d.KindName() }},
	{"turn", func(d *Graded) string { return strconv.Itoa(d.Turn) }},
	{"stock", func(d *Graded) string { return strconv.Itoa(d.Stock) }},
	{"move", func(d *Graded) string { return d.Move }},
	{"best", func(d *Graded) string { return d.Best }},
	{"matched", func(d *Graded) string { return strconv.FormatBool(d.Matched) }},
	{"equity_lost", func(d *Graded) string { return sixPlaces(d.EquityLost) }},
	{"equity_lost_se", func(d *Graded) string { return sixPlaces(d.EquityLostSE) }},
	{"class", func(d *Graded) string { return d.Class }},
	{"deadwood", func(d *Graded) string { return strconv.Itoa(d.Deadwood) }},
	{"position", func(d *Graded) string { return d.Position }},
}

// sixPlaces writes a figure as the CSVs do, to six decimal places.
func sixPlaces(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }

// CSVColumns returns the columns of the CSV of graded decisions, in order;
// the JSON Lines use the same names.
func CSVColumns() []string {
	names := make([]string, len(decisionColumns))
	for i, c := range decisionColumns {
		names[i] = c.name
	}
	return names
}

// CSVWriter writes graded decisions as CSV, one row each after a header.
type CSVWriter struct {
	w   *csv.Writer
	row []string
}

// NewCSVWriter writes the header to w and returns the writer of rows.
func NewCSVWriter(w io.Writer) (*CSVWriter, error) {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns()); err != nil {
		return nil, err
	}
	return &CSVWriter{w: cw, row: make([]string, len(decisionColumns))}, nil
}

// Write writes one decision.
func (c *CSVWriter) Write(d *Graded) error {
	for i, col := range decisionColumns {
		c.row[i] = col.value(d)
	}
	return c.w.Write(c.row)
}

// Flush writes what is buffered and reports any error of the writes.
func (c *CSVWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}

// JSONLWriter writes graded decisions as JSON Lines, the kind named.
type JSONLWriter struct{ enc *json.Encoder }

// NewJSONLWriter returns a writer of decisions to w.
func NewJSONLWriter(w io.Writer) *JSONLWriter { return &JSONLWriter{json.NewEncoder(w)} }

// Write writes one decision as one line.
func (j *JSONLWriter) Write(d *Graded) error {
	return j.enc.Encode(struct {
		*Graded
		Kind string `json:"kind"`
	}{d, d.KindName()})
}

// ErrShard means a shard is not written i/n with 1 <= i <= n: a shard
// option "takes i/n with 1 <= i <= n".
var ErrShard = errors.New("takes i/n with 1 <= i <= n")

// MaxShards bounds the shares of one run: far more than any scheduler
// fans out to, and few enough that a merge checks them all in little
// memory.
const MaxShards = 100_000

// ErrTooManyShards means a shard is of more than MaxShards shares.
var ErrTooManyShards = fmt.Errorf("takes at most %d shares", MaxShards)

// ParseShard reads "i/n", counted from 1, and returns the shard counted
// from 0 and the number of shards, as Options takes them. n is at most
// MaxShards.
func ParseShard(s string) (shard, shards int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("%w, not %s", ErrShard, clip(s, 40))
	}
	if n > MaxShards {
		return 0, 0, fmt.Errorf("%w, not %d", ErrTooManyShards, n)
	}
	return i - 1, n, nil
}

// ErrNotRegular means a file found under a directory is not a regular
// file (a FIFO, a device, a socket): it is skipped, not read, since reading
// it could wait for ever.
var ErrNotRegular = errors.New("not a regular file: skipped")

// openRegular opens a file found under a directory, refusing what is not
// a regular file.
func openRegular(path string) Input {
	return Input{Name: path, Open: func() (io.ReadCloser, error) {
		info, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			return nil, ErrNotRegular
		}
		return os.Open(path)
	}}
}

// ErrEmptyDir is the error for a directory given as an input that holds
// no file to read: a run over it would read no game, which is an error,
// as an empty file is.
var ErrEmptyDir = errors.New("a directory with no file to read in it (hidden files are skipped)")

// ErrNoInput means an input named is not there.
var ErrNoInput = errors.New("no such file or directory")

// ExpandInputs turns paths into inputs: "-" (or no path at all) is stdin,
// and a directory stands for every file under it but hidden ones, in name
// order; one with none is an error wrapping ErrEmptyDir, and a path that
// is not there one wrapping ErrNoInput.
func ExpandInputs(paths []string, stdin io.Reader) ([]Input, error) {
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	open := func(path string) Input {
		return Input{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
	}
	var ins []Input
	for _, a := range paths {
		if a == "-" {
			ins = append(ins, Input{Name: "stdin", Open: func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }})
			continue
		}
		info, err := os.Stat(a)
		if errors.Is(err, fs.ErrNotExist) {
			// Named and not there: said at once, before any work, rather
			// than among the problems of a run that reads nothing.
			return nil, fmt.Errorf("%s: %w", a, ErrNoInput)
		}
		if err != nil || !info.IsDir() {
			ins = append(ins, open(a))
			continue
		}
		var files []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && !strings.HasPrefix(d.Name(), ".") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: %w", a, ErrEmptyDir)
		}
		slices.Sort(files)
		for _, f := range files {
			ins = append(ins, openRegular(f))
		}
	}
	return ins, nil
}

// Sinks sends each graded decision to every writer added, in order, and
// closes them in the reverse order, or aborts them. The zero value has no
// writer.
type Sinks struct {
	writes []func(*Graded) error
	closes []func() error
	aborts []func()
}

// Add adds a writer of decisions, what closes it when the run has
// succeeded, and what abandons it otherwise (nil: nothing).
func (s *Sinks) Add(write func(*Graded) error, close func() error, abort func()) {
	s.writes = append(s.writes, write)
	if close != nil {
		s.closes = append(s.closes, close)
	}
	if abort != nil {
		s.aborts = append(s.aborts, abort)
	}
}

// Abort abandons every writer not closed; it may be deferred.
func (s *Sinks) Abort() {
	if s.closes == nil {
		return
	}
	for _, a := range s.aborts {
		a()
	}
	s.closes = nil
}

// OnDecision is the Options.OnDecision that feeds the writers, or nil when
// there is none.
func (s *Sinks) OnDecision() func(*Graded) error {
	if len(s.writes) == 0 {
		return nil
	}
	return func(d *Graded) error {
		for _, w := range s.writes {
			if err := w(d); err != nil {
				return err
			}
		}
		return nil
	}
}

// Close closes every writer, the last added first, and returns the first
// error. It may be called more than once; later calls do nothing.
func (s *Sinks) Close() error {
	var first error
	for i := len(s.closes) - 1; i >= 0; i-- {
		if err := s.closes[i](); err != nil && first == nil {
			first = err
		}
	}
	s.closes = nil
	return first
}
