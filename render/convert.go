package render

import (
	"fmt"
	"io"

	"github.com/ginadvisor/ginadvisor/importer"
)

// Converted says what a conversion converted and what it skipped.
func Converted(r importer.ConvertResult) string {
	return fmt.Sprintf("%d %s converted, %d skipped.", r.Converted, Plural(r.Converted, "game", "games"), r.Skipped)
}

// Problem writes a damaged game or input on w, after its source when it
// has one, with control characters escaped.
func Problem(w io.Writer, source string, err error) {
	if source != "" {
		source = source + ": "
	}
	fmt.Fprintf(w, "%s%s\n", source, EscapeControl(err.Error()))
}
