package main

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// splitShell splits a command line the way a POSIX shell would for the
// simple quoting the README uses. It reports false for a pipe or a
// redirection outside quotes.
func splitShell(line string) ([]string, bool) {
	var args []string
	var cur strings.Builder
	inArg := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inArg = r, true
		case r == ' ' || r == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case r == '|' || r == '<' || r == '>':
			return nil, false
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, true
}

// TestDocumentedCommands runs every `go run ./cmd/ginadvisor` command in
// the shell blocks of the README and of docs/, in-process, and expects
// each to succeed.
func TestDocumentedCommands(t *testing.T) {
	t.Parallel()
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, path := range append([]string{filepath.Join("..", "..", "README.md")}, docs...) {
		ran += runDocCommands(t, path)
	}
	if ran < 20 {
		t.Errorf("found only %d documented commands", ran)
	}
}

// lighter returns a documented command at a smaller workload, for the
// default run: at most 100 games, and a batch graded by the advisor at 16
// worlds a decision. With -long the commands run as written.
func lighter(args []string) []string {
	out := slices.Clone(args)
	for i := 0; i+1 < len(out); i++ {
		if n, err := strconv.Atoi(out[i+1]); out[i] == "--games" && err == nil && n > 100 {
			out[i+1] = "100"
		}
	}
	if len(out) > 0 && out[0] == "batch" && !slices.Contains(out, "--quick") && !slices.Contains(out, "--samples") {
		out = append([]string{"batch", "--samples", "16"}, out[1:]...)
	}
	return out
}

func runDocCommands(t *testing.T, path string) int {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const prefix = "go run ./cmd/ginadvisor "
	sc := bufio.NewScanner(f)
	inBlock, ran := false, 0
	dir := t.TempDir()
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			inBlock = strings.TrimPrefix(line, "```") == "sh"
			continue
		}
		if !inBlock || !strings.HasPrefix(line, prefix) {
			continue
		}
		args, ok := splitShell(strings.TrimPrefix(line, prefix))
		if !ok {
			continue
		}
		for i, a := range args {
			switch {
			case strings.HasPrefix(a, "testdata/"):
				args[i] = filepath.Join("..", "..", a)
				continue
			case strings.HasSuffix(a, ".csv") || strings.HasSuffix(a, ".html") || strings.HasSuffix(a, ".jsonl"):
				args[i] = filepath.Join(dir, a)
				continue
			}
			if strings.HasSuffix(a, ".log") {
				// A log the repository holds is read from there; any other
				// is written to a scratch directory.
				args[i] = filepath.Join(dir, a)
				if _, err := os.Stat(filepath.Join("..", "..", a)); err == nil {
					args[i] = filepath.Join("..", "..", a)
				}
			}
		}
		if !*long {
			args = lighter(args)
		}
		code, _, errOut := runCLI(t, "", args...)
		if code != ExitOK {
			t.Errorf("%s: %q: exit %d: %s", filepath.Base(path), line, code, errOut)
		}
		ran++
	}
	return ran
}

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
