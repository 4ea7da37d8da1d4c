package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The documents' examples follow a few conventions, which this file reads
// (docs/testing.md describes them for the writer):
//
//   - A shell block (```sh) holds commands to copy; each must exit 0.
//     A command continues over lines that end in a backslash, over an open
//     quote, and over a for or while loop to its done.
//   - A command that ends in the comment "# exit N" must exit N instead.
//   - A transcript is a block of lines that start with "$ " (```console,
//     or a bare fence): the lines after a command, up to the next "$ " or
//     the end of the block, are what it prints, standard output and
//     standard error together, as at a terminal.
//   - An engine exchange is a bare block of lines that start with "> "
//     (what is sent to ginadvisor engine) and "< " (what it answers).
//   - In shown output, a line that starts with "…" stands for any number
//     of lines (what follows it is a comment for the reader), and a "…"
//     inside a line for any text within that line.
//   - A help's examples are the indented lines after "Examples:" in its
//     help; a line that goes on ends in a backslash.

// A docExample is one command a document or a help text shows.
type docExample struct {
	// source is the document ("docs/batch.md") or the help ("help
	// simulate") that shows the command; line is its line in the
	// document, from 1, or its place among the help's examples.
	source string
	line   int
	// text is the command as shown, its lines joined by newlines.
	text string
	// exit is the exit code the text implies.
	exit int
	// stdin is what the example feeds the command (an engine exchange).
	stdin string
	// shown says the document shows the output, want; wantFrom and wantTo
	// are the document's lines that hold it (from 0, the end excluded),
	// which -update rewrites.
	shown            bool
	want             []string
	wantFrom, wantTo int
}

// key is how the tables of skipped and long examples name an example:
// its text with every run of white space (and a line's continuation) one
// space.
func (e docExample) key() string {
	return strings.Join(strings.Fields(strings.ReplaceAll(e.text, "\\\n", " ")), " ")
}

func (e docExample) String() string { return fmt.Sprintf("%s:%d: %s", e.source, e.line, e.key()) }

// runsTool says the text runs ginadvisor itself, not only other programs.
var runsTool = regexp.MustCompile(`(^|[\s|;&(<'"])(ginadvisor|go run \./cmd/ginadvisor)(\s|$)`)

// exitComment is the comment that states a command's exit code.
var exitComment = regexp.MustCompile(`#\s*exit (\d+)\s*$`)

// shellState is what a shell has read of a command so far.
type shellState struct {
	quote     byte // the open quote, or 0
	depth     int  // open loops and ifs
	continued bool // the line ended in a backslash
	comment   string
}

// scanLine reads one more line of a command, the way a POSIX shell
// quotes, for the constructs the documents use.
func (s *shellState) scanLine(line string) {
	s.continued, s.comment = false, ""
	word := ""
	endWord := func() {
		switch word {
		case "do", "then":
			s.depth++
		case "done", "fi":
			s.depth--
		}
		word = ""
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case s.quote == '\'':
			if c == '\'' {
				s.quote = 0
			}
		case s.quote == '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				s.quote = 0
			}
		case c == '\\' && i == len(line)-1:
			s.continued = true
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			s.quote = c
			word = "-"
		case c == '#' && word == "":
			s.comment = line[i:]
			endWord()
			return
		case c == ' ' || c == '\t' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')':
			endWord()
		default:
			word += string(c)
		}
	}
	endWord()
}

// complete says the command read so far is whole.
func (s *shellState) complete() bool { return s.quote == 0 && s.depth <= 0 && !s.continued }

// shellCommands splits a shell block's lines, the first at line first of
// its document, into commands; comment lines and blank lines are left
// out. It reports an error for a command left open at the block's end.
func shellCommands(source string, first int, lines []string) ([]docExample, error) {
	var out []docExample
	var cur []string
	var st shellState
	for i, line := range lines {
		if len(cur) == 0 && (strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#")) {
			continue
		}
		cur = append(cur, line)
		st.scanLine(line)
		if !st.complete() {
			continue
		}
		e := docExample{source: source, line: first + i - len(cur) + 1, text: strings.Join(cur, "\n")}
		if m := exitComment.FindStringSubmatch(st.comment); m != nil {
			e.exit, _ = strconv.Atoi(m[1])
		}
		out = append(out, e)
		cur, st = nil, shellState{}
	}
	if len(cur) > 0 {
		return out, fmt.Errorf("%s:%d: a command left open at the end of its block", source, first+len(lines)-len(cur))
	}
	return out, nil
}

