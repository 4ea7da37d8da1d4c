package main

import (
	"encoding/json"
	"io"
	"reflect"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/ginadvisor/ginadvisor/notation"
)

var (
	meldColor     = color.New(color.FgGreen)
	deadwoodColor = color.New(color.FgRed)
	verdictColor  = color.New(color.Bold)
)

// tableWriter renders tables to one writer. It keeps a single
// tablewriter.Table and resets it between tables, because a new Table
// allocates a large cache; that dominated the time to score a file of
// hands.
type tableWriter struct {
	w       io.Writer
	t       *tablewriter.Table
	wrapped bool // t wraps its cells to the terminal's width
}

// naturalWidth is the width of a boxed table whose cells do not wrap.
func naturalWidth(header []string, rows [][]string) int {
	widths := make([]int, len(header))
	for _, r := range append([][]string{header}, rows...) {
		for i, cell := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], twwidth.Width(cell))
			}
		}
	}
	total := 1
	for _, w := range widths {
		total += w + 3
	}
	return total
}

func newTableWriter(w io.Writer) *tableWriter { return &tableWriter{w: w} }

// noCache stands in for tablewriter's stringer cache. The cells here are
// plain strings, and purging the default cache on every Reset allocated
// about 700 KB per table.
type noCache struct{}

func (noCache) Add(reflect.Type, reflect.Value) bool        { return false }
func (noCache) Get(reflect.Type) (v reflect.Value, ok bool) { return v, false }
func (noCache) Purge()                                      {}

// outputFormat is how tables are written: "table", with box-drawing
// borders; "plain", aligned columns with no borders; or "tsv", tab-separated
// values. Like color.NoColor it is set once per command, from --format,
// or from whether stdout is a terminal.
var outputFormat = "table"

// tableWidth is the terminal's width, which boxed tables wrap their cells
// to fit; 0 leaves them as wide as their contents.
var tableWidth = 0

// render writes a table with the given header and rows.
func (tr *tableWriter) render(header []string, rows [][]string) error {
	switch outputFormat {
	case "plain":
		return renderPlain(tr.w, header, rows)
	case "tsv":
		return renderTSV(tr.w, header, rows)
	}
	// A table too wide for the terminal wraps its cells to fit; one that
	// fits is left alone.
	wrap := tableWidth > 0 && naturalWidth(header, rows) > tableWidth
	if tr.t != nil && wrap != tr.wrapped {
		tr.t = nil
	}
	tr.wrapped = wrap
	if tr.t == nil {
		opts := []tablewriter.Option{
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
			tablewriter.WithHeaderAlignment(tw.AlignLeft),
			tablewriter.WithRowAlignment(tw.AlignLeft),
			tablewriter.WithStringerCacheCustom(noCache{}),
		}
		if wrap {
			opts = append(opts, tablewriter.WithMaxWidth(tableWidth), tablewriter.WithRowAutoWrap(tw.WrapNormal))
		}
		tr.t = tablewriter.NewTable(tr.w, opts...)
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

// wrapText breaks prose into lines of at most width characters, at
// spaces, and ends it with a newline.
func wrapText(s string, width int) string {
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

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// cardNamer formats cards plainly or with suit symbols.
type cardNamer struct{ symbols bool }

func (n cardNamer) set(s notation.CardSet) string {
	if n.symbols {
		return s.Symbols()
	}
	return s.String()
}

func (n cardNamer) card(c notation.Card) string {
	if n.symbols {
		return c.Symbol()
	}
	return c.String()
}

func (n cardNamer) names(names []string) string {
	if !n.symbols {
		return strings.Join(names, " ")
	}
	out := make([]string, len(names))
	for i, s := range names {
		c, err := notation.ParseCard(s)
		if err != nil {
			out[i] = s
			continue
		}
		out[i] = c.Symbol()
	}
	return strings.Join(out, " ")
}
