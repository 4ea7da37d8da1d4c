package board

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const drawPosition = "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1"

// knockablePosition is p1 to draw; drawing the 2S and discarding the KD
// leaves 10 deadwood (a knock), drawing the 9C leaves 17 (none).
const knockablePosition = "p1 draw hand=AC,3C,4C,7D,7H,7S,5H,5D,5S,KD pile=KS,QH stock=30 took=- passed=KS discards=QH dealer=p1"

// newServer starts a board on a loopback port; wrap, when set, wraps its
// handler.
func newServer(t *testing.T, o Options, wrap func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	b := NewServer(ts.Listener.Addr(), o)
	var h http.Handler = b
	if wrap != nil {
		h = wrap(h)
	}
	ts.Config.Handler = h
	ts.Start()
	t.Cleanup(func() {
		if err := b.Shutdown(context.Background()); err != nil {
			t.Errorf("shutting the games down: %v", err)
		}
		ts.Close()
	})
	return ts
}

type reply struct {
	status int
	body   map[string]any
	raw    string
}

func post(t *testing.T, ts *httptest.Server, path, body string, header map[string]string) reply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{status: res.StatusCode, raw: string(raw)}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

func errorOf(r reply) map[string]any {
	e, _ := r.body["error"].(map[string]any)
	return e
}

// knockAt is a knock decision within the limit: the hand melds all but
// the AC.
const knockAt = "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,9S,TD stock=27 took=- passed=- discards=6H,9S drawn=AC dealer=p2"

