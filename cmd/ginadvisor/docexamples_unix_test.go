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
)

// docRule is how the suite treats a documented command that the default
// run does not run as written.
type docRule struct {
	// cmd is the command, its white space made single spaces.
	cmd string
	// long runs the command only with -long.
	long bool
	// needs are the programs the command runs besides ginadvisor: without
	// one of them on the PATH it is skipped.
	needs []string
	// skip never runs it.
	skip bool
	// interrupt stops the command, which runs until Ctrl-C, with SIGINT
	// once it has printed as many lines as the document shows.
	interrupt bool
	// reproduces is a file of the repository that the command, run as
	// written (with -long), writes again byte for byte, at the same path
	// under its working directory.
	reproduces string
	reason     string
}

// docRules are the documented commands that run only with -long, need
// another program, or are never run; every other documented command runs
// in the default run.
// A rule that names no documented command fails the test, so that the
// table follows the documents.
var docRules = []docRule{
	// Another program's or the reader's own, which the suite does not have.
	{cmd: `ginadvisor match --p1 'engine:./mybot --level 3' --p2 simple --games 2000 --movetime 500ms --sprt 'elo0=0 elo1=10'`, skip: true, reason: "./mybot is the reader's engine"},
	{cmd: `seq 8 | xargs -P 8 -I{} ginadvisor match --p1 'engine:./mybot' --p2 simple --games 2000 --shard {}/8 --log part-{}.log`, skip: true, reason: "./mybot is the reader's engine (the next line reads logs the setup plays)"},
	{cmd: `ginadvisor tournament --log t.log --concurrency 2 'engine:./mybot' simple heuristic`, skip: true, reason: "./mybot is the reader's engine (the next line reads a log the setup plays)"},
	{cmd: `ginadvisor check-engine --set samples=32 --json 'engine:python3 mybot.py'`, skip: true, reason: "mybot.py is the reader's engine"},
	{cmd: `javac -cp framework.jar -d host contrib/eaai/src/ginadvisor/Host.java`, skip: true, reason: "needs the EAAI framework's jar; contrib/eaai's TestBridge builds the host"},
	{cmd: `ginadvisor match --p1 'engine:java -cp host:framework.jar:mybot.jar ginadvisor.Host MyPlayer' --p2 simple`, skip: true, reason: "needs the EAAI framework's jar and the reader's player"},
	{cmd: `ginadvisor advise --full --samples N --seed S --particles P 'POSITION'`, skip: true, reason: "a template: N, S, P and POSITION are a graded decision's"},
	{cmd: `source <(ginadvisor completion zsh) # in ~/.zshrc`, skip: true, reason: "zsh's script, for zsh; TestCompletionScriptsAndMan checks it is printed"},
	{cmd: `ginadvisor completion powershell | Out-String | Invoke-Expression`, skip: true, reason: "PowerShell's; TestCompletionScriptsAndMan checks the script is printed"},
	{cmd: `sqlite3 gin.db ".import --csv decisions.csv decisions"`, needs: []string{"sqlite3"}},
	{cmd: `sqlite3 gin.db "SELECT player, CASE WHEN CAST(turn AS INTEGER) <= 3 THEN 'early' WHEN CAST(turn AS INTEGER) <= 8 THEN 'middle' ELSE 'late' END AS stage, COUNT(*) AS decisions, ROUND(100.0 * SUM(class = 'blunder') / COUNT(*), 2) AS blunder_pct FROM decisions GROUP BY player, stage ORDER BY player, stage"`, needs: []string{"sqlite3"}},
	{cmd: `duckdb -c "SELECT deadwood, COUNT(*) AS knocks FROM read_csv_auto('decisions.csv') WHERE kind = 'knock' AND move <> 'playon' GROUP BY deadwood ORDER BY deadwood"`, needs: []string{"duckdb"}},
	{cmd: `parallel -j 16 'ginadvisor batch --json --quiet --shard {}/16 logs/ > part-{}.json' ::: $(seq 16)`, needs: []string{"parallel"}},
	{cmd: `ginadvisor man > ginadvisor.1 && man ./ginadvisor.1`, needs: []string{"man"}},
	// Cut to 20 games by default; as written, it regenerates the table.
	{cmd: `ginadvisor equity --games 20000 --seed 2024 > advise/equity_data.go`, reproduces: "advise/equity_data.go"},

	// The server runs until Ctrl-C.
	{cmd: `ginadvisor serve`, interrupt: true},
	{cmd: `ginadvisor serve --addr 127.0.0.1:8080 --open`, skip: true, reason: "serves until Ctrl-C, and opens a browser"},

	// Minutes of work.
	{cmd: `ginadvisor simulate --p1 advisor,samples=512 --p2 advisor --games 200 --mirrored`, skip: true, reason: "200 games of the advisor against itself: some 8 minutes of CPU (2 games take 5 s)"},
	{cmd: `ginadvisor match --p1 'engine:ginadvisor engine' --p2 simple --tc 60+1 --sprt 'elo0=0 elo1=20' --log m.log`, skip: true, reason: "200 games of the engine under a clock: tens of minutes (the next line reads a log the setup plays)"},
	{cmd: "for f in adv40 rnd40 small40 heur40; do ginadvisor batch --quiet --json $f.log > $f.json done", skip: true, reason: "grades 160 games at the default budget: tens of minutes (checked by hand: docs/batch.md)"},
	{cmd: `go run ./internal/accuracyfit adv40.json rnd40.json small40.json heur40.json`, skip: true, reason: "reads the summaries of the line before"},
	{cmd: `ginadvisor simulate --p1 advisor --p2 simple --games 40 --seed 11 --log adv40.log`, long: true, reason: "40 games of the advisor: a minute"},
	{cmd: `ginadvisor simulate --p1 advisor-small --p2 simple --games 40 --seed 13 --log small40.log`, long: true, reason: "40 games of the advisor at 48 worlds"},
	{cmd: `ginadvisor calibrate --fit --games 40 --seed 12345`, long: true, reason: "3 s of CPU"},
	{cmd: `ginadvisor check-engine 'engine:ginadvisor engine'`, long: true, reason: "whole games of the engine at 256 worlds: 1.5 s of CPU"},
	{cmd: `ginadvisor match --p1 advisor --p2 heuristic --games 2 --tc 30`, long: true, reason: "the advisor under a clock: 1.5 s of CPU"},
}

