package batch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxSummaryBytes bounds one source of summaries.
const MaxSummaryBytes = 256 << 20

// ErrSummary is wrapped by the errors of ReadSummaries.
var ErrSummary = errors.New("bad batch summary")

// SummaryError says which source of summaries is at fault, and why.
type SummaryError struct {
	Source string
	Msg    string
}

func (e *SummaryError) Error() string {
	if e.Source == "" {
		return e.Msg
	}
	return e.Source + ": " + e.Msg
}

// Unwrap returns ErrSummary.
func (e *SummaryError) Unwrap() error { return ErrSummary }

// ReadSummaries reads the JSON summaries of the sources, one source open
// at a time, and checks that they were graded alike, so that Merge may
// combine them. A source may hold several summaries one after another.
func ReadSummaries(sources []Input) ([]Summary, error) {
	var parts []Summary
	for _, src := range sources {
		rc, err := src.Open()
		if err != nil {
			return nil, &SummaryError{src.Name, err.Error()}
		}
		parts, err = readSummaries(io.LimitReader(rc, MaxSummaryBytes), src.Name, parts)
		rc.Close()
		if err != nil {
			return nil, err
		}
	}
	if len(parts) == 0 {
		return nil, &SummaryError{Msg: "no summaries to merge"}
	}
	return parts, nil
}

func readSummaries(r io.Reader, name string, parts []Summary) ([]Summary, error) {
	dec := json.NewDecoder(r)
	for {
		var s Summary
		err := dec.Decode(&s)
		if err == io.EOF {
			return parts, nil
		}
		if err != nil {
			return nil, &SummaryError{name, fmt.Sprintf("not a batch summary: %v", err)}
		}
		if len(parts) > 0 && (s.Grading != parts[0].Grading || s.Samples != parts[0].Samples || s.Seed != parts[0].Seed) {
			return nil, &SummaryError{name, fmt.Sprintf("graded by %s at %d worlds with seed %d, unlike the first summary", s.Grading, s.Samples, s.Seed)}
		}
		parts = append(parts, s)
	}
}