func TestAPI(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	tests := []struct {
		name, path, body string
		status           int
		check            func(r reply) bool
	}{
		{"position", "/api/position", `{"position":"` + drawPosition + `"}`, 200,
			func(r reply) bool {
				return r.body["phase"] == "draw" && r.body["stock"] == 30.0 && r.body["notation"] != ""
			}},
		{"position with its column", "/api/position", `{"position":"p1 draw hand=AC,3C,4Z"}`, 400,
			func(r reply) bool { e := errorOf(r); return e["field"] == "position" && e["column"].(float64) > 0 }},
		{"rules that conflict", "/api/position", `{"position":"` + drawPosition + ` rules=eaai","rules":"standard"}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "position" }},
		{"no position", "/api/position", `{}`, 400, func(r reply) bool { return errorOf(r)["field"] == "position" }},
		{"unknown field", "/api/position", `{"positon":"x"}`, 400, func(r reply) bool { return strings.Contains(errorOf(r)["message"].(string), "positon") }},
		{"trailing data", "/api/position", `{"position":"x"} {}`, 400, nil},
		{"not JSON", "/api/position", `position=x`, 400, nil},
		{"score", "/api/score", `{"hand":"AS 2S 3S 7H 7D 7C KD QD JD 4C"}`, 200,
			func(r reply) bool { return r.body["deadwood"] == 4.0 }},
		{"score of a bad hand", "/api/score", `{"hand":"AS AS"}`, 400, func(r reply) bool { return errorOf(r)["field"] == "hand" }},
		{"score under Oklahoma", "/api/score", `{"hand":"AS 2S 3S 7H 7D 7C KD QD JD 4C","rules":"oklahoma","upcard":"3H"}`, 200,
			func(r reply) bool { return r.body["knock_limit"] == 3.0 && r.body["can_knock"] == false }},
		{"score under Oklahoma, no upcard", "/api/score", `{"hand":"AS 2S 3S 7H 7D 7C KD QD JD 4C","rules":"oklahoma"}`, 400, func(r reply) bool { return errorOf(r)["field"] == "upcard" }},
		{"legal", "/api/legal", `{"position":"` + drawPosition + `"}`, 200,
			func(r reply) bool { ms, _ := r.body["moves"].([]any); return len(ms) == 2 }},
		{"play a draw", "/api/play", `{"position":"` + drawPosition + `","events":["p1 draw 2C"]}`, 200,
			func(r reply) bool {
				return r.body["phase"] == "discard" && r.body["stock"] == 29.0 && r.body["drawn"] == "2C" && r.body["from_stock"] == true && r.body["forced"] == nil
			}},
		{"take the upcard", "/api/play", `{"position":"` + drawPosition + `","events":["p1 take 7H"]}`, 200,
			func(r reply) bool {
				return r.body["drawn"] == "7H" && r.body["from_stock"] == nil && r.body["forced"] == nil
			}},
		{"the draw after both passes", "/api/play", `{"position":"p1 first-offer hand=AC,2C,3C,7D,7H,7S,9S,TS,JS,KH pile=4D stock=31 took=- passed=- discards=- dealer=p2","events":["p1 pass 4D","p2 pass 4D","p1 draw 5C"]}`, 200,
			func(r reply) bool {
				return r.body["drawn"] == "5C" && r.body["from_stock"] == true && r.body["forced"] == true
			}},
		{"play to a knock decision", "/api/play", `{"position":"` + knockablePosition + `","events":["p1 draw 2S","p1 discard KD"]}`, 200,
			func(r reply) bool { return r.body["phase"] == "knock" && r.body["stock"] == 29.0 }},
		{"play on, over the limit", "/api/play", `{"position":"` + knockablePosition + `","events":["p1 draw 9C","p1 discard KD"]}`, 200,
			func(r reply) bool { return r.body["phase"] == "draw" && r.body["stock"] == 29.0 }},
		{"play a card not held", "/api/play", `{"position":"` + drawPosition + `","events":["p1 draw 2C","p1 discard 9S"]}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "events[1]" }},
		{"advise", "/api/advise", `{"position":"` + drawPosition + `","samples":32}`, 200,
			func(r reply) bool {
				cs, _ := r.body["candidates"].([]any)
				return len(cs) == 2 && r.body["recommended"] != ""
			}},
		{"advise beyond the bound", "/api/advise", `{"position":"` + drawPosition + `","samples":1000000}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "samples" }},
		{"advise not the seat's turn", "/api/advise", `{"position":"history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 7S ; p1 discard 7S"}`, 400, nil},
		{"outs", "/api/outs", `{"position":"` + drawPosition + `","samples":100}`, 200, nil},
		{"danger", "/api/danger", `{"position":"` + drawPosition + `","events":[]}`, 400, nil},
		{"no such API", "/api/nothing", `{}`, 404, nil},
		{"infer", "/api/infer", `{"position":"` + drawPosition + `"}`, 200,
			func(r reply) bool {
				cs, _ := r.body["chances"].(map[string]any)
				return len(cs) == 40 && r.body["hidden"] == 10.0
			}},
		{"risk away from a knock", "/api/risk", `{"position":"` + drawPosition + `","samples":100}`, 400, nil},
		{"risk with bad melds", "/api/risk", `{"position":"` + drawPosition + `","melds":"AC 2C"}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "melds" }},
		{"convert nothing", "/api/convert", `{"log":"hello"}`, 400, func(r reply) bool { return errorOf(r)["field"] == "log" }},
		// Melds that read but are not the hand's, or over the limit: the
		// melds are at fault, not the position.
		{"risk with melds over the limit", "/api/risk", `{"position":"` + knockAt + `","melds":"7C 7D 7H","samples":64}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "melds" }},
		{"risk with melds not held", "/api/risk", `{"position":"` + knockAt + `","melds":"5C 5D 5H","samples":64}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "melds" }},
		{"risk with its melds", "/api/risk", `{"position":"` + knockAt + `","melds":"7C 7D 7H | KC KD KH | 2S 3S 4S","samples":64}`, 200, nil},
		// Fields are named as documented, once each, in a JSON object.
		{"a field in other letters", "/api/game/new", `{"Opponent":"random"}`, 400, nil},
		{"a field twice", "/api/game/new", `{"opponent":"simple","opponent":"random"}`, 400, func(r reply) bool { return errorOf(r)["field"] == "opponent" }},
		{"null", "/api/game/new", `null`, 400, nil},
		{"an array", "/api/score", `["AS"]`, 400, nil},
		{"a long opponent's name", "/api/game/new", `{"opponent":"` + strings.Repeat("x", 5000) + `"}`, 400,
			func(r reply) bool { return len(r.raw) < 400 && errorOf(r)["field"] == "opponent" }},
		{"score with an upcard outside Oklahoma", "/api/score", `{"hand":"AS 2S 3S 7H 7D 7C KD QD JD 4C","upcard":"3H"}`, 400,
			func(r reply) bool { return errorOf(r)["field"] == "upcard" }},
	}
	for _, tt := range tests {
		r := post(t, ts, tt.path, tt.body, nil)
		if r.status != tt.status {
			t.Errorf("%s: status %d, want %d: %s", tt.name, r.status, tt.status, r.raw)
			continue
		}
		if r.status >= 400 && errorOf(r)["message"] == nil {
			t.Errorf("%s: an error without a message: %s", tt.name, r.raw)
		}
		if tt.check != nil && !tt.check(r) {
			t.Errorf("%s: %s", tt.name, notationClip(r.raw))
		}
	}
}

