package main

import (
	"encoding/json"
	"io"
	"reflect"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
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
	w io.Writer
	t *tablewriter.Table
}

func newTableWriter(w io.Writer) *tableWriter { return &tableWriter{w: w} }

// noCache stands in for tablewriter's stringer cache. The cells here are
// plain strings, and purging the default cache on every Reset allocated
// about 700 KB per table.
type noCache struct{}

func (noCache) Add(reflect.Type, reflect.Value) bool        { return false }
func (noCache) Get(reflect.Type) (v reflect.Value, ok bool) { return v, false }
func (noCache) Purge()                                      {}

// render writes a table with the given header and rows.
func (tr *tableWriter) render(header []string, rows [][]string) error {
	if tr.t == nil {
		tr.t = tablewriter.NewTable(tr.w,
			tablewriter.WithHeaderAutoFormat(tw.Off),
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
