package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/outfile"
)

// InputFiles says what the inputs are, as os.Stat sees them, for an
// output to be compared with: every file named, and standard input when
// it is a file (a redirection) and one of the inputs.
func InputFiles(inputs []Input, stdin io.Reader) []os.FileInfo {
	var infos []os.FileInfo
	for _, in := range inputs {
		if info, err := os.Stat(in.Name); err == nil {
			infos = append(infos, info)
		}
	}
	// The file standard input comes from is no output, read or not:
	// "--csv /dev/stdin < games.log" would write into games.log.
	if f, ok := stdin.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			infos = append(infos, info)
		}
	}
	return infos
}

// CreateOutput starts the output file at path (see outfile), refusing,
// with an outfile.Refusal, a path that is one of inputs or cannot be
// written. A FIFO waits for its reader a bounded time, and no longer than
// ctx: once ctx is done, its error is returned.
func CreateOutput(ctx context.Context, path string, inputs []os.FileInfo) (*outfile.File, error) {
	f, err := outfile.CreateForContext(ctx, path, inputs)
	if ctx.Err() != nil {
		if f != nil {
			f.Abort()
		}
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, &outfile.Refusal{Err: err}
	}
	return f, nil
}

// OutputPaths are where a batch writes besides its summary, by flag: ""
// is no output, "-" is standard output, for every one of them.
type OutputPaths struct {
	CSV, JSONL, PlayersCSV, HTML string
}

// flags are the outputs' flags, each with its path, in the order they
// are checked and opened.
func (p OutputPaths) flags() [][2]string {
	return [][2]string{{"csv", p.CSV}, {"jsonl", p.JSONL}, {"players-csv", p.PlayersCSV}, {"html", p.HTML}}
}

// OnStdout are the flags of the outputs written to standard output,
// stdout: by "-", then those by a name of the file it writes to, such as
// /dev/stdout.
func (p OutputPaths) OnStdout(stdout io.Writer) []string {
	var named []string
	for _, o := range p.flags() {
		if o[1] == "-" {
			named = append(named, "--"+o[0])
		}
	}
	for _, o := range p.flags() {
		if o[1] != "" && o[1] != "-" && outfile.SameFile(o[1], stdout) {
			named = append(named, "--"+o[0])
		}
	}
	return named
}

// Check refuses, before any output is opened, outputs that cannot all be
// written as asked: two that name standard output, stdout, whose lines
// would mix; one there beside a summary in JSON (json), which would then
// not be printed; and one that lies in an input directory
// (RefuseInInputDir). A command reports its error as a usage error.
func (p OutputPaths) Check(stdout io.Writer, inputPaths []string, json bool) error {
	switch named := p.OnStdout(stdout); {
	case len(named) > 1:
		return fmt.Errorf("%s all name standard output (-): one output only can take it", strings.Join(named, " and "))
	case len(named) == 1 && json:
		return fmt.Errorf("--json prints the summary on standard output, which %s - takes: write one of them to a file", named[0])
	}
	for _, o := range p.flags() {
		if err := RefuseInInputDir(o[0], o[1], inputPaths); err != nil {
			return err
		}
	}
	return nil
}

// RefuseInInputDir refuses the output of the flag named at path when it
// lies in a directory among the input paths (InInputDir): the run would
// write it there, and the next run over the directory read it as an
// input. One there already is an input, which opening it refuses.
func RefuseInInputDir(flag, path string, inputPaths []string) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	if dir, in := InInputDir(path, inputPaths); in {
		return fmt.Errorf("--%s: %s is in the input directory %s, whose files are all read as inputs: write it elsewhere", flag, lines.Escape(path), lines.Escape(dir))
	}
	return nil
}

// OpenOutput opens one output file, or stdout for "-", as CreateOutput
// does: a regular file is written beside its target and replaces it on
// commit, and abort, or no commit, leaves it as it was; a FIFO or a
// device is written directly.
func OpenOutput(ctx context.Context, path string, stdout io.Writer, inputs []os.FileInfo) (w io.Writer, commit func() error, abort func(), err error) {
	if path == "-" {
		return stdout, func() error { return nil }, func() {}, nil
	}
	f, err := CreateOutput(ctx, path, inputs)
	if err != nil {
		return nil, nil, nil, err
	}
	return f, f.Commit, f.Abort, nil
}

// Outputs are a batch's output files and streams: opened before the run,
// so that a bad path fails before any work, and put in place only when
// the run ends complete, so that a run stopped or failed leaves every
// file as it was.
type Outputs struct {
	// Sinks feed --csv and --jsonl each graded decision; closing them
	// flushes what is buffered.
	Sinks Sinks
	// players and html are written from the summary at the end.
	players, html io.Writer
	// files are the outputs written to files, in the order opened.
	files []outputFile
}

// outputFile is an output file of a batch, with the flag that named it.
type outputFile struct {
	flag   string
	file   *outfile.File
	placed bool // committed: the target replaced
}