// docSetup are the shell lines that make, in a source's working
// directory, the files its examples name that the repository does not
// hold by that name. Every directory has testdata/, the repository's, and
// a home directory.
var docSetup = map[string]string{
	"docs/arena.md": "ginadvisor match --p1 simple --p2 random --games 4 --shard 1/2 --log part-1.log >/dev/null 2>&1\n" +
		"ginadvisor match --p1 simple --p2 random --games 4 --shard 2/2 --log part-2.log >/dev/null 2>&1",
	"docs/batch.md": "mkdir logs && cp testdata/sample.log logs/\n" +
		"ginadvisor batch --quick --json --shard 1/2 logs/ > part-1.json\n" +
		"ginadvisor batch --quick --json --shard 2/2 logs/ > part-2.json",
	"help batch":      "cp testdata/sample.log games.log\nmkdir logs && cp testdata/sample.log logs/\ncp testdata/eaai/heuristic-vs-simple-001.txt marjj-vs-simple-001.txt",
	"help convert":    "cp testdata/eaai/heuristic-vs-simple-001.txt marjj-vs-simple-001.txt\ncp testdata/openspiel/heuristic-vs-simple.jsonl samples.jsonl",
	"help log check":  "cp testdata/sample.log games.log",
	"help score":      "cp testdata/hands.txt hands.txt",
	"help equity":     "mkdir advise",
	"help completion": "mkdir -p ~/.config/fish/completions",
	"help merge": "ginadvisor batch --quick --json --shard 1/2 testdata/sample.log > part1.json\n" +
		"ginadvisor batch --quick --json --shard 2/2 testdata/sample.log > part2.json",
	"help engine":     "printf 'ginrummy\\nisready\\nnewgame\\nnewhand seat p1 dealer p2 number 1 hand 2C 3C 7C JD 4H 5H 6H 9H QH JS upcard 5S\\ngo\\nquit\\n' > session.txt",
	"help match":      "ginadvisor match --p1 heuristic --p2 simple --games 4 --log m.log >/dev/null 2>&1",
	"help tournament": "ginadvisor tournament --games 2 --log t.log simple heuristic >/dev/null 2>&1",
	"help outs": "echo 'p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1' > positions.txt\n" +
		"echo 'p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1' >> positions.txt",
	"help advise": "echo 'p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1' > positions.txt\n" +
		"echo 'p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6' >> positions.txt",
	"help risk": "echo 'p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,9S,TD stock=27 took=- passed=- discards=6H,9S drawn=AC dealer=p2' > positions.txt\n" +
		"echo 'p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai' >> positions.txt",
}

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
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(self, filepath.Join(dir, "ginadvisor")); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
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
			tally.skipped++
			continue
		case rule.long && !*long:
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
			if rule.reproduces != "" && *long {
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
	if !e.shown && !*long {
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
// default run: at most 20 games, and a batch graded quickly, not by the
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
	return text
}

var (
	gamesFlag = regexp.MustCompile(`(--games[ =])(\d+)`)
	batchLine = regexp.MustCompile(`(^|[\s|;&(])ginadvisor batch `)
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
