//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// docTally counts a source's examples by what the run did with them.
type docTally struct {
	found, ran, long, skipped, compared int
}

// TestDocExamples runs every command of the README, of docs/*.md and of
// the help's examples, in a shell, with this test binary as ginadvisor
// on the PATH (see TestMain): each must exit as its text says, and where
// a document shows the output, print it. With -update, an output shown
// without elisions is rewritten to what the command prints now.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	sources := map[string][]docExample{}
	docs, err := documents()
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range docs {
		if sources[name], err = docExamples(name, text); err != nil {
			t.Fatal(err)
		}
	}
	help, err := helpExamples()
	if err != nil {
		t.Fatal(err)
	}
	for path, examples := range help {
		sources["help "+path] = examples
	}
	checkDocTables(t, sources)
	// The parser finds what the documents hold: a change that lost most
	// of it would leave nothing to check.
	found, shown := 0, 0
	for _, examples := range sources {
		for _, e := range examples {
			found++
			if e.shown {
				shown++
			}
		}
	}
	if found < 100 || shown < 5 {
		t.Errorf("found only %d documented commands, %d with their output", found, shown)
	}
	bin := toolOnPath(t)

	tallies := map[string]*docTally{}
	t.Cleanup(func() { logDocTallies(t, tallies) })
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		tally := &docTally{found: len(sources[name])}
		tallies[name] = tally
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runDocSource(t, bin, name, sources[name], tally)
		})
	}
}

// checkDocTables fails on a rule or a setup that names no documented
// command or source.
func checkDocTables(t *testing.T, sources map[string][]docExample) {
	t.Helper()
	keys := map[string]bool{}
	for _, examples := range sources {
		for _, e := range examples {
			keys[e.key()] = true
		}
	}
	for _, r := range docRules {
		if !keys[r.cmd] {
			t.Errorf("docRules names a command no document shows: %s", r.cmd)
		}
	}
	for s := range docSetup {
		if _, ok := sources[s]; !ok {
			t.Errorf("docSetup names a source that is not there: %s", s)
		}
	}
}

// toolOnPath returns a directory holding ginadvisor: a link to this test
// binary, which then runs the tool (TestMain).
func toolOnPath(t *testing.T) string {
	t.Helper()
	dir := filepath.Dir(linkedBinary(t))
	return dir
}

// runDocSource runs one source's examples in order, in a working
// directory of their own, so that one may read what another wrote.
func runDocSource(t *testing.T, bin, source string, examples []docExample, tally *docTally) {
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	examples, rest := everydayExamples(examples)
	tally.long += rest
	if len(examples) == 0 {
		t.Logf("%s: %d commands that show no output: with -long only", source, rest)
		return
	}
	if setup := docSetup[source]; setup != "" {
		if code, out := runShell(t, bin, dir, "set -e\n"+setup, "", 0); code != 0 {
			t.Fatalf("setup: exit %d:\n%s", code, out)
		}
	}
	var edits []docEdit
	for _, e := range examples {
		rule := docRuleFor(e)
		switch {
		case rule.skip:
			t.Logf("%s:%d: not run: %s", source, e.line, rule.reason)
			tally.skipped++
			continue
		case rule.long && !longtest.Enabled():
			t.Logf("%s:%d: with -long only: %s", source, e.line, rule.reason)
			tally.long++
			continue
		}
		if missing := missingPrograms(rule.needs); missing != "" {
			t.Logf("%s:%d: skipped: needs %s", source, e.line, missing)
			tally.skipped++
			continue
		}
		tally.ran++
		if e.shown {
			tally.compared++
		}
		t.Run(strconv.Itoa(e.line), func(t *testing.T) {
			if edit, ok := runDocExample(t, bin, dir, e, rule); ok {
				edits = append(edits, edit)
			}
			if rule.reproduces != "" && longtest.Enabled() {
				checkReproduced(t, filepath.Join(dir, rule.reproduces), filepath.Join(root, rule.reproduces))
			}
		})
	}
	if len(edits) > 0 {
		if err := applyDocEdits(filepath.Join(root, filepath.FromSlash(source)), edits); err != nil {
			t.Error(err)
		}
	}
}

// everydayExamples returns the examples that a run without -long makes of
// a source, and how many it leaves to -long: those up to its last example
// that shows its output, which the run compares, since the commands
// before it may write what it reads. The rest are checked only for their
// exit status, at some 40 ms of CPU each, and wait for -long.
func everydayExamples(examples []docExample) ([]docExample, int) {
	if longtest.Enabled() {
		return examples, 0
	}
	last := -1
	for i, e := range examples {
		if e.shown && !docRuleFor(e).long {
			last = i
		}
	}
	return examples[:last+1], len(examples) - (last + 1)
}

// docRuleFor returns the rule for an example, or none.
func docRuleFor(e docExample) docRule {
	for _, r := range docRules {
		if r.cmd == e.key() {
			return r
		}
	}
	return docRule{}
}

// checkReproduced fails unless a command wrote the repository's file
// again.
func checkReproduced(t *testing.T, written, kept string) {
	t.Helper()
	got, err := os.ReadFile(written)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(kept)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not written again as the repository holds it (%d bytes, not %d)", written, len(got), len(want))
	}
}

// missingPrograms names the programs that are not on the PATH.
func missingPrograms(names []string) string {
	var missing []string
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			missing = append(missing, n)
		}
	}
	return strings.Join(missing, ", ")
}

// docEdit replaces lines from, to (from 0, to excluded) of a document.
type docEdit struct {
	from, to int
	lines    []string
}