func notationClip(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}

// TestOnlyItsOwnOrigin: a request through another host name (DNS
// rebinding) or from another site's page is refused; the page's own, on
// any loopback name of its port, is served.
func TestOnlyItsOwnOrigin(t *testing.T) {
	ts := newServer(t, Options{}, nil)
	port := ts.Listener.Addr().String()[strings.LastIndex(ts.Listener.Addr().String(), ":"):]
	body := `{"position":"` + drawPosition + `"}`
	tests := []struct {
		name   string
		header map[string]string
		status int
	}{
		{"rebound name", map[string]string{"Host": "attacker.example" + port}, 403},
		{"another port", map[string]string{"Host": "127.0.0.1:1"}, 403},
		{"another site's page", map[string]string{"Origin": "http://attacker.example"}, 403},
		{"a page of the same host on another port", map[string]string{"Origin": "http://127.0.0.1:1"}, 403},
		{"localhost", map[string]string{"Host": "localhost" + port}, 200},
		{"its own page", map[string]string{"Origin": ts.URL}, 200},
		{"no origin (curl, scripts)", nil, 200},
	}
	for _, tt := range tests {
		if r := post(t, ts, "/api/position", body, tt.header); r.status != tt.status {
			t.Errorf("%s: status %d, want %d: %s", tt.name, r.status, tt.status, r.raw)
		}
	}
	// A form post from another page cannot be JSON without a preflight.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/position", strings.NewReader("position=x"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a form post: status %d, want 415", res.StatusCode)
	}
}

func TestBounds(t *testing.T) {
	ts := newServer(t, Options{MaxBody: 4096, MaxTime: 100 * time.Millisecond, Workers: 1}, nil)
	big := `{"position":"` + strings.Repeat("x", 5000) + `"}`
	if r := post(t, ts, "/api/position", big, nil); r.status != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the bound: status %d: %s", r.status, r.raw)
	}
	// Eleven discards at 20,000 worlds each take seconds.
	r := post(t, ts, "/api/advise", `{"position":"`+boardPosition+`","samples":20000}`, nil)
	if r.status != http.StatusServiceUnavailable {
		t.Errorf("an advice past the time bound: status %d: %s", r.status, r.raw)
	}
}

// TestAdviceStopsWhenTheClientGoesAway: the analysis ends when the client
// gives up, with nothing written, rather than running its whole budget
// (20,000 worlds, then an answer or the server's own time bound, either of
// which writes). A handler that never stops hangs the test until go
// test's -timeout: no clock here decides.
func TestAdviceStopsWhenTheClientGoesAway(t *testing.T) {
	started, wrote := make(chan bool, 1), make(chan bool, 1)
	ts := newServer(t, Options{Workers: 1}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			started <- true
			rec := &writeWatch{ResponseWriter: w}
			h.ServeHTTP(rec, r)
			wrote <- rec.wrote
		})
	})
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/advise",
		bytes.NewReader([]byte(`{"position":"`+drawPosition+`","samples":20000}`)))
	req.Header.Set("Content-Type", "application/json")
	go func() {
		// Give up once the analysis is under way, however slow the
		// machine is to get there.
		<-started
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	if res, err := ts.Client().Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the advice of 20,000 worlds answered %d before the client gave up", res.StatusCode)
	}
	if <-wrote {
		t.Fatal("the handler wrote an answer after the client went away: the analysis ran on")
	}
}

// writeWatch records whether a handler wrote a status or a body.
type writeWatch struct {
	http.ResponseWriter
	wrote bool
}

func (w *writeWatch) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *writeWatch) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

func TestPage(t *testing.T) {
	ts := newServer(t, Options{}, nil)
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		res, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || len(body) < 100 || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: status %d, %d bytes, CSP %q", path, res.StatusCode, len(body), res.Header.Get("Content-Security-Policy"))
		}
	}
}

