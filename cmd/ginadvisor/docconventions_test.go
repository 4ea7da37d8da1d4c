package main

import (
	"slices"
	"strings"
	"testing"
)

// TestShellCommandsSplit: a shell block splits into whole commands: over
// a backslash, an open quote and a loop, without comment lines, with the
// exit code a "# exit N" comment states.
func TestShellCommandsSplit(t *testing.T) {
	t.Parallel()
	block := []string{
		"# a comment",
		"ginadvisor score \"As 2s\"",
		"ginadvisor knock --knocker \"2H 3H\" \\",
		"    --defender \"5H\"",
		"sqlite3 gin.db \"SELECT a,",
		"  b FROM t\"",
		"",
		"for f in a b; do",
		"  ginadvisor batch $f.log > $f.json",
		"done",
		"ginadvisor score \"As 2s Zz\"  # exit 3",
		"echo '# not a comment' # exit 4",
		"echo \"a \\\" quote\"",
		"echo a#'b",
		"c'",
	}
	got, err := shellCommands("x.md", 10, block)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line int
		key  string
		exit int
	}{
		{11, `ginadvisor score "As 2s"`, 0},
		{12, `ginadvisor knock --knocker "2H 3H" --defender "5H"`, 0},
		{14, `sqlite3 gin.db "SELECT a, b FROM t"`, 0},
		{17, `for f in a b; do ginadvisor batch $f.log > $f.json done`, 0},
		{20, `ginadvisor score "As 2s Zz" # exit 3`, 3},
		{21, `echo '# not a comment' # exit 4`, 4},
		{22, `echo "a \" quote"`, 0},
		// A # within a word starts no comment.
		{23, `echo a#'b c'`, 0},
	}
	if len(got) != len(want) {
		t.Fatalf("%d commands, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if g := got[i]; g.line != w.line || g.key() != w.key || g.exit != w.exit {
			t.Errorf("command %d: line %d, %q, exit %d; want line %d, %q, exit %d", i, g.line, g.key(), g.exit, w.line, w.key, w.exit)
		}
	}
	for _, open := range [][]string{{`ginadvisor score "As`}, {"ginadvisor score \\"}, {"for f in a; do", "echo $f"}} {
		if _, err := shellCommands("x.md", 1, open); err == nil {
			t.Errorf("%q: no error for a command left open", open)
		}
	}
}

// TestDocBlocksRead: a document's sh blocks, transcripts and engine
// exchanges are read as the conventions say, and other blocks are not.
func TestDocBlocksRead(t *testing.T) {
	t.Parallel()
	doc := strings.Join([]string{
		"# A page",                            // 1
		"",                                    // 2
		"```sh",                               // 3
		"go run ./cmd/ginadvisor rules",       // 4
		"```",                                 // 5
		"",                                    // 6
		"```console",                          // 7
		"$ ginadvisor score \"Zz\"  # exit 3", // 8
		"ginadvisor: column 1",                // 9
		"  Zz",                                // 10
		"$ ginadvisor rules --json",           // 11
		"…",                                   // 12
		"```",                                 // 13
		"",                                    // 14
		"```",                                 // 15
		"> ginrummy",                          // 16
		"< id name …",                         // 17
		"> quit",                              // 18
		"```",                                 // 19
		"",                                    // 20
		"```sh",                               // 21
		"go test ./...",                       // 22
		"```",                                 // 23
		"```json",                             // 24
		"{\"command\": \"ginadvisor rules\"}", // 25
		"```",                                 // 26
		"",                                    // 27
		"    ginadvisor rules --rules eaai",   // 28
		"",                                    // 29
		"```",                                 // 30
		"hand = { card }",                     // 31
		"```",                                 // 32
	}, "\n")
	got, err := docExamples("page.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line     int
		key      string
		exit     int
		shown    bool
		want     []string
		from, to int
		stdin    string
	}{
		{4, "go run ./cmd/ginadvisor rules", 0, false, nil, 0, 0, ""},
		{8, `ginadvisor score "Zz" # exit 3`, 3, true, []string{"ginadvisor: column 1", "  Zz"}, 8, 10, ""},
		{11, "ginadvisor rules --json", 0, true, []string{"…"}, 11, 12, ""},
		{16, "ginadvisor engine", 0, true, []string{"id name …"}, 15, 18, "ginrummy\nquit\n"},
		{28, "ginadvisor rules --rules eaai", 0, false, nil, 0, 0, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("%d examples, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.line != w.line || g.key() != w.key || g.exit != w.exit || g.shown != w.shown || !slices.Equal(g.want, w.want) || g.stdin != w.stdin {
			t.Errorf("example %d: %+v\nwant %+v", i, g, w)
		}
		if w.shown && (g.wantFrom != w.from || g.wantTo != w.to) {
			t.Errorf("example %d: output at lines [%d, %d), want [%d, %d)", i, g.wantFrom, g.wantTo, w.from, w.to)
		}
	}
}

// TestOutputMatches: shown output matches exactly, but for its elisions:
// a line starting with "…" stands for any lines, none included, and a "…"
// within a line for any text within it.
func TestOutputMatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want, got string
		match     bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a\nb", "a\nb\nc", false},
		{"a\nb", "a\nb  \n\n", true},
		{"a\n…\nd", "a\nd", true},
		{"a\n…\nd", "a\nb\nc\nd", true},
		{"a\n… two more lines\nd", "a\nb\nc\nd\ne", false},
		{"…\nd", "a\nd\nd", true},
		{"a\n…", "a", true},
		{"mean …, most …; left …", "mean 3 ms, most 4 ms; left 29.5 s", true},
		{"mean …, most …; left …", "mean 3 ms; most 4 ms; left 29.5 s", false},
		{"id name …", "id name ginadvisor 0.1.0-dev", true},
		{"id name …", "id  name ginadvisor", false},
		{"the …", "the end!", true},
		{"the … end", "the end", false},
		{"the … end", "the  end", true},
		{"a…a", "a", false},
		{"a…a", "aa", true},
	}
	for _, tt := range tests {
		if got := outputMatches(outputLines(tt.want), outputLines(tt.got)); got != tt.match {
			t.Errorf("%q against %q: %v, want %v", tt.want, tt.got, got, tt.match)
		}
	}
}

// TestHelpExampleWrapped: a help's example line that goes on without a
// backslash (help wrapped it) is an error, and a continued one is read.
func TestHelpExampleWrapped(t *testing.T) {
	t.Parallel()
	good := "   Examples:\n     ginadvisor risk \"p1 knock \\\n       drawn=AC\"\n     ginadvisor rules\n\nOPTIONS:\n"
	lines, err := exampleLines("help risk", good)
	if err != nil || !slices.Equal(lines, []string{`ginadvisor risk "p1 knock \`, `  drawn=AC"`, "ginadvisor rules"}) {
		t.Errorf("%q, %v", lines, err)
	}
	wrapped := "   Examples:\n     ginadvisor risk \"p1 knock drawn=AC\n       dealer=p2\"\n"
	if _, err := exampleLines("help risk", wrapped); err == nil {
		t.Error("no error for a wrapped example")
	}
}
