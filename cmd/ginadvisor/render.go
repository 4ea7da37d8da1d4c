package main

import (
	"encoding/json"
	"io"
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
	errorColor    = color.New(color.FgRed, color.Bold)
)

// renderTable writes a table with the given header and rows.
func renderTable(w io.Writer, header []string, rows [][]string) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
	)
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