// FuzzRequests sends arbitrary bodies to every API: each gets a JSON
// answer, 200 or a 4xx with an error message, never a 5xx.
func FuzzRequests(f *testing.F) {
	f.Add("position", `{"position":"`+drawPosition+`"}`)
	f.Add("play", `{"position":"`+drawPosition+`","events":["p1 draw 2C","p1 discard AC"]}`)
	f.Add("score", `{"hand":"AS 2S 3S"}`)
	f.Add("legal", `{"position":"history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS"}`)
	f.Add("advise", `{"position":"`+drawPosition+`","samples":1}`)
	ts := httptest.NewUnstartedServer(nil)
	b := NewServer(ts.Listener.Addr(), Options{Workers: 1, MaxSamples: 64, MaxTime: 10 * time.Minute})
	ts.Config.Handler = b
	ts.Start()
	defer ts.Close()
	defer func() { _ = b.Shutdown(context.Background()) }()
	f.Fuzz(func(t *testing.T, api, body string) {
		switch api {
		case "position", "play", "score", "legal", "advise", "outs", "danger":
		default:
			return
		}
		r := post(t, ts, "/api/"+api, body, nil)
		if r.status >= 500 || r.status != 200 && (r.status < 400 || errorOf(r)["message"] == nil) {
			t.Fatalf("%s %q: status %d: %s", api, body, r.status, r.raw)
		}
	})
}

func TestConvert(t *testing.T) {
	ts := newServer(t, Options{}, nil)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "eaai", "heuristic-vs-simple-002.txt"))
	if err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(map[string]any{"log": string(data), "name": "heuristic-vs-simple-002.txt"})
	r := post(t, ts, "/api/convert", string(q), nil)
	log, _ := r.body["log"].(string)
	if r.status != 200 || r.body["games"] != 1.0 || !strings.HasPrefix(log, "ginadvisor-log") || !strings.Contains(log, `"heuristic"`) {
		t.Fatalf("%d %s", r.status, notationClip(r.raw))
	}
}

func TestReview(t *testing.T) {
	// What is tested is the review, not its speed: the time limit is far
	// off, so that a busy machine (or the race detector) cannot fail it.
	ts := newServer(t, Options{Workers: 1, MaxTime: 10 * time.Minute}, nil)
	data := firstGameOfSample(t)
	q, _ := json.Marshal(map[string]any{"log": string(data), "quick": true})
	r := post(t, ts, "/api/review", string(q), nil)
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, notationClip(r.raw))
	}
	ds, _ := r.body["decisions"].([]any)
	sum, _ := r.body["summary"].(map[string]any)
	if len(ds) < 50 || sum["games_read"] != 1.0 {
		t.Fatalf("%d decisions, summary %v", len(ds), notationClip(fmt.Sprint(sum)))
	}
	checkAccuracies(t, "quick", sum)
	first, _ := ds[0].(map[string]any)
	if first["position"] == "" || first["move"] == "" || first["best"] == "" {
		t.Fatalf("a decision without its position or moves: %v", first)
	}
	// The position of a decision reads back on the board.
	pq, _ := json.Marshal(map[string]string{"position": first["position"].(string)})
	if r := post(t, ts, "/api/position", string(pq), nil); r.status != 200 {
		t.Fatalf("the first decision's position: %d %s", r.status, r.raw)
	}
	// Advisor grading gives each move's equity, for the chart.
	q, _ = json.Marshal(map[string]any{"log": string(data), "samples": 8})
	r = post(t, ts, "/api/review", string(q), nil)
	ds, _ = r.body["decisions"].([]any)
	if r.status != 200 || len(ds) < 50 {
		t.Fatalf("advisor review: %d %s", r.status, notationClip(r.raw))
	}
	sum, _ = r.body["summary"].(map[string]any)
	checkAccuracies(t, "advisor", sum)
	for _, d := range ds {
		if e, ok := d.(map[string]any)["equity"].(float64); !ok || e < 0 || e > 1 {
			t.Fatalf("a decision without its equity: %v", d)
		}
	}
	for _, bad := range []string{`{"log":"not a log at all\n"}`, `{"log":""}`, `{"log":"x","format":"nosuch"}`} {
		if r := post(t, ts, "/api/review", bad, nil); r.status != 400 || errorOf(r)["field"] == nil {
			t.Errorf("%s: status %d: %s", bad, r.status, r.raw)
		}
	}
	// A log whose every game is damaged has nothing to review: a 400 with
	// the first problem's line, not a review with no decisions (the page
	// stuck at "Grading"); a problem of the whole log has no line 0.
	lines := strings.Split(string(data), "\n")
	for i := 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i-1], "stock ") {
			f := strings.Fields(lines[i])
			lines[i] = strings.Join(append(f[:len(f)-1], "ZZ"), " ")
		}
	}
	for _, tt := range []struct{ log, want string }{
		{strings.Join(lines, "\n"), "line "},
		{"ginadvisor-log 2\n", "no game in it"},
	} {
		q, _ := json.Marshal(map[string]any{"log": tt.log, "quick": true})
		r := post(t, ts, "/api/review", string(q), nil)
		msg, _ := errorOf(r)["message"].(string)
		if r.status != 400 || errorOf(r)["field"] != "log" || !strings.HasPrefix(msg, tt.want) || strings.Contains(msg, "line 0") {
			t.Errorf("review of %.60q: status %d: %s", tt.log, r.status, r.raw)
		}
	}
}

