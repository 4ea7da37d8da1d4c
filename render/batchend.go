package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// Problems writes each damaged game or input of a run on w, after its
// file:line, one a line.
func Problems(w io.Writer, ps []gamelog.Problem) {
	for _, p := range ps {
		fmt.Fprintf(w, "%s: %s\n", Where(p), EscapeControl(p.Message))
	}
}

// Left is the line that names the output files a run left as they were,
// interrupted or not, or "" when it left none.
func Left(left []string, interrupted bool) string {
	if len(left) == 0 {
		return ""
	}
	how := ""
	if interrupted {
		how = "interrupted: "
	}
	return fmt.Sprintf("ginadvisor: %sthe outputs were left as they were (%s)\n", how, strings.Join(left, ", "))
}
