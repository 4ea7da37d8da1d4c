package board

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/gamelog"
)

// openStream starts a streamed review of body and returns the response,
// its lines to be read.
func openStream(t *testing.T, url string, client *http.Client, body string) (*http.Response, *bufio.Scanner) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url+"/api/review/stream", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	return res, sc
}

// readLine reads one line of a stream, or fails the test.
func readLine(t *testing.T, sc *bufio.Scanner) map[string]json.RawMessage {
	t.Helper()
	if !sc.Scan() {
		t.Fatalf("the stream ended early: %v", sc.Err())
	}
	var l map[string]json.RawMessage
	if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
		t.Fatalf("a line of the stream is not JSON: %v: %.200s", err, sc.Text())
	}
	return l
}

// TestStreamedReviewIsBatchs: a streamed review with no samples or seed
// grades as batch does at its defaults, decision for decision, to the
// byte (the first few, which cost what the suite can spend), and a quick
// one to its end; the first line says the size batch.Count finds, the
// last the summary batch prints.
func TestStreamedReviewIsBatchs(t *testing.T) {
	log := oneHandLog(t)
	ts := newServer(t, Options{Workers: 1}, nil)
	in := batch.Input{Name: "pasted", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(log)), nil }}
	cases := []struct {
		quick   bool
		samples int    // asked for, 0 for the default
		said    string // the samples the first line says
		first   int    // decisions compared, 0 for all and the summary
	}{{false, 64, "64", 3}, {true, 0, "", 0}}
	if longtest.Enabled() {
		// At batch's own defaults a decision costs up to a second.
		cases = append(cases, struct {
			quick   bool
			samples int
			said    string
			first   int
		}{false, 0, "6144", 0})
	}
	for _, tt := range cases {
		req := map[string]any{"log": log, "quick": tt.quick}
		if tt.samples > 0 {
			req["samples"] = tt.samples
		}
		q, _ := json.Marshal(req)
		res, sc := openStream(t, ts.URL, ts.Client(), string(q))
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != streamType {
			t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		size := readLine(t, sc)
		var n batch.Size
		if err := json.Unmarshal(size["size"], &n); err != nil || string(size["samples"]) != tt.said {
			t.Fatalf("the first line is not the size: %v %s", err, sc.Text())
		}
		var want []string
		errEnough := errors.New("enough")
		sum, err := batch.Run(context.Background(), []batch.Input{in}, batch.Options{Quick: tt.quick, Samples: tt.samples, Seed: 1, Workers: 1, OnDecision: func(g *batch.Graded) error {
			b, err := json.Marshal(&ReviewedDecision{g, g.KindName()})
			want = append(want, string(b))
			if tt.first > 0 && len(want) == tt.first {
				return errEnough
			}
			return err
		}})
		if err != nil && !errors.Is(err, errEnough) {
			t.Fatal(err)
		}
		if n.Games != 1 || n.Decisions < 10 || tt.first == 0 && n.Decisions != len(want) {
			t.Fatalf("quick %v: the stream's size %+v; batch graded %d decisions", tt.quick, n, len(want))
		}
		for i := range want {
			l := readLine(t, sc)
			if string(l["decision"]) != want[i] {
				t.Fatalf("quick %v, decision %d:\n got %.300s\nwant %.300s", tt.quick, i+1, l["decision"], want[i])
			}
		}
		if tt.first > 0 {
			res.Body.Close() // the review stops
			continue
		}
		last := readLine(t, sc)
		wantSum, _ := json.Marshal(sum)
		if string(last["summary"]) != string(wantSum) {
			t.Errorf("the last line is not batch's summary:\n got %.300s\nwant %.300s", last["summary"], wantSum)
		}
		if sc.Scan() {
			t.Errorf("a line after the summary: %.100s", sc.Text())
		}
		res.Body.Close()
	}
}