// TestPlayAGame plays a whole game against simple through the API, always
// the first legal move, then reviews its log; a move that is not legal is
// refused with the game unchanged.
func TestPlayAGame(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	r := post(t, ts, "/api/game/new", `{"opponent":"simple","seed":7}`, nil)
	if r.status != 200 {
		t.Fatalf("new game: %d %s", r.status, r.raw)
	}
	id, _ := r.body["game"].(string)
	if bad := post(t, ts, "/api/game/move", `{"game":"`+id+`","move":"discard ZZ"}`, nil); bad.status != 400 || errorOf(bad)["field"] != "move" {
		t.Fatalf("an illegal move: %d %s", bad.status, bad.raw)
	}
	for i := 0; i < 3000 && r.body["over"] != true; i++ {
		moves, _ := r.body["moves"].([]any)
		if len(moves) == 0 {
			t.Fatalf("no legal move offered: %s", notationClip(r.raw))
		}
		m := moves[0].(map[string]any)
		q, _ := json.Marshal(map[string]string{"game": id, "move": m["event"].(string)})
		if r = post(t, ts, "/api/game/move", string(q), nil); r.status != 200 {
			t.Fatalf("move %v: %d %s", m["event"], r.status, r.raw)
		}
	}
	log, _ := r.body["log"].(string)
	hands, _ := r.body["hands"].([]any)
	if r.body["over"] != true || !strings.Contains(log, "final winner") || len(hands) == 0 {
		t.Fatalf("the game did not end with a log: %s", notationClip(r.raw))
	}
	q, _ := json.Marshal(map[string]any{"log": log, "quick": true})
	if rv := post(t, ts, "/api/review", string(q), nil); rv.status != 200 {
		t.Fatalf("reviewing the game: %d %s", rv.status, notationClip(rv.raw))
	}
	if r := post(t, ts, "/api/game/move", `{"game":"nosuch","move":"draw"}`, nil); r.status != 400 {
		t.Errorf("a move in no game: %d", r.status)
	}
}

// TestGamesAreBounded: no more than maxSessions games at once.
func TestGamesAreBounded(t *testing.T) {
	ts := newServer(t, Options{}, nil)
	for i := 0; i < maxSessions; i++ {
		if r := post(t, ts, "/api/game/new", `{"opponent":"simple"}`, nil); r.status != 200 {
			t.Fatalf("game %d: %d %s", i+1, r.status, r.raw)
		}
	}
	if r := post(t, ts, "/api/game/new", `{"opponent":"simple"}`, nil); r.status != 429 {
		t.Fatalf("one game too many: %d %s", r.status, r.raw)
	}
	if r := post(t, ts, "/api/game/new", `{"opponent":"genius"}`, nil); r.status != 400 {
		t.Fatalf("an unknown opponent: %d %s", r.status, r.raw)
	}
}

