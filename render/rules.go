package render

import (
	"cmp"
	"slices"

	"github.com/ginadvisor/ginadvisor/rules"
)

// RulesRows describes the rules as the rows of a table: the preset, a
// row for each rule field that has one (rules.Field.Label), in the
// table's order (rules.Field.Row), and the spec.
func RulesRows(r rules.Rules) [][]string {
	var fs []rules.Field
	for _, f := range rules.Fields() {
		if f.Label != "" {
			fs = append(fs, f)
		}
	}
	slices.SortFunc(fs, func(a, b rules.Field) int { return cmp.Compare(a.Row, b.Row) })
	rows := [][]string{{"preset", r.Name}}
	for i := range fs {
		rows = append(rows, []string{fs[i].Label, fs[i].Words(&r)})
	}
	return append(rows, []string{"spec", rules.FormatSpec(r)})
}