// runDocExample runs one example and checks its exit code and output; it
// returns the edit that -update makes to the output shown.
func runDocExample(t *testing.T, bin, dir string, e docExample, rule docRule) (docEdit, bool) {
	text := strings.ReplaceAll(e.text, "go run ./cmd/ginadvisor", "ginadvisor")
	if !e.shown && !longtest.Enabled() {
		text = lighterText(text)
	}
	stopAfter := 0
	if rule.interrupt {
		stopAfter = max(1, len(e.want))
	}
	code, out := runShell(t, bin, dir, text, e.stdin, stopAfter)
	if code != e.exit {
		t.Errorf("%s\nexit %d, want %d; output:\n%s", e, code, e.exit, out)
	}
	if !e.shown {
		return docEdit{}, false
	}
	got, want := outputLines(out), outputLines(strings.Join(e.want, "\n"))
	if outputMatches(want, got) {
		return docEdit{}, false
	}
	updatable := e.stdin == "" && !slices.ContainsFunc(want, func(l string) bool { return strings.Contains(l, "…") })
	if *update && updatable {
		t.Logf("%s: output rewritten", e)
		return docEdit{e.wantFrom, e.wantTo, got}, true
	}
	how := ""
	if !updatable {
		how = " (it has elisions: update it by hand)"
	} else {
		how = " (-update rewrites it)"
	}
	t.Errorf("%s\nthe output differs from the document's%s:\n--- got\n%s\n--- want\n%s", e, how, strings.Join(got, "\n"), strings.Join(want, "\n"))
	return docEdit{}, false
}

// applyDocEdits rewrites the lines of a document the edits name.
func applyDocEdits(path string, edits []docEdit) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	slices.SortFunc(edits, func(a, b docEdit) int { return b.from - a.from })
	for _, ed := range edits {
		lines = slices.Replace(lines, ed.from, ed.to, ed.lines...)
	}
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
}

// runShell runs a command line in bash, in dir, with ginadvisor from bin
// first on the PATH, in a fixed environment: no terminal, no color, 80
// columns. It returns the exit code and standard output and standard
// error together, as a terminal shows them. With stopAfter above 0, the
// command is sent SIGINT, as by Ctrl-C, once it has printed that many
// lines.
func runShell(t *testing.T, bin, dir, text, stdin string, stopAfter int) (int, string) {
	t.Helper()
	// Only a guard against a hang: no example comes near it.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", "set -o pipefail\n"+text)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + filepath.Join(dir, "home"),
		"NO_COLOR=1", "COLUMNS=80", "TERM=dumb", "LC_ALL=C.UTF-8", "TZ=UTC",
		"PAGER=cat", "MANPAGER=cat", "TMPDIR=" + os.TempDir(),
	}
	cmd.Stdin = strings.NewReader(stdin)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	// The command's whole process group goes at the guard's end.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	if stopAfter > 0 {
		err = interruptAfterLines(cmd, out, stopAfter, done)
	} else {
		err = <-done
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode(), out.String()
	default:
		return -1, fmt.Sprintf("%s\n(%v)", out.String(), err)
	}
}

// interruptAfterLines waits until the command has printed n lines, or has
// ended, then sends its process group SIGINT and returns how it ended.
func interruptAfterLines(cmd *exec.Cmd, out *lockedBuffer, n int, done <-chan error) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for strings.Count(out.String(), "\n") < n {
		select {
		case err := <-done:
			return err
		case <-tick.C:
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	return <-done
}

// lockedBuffer is a buffer that one goroutine writes while another reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// lighterText is a documented command at a smaller workload, for the
// default run: at most 20 games, 200 worlds and 20 ms a position, and a
// batch graded quickly, not by the
// advisor (which costs a second a game at any --samples; TestGolden's
// batch_advisor grades by the advisor). With -long, and where the output
// is shown, the commands run as written.
func lighterText(text string) string {
	text = gamesFlag.ReplaceAllStringFunc(text, func(m string) string {
		sub := gamesFlag.FindStringSubmatch(m)
		if n, err := strconv.Atoi(sub[2]); err == nil && n > 20 {
			return sub[1] + "20"
		}
		return m
	})
	if !strings.Contains(text, "--quick") && !strings.Contains(text, "--samples") {
		text = batchLine.ReplaceAllString(text, "${1}ginadvisor batch --quick ")
	}
	text = samplesFlag.ReplaceAllStringFunc(text, func(m string) string {
		sub := samplesFlag.FindStringSubmatch(m)
		if n, err := strconv.Atoi(sub[2]); err == nil && n > 200 {
			return sub[1] + "200"
		}
		return m
	})
	return timeFlag.ReplaceAllString(text, "${1}20ms")
}

var (
	samplesFlag = regexp.MustCompile(`(--samples[ =])(\d+)`)
	timeFlag    = regexp.MustCompile(`(--time[ =])\d+(ms|s)`)
	gamesFlag   = regexp.MustCompile(`(--games[ =])(\d+)`)
	batchLine   = regexp.MustCompile(`(^|[\s|;&(])ginadvisor batch `)
)

// logDocTallies logs the examples found, run, left to -long, skipped and
// compared, by source and in all.
func logDocTallies(t *testing.T, tallies map[string]*docTally) {
	var all docTally
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %5s %5s %5s %7s %8s\n", "source", "found", "ran", "long", "skipped", "compared")
	for _, name := range slices.Sorted(maps.Keys(tallies)) {
		d := tallies[name]
		fmt.Fprintf(&b, "%-22s %5d %5d %5d %7d %8d\n", name, d.found, d.ran, d.long, d.skipped, d.compared)
		all.found += d.found
		all.ran += d.ran
		all.long += d.long
		all.skipped += d.skipped
		all.compared += d.compared
	}
	fmt.Fprintf(&b, "%-22s %5d %5d %5d %7d %8d", "all", all.found, all.ran, all.long, all.skipped, all.compared)
	t.Logf("documented examples:\n%s", b.String())
}
