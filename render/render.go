// Package render writes results for people: tables boxed, in plain
// columns or as tab-separated values, prose wrapped to the terminal, cards
// with suit letters or symbols, and melds and deadwood in color. A Style
// value carries every choice, so that nothing global changes.
package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/ginadvisor/ginadvisor/notation"
)

// UseColor decides whether output is colored, from the --color mode:
// "always" colors and "never" does not; otherwise NO_COLOR set (to
// anything) or TERM=dumb turns color off, and only a terminal gets it.
// An explicit mode wins over the environment.
func UseColor(mode string, getenv func(string) string, terminal bool) bool {
	switch {
	case mode == "never":
		return false
	case mode == "always":
		return true
	case getenv("NO_COLOR") != "" || getenv("TERM") == "dumb":
		return false
	}
	return terminal
}

// Style is how results are written. The zero value writes boxed tables as
// wide as their contents, with suit letters and no color.
type Style struct {
	// Format is "table" (boxes), "plain" (aligned columns) or "tsv"; ""
	// means "table".
	Format string
	// Width is the width of a line: the terminal's, else COLUMNS, else
	// 80. Boxed tables fit it by wrapping their cells at spaces, or else
	// give way to plain columns (see Tables.Render); 0 leaves them as
	// wide as their contents, and prose at 80 (see LineWidth).
	Width int
	// Color dresses melds, deadwood and verdicts.
	Color bool
	// Symbols writes suits as symbols (♣♦♥♠).
	Symbols bool
}

func (s Style) paint(attr color.Attribute, text string) string {
	c := color.New(attr)
	if s.Color {
		c.EnableColor()
	} else {
		c.DisableColor()
	}
	return c.Sprint(text)
}

// Meld dresses the text of a meld.
func (s Style) Meld(text string) string { return s.paint(color.FgGreen, text) }

// Deadwood dresses the text of deadwood.
func (s Style) Deadwood(text string) string { return s.paint(color.FgRed, text) }

// Verdict dresses a verdict.
func (s Style) Verdict(text string) string { return s.paint(color.Bold, text) }

// Tables renders tables to one writer in a style. It keeps a single
// tablewriter.Table and resets it between tables, because a new Table
// allocates a large cache; that dominated the time to score a file of
// hands.
type Tables struct {
	w     io.Writer
	style Style
	t     *tablewriter.Table
}

// Tables returns a table renderer writing to w in the style.
func (s Style) Tables(w io.Writer) *Tables { return &Tables{w: w, style: s} }

// noCache stands in for tablewriter's stringer cache. The cells here are
// plain strings, and purging the default cache on every Reset allocated
// about 700 KB per table.
type noCache struct{}

func (noCache) Add(reflect.Type, reflect.Value) bool        { return false }
func (noCache) Get(reflect.Type) (v reflect.Value, ok bool) { return v, false }
func (noCache) Purge()                                      {}

// Render writes a table with the given header and rows. A boxed table
// too wide for the style's width wraps its cells at spaces, never
// narrowing a column below its widest word; when even that is too wide,
// it is written as plain columns instead (see fitColumns).
func (tr *Tables) Render(header []string, rows [][]string) error {
	switch tr.style.Format {
	case "plain":
		return renderPlain(tr.w, header, rows)
	case "tsv":
		return renderTSV(tr.w, header, rows)
	}
	natural, least := columnWidths(len(header), header, rows)
	widths, ok := fitColumns(tr.style.Width, natural, least)
	if !ok {
		return renderPlain(tr.w, header, rows)
	}
	if !slices.Equal(widths, natural) {
		header, rows = wrapTable(widths, header, rows)
	}
	if tr.t == nil {
		tr.t = tablewriter.NewTable(tr.w,
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithHeaderAutoWrap(tw.WrapNone),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
			tablewriter.WithHeaderAlignment(tw.AlignLeft),
			tablewriter.WithRowAlignment(tw.AlignLeft),
			tablewriter.WithStringerCacheCustom(noCache{}),
		)
	} else {
		tr.t.Reset()
	}
	t := tr.t
	t.Header(header)
	if err := t.Bulk(rows); err != nil {
		return err
	}
	return t.Render()
}

