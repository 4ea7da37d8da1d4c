package render

import (
	"io"

	"github.com/ginadvisor/ginadvisor/report"
)

// ScoreWriter writes scored hands, as Tables renders them or as JSON.
type ScoreWriter struct {
	W      io.Writer
	Tables *Tables
	JSON   bool
	// AllSplits lists each split of a run as its own row; JSON always does.
	AllSplits bool
}

// Write writes the score r of the hand on line (0 for a hand given
// alone, not streamed). A line that could not be scored, with err, is a
// JSON line of its own, with its input and error, so that a script
// reading JSON Lines sees it too; in text it writes nothing, its error
// being reported where errors go.
func (s ScoreWriter) Write(line int, input string, r *report.ScoreReport, err error) error {
	switch {
	case err != nil && s.JSON:
		return JSONLine(s.W, line, struct {
			Input string `json:"input,omitempty"`
			Error string `json:"error"`
		}{input, err.Error()})
	case err != nil:
		return nil
	case s.JSON:
		return JSONLine(s.W, line, r)
	}
	return Score(s.W, s.Tables, r, line, s.AllSplits)
}