// TestServeShutsDownGracefully: when the context ends, Serve stops taking
// requests but finishes the one in flight, then returns.
func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := Listen("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Listen("0.0.0.0:0"); !errors.Is(err, ErrNotLoopback) {
		t.Errorf("listening on every interface: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, Options{Workers: 1}, &out, false) }()
	answered := make(chan int, 1)
	go func() {
		body := `{"position":"` + drawPosition + `","samples":20000,"time_ms":800}`
		res, err := http.Post("http://"+ln.Addr().String()+"/api/advise", "application/json", strings.NewReader(body))
		if err != nil {
			answered <- 0
			return
		}
		res.Body.Close()
		answered <- res.StatusCode
	}()
	time.Sleep(150 * time.Millisecond)
	cancel()
	if code := <-answered; code != 200 {
		t.Errorf("the request in flight got %d", code)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return")
	}
	if !strings.Contains(out.String(), "http://127.0.0.1:") {
		t.Errorf("Serve printed %q", out.String())
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("the server still answers after shutting down")
	}
}

// TestServeCutsOffPastTheGrace: a request still in flight when the grace
// runs out is cut off, its connection closed; Serve says so and returns
// no error, so that Ctrl-C exits 0 rather than as a failure. The request
// is held in flight by its body, sent in part: however fast the machine,
// it cannot end before the cut.
func TestServeCutsOffPastTheGrace(t *testing.T) {
	ln, err := Listen("")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	served := make(chan error, 1)
	go func() {
		served <- Serve(ctx, ln, Options{Workers: 1, Grace: time.Millisecond}, &out, false)
	}()
	addr := ln.Addr().String()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := "POST /api/advise HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the server reads the head, and waits on the body
	cancel()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if !strings.Contains(out.String(), "Stopped: the requests still in flight after 1ms were cut off.") {
		t.Errorf("Serve printed %q", out.String())
	}
	// The connection was closed without an answer.
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if b, err := io.ReadAll(conn); len(b) != 0 || (err != nil && !errors.Is(err, net.ErrClosed) && !strings.Contains(err.Error(), "reset")) {
		t.Errorf("the request cut off got %q, %v", b, err)
	}
}

// TestAdviceNamesThePlayer: /api/advise writes its sentence of why for
// the player named in player, never "you" for another; without it, the
// sentence is the command line's.
func TestAdviceNamesThePlayer(t *testing.T) {
	ts := newServer(t, Options{Workers: 1, MaxTime: 10 * time.Minute}, nil)
	why := func(extra string) string {
		t.Helper()
		r := post(t, ts, "/api/advise", `{"position":"`+knockablePosition+`","samples":64`+extra+`}`, nil)
		if r.status != 200 {
			t.Fatalf("status %d: %s", r.status, notationClip(r.raw))
		}
		s, _ := r.body["why"].(string)
		return s
	}
	plain := why("")
	if !strings.Contains(plain, "you knock and score") {
		t.Fatalf("the sentence %q does not say you", plain)
	}
	named := why(`,"player":"random"`)
	if want := strings.ReplaceAll(strings.ReplaceAll(plain, "you knock and score", "random knocks and scores"), "brings you", "brings random"); named != want {
		t.Errorf("for random the sentence is\n%q, want\n%q", named, want)
	}
	if you := why(`,"player":"you"`); you != plain {
		t.Errorf("for you the sentence is %q, want %q", you, plain)
	}
	if r := post(t, ts, "/api/advise", `{"position":"`+knockablePosition+`","samples":64,"player":"`+strings.Repeat("x", 100)+`"}`, nil); r.status != 400 || errorOf(r)["field"] != "player" {
		t.Errorf("a name of 100 letters: status %d, %s", r.status, r.raw)
	}
}

// firstGameOfSample is the first game of testdata/sample.log, a log of
// its own: enough decisions to review, at half the cost of the file.
func firstGameOfSample(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	end := bytes.Index(data, []byte("\nend\n"))
	if end < 0 {
		t.Fatal("testdata/sample.log has no end line")
	}
	return data[:end+len("\nend\n")]
}

// TestGameRulesDefault: a game started with no rules plays standard, the
// default of every command; rules named are played.
func TestGameRulesDefault(t *testing.T) {
	tests := []struct{ body, want string }{
		{`{"opponent":"simple","seed":7}`, "standard"},
		{`{"opponent":"simple","seed":7,"rules":"eaai"}`, "eaai"},
	}
	ts := newServer(t, Options{Workers: 1}, nil)
	for _, tt := range tests {
		r := post(t, ts, "/api/game/new", tt.body, nil)
		pos, _ := r.body["position"].(map[string]any)
		if r.status != 200 || pos["rules"] != tt.want {
			t.Errorf("%s: status %d, rules %v, want %s", tt.body, r.status, pos["rules"], tt.want)
		}
	}
}

// TestWrongTypeNamesTheField: a value of the wrong type is answered in
// JSON's words, with the field it is in, never with Go's type names.
func TestWrongTypeNamesTheField(t *testing.T) {
	ts := newServer(t, Options{}, nil)
	for _, c := range []struct{ path, body, field, words string }{
		{"/api/position", `{"position": 5}`, "position", "position must be a string, not number"},
		{"/api/advise", `{"position": "x", "samples": "9"}`, "samples", "samples must be a whole number, not string"},
		{"/api/advise", `{"position": "x", "seed": -5}`, "seed", "seed must be a whole number, 0 or more, not number -5"},
	} {
		r := post(t, ts, c.path, c.body, nil)
		e, _ := r.body["error"].(map[string]any)
		if r.status != 400 || e["field"] != c.field || e["message"] != c.words || strings.Contains(r.raw, "Go struct") {
			t.Errorf("%s %s: %d %s", c.path, c.body, r.status, r.raw)
		}
	}
}
