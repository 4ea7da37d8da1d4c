package report

import (
	"io"

	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ScoreLines scores the hands of r, one a line, under rs and the deal d, as package
// lines reads lines (blank lines and comments skipped). It calls each
// with the line's number and text, and its report or the error that kept
// it from one; a bad line does not stop the rest. idle is called when
// the input has nothing more waiting, so that output buffered for speed
// is flushed while a person waits. It returns how many lines were read
// and how many failed; its error is each's, or lines.Each's when the
// input is not lines of text.
func ScoreLines(r io.Reader, rs rules.Rules, d rules.Deal, each func(n int, line string, s *ScoreReport, err error) error, idle func() error) (read, bad int, err error) {
	err = lines.Each(r, 0, func(n int, line string, err error) error {
		read++
		var s *ScoreReport
		if err == nil {
			var hand notation.CardSet
			if hand, err = notation.ParseHand(line); err == nil {
				s, err = Score(hand, rs, d)
			}
		}
		if err != nil {
			bad++
		}
		return each(n, line, s, err)
	}, idle)
	return read, bad, err
}
