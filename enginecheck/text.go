package enginecheck

import (
	"fmt"
	"io"

	"github.com/ginadvisor/ginadvisor/lines"
)

// WriteText writes the report as check-engine prints it: the engine's
// name (its id name), each situation's verdict, with the exchange of each
// that failed, or of all when verbose, and a last line of totals.
func (rep *Report) WriteText(w io.Writer, verbose bool) error {
	if _, err := fmt.Fprintf(w, "engine %s\n", lines.Escape(rep.Engine)); err != nil {
		return err
	}
	for _, r := range rep.Results {
		verdict := "passed"
		if !r.Passed {
			verdict = "FAILED: " + lines.Escape(r.Reason)
		}
		if _, err := fmt.Fprintf(w, "%-45s %s\n", r.Name, verdict); err != nil {
			return err
		}
		if r.Passed && !verbose {
			continue
		}
		for _, l := range r.Exchange {
			if _, err := fmt.Fprintf(w, "    %s\n", lines.Escape(l)); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintf(w, "%d of %d situations passed\n", len(rep.Results)-rep.Failed(), len(rep.Results))
	return err
}
