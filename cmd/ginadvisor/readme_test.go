package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeGoVersion checks that the README asks for the Go version
// go.mod states.
func TestReadmeGoVersion(t *testing.T) {
	t.Parallel()
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var version string
	for line := range strings.Lines(string(mod)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			version = v
		}
	}
	if version == "" {
		t.Fatal("go.mod has no go line")
	}
	if want := "You need Go " + version + " or later"; !strings.Contains(string(readme), want) {
		t.Errorf("the README does not say %q", want)
	}
}

// readDoc reads a document of the repository, from its root.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadmeAgreesWithDocs: the README's command of the slow tests is
// docs/testing.md's and the one CI runs, and its win rate against the EAAI
// baseline is its own table's advisor-against-simple figure. Before, the
// README left out four packages of the -long flag and said 80% against a
// table of 84.2.
func TestReadmeAgreesWithDocs(t *testing.T) {
	t.Parallel()
	readme, testingDoc, ci := readDoc(t, "README.md"), readDoc(t, "docs/testing.md"), readDoc(t, ".ci/run")
	const slow = "GINADVISOR_LONG=1 go test -tags lab ./..."
	for name, doc := range map[string]string{"README.md": readme, "docs/testing.md": testingDoc, ".ci/run": ci} {
		if !strings.Contains(doc, slow) {
			t.Errorf("%s does not give the slow tests' command, %s", name, slow)
		}
	}
	var rate string
	for line := range strings.Lines(readme) {
		if cells := strings.Split(line, "|"); len(cells) > 2 && strings.TrimSpace(cells[1]) == "advisor" {
			rate, _, _ = strings.Cut(strings.TrimSpace(cells[2]), " ")
			break
		}
	}
	intro := strings.Join(strings.Fields(readme[:strings.Index(readme, "\n\n#")]), " ")
	if rate == "" || !strings.Contains(intro, "winning "+rate+"% of games") {
		t.Errorf("the README's opening does not give the table's win rate against simple, %s%%", rate)
	}
}

// TestNothingToReadIsBadInput: as docs/cli.md says, a stream with nothing
// to read (blank lines and comments) is bad input, exit 3, for every
// command reading hands or positions; the document said usage error.
func TestNothingToReadIsBadInput(t *testing.T) {
	t.Parallel()
	cli := readDoc(t, "docs/cli.md")
	if !strings.Contains(strings.Join(strings.Fields(cli), " "), "nothing to read, only blank lines and comments, is bad input too (exit 3") {
		t.Error("docs/cli.md does not say a stream with nothing to read is bad input (exit 3)")
	}
	for _, command := range []string{"score", "advise", "outs", "danger", "risk", "position"} {
		if code, _, errOut := runCLI(t, "\n# nothing\n", command); code != ExitBadInput || !strings.Contains(errOut, "in it") {
			t.Errorf("%s with nothing to read: exit %d, %q; want %d", command, code, errOut, ExitBadInput)
		}
	}
}

// TestAnalysisDocAgreesWithHelp: docs/analysis.md tells score's input and
// its --knock-limit default as score's help does: "#" starts a comment
// anywhere on a line, and the default is the preset's. Before, it said
// lines starting with "#" are skipped and the default is 10.
func TestAnalysisDocAgreesWithHelp(t *testing.T) {
	t.Parallel()
	doc := strings.Join(strings.Fields(readDoc(t, "docs/analysis.md")), " ")
	_, help, _ := runCLI(t, "", "score", "--help")
	help = strings.Join(strings.Fields(help), " ")
	for _, tt := range []struct{ help, doc string }{
		{"# starts a comment anywhere on a line", "`#` starts a comment anywhere on a line"},
		{"(default: from the preset)", "(default: the preset's"},
	} {
		if !strings.Contains(help, tt.help) {
			t.Errorf("score's help no longer says %q", tt.help)
		}
		if !strings.Contains(doc, tt.doc) {
			t.Errorf("docs/analysis.md does not say %q, as score's help does", tt.doc)
		}
	}
}