// renderPlain writes aligned columns separated by two spaces, with no
// borders, for pipes and plain terminals.
func renderPlain(w io.Writer, header []string, rows [][]string) error {
	all := append([][]string{header}, rows...)
	widths := make([]int, len(header))
	for _, r := range all {
		for i, cell := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], twwidth.Width(cell))
			}
		}
	}
	var b strings.Builder
	for _, r := range all {
		for i, cell := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(cell)
			if i < len(r)-1 && i < len(widths) {
				b.WriteString(strings.Repeat(" ", widths[i]-twwidth.Width(cell)))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// renderTSV writes tab-separated values, without color, for spreadsheets
// and scripts.
func renderTSV(w io.Writer, header []string, rows [][]string) error {
	var b strings.Builder
	clean := strings.NewReplacer("\t", " ", "\n", " ")
	for _, r := range append([][]string{header}, rows...) {
		for i, cell := range r {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(clean.Replace(twwidth.Filter().ReplaceAllString(cell, "")))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Wrap breaks prose into lines of at most width characters, at spaces,
// and ends it with a newline.
func Wrap(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(s) {
		n := twwidth.Width(word)
		if i > 0 && line+1+n > width {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += n
	}
	b.WriteByte('\n')
	return b.String()
}

// LineWidth is the width prose wraps at: the style's, or 80 when it
// has none.
func (s Style) LineWidth() int {
	if s.Width > 0 {
		return s.Width
	}
	return 80
}

// Wrap breaks prose into lines of the style's LineWidth, at spaces, each
// line of text a paragraph; an empty line is kept.
func (s Style) Wrap(text string) string {
	var b strings.Builder
	for _, p := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if strings.TrimSpace(p) == "" {
			b.WriteByte('\n')
			continue
		}
		b.WriteString(Wrap(p, s.LineWidth()))
	}
	return b.String()
}

// WrapLines wraps each line of text at width, at spaces, indenting the
// lines a long line goes on to by two spaces more than it; an empty line
// stays empty, and a word longer than the width has a line of its own.
// The result ends with a newline.
func WrapLines(text string, width int) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		n := len(indent)
		b.WriteString(indent)
		for i, word := range strings.Fields(line) {
			w := twwidth.Width(word)
			if i > 0 && n+1+w > width {
				b.WriteString("\n" + indent + "  ")
				n = len(indent) + 2
			} else if i > 0 {
				b.WriteByte(' ')
				n++
			}
			b.WriteString(word)
			n += w
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// JSON writes v as one line of JSON, with no HTML escaping.
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Set writes cards in card order, with suit letters or symbols.
func (s Style) Set(cs notation.CardSet) string {
	if s.Symbols {
		return cs.Symbols()
	}
	return cs.String()
}

// Card writes a card with its suit letter or symbol.
func (s Style) Card(c notation.Card) string {
	if s.Symbols {
		return c.Symbol()
	}
	return c.String()
}

// Names writes card names given as text, with symbols where the style
// asks for them; a name that is no card is written as it is.
func (s Style) Names(names []string) string {
	if !s.Symbols {
		return strings.Join(names, " ")
	}
	out := make([]string, len(names))
	for i, name := range names {
		c, err := notation.ParseCard(name)
		if err != nil {
			out[i] = name
			continue
		}
		out[i] = c.Symbol()
	}
	return strings.Join(out, " ")
}

// JSONLine writes v as one line of JSON; when line is above 0, the object
// starts with "line", the input line it answers, as streamed JSON Lines
// outputs do.
func JSONLine(w io.Writer, line int, v any) error {
	if line <= 0 {
		return JSON(w, v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if len(b) > 1 && b[0] == '{' {
		fmt.Fprintf(&buf, `{"line":%d`, line)
		if b[1] != '}' {
			buf.WriteByte(',')
		}
		buf.Write(b[1:])
	} else {
		fmt.Fprintf(&buf, `{"line":%d,"value":`, line)
		buf.Write(b)
		buf.WriteByte('}')
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}

// Prose is where the sentences around a style's tables go (headings,
// notes, verdicts): w, except under tsv, whose output is the tables' rows
// alone, where they are dropped; --json carries the same figures.
func (s Style) Prose(w io.Writer) io.Writer {
	if s.Format == "tsv" {
		return io.Discard
	}
	return w
}