// transcript reads a block of "$ " commands, each followed by its output.
func transcript(source string, first int, lines []string) ([]docExample, error) {
	var out []docExample
	for i := 0; i < len(lines); {
		cmd, ok := strings.CutPrefix(lines[i], "$ ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: a transcript line before its command: %q", source, first+i, lines[i])
		}
		e := docExample{source: source, line: first + i, shown: true}
		cur := []string{cmd}
		var st shellState
		st.scanLine(cmd)
		for i++; !st.complete() && i < len(lines); i++ {
			cur = append(cur, lines[i])
			st.scanLine(lines[i])
		}
		e.text = strings.Join(cur, "\n")
		if m := exitComment.FindStringSubmatch(st.comment); m != nil {
			e.exit, _ = strconv.Atoi(m[1])
		}
		e.wantFrom = first - 1 + i
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "$ "); i++ {
			e.want = append(e.want, lines[i])
		}
		e.wantTo = first - 1 + i
		out = append(out, e)
	}
	return out, nil
}

// exchange reads an engine exchange: "> " lines sent, "< " lines answered.
func exchange(source string, first int, lines []string) docExample {
	e := docExample{source: source, line: first, text: "ginadvisor engine", shown: true, wantFrom: first - 1, wantTo: first - 1 + len(lines)}
	var in strings.Builder
	for _, l := range lines {
		if sent, ok := strings.CutPrefix(l, "> "); ok {
			in.WriteString(sent + "\n")
		} else if got, ok := strings.CutPrefix(l, "< "); ok {
			e.want = append(e.want, got)
		}
	}
	e.stdin = in.String()
	return e
}

// allPrefixed says every line that is not blank starts with one of the
// prefixes, and one line at least does.
func allPrefixed(lines []string, prefixes ...string) bool {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ok := false
		for _, p := range prefixes {
			ok = ok || strings.HasPrefix(l, p)
		}
		if !ok {
			return false
		}
		n++
	}
	return n > 0
}

// docBlock is a code block of a document: fenced, with its language, or
// indented (lang "indented"). first is the line of its first content
// line, from 1.
type docBlock struct {
	lang  string
	first int
	lines []string
}

// markdownBlocks returns a document's code blocks.
func markdownBlocks(text string) []docBlock {
	lines := strings.Split(text, "\n")
	var blocks []docBlock
	for i := 0; i < len(lines); i++ {
		if lang, ok := strings.CutPrefix(lines[i], "```"); ok {
			b := docBlock{lang: strings.TrimSpace(lang), first: i + 2}
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				b.lines = append(b.lines, lines[i])
			}
			blocks = append(blocks, b)
			continue
		}
		// An indented block follows a blank line; list items' own
		// indented paragraphs are not read, as no command starts them.
		if strings.HasPrefix(lines[i], "    ") && i > 0 && strings.TrimSpace(lines[i-1]) == "" {
			b := docBlock{lang: "indented", first: i + 1}
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "    ") || strings.TrimSpace(lines[i]) == ""); i++ {
				b.lines = append(b.lines, strings.TrimPrefix(lines[i], "    "))
			}
			for len(b.lines) > 0 && strings.TrimSpace(b.lines[len(b.lines)-1]) == "" {
				b.lines = b.lines[:len(b.lines)-1]
			}
			blocks = append(blocks, b)
			i--
		}
	}
	return blocks
}

