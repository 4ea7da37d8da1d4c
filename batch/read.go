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

// MaxSummaryBytes bounds one source of summaries: a shard's summary is a
// few kilobytes a player, and a few hundred bytes a damaged game.
const MaxSummaryBytes = 16 << 20

// ErrSummary is wrapped by the errors of ReadSummaries and CheckMergeable.
var ErrSummary = errors.New("bad batch summary")

// SummaryError says which source of summaries is at fault, and why.
type SummaryError struct {
	Source string
	Msg    string
}

// Error is one printable line of bounded length, whatever the summary
// holds.
func (e *SummaryError) Error() string {
	if e.Source == "" {
		return oneLine(e.Msg)
	}
	return oneLine(e.Source + ": " + e.Msg)
}

// Unwrap returns ErrSummary.
func (e *SummaryError) Unwrap() error { return ErrSummary }

// ReadSummaries reads the JSON summaries of the sources, one source open
// at a time, and checks that they were graded alike, so that Merge may
// combine them. A source may hold several summaries one after another,
// in at most MaxSummaryBytes.
func ReadSummaries(sources []Input) ([]Summary, error) {
	var parts []Summary
	for _, src := range sources {
		rc, err := src.Open()
		if err != nil {
			return nil, &SummaryError{src.Name, err.Error()}
		}
		before := len(parts)
		parts, err = readSummaries(&boundedReader{r: rc, n: MaxSummaryBytes}, src.Name, parts)
		rc.Close()
		if err != nil {
			return nil, err
		}
		if len(parts) == before {
			// An empty file, as a shard that failed before writing leaves
			// it, is no summary: the merge would miss its shard's games.
			return nil, &SummaryError{src.Name, "no summary in it"}
		}
	}
	if len(parts) == 0 {
		return nil, &SummaryError{Msg: "no summaries to merge"}
	}
	return parts, nil
}

// errTooBig ends a source over MaxSummaryBytes.
var errTooBig = fmt.Errorf("more than %d MiB of summaries", MaxSummaryBytes>>20)

// boundedReader reads at most n bytes, and fails past them rather than
// end as if the input did.
type boundedReader struct {
	r io.Reader
	n int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n <= 0 {
		// One byte more says whether the input goes on.
		var one [1]byte
		if _, err := io.ReadFull(b.r, one[:]); err != nil {
			return 0, err
		}
		return 0, errTooBig
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.r.Read(p)
	b.n -= int64(n)
	return n, err
}

func readSummaries(r io.Reader, name string, parts []Summary) ([]Summary, error) {
	br := bufio.NewReader(r)
	lines.SkipBOM(br)
	if head, _ := br.Peek(512); lines.Binary(head) {
		return nil, &SummaryError{name, "binary data, not a batch summary"}
	}
	dec := json.NewDecoder(br)
	for k := 1; ; k++ {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return parts, nil
		}
		var s Summary
		if err == nil {
			// The shape first: no list may be longer than a summary's,
			// so that decoding allocates no more than a summary needs.
			if err = checkShape(raw); err == nil {
				err = json.Unmarshal(raw, &s)
			}
		}
		if err != nil {
			return nil, &SummaryError{name, fmt.Sprintf("not a batch summary: %v", err)}
		}
		if len(parts) > 0 && (s.Grading != parts[0].Grading || s.Samples != parts[0].Samples || s.Seed != parts[0].Seed) {
			return nil, &SummaryError{name, fmt.Sprintf("graded by %s at %d worlds with seed %d, unlike the first summary", clip(s.Grading, 20), s.Samples, s.Seed)}
		}
		s.from = name
		if k > 1 {
			s.from = fmt.Sprintf("%s (summary %d)", name, k)
		}
		parts = append(parts, s)
	}
}

// CheckMergeable checks that summaries are the shards of one run, each
// once, none missing, with figures that can be: what Merge needs to give
// the one-run summary, within MaxCount. Partial summaries (a run stopped
// early) are refused unless allowPartial. Its error names the first
// summary and field at fault, in one line.
func CheckMergeable(parts []Summary, allowPartial bool) error {
	total := 0
	seen := map[int]bool{}
	for i := range parts {
		s := &parts[i]
		fail := func(format string, args ...any) error {
			return &SummaryError{s.name(i), fmt.Sprintf(format, args...)}
		}
		switch {
		case len(s.Shards) == 0:
			return fail("names no shard: not a batch summary")
		case s.Inputs != parts[0].Inputs:
			return fail("is of other inputs than the first")
		case !s.Complete && !allowPartial:
			return fail("is partial (its run stopped early); merge it with --allow-partial")
		case len(seen)+len(s.Shards) > MaxShards:
			return fail("brings the shards to more than %d", MaxShards)
		}
		if err := s.checkCounts(); err != nil {
			return fail("%v", err)
		}
		for _, sh := range s.Shards {
			k, n, err := ParseShard(sh)
			switch {
			case err != nil:
				return fail("shard %v", err)
			case total != 0 && n != total:
				return fail("is a shard of %d, not %d", n, total)
			case seen[k]:
				return fail("shard %d/%d is given twice", k+1, n)
			}
			total = n
			seen[k] = true
		}
	}
	if len(seen) != total {
		return &SummaryError{Msg: missingShards(seen, total)}
	}
	if err := checkTotals(parts); err != nil {
		return &SummaryError{Msg: err.Error()}
	}
	return nil
}

// missingShards names the shards missing, the first few of them.
func missingShards(seen map[int]bool, total int) string {
	const named = 10
	var missing []string
	for k := 0; k < total && len(missing) < named; k++ {
		if !seen[k] {
			missing = append(missing, fmt.Sprintf("%d/%d", k+1, total))
		}
	}
	msg := "shards missing: " + strings.Join(missing, ", ")
	if more := total - len(seen) - len(missing); more > 0 {
		msg += fmt.Sprintf(" and %d more", more)
	}
	return msg
}
