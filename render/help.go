package render

import (
	"strings"
	"unicode"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// WrapHelp folds the lines of a help text longer than width at spaces. A
// continuation is indented as far as the line's text, or, for a line of
// the form "  --flag value   what it does", as far as what it does.
func WrapHelp(text string, width int) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if twwidth.Width(body) <= width || isExample(body) {
			b.WriteString(line)
			continue
		}
		// The head is kept as it is: the leading spaces, and for a flag or
		// command line the name up to the description's column, after the
		// first gap of two spaces or more.
		head := len(body) - len(strings.TrimLeft(body, " "))
		if gap := strings.Index(body[head:], "  "); gap > 0 && head+gap < width/2 {
			rest := body[head+gap:]
			head += gap + len(rest) - len(strings.TrimLeft(rest, " "))
		}
		b.WriteString(body[:head])
		b.WriteString(strings.Join(foldWords(strings.Fields(body[head:]), width-head), "\n"+strings.Repeat(" ", head)))
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// foldWords lays words out in lines of at most width columns, a word
// longer than width on a line of its own; a last line of one word takes
// the word before it too, when that leaves two or more words above, so
// that no word is left alone under a line of many.
func foldWords(words []string, width int) []string {
	var lines [][]string
	col := 0
	for _, word := range words {
		w := twwidth.Width(word)
		if len(lines) == 0 || col+1+w > width {
			lines = append(lines, []string{word})
			col = w
			continue
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], word)
		col += 1 + w
	}
	if n := len(lines); n > 1 && len(lines[n-1]) == 1 && len(lines[n-2]) >= 3 {
		prev := lines[n-2]
		moved := prev[len(prev)-1]
		if twwidth.Width(moved)+1+twwidth.Width(lines[n-1][0]) <= width {
			lines[n-2] = prev[:len(prev)-1]
			lines[n-1] = []string{moved, lines[n-1][0]}
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Join(l, " ")
	}
	return out
}

// UnwrapParagraphs joins the hand-wrapped lines of each paragraph of a
// description into one line, for the help printer to wrap once at the
// terminal's width. A paragraph's lines start at the margin; blank lines,
// indented lines (examples) and the lines after a line ending in ":" stay
// as they are.
func UnwrapParagraphs(text string) string {
	lines := strings.Split(text, "\n")
	out := lines[:0:0]
	for i, line := range lines {
		if i > 0 && isProse(line) && isProse(lines[i-1]) && !strings.HasSuffix(lines[i-1], ":") {
			out[len(out)-1] += " " + line
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// isProse reports whether a description line is part of a paragraph.
func isProse(line string) bool {
	return line != "" && line[0] != ' ' && line[0] != '\t'
}

// isExample reports whether a help line is a command to copy, which stays
// whole. The NAME line also starts with the program's name, but goes on
// with " - " and a description.
func isExample(line string) bool {
	text := strings.TrimLeft(line, " ")
	if !strings.HasPrefix(text, "ginadvisor ") {
		return false
	}
	i := strings.Index(text, " - ")
	return i < 0 || i+3 >= len(text) || !unicode.IsLetter(rune(text[i+3]))
}
