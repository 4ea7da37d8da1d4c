package board

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/ginadvisor/ginadvisor/batch"
)

// A streamed review (POST /api/review/stream) answers with one JSON
// object a line (application/x-ndjson), each with one field:
//
//	{"size": {"games": 3, "decisions": 712}, "grading": "advisor", "samples": 6144}
//	{"decision": {...}}   one a decision, in the log's order, as graded
//	{"summary": {...}}    the last line of a review that ends
//	{"error": {...}}      the last line of one that cannot
//
// The size comes first, before any work, so that the page can draw its
// progress; a request refused before the work starts (a bad log, one
// over the size limit, a busy board) is answered as every other request,
// with a status and an error. The client cancels by closing the request.
const streamType = "application/x-ndjson"

// reviewTime bounds a streamed review: the longest log the size limit
// lets through, graded at batch's defaults on one core, takes a few
// minutes.
const reviewTime = 15 * time.Minute

// lineTime bounds the wait for a client to take one line of a stream: a
// client that stops reading stops the review.
const lineTime = 30 * time.Second

// streamLine is a line of a streamed review; one field is set.
type streamLine struct {
	Size     *batch.Size       `json:"size,omitempty"`
	Grading  string            `json:"grading,omitempty"`
	Samples  int               `json:"samples,omitempty"`
	Decision *ReviewedDecision `json:"decision,omitempty"`
	Summary  *batch.Summary    `json:"summary,omitempty"`
	Error    *Error            `json:"error,omitempty"`
}

// reviewStream grades a log, streaming its decisions as they are graded.
// It waits for its slot, and counts the log, within the request's usual
// time bound; the grading has reviewTime, the client's patience and the
// board's life.
func (s *server) reviewStream(w http.ResponseWriter, r *http.Request) {
	waitCtx, cancelWait := context.WithTimeout(r.Context(), s.opts.workTime())
	defer cancelWait()
	body, done, ok := s.admit(waitCtx, w, r, s.reviews)
	if !ok {
		return
	}
	defer done()
	run, err := s.prepare(waitCtx, body)
	body = nil
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), reviewTime)
	defer cancel()
	stop := context.AfterFunc(s.closing, cancel)
	defer stop()

	out := newLineWriter(w)
	head := streamLine{Size: &run.size, Grading: "advisor", Samples: run.opts.Samples}
	if run.opts.Quick {
		head.Grading = "quick"
	} else if head.Samples == 0 {
		head.Samples = batch.DefaultSamples
	}
	if err := out.write(&head); err != nil {
		return
	}
	sum, err := run.grade(ctx, func(d *ReviewedDecision) error {
		return out.write(&streamLine{Decision: d})
	})
	if err == nil {
		_ = out.write(&streamLine{Summary: &sum})
		return
	}
	if out.failed || r.Context().Err() != nil {
		return // nobody reads the answer
	}
	_ = out.write(&streamLine{Error: streamError(err, s.closing.Err() != nil)})
}

// streamError is what the last line of a stream that cannot end says.
func streamError(err error, closing bool) *Error {
	var b *badRequest
	switch {
	case errors.As(err, &b):
		return b.err
	case closing:
		return &Error{Message: "the board stopped in the middle of the review"}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Message: "the review ran past its " + reviewTime.String() + " limit"}
	}
	return &Error{Message: err.Error()}
}

// lineWriter writes a stream's lines, each flushed at once and given
// lineTime to leave.
type lineWriter struct {
	w      http.ResponseWriter
	rc     *http.ResponseController
	enc    *json.Encoder
	failed bool
}

func newLineWriter(w http.ResponseWriter) *lineWriter {
	w.Header().Set("Content-Type", streamType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return &lineWriter{w: w, rc: http.NewResponseController(w), enc: json.NewEncoder(w)}
}

func (lw *lineWriter) write(l *streamLine) error {
	_ = lw.rc.SetWriteDeadline(time.Now().Add(lineTime))
	err := lw.enc.Encode(l)
	if err == nil {
		err = lw.rc.Flush()
	}
	if err != nil {
		lw.failed = true
	}
	return err
}