// docExamples returns the commands of a document's blocks that run
// ginadvisor.
func docExamples(source, text string) ([]docExample, error) {
	var out []docExample
	for _, b := range markdownBlocks(text) {
		var found []docExample
		var err error
		switch {
		case b.lang == "sh" || b.lang == "bash" || b.lang == "shell":
			found, err = shellCommands(source, b.first, b.lines)
		case b.lang != "console" && b.lang != "" && b.lang != "indented":
			continue
		case len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "$ "):
			found, err = transcript(source, b.first, b.lines)
		case b.lang == "" && allPrefixed(b.lines, "> ", "< "):
			found = []docExample{exchange(source, b.first, b.lines)}
		case b.lang == "indented" && len(b.lines) > 0 && runsTool.MatchString(b.lines[0]):
			found, err = shellCommands(source, b.first, b.lines)
		}
		if err != nil {
			return nil, err
		}
		// A block that runs ginadvisor is run whole: its other commands
		// read what ginadvisor wrote, or make what it reads.
		tool := false
		for _, e := range found {
			tool = tool || runsTool.MatchString(e.text)
		}
		if tool {
			out = append(out, found...)
		}
	}
	return out, nil
}

// helpExamples returns the examples of every command's help, as help
// prints them, by the command's path ("log check").
func helpExamples() (map[string][]docExample, error) {
	out := map[string][]docExample{}
	for _, path := range helpPaths() {
		if len(path) == 0 {
			continue
		}
		var help bytes.Buffer
		// "help help" is the help command's own; "help --help" the app's.
		if code := run(append([]string{"ginadvisor", "help"}, path...), strings.NewReader(""), &help, io.Discard, noEnv); code != ExitOK {
			return nil, fmt.Errorf("help %s: exit %d", strings.Join(path, " "), code)
		}
		source := "help " + strings.Join(path, " ")
		lines, err := exampleLines(source, help.String())
		if err != nil {
			return nil, err
		}
		if lines == nil {
			continue
		}
		found, err := shellCommands(source, 1, lines)
		if err != nil {
			return nil, err
		}
		for i := range found {
			found[i].line = i + 1
		}
		out[strings.Join(path, " ")] = found
	}
	return out, nil
}

// exampleLines returns the lines of a help's examples, each example's
// first line unindented, its continuations indented by two. A line that
// goes on without a backslash before it was wrapped by the help, and
// would not run as a copy does.
func exampleLines(source, help string) ([]string, error) {
	_, rest, ok := strings.Cut(help, "   Examples:\n")
	if !ok {
		return nil, nil
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "     ") {
			break
		}
		l = strings.TrimPrefix(l, "     ")
		if strings.HasPrefix(l, " ") && (len(lines) == 0 || !strings.HasSuffix(lines[len(lines)-1], "\\")) {
			return nil, fmt.Errorf("%s: an example's line wrapped without a backslash: %q", source, l)
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// documents returns the README and docs/*.md, by their path from the
// repository's root.
func documents() (map[string]string, error) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	docs := map[string]string{}
	for _, p := range append([]string{filepath.Join("..", "..", "README.md")}, paths...) {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(filepath.Join("..", ".."), p)
		docs[filepath.ToSlash(rel)] = string(data)
	}
	return docs, nil
}

// elided says a line of shown output stands for any number of lines.
func elided(want string) bool { return strings.HasPrefix(want, "…") }

// lineMatches says a line of output matches a line shown, whose "…"
// stands for any text.
func lineMatches(want, got string) bool {
	parts := strings.Split(want, "…")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, last)
}

// outputMatches says the output got matches the lines shown, with their
// elisions.
func outputMatches(want, got []string) bool {
	seen := map[[2]int]bool{}
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if i == len(want) {
			return j == len(got)
		}
		if seen[[2]int{i, j}] {
			return false
		}
		seen[[2]int{i, j}] = true
		if elided(want[i]) {
			for k := j; k <= len(got); k++ {
				if match(i+1, k) {
					return true
				}
			}
			return false
		}
		return j < len(got) && lineMatches(want[i], got[j]) && match(i+1, j+1)
	}
	return match(0, 0)
}

// outputLines are the lines of output as a document shows them: without
// trailing spaces, and without blank lines at the end.
func outputLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