// OpenOutputs opens the outputs paths names, those asked for. A path that
// is one of the inputs (by any name), that another output names too, or
// that cannot be written is refused (see CreateOutput), and nothing is
// left open.
func OpenOutputs(ctx context.Context, paths OutputPaths, stdout io.Writer, inputs []os.FileInfo) (_ *Outputs, err error) {
	outs := &Outputs{}
	defer func() {
		if err != nil {
			outs.Abort()
		}
	}()
	open := func(flag, path string) (io.Writer, error) {
		if path == "" {
			return nil, nil
		}
		if path == "-" {
			return stdout, nil
		}
		return outs.open(ctx, flag, path, inputs)
	}
	w, err := open("csv", paths.CSV)
	if err != nil {
		return nil, err
	} else if w != nil {
		cw, err := NewCSVWriter(w)
		if err != nil {
			return nil, fmt.Errorf("--csv: %w", err)
		}
		outs.Sinks.Add(cw.Write, cw.Flush, nil)
	}
	if w, err = open("jsonl", paths.JSONL); err != nil {
		return nil, err
	} else if w != nil {
		outs.Sinks.Add(NewJSONLWriter(w).Write, nil, nil)
	}
	if outs.players, err = open("players-csv", paths.PlayersCSV); err != nil {
		return nil, err
	}
	if outs.html, err = open("html", paths.HTML); err != nil {
		return nil, err
	}
	return outs, nil
}

// open starts the output file of flag at path, refusing one of the inputs
// or a file another output replaces too.
func (o *Outputs) open(ctx context.Context, flag, path string, inputs []os.FileInfo) (io.Writer, error) {
	f, err := CreateOutput(ctx, path, inputs)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", flag, err)
	}
	for _, other := range o.files {
		if other.file.Collides(f) {
			f.Abort()
			return nil, outfile.Refuse("%s and --%s name the same file, %s: one would be lost", other.flag, flag, lines.Escape(path))
		}
	}
	o.files = append(o.files, outputFile{flag: "--" + flag, file: f})
	return f, nil
}

// Finish writes what is written from the summary and puts every file in
// place, once all of it is written.
func (o *Outputs) Finish(s *Summary) error {
	if err := o.Sinks.Close(); err != nil {
		return err
	}
	if o.players != nil {
		if err := WritePlayersCSV(o.players, s); err != nil {
			return fmt.Errorf("--players-csv: %w", err)
		}
	}
	if o.html != nil {
		if err := WriteHTML(o.html, s); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	for i := range o.files {
		f := &o.files[i]
		if err := f.file.Commit(); err != nil {
			return fmt.Errorf("%s: %w", f.flag, err)
		}
		f.placed = true
	}
	return nil
}

// End ends a run, whose summary is s and error runErr, on its outputs:
// it puts them in place when the run ended complete with games analysed
// and was not interrupted, and otherwise leaves them as they were. It
// returns runErr, or the error of putting them in place, and failed when
// the run failed before it analysed any game (for another reason than an
// input that is no log): its error then names the outputs left as they
// were, and there is no summary to show.
func (o *Outputs) End(s *Summary, runErr error, interrupted bool) (failed bool, err error) {
	if s.Complete && !interrupted && s.GamesAnalyzed > 0 {
		runErr = o.Finish(s)
	}
	o.Abort()
	if runErr == nil || errors.Is(runErr, importer.ErrNotLog) || s.GamesAnalyzed > 0 || interrupted {
		return false, runErr
	}
	if left := o.Left(); len(left) > 0 {
		return true, fmt.Errorf("%w; the outputs were left as they were (%s)", runErr, strings.Join(left, ", "))
	}
	return true, runErr
}

// Abort removes the temporary files of the outputs not put in place,
// leaving their targets as they were. It may be deferred.
func (o *Outputs) Abort() {
	for _, f := range o.files {
		f.file.Abort()
	}
}

// Left are the flags of the output files not put in place.
func (o *Outputs) Left() []string {
	var flags []string
	for _, f := range o.files {
		if !f.placed {
			flags = append(flags, f.flag)
		}
	}
	return flags
}

// InInputDir says whether the output path lies in one of the directories
// among the input paths (at any depth, as ExpandInputs reads them), and
// names that directory. Such an output would be read as an input by the
// next run over the directory, or be refused by it as one: it is refused
// at once instead. A hidden file is not read from a directory, and may
// stand there.
func InInputDir(path string, inputPaths []string) (string, bool) {
	if path == "" || path == "-" {
		return "", false
	}
	path = LinkTarget(path)
	if strings.HasPrefix(filepath.Base(path), ".") {
		return "", false
	}
	parent, err := realPath(filepath.Dir(path))
	if err != nil {
		return "", false
	}
	for _, in := range inputPaths {
		if info, err := os.Stat(in); err != nil || !info.IsDir() {
			continue
		}
		dir, err := realPath(in)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(dir, parent); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return in, true
		}
	}
	return "", false
}

// maxLinks bounds the links LinkTarget follows, as the kernel's ELOOP.
const maxLinks = 40

// LinkTarget is the file that writing to path would reach: path with
// each symbolic link of its last element followed, a dangling one
// included, so that a link to a file not yet made names where that file
// would go. A loop, or a link that cannot be read, leaves the path as
// reached so far.
func LinkTarget(path string) string {
	for range maxLinks {
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			return path
		}
		to, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return path
}

// realPath is path made absolute with its links followed.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}
