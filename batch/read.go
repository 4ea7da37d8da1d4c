package batch

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/lines"
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

// CheckMergeable checks that summaries are the shards of one run, each
// once, none missing, with counts that can be: what Merge needs to give
// the one-run summary. Partial summaries (a run stopped early) are refused
// unless allowPartial.
func CheckMergeable(parts []Summary, allowPartial bool) error {
	seen := map[int]bool{}
	total := 0
	for i, s := range parts {
		if len(s.Shards) == 0 {
			return &SummaryError{fmt.Sprintf("summary %d", i+1), "names no shard: not a batch summary"}
		}
		if s.Inputs != parts[0].Inputs {
			return &SummaryError{fmt.Sprintf("summary %d", i+1), "is of other inputs than the first"}
		}
		if !s.Complete && !allowPartial {
			return &SummaryError{fmt.Sprintf("summary %d", i+1), "is partial (its run stopped early); merge it with --allow-partial"}
		}
		if err := s.checkCounts(); err != nil {
			return &SummaryError{fmt.Sprintf("summary %d", i+1), err.Error()}
		}
		for _, sh := range s.Shards {
			k, n, err := ParseShard(sh)
			if err != nil {
				return &SummaryError{fmt.Sprintf("summary %d", i+1), "shard " + err.Error()}
			}
			if total != 0 && n != total {
				return &SummaryError{fmt.Sprintf("summary %d", i+1), fmt.Sprintf("is a shard of %d, not %d", n, total)}
			}
			total = n
			if seen[k] {
				return &SummaryError{fmt.Sprintf("summary %d", i+1), fmt.Sprintf("shard %s is given twice", sh)}
			}
			seen[k] = true
		}
	}
	if len(seen) != total {
		var missing []string
		for k := 0; k < total; k++ {
			if !seen[k] {
				missing = append(missing, fmt.Sprintf("%d/%d", k+1, total))
			}
		}
		return &SummaryError{Msg: "shards missing: " + strings.Join(missing, ", ")}
	}
	return nil
}

// checkCounts refuses counts no run can give.
func (s *Summary) checkCounts() error {
	switch {
	case s.GamesRead < 0 || s.GamesSkipped < 0 || s.GamesAnalyzed < 0 || s.Hands < 0 || s.Decisions < 0 || s.Ungraded < 0:
		return errors.New("negative counts")
	case s.GamesSkipped+s.GamesAnalyzed > s.GamesRead:
		return errors.New("more games skipped and analysed than read")
	}
	for _, p := range s.Players {
		if p.Games < 0 || p.GamesWon < 0 || p.GamesWon > p.Games || p.HandsWon < 0 || p.HandsWon > p.Hands || p.Decisions < 0 || p.Matched < 0 || p.Matched > p.Decisions {
			return fmt.Errorf("impossible counts for %q", p.Name)
		}
	}
	return nil
}

func readSummaries(r io.Reader, name string, parts []Summary) ([]Summary, error) {
	br := bufio.NewReader(r)
	lines.SkipBOM(br)
	if head, _ := br.Peek(512); lines.Binary(head) {
		return nil, &SummaryError{name, "binary data, not a batch summary"}
	}
	dec := json.NewDecoder(br)
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