// manyGames is a log of the sample's first game written n times over, as
// games 1 to n.
func manyGames(t *testing.T, n int) string {
	t.Helper()
	games, err := gamelog.ReadLog(bytes.NewReader(firstGameOfSample(t)))
	if err != nil {
		t.Fatal(err)
	}
	var all []*gamelog.Game
	for i := range n {
		g := *games[0]
		g.Number = i + 1
		all = append(all, &g)
	}
	var b strings.Builder
	if err := gamelog.WriteLog(&b, all); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestOneSizeLimitBeforeTheWork: a log of more decisions than a review
// grades is refused, streamed or not, quick or not, with its count, and
// nothing is graded: the answer is a 400, not a stream.
func TestOneSizeLimitBeforeTheWork(t *testing.T) {
	log := manyGames(t, 2)
	n, err := batch.Count(context.Background(), []batch.Input{{Name: "x", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(log)), nil }}}, batch.Options{})
	if err != nil || n.Games != 2 {
		t.Fatalf("counting two games: %+v, %v", n, err)
	}
	per := n.Decisions / 2
	big := manyGames(t, maxReviewDecisions/per+1)
	ts := newServer(t, Options{Workers: 1, MaxBody: 8 << 20}, nil)
	for _, quick := range []bool{false, true} {
		q, _ := json.Marshal(map[string]any{"log": big, "quick": quick})
		for _, path := range []string{"/api/review", "/api/review/stream"} {
			r := post(t, ts, path, string(q), nil)
			msg, _ := errorOf(r)["message"].(string)
			if r.status != 400 || !strings.Contains(msg, "more than the 5000 a review grades") || !strings.HasPrefix(msg, "the log holds ") {
				t.Errorf("%s, quick %v: status %d: %.200s", path, quick, r.status, r.raw)
			}
		}
	}
}

// TestStreamedReviewStops: a client that goes away in the middle of a
// streamed review frees its slot, and a board that shuts down ends its
// stream with an error line that says so.
func TestStreamedReviewStops(t *testing.T) {
	b := httptestBoard(t, Options{Workers: 1})
	q, _ := json.Marshal(map[string]any{"log": string(firstGameOfSample(t)), "samples": 256})
	res, sc := openStream(t, b.URL, b.Client(), string(q))
	readLine(t, sc)
	readLine(t, sc)
	res.Body.Close()
	waitFor(t, b.board.reviews.idle)

	res, sc = openStream(t, b.URL, b.Client(), string(q))
	defer res.Body.Close()
	readLine(t, sc)
	if err := b.board.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for {
		l := readLine(t, sc)
		if e, ok := l["error"]; ok {
			if !strings.Contains(string(e), "the board stopped") {
				t.Errorf("the stream ends with %s", e)
			}
			break
		}
		if _, ok := l["summary"]; ok {
			t.Fatal("the review ran to its end after the board shut down")
		}
	}
	waitFor(t, b.board.reviews.idle)
}

// TestStreamedReviewOutlastsTheRequestLimit: a streamed review grades past
// the time bound of the other requests (here 150 ms), which bounds only
// its wait and its count, and ends with its summary, not cut off with
// nothing said.
func TestStreamedReviewOutlastsTheRequestLimit(t *testing.T) {
	b := httptestBoard(t, Options{Workers: 1, MaxTime: 150 * time.Millisecond})
	q, _ := json.Marshal(map[string]any{"log": string(firstGameOfSample(t)), "samples": 64})
	res, sc := openStream(t, b.URL, b.Client(), string(q))
	defer res.Body.Close()
	start := time.Now()
	for {
		l := readLine(t, sc)
		if _, ok := l["summary"]; ok {
			break
		}
		if e, ok := l["error"]; ok {
			t.Fatalf("the stream ends with %s", e)
		}
	}
	if took := time.Since(start); took < 150*time.Millisecond {
		t.Skipf("the review took %v, within the request limit: nothing was checked", took)
	}
}
