package board

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/browsertest"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/stats"
)

var (
	update = flag.Bool("update", false, "rewrite the screenshots under docs/")
	shots  = flag.String("shots", "", "write screenshots of the review, at 1280x800 and 390x844, into this directory")
)

// browser is headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe): a hundred lines here instead of a driver
// library and its dependencies in every cold build.
type browser struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	id      int
	session string
	// problems collects, once watch is called, the responses of 400 and
	// over and the console's errors that arrive as events.
	problems []string
}

func startBrowser(t *testing.T) *browser {
	t.Helper()
	bin := browsertest.Chromium(t)
	toChrome, ourEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromChrome, chromeEnd, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// The profile is removed by hand: the browser's helper processes may
	// still write to it for a moment after it is killed.
	profile, err := os.MkdirTemp("", "ginadvisor-board-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
		"--user-data-dir="+profile, "about:blank")
	cmd.ExtraFiles = []*os.File{toChrome, chromeEnd} // fds 3 and 4
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	chromeEnd.Close()
	b := &browser{cmd: cmd, in: ourEnd, out: bufio.NewReader(fromChrome)}
	t.Cleanup(func() {
		b.in.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(50 * time.Millisecond)
		}
	})
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call("Target.createTarget", map[string]any{"url": "about:blank"}, &created); err != nil {
		t.Fatal(err)
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("Target.attachToTarget", map[string]any{"targetId": created.TargetID, "flatten": true}, &attached); err != nil {
		t.Fatal(err)
	}
	b.session = attached.SessionID
	return b
}

// call sends one command and waits for its answer, skipping events.
func (b *browser) call(method string, params any, result any) error {
	b.id++
	msg := map[string]any{"id": b.id, "method": method, "params": params}
	if b.session != "" && !strings.HasPrefix(method, "Target.") {
		msg["sessionId"] = b.session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		return err
	}
	for {
		line, err := b.out.ReadBytes(0)
		if err != nil {
			return err
		}
		var answer struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line[:len(line)-1], &answer); err != nil {
			return err
		}
		if answer.Method != "" {
			b.event(answer.Method, answer.Params)
			continue
		}
		if answer.ID != b.id {
			continue
		}
		if answer.Error != nil {
			return fmt.Errorf("%s: %s", method, answer.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(answer.Result, result)
		}
		return nil
	}
}

// event notes the events that are problems: a response of 400 or more, a
// console error, an uncaught exception.
func (b *browser) event(method string, params json.RawMessage) {
	var e struct {
		Response struct {
			URL    string `json:"url"`
			Status int    `json:"status"`
		} `json:"response"`
		Type  string `json:"type"`
		Entry struct {
			Level string `json:"level"`
			Text  string `json:"text"`
			URL   string `json:"url"`
		} `json:"entry"`
		Args []struct {
			Value any `json:"value"`
		} `json:"args"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	_ = json.Unmarshal(params, &e)
	switch {
	case method == "Network.responseReceived" && e.Response.Status >= 400:
		b.problems = append(b.problems, fmt.Sprintf("%d %s", e.Response.Status, e.Response.URL))
	case method == "Runtime.consoleAPICalled" && e.Type == "error":
		b.problems = append(b.problems, fmt.Sprintf("console error %v", e.Args))
	case method == "Log.entryAdded" && e.Entry.Level == "error":
		b.problems = append(b.problems, "log: "+e.Entry.Text+" "+e.Entry.URL)
	case method == "Runtime.exceptionThrown":
		b.problems = append(b.problems, "exception: "+e.ExceptionDetails.Text)
	}
}

// watch starts collecting the problems of the page's loads and requests.
func (b *browser) watch(t *testing.T) {
	t.Helper()
	for _, domain := range []string{"Network", "Runtime", "Log", "Page"} {
		if err := b.call(domain+".enable", map[string]any{}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// eval runs a script in the page and returns its value, awaiting a
// promise.
func (b *browser) eval(t *testing.T, script string) any {
	t.Helper()
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := b.call("Runtime.evaluate", map[string]any{"expression": script, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		t.Fatal(err)
	}
	if r.Exception != nil {
		t.Fatalf("%s: %s %s", script, r.Exception.Text, r.Exception.Exception.Description)
	}
	return r.Result.Value
}

// waitFor evaluates a condition until it is true.
func (b *browser) waitFor(t *testing.T, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if v, _ := b.eval(t, cond).(bool); v {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("waited 30 s for %s; the page says %q and %q", what, b.eval(t, `document.getElementById("status").textContent`), b.eval(t, `document.getElementById("advice-status").textContent`))
}

// navigate loads the page afresh at u, through a blank page, so that a
// change of the fragment alone is a new load too.
func (b *browser) navigate(t *testing.T, u string) {
	t.Helper()
	if err := b.call("Page.navigate", map[string]any{"url": "about:blank"}, nil); err != nil {
		t.Fatal(err)
	}
	b.waitFor(t, "a blank page", `location.href === "about:blank" && document.readyState === "complete"`)
	if err := b.call("Page.navigate", map[string]any{"url": u}, nil); err != nil {
		t.Fatal(err)
	}
	b.waitFor(t, "the page to load", `document.readyState === "complete" && !!document.getElementById("picker") && document.getElementById("picker").children.length === 52`)
}

func (b *browser) size(t *testing.T, w, h int, mobile bool) {
	t.Helper()
	if err := b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile}, nil); err != nil {
		t.Fatal(err)
	}
}

func (b *browser) screenshot(t *testing.T, path string) {
	t.Helper()
	var r struct {
		Data string `json:"data"`
	}
	if err := b.call("Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

const boardPosition = "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"

// setUpDraw is the position of issue 31's second defect: a draw set up in
// the short form.
const setUpDraw = "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H score=0-0 dealer=p1 rules=eaai"

// page is one browser on one board, shared by the subtests of
// TestBoardInBrowser: starting Chromium costs more than most of them.
type page struct {
	*browser
	url string
	// api records the bodies of the API's requests, and answers
	// /api/game/new for the opponents named "fake-…" with a made-up game.
	api *recorder
	ts  *httptest.Server
}

type recorder struct {
	mu     sync.Mutex
	bodies map[string][]string // by path
	fake   map[string]string
	// reviews holds the answers of /api/review, in order.
	reviews []string
}

// lastReview is the latest answer of /api/review.
func (r *recorder) lastReview() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reviews) == 0 {
		return ""
	}
	return r.reviews[len(r.reviews)-1]
}

// unstream writes a streamed review as /api/review answers it: its
// decisions and summary in one object.
func unstream(lines string) string {
	var b strings.Builder
	b.WriteString(`{"decisions":[`)
	n := 0
	summary := "null"
	for _, l := range strings.Split(lines, "\n") {
		var line map[string]json.RawMessage
		if json.Unmarshal([]byte(l), &line) != nil {
			continue
		}
		if d, ok := line["decision"]; ok {
			if n > 0 {
				b.WriteString(",")
			}
			b.Write(d)
			n++
		}
		if s, ok := line["summary"]; ok {
			summary = string(s)
		}
	}
	b.WriteString(`],"summary":` + summary + `}`)
	return b.String()
}

// tee keeps a copy of what a handler writes.
type tee struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *tee) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *tee) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// last is the body of the latest request to path.
func (r *recorder) last(path string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.bodies[path]) == 0 {
		return ""
	}
	return r.bodies[path][len(r.bodies[path])-1]
}

// sent says whether a request to path held text.
func (r *recorder) sent(path, text string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, b := range r.bodies[path] {
		if strings.Contains(b, text) {
			return true
		}
	}
	return false
}

// wrap records the API's requests and answers the fake new games.
func (r *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, q *http.Request) {
		if !strings.HasPrefix(q.URL.Path, "/api/") {
			h.ServeHTTP(w, q)
			return
		}
		body, _ := io.ReadAll(q.Body)
		var req struct {
			Opponent string `json:"opponent"`
		}
		_ = json.Unmarshal(body, &req)
		r.mu.Lock()
		r.bodies[q.URL.Path] = append(r.bodies[q.URL.Path], string(body))
		answer, ok := r.fake[req.Opponent]
		r.mu.Unlock()
		if ok && q.URL.Path == "/api/game/new" {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, answer)
			return
		}
		q.Body = io.NopCloser(bytes.NewReader(body))
		if q.URL.Path == "/api/review" || q.URL.Path == "/api/review/stream" {
			tw := &tee{ResponseWriter: w}
			h.ServeHTTP(tw, q)
			answer := tw.buf.String()
			if q.URL.Path == "/api/review/stream" {
				answer = unstream(answer)
			}
			r.mu.Lock()
			r.reviews = append(r.reviews, answer)
			r.mu.Unlock()
			return
		}
		h.ServeHTTP(w, q)
	})
}

// shown says, for each element named, whether it is laid out on the page
// (not hidden, nor inside anything hidden) and has a size: "true false".
func (p *page) shown(t *testing.T, ids ...string) string {
	t.Helper()
	js, _ := json.Marshal(ids)
	v, _ := p.eval(t, `(`+string(js)+`).map(id => { const e = document.getElementById(id); if (!e) return false; const r = e.getBoundingClientRect(); return e.getClientRects().length > 0 && r.width > 0 && r.height > 0; }).join(" ")`).(string)
	return v
}

func (p *page) text(t *testing.T, id string) string {
	t.Helper()
	v, _ := p.eval(t, `(document.getElementById(`+jsString(id)+`) || {textContent: ""}).textContent`).(string)
	return v
}

// TestBoardInBrowser drives the page in headless Chromium, one subtest an
// item of the page's promises. It reports the page's timings and, with
// -update, rewrites the screenshots. By default it checks three items
// that between them load the page, ask for advice and play a game to its
// showdown; -long checks every item.
func TestBoardInBrowser(t *testing.T) {
	b := startBrowser(t)
	rec := &recorder{bodies: map[string][]string{}, fake: map[string]string{}}
	ts := newServer(t, Options{}, rec.wrap)
	b.watch(t)
	b.size(t, 1280, 800, false)
	p := &page{browser: b, url: ts.URL + "/", api: rec, ts: ts}
	for _, c := range []struct {
		name  string
		run   func(*testing.T, *page)
		quick bool // run by default; the rest only with -long
	}{
		{"OpensOnAWorkedExample", testOpensOnAWorkedExample, true},
		{"Advice", testAdvice, false},
		{"Ties", testTies, false},
		{"TableAtAGlance", testTableAtAGlance, false},
		{"BuildByPointing", testBuildByPointing, false},
		{"MoveOnASetUpPosition", testMoveOnASetUpPosition, false},
		{"Phone", testPhone, false},
		{"Keyboard", testKeyboard, false},
		{"OpponentChosen", testOpponentChosen, false},
		{"TwentyGames", testTwentyGames, false},
		{"ReloadContinuesTheGame", testReloadContinuesTheGame, false},
		{"GameErrorStays", testGameErrorStays, false},
		{"ReviewAsGraded", testReviewAsGraded, false},
		{"ReviewFigures", testReviewFigures, false},
		{"QuickReview", testQuickReview, false},
		{"Wording", testWording, false},
		{"Puzzles", testPuzzles, false},
		{"NoUncertainPuzzle", testNoUncertainPuzzle, false},
		{"Showdown", testShowdown, false},
		{"PlayWithTheCards", testPlayWithTheCards, false},
		{"LastMove", testLastMove, false},
		{"NewGameAsks", testNewGameAsks, false},
		{"ReviewStep", testReviewStep, false},
		{"BothHands", testBothHands, false},
		{"LineOnASetUpPosition", testLineOnASetUpPosition, false},
		{"KnockAndClear", testKnockAndClear, false},
		{"HintsAtOnce", testHintsAtOnce, false},
		{"ReviewStreams", testReviewStreams, false},
		{"CardsInView", testCardsInView, false},
		{"SmallOnes", testSmallOnes, false},
		{"PuzzlesAsLichess", testPuzzlesAsLichess, false},
		{"KeysNeverTrap", testKeysNeverTrap, false},
		{"EveryDrawSeen", testEveryDrawSeen, false},
		{"GameKept", testGameKept, false},
		{"ChartOneViewpoint", testChartOneViewpoint, false},
		{"SetUpLinePlaysOn", testSetUpLinePlaysOn, false},
		{"FailedReviewLeavesNothing", testFailedReviewLeavesNothing, false},
		{"PuzzleSetsApart", testPuzzleSetsApart, false},
		{"DiscardSetUp", testDiscardSetUp, false},
		{"ClearTakesAll", testClearTakesAll, false},
		{"LesserOnes", testLesserOnes, false},
		{"SecondPass", testSecondPass, false},
		{"WideTablesSayTheyScroll", testWideTablesSayTheyScroll, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !c.quick && !longtest.Enabled() {
				t.Skip("a page behaviour checked with -long")
			}
			b.size(t, 1280, 800, false)
			c.run(t, p)
			if errs := b.consoleErrors(t); len(errs) > 0 {
				t.Errorf("the page logged errors: %v", errs)
			}
		})
	}
}

// testOpensOnAWorkedExample: the page opens on a position with its advice,
// with no error shown, no response of 400 or more (the favicon included)
// and no console error. The load time and the first advice's are
// reported, not asserted; the bytes fetched are bounded.
func testOpensOnAWorkedExample(t *testing.T, p *page) {
	p.problems = nil
	p.navigate(t, p.url)
	p.waitFor(t, "the first advice", `window.boardTimings.firstAnswer !== null`)
	load, _ := p.eval(t, `performance.getEntriesByType("navigation")[0].duration`).(float64)
	first, _ := p.eval(t, `window.boardTimings.firstAnswer`).(float64)
	fetched, _ := p.eval(t, `performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).filter(e => !e.name.includes("/api/")).reduce((n, e) => n + e.decodedBodySize, 0)`).(float64)
	t.Logf("the page loaded in %.0f ms, %.0f KB; the first advice showed %.0f ms after the position was checked", load, fetched/1024, first)
	if fetched == 0 || fetched > 128<<10 {
		t.Errorf("the page fetched %.0f KB on load, want up to 128 KB", fetched/1024)
	}
	checkShares(t, p)
	cards, _ := p.eval(t, `document.querySelectorAll("#hand .card").length`).(float64)
	if cards < 10 {
		t.Errorf("the page opens with %v cards in the hand", cards)
	}
	if cls, _ := p.eval(t, `document.getElementById("status").className`).(string); cls == "error" {
		t.Errorf("the page opens on an error: %q", p.text(t, "status"))
	}
	// Let the requests the load started finish before judging them.
	p.waitFor(t, "the advice to settle", `document.getElementById("advice-status").textContent.startsWith("Done")`)
	if len(p.problems) > 0 {
		t.Errorf("loading the page: %v", p.problems)
	}
}

// testAdvice: the advice, refined to 2,048 worlds, is the command line's
// for the same position and seed, and its move is marked on the hand.
func testAdvice(t *testing.T, p *page) {
	want := p.refinedAdvice(t, boardPosition)
	best, _ := p.eval(t, `document.querySelector("#hand .card.best") && document.querySelector("#hand .card.best").dataset.card`).(string)
	if best == "" || "discard "+best != report.MoveText(want.Best()) {
		t.Errorf("the hand marks %q; the advice is %s", best, report.MoveText(want.Best()))
	}
	if *update {
		p.screenshot(t, filepath.Join("..", "docs", "board-desktop.png"))
	}
}

// testTies: on a discard whose best moves are equal within the noise,
// the page marks each move that ties with the recommendation (=, and its
// row), and says under the table that they are equal, as the command
// line does.
func testTies(t *testing.T, p *page) {
	want := p.refinedAdvice(t, testpositions.NearTie)
	ties := 0
	for _, c := range want.Candidates {
		if c.Tie {
			ties++
		}
	}
	if ties == 0 {
		t.Fatalf("the advice on %s has no tie to show", testpositions.NearTie)
	}
	if n, _ := p.eval(t, `document.querySelectorAll("#advice tbody tr.tie").length`).(float64); int(n) != ties {
		t.Errorf("%v rows drawn as ties, the advice has %d", n, ties)
	}
	if why := p.text(t, "why"); !strings.Contains(why, "equal within the noise") {
		t.Errorf("the page's why does not say the moves are equal: %q", why)
	}
	if legend := p.text(t, "legend"); !strings.Contains(legend, "=") {
		t.Errorf("the legend does not explain =: %q", legend)
	}
	if *update {
		p.eval(t, `document.getElementById("advisor").scrollIntoView()`)
		p.screenshot(t, filepath.Join("..", "docs", "board-ties.png"))
	}
}

// refinedAdvice opens the board on pos, waits for its advice at 2,048
// worlds and checks it against the command line's for the same position
// and seed: every move in order, its equity, its tie mark (=), and the
// sentence of why under the table. It returns the command line's advice.
func (p *page) refinedAdvice(t *testing.T, pos string) *report.Advice {
	t.Helper()
	p.navigate(t, p.url+"#"+url.PathEscape(pos))
	p.waitFor(t, "the advice at 2,048 worlds", `document.getElementById("advice-status").textContent.startsWith("Done")`)
	rows, _ := p.eval(t, `[...document.querySelectorAll("#advice tbody tr")].map(tr => [...tr.children].map(td => td.textContent).join("|"))`).([]any)
	at, err := position.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	want, err := analyze.Advise(context.Background(), &at, analyze.Options{Samples: 2048, Seed: 1, DangerSamples: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want.Candidates) {
		t.Fatalf("the page shows %d candidates, the advice has %d", len(rows), len(want.Candidates))
	}
	for i, c := range want.Candidates {
		cells := strings.Split(rows[i].(string), "|")
		move, tie := strings.CutSuffix(cells[0], " =")
		move = strings.TrimSuffix(move, " *")
		eq, _ := strconv.ParseFloat(strings.TrimSuffix(cells[1], "%"), 64)
		if move != report.MoveText(c.Move) || math.Abs(eq-100*c.Equity) > 0.051 {
			t.Errorf("row %d: the page shows %s at %s; the command line %s at %.1f%%", i, move, cells[1], report.MoveText(c.Move), 100*c.Equity)
		}
		if tie != c.Tie {
			t.Errorf("row %d: %s marked as a tie %v; the command line says %v", i, move, tie, c.Tie)
		}
	}
	if got, want := p.text(t, "why"), want.Why.String(); got != want || got == "" {
		t.Errorf("the page says why %q; the command line %q", got, want)
	}
	return want
}

// testTableAtAGlance: at 1280×800 the advice starts inside the viewport,
// the set-up tools are folded, the hand is drawn once, as melds and
// labelled deadwood, and every column of the advice has a legend.
func testTableAtAGlance(t *testing.T, p *page) {
	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.waitFor(t, "the advice", `document.querySelectorAll("#advice tbody tr").length > 0 && document.querySelectorAll("#hand .deadwood").length > 0`)
	top, _ := p.eval(t, `document.getElementById("advice").getBoundingClientRect().top`).(float64)
	if top <= 0 || top > 800-100 {
		t.Errorf("the advice's table starts at %v px, want inside the 800 px viewport with a row showing", top)
	}
	if open, _ := p.eval(t, `!!(document.getElementById("setup-box") || {}).open`).(bool); open {
		t.Error("the set-up tools are open once a position stands")
	}
	shown, _ := p.eval(t, `[...document.querySelectorAll(".card")].filter(c => c.closest("#hand, #melds") && c.offsetParent).length`).(float64)
	if shown != 11 {
		t.Errorf("the hand of 11 cards is drawn as %v cards", shown)
	}
	label, _ := p.eval(t, `[...document.querySelectorAll("#hand .deadwood")].map(g => g.textContent).join()`).(string)
	if !strings.Contains(label, "deadwood") {
		t.Errorf("the deadwood is not labelled: %q", label)
	}
	heads, _ := p.eval(t, `[...document.querySelectorAll("#advice th")].slice(1).map(th => th.textContent)`).([]any)
	legend := p.text(t, "legend")
	for _, h := range heads {
		if !strings.Contains(legend, h.(string)) {
			t.Errorf("the column %q has no legend", h)
		}
	}
	if n, _ := p.eval(t, `document.querySelectorAll("#t-stock .card, #t-pile .card").length`).(float64); n < 2 {
		t.Errorf("the table shows %v of the stock and the upcard", n)
	}
}

// testBuildByPointing: ten cards clicked and the upcard typed make the
// position; before the upcard, the page says to add it and asks the
// server nothing it would refuse.
func testBuildByPointing(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example", `document.querySelectorAll("#hand .card").length > 0`)
	p.problems = nil
	p.eval(t, `document.getElementById("setup-box") && (document.getElementById("setup-box").open = true); document.getElementById("clear") && document.getElementById("clear").click()`)
	p.eval(t, `for (const b of document.querySelectorAll('#picker [aria-pressed="true"]')) b.click()`)
	for _, c := range strings.Fields("AC 2C 3C 7D 7H 7S 9S TS JS KH") {
		p.eval(t, `document.querySelector('#picker [data-card="`+c+`"]').click()`)
	}
	msg := p.text(t, "status")
	if !strings.Contains(msg, "upcard") {
		t.Errorf("ten cards and no pile: the page says %q", msg)
	}
	p.eval(t, `(() => { const p = document.getElementById("pile"); p.value = "4D"; p.dispatchEvent(new Event("change")); })()`)
	p.waitFor(t, "the built position to hold", `document.getElementById("notation").value.includes("pile=4D") && /Recommended/.test(document.getElementById("advice-status").textContent)`)
	text, _ := p.eval(t, `document.getElementById("notation").value`).(string)
	wantHand, _ := notation.ParseHand("AC 2C 3C 7D 7H 7S 9S TS JS KH")
	if pos, err := position.Parse(text); err != nil || pos.Hand() != wantHand || pos.StockCount() != 31 {
		t.Errorf("the board built %q (%v)", text, err)
	}
	pressed, _ := p.eval(t, `document.querySelectorAll('#picker [aria-pressed="true"]').length`).(float64)
	if pressed != 10 {
		t.Errorf("%v cards shown pressed, want 10", pressed)
	}
	if len(p.problems) > 0 {
		t.Errorf("building a position: %v", p.problems)
	}
}

// testMoveOnASetUpPosition: a draw on a position set up in the short form
// gives the discard that follows, and its advice.
func testMoveOnASetUpPosition(t *testing.T, p *page) {
	p.navigate(t, p.url+"#"+url.PathEscape(setUpDraw))
	p.waitFor(t, "the draw's moves", `[...document.querySelectorAll("button")].some(b => b.textContent === "draw")`)
	// The page may ask with a dialog or a field: both answer 2C.
	p.eval(t, `window.prompt = () => "2C"; [...document.querySelectorAll("button")].find(b => b.textContent === "draw").click()`)
	p.eval(t, `(() => { const f = document.getElementById("drawncard"); if (f && f.offsetParent) { f.value = "2C"; document.getElementById("drawform").requestSubmit(); } })()`)
	p.waitFor(t, "the discard's advice", `document.getElementById("notation").value.startsWith("p1 discard") && /Recommended/.test(document.getElementById("advice-status").textContent) || document.getElementById("status").className === "error"`)
	if cls, _ := p.eval(t, `document.getElementById("status").className`).(string); cls == "error" {
		t.Fatalf("after the draw: %q, the notation %q", p.text(t, "status"), p.eval(t, `document.getElementById("notation").value`))
	}
	text, _ := p.eval(t, `document.getElementById("notation").value`).(string)
	pos, err := position.Parse(text)
	if err != nil || pos.Hand().Len() != 11 || !strings.Contains(text, "2C") {
		t.Errorf("after the draw the board holds %q (%v)", text, err)
	}
}

// testPhone: at 390×844 nothing is wider than the screen, and every card
// and button shown is at least 44×44 CSS pixels.
func testPhone(t *testing.T, p *page) {
	p.size(t, 390, 844, true)
	defer p.size(t, 1280, 800, false)
	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.waitFor(t, "the advice on a phone", `document.getElementById("advice-status").textContent.startsWith("Done")`)
	if *update {
		p.screenshot(t, filepath.Join("..", "docs", "board-phone.png"))
	}
	p.eval(t, `document.getElementById("setup-box") && (document.getElementById("setup-box").open = true)`)
	if w, _ := p.eval(t, `document.documentElement.scrollWidth`).(float64); w > 390 {
		wide, _ := p.eval(t, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).slice(0, 5).map(e => e.tagName + "#" + e.id + "." + e.className)`).([]any)
		t.Errorf("the page is %v px wide at 390: %v", w, wide)
	}
	small, _ := p.eval(t, `[...document.querySelectorAll("button, .card")].filter(e => e.offsetParent).map(e => [e.textContent, e.getBoundingClientRect()]).filter(([_, r]) => r.width < 44 || r.height < 44).slice(0, 5).map(([s, r]) => s + " " + Math.round(r.width) + "x" + Math.round(r.height))`).([]any)
	if len(small) > 0 {
		t.Errorf("cards or buttons under 44×44 px: %v", small)
	}
}

// key presses a key as the keyboard does.
func (b *browser) key(t *testing.T, key, code string, keyCode int) {
	t.Helper()
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		if err := b.call("Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": code, "windowsVirtualKeyCode": keyCode}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// testKeyboard: the first stop of the tab order is a skip link past the
// picker; the arrow keys move in the picker; focus is visible.
func testKeyboard(t *testing.T, p *page) {
	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.eval(t, `document.getElementById("setup-box") && (document.getElementById("setup-box").open = true); document.activeElement.blur()`)
	p.key(t, "Tab", "Tab", 9)
	skip, _ := p.eval(t, `(() => { const a = document.activeElement; if (a.tagName !== "A" || !a.hash) return "first stop: " + a.tagName + " " + a.textContent; const to = document.querySelector(a.hash); const picker = document.getElementById("picker"); return to && (picker.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING) ? "" : "the link " + a.hash + " does not pass the picker"; })()`).(string)
	if skip != "" {
		t.Errorf("no skip link: %s", skip)
	}
	p.eval(t, `document.querySelector("#picker [data-card=AC]").focus()`)
	p.key(t, "ArrowRight", "ArrowRight", 39)
	p.key(t, "ArrowDown", "ArrowDown", 40)
	at, _ := p.eval(t, `document.activeElement.dataset.card || document.activeElement.tagName`).(string)
	if at != "2D" {
		t.Errorf("AC, then right and down, focuses %q, want 2D", at)
	}
	outline, _ := p.eval(t, `getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth`).(string)
	if !strings.HasPrefix(outline, "solid") || strings.HasPrefix(strings.Fields(outline)[1], "0") {
		t.Errorf("the focused card's outline is %q", outline)
	}
	if n, _ := p.eval(t, `[...document.querySelectorAll("#picker button")].filter(b => b.tabIndex >= 0).length`).(float64); n != 1 {
		t.Errorf("the picker holds %v tab stops, want 1", n)
	}
}

// testOpponentChosen: the opponent chosen is the one the game is against.
func testOpponentChosen(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", skipShowdown+`document.getElementById("game-status").textContent.startsWith("Your ")`)
	var body struct {
		Opponent string `json:"opponent"`
	}
	_ = json.Unmarshal([]byte(p.api.last("/api/game/new")), &body)
	if body.Opponent != "random" {
		t.Errorf("New game against random sent %s", p.api.last("/api/game/new"))
	}
}

// testTwentyGames: twenty New games in a row from one page all deal: each
// ends the page's last game.
func testTwentyGames(t *testing.T, p *page) {
	p.navigate(t, p.url)
	for i := 0; i < 20; i++ {
		p.eval(t, `document.getElementById("game-status").textContent = ""; document.getElementById("newgame").click(); if (!document.getElementById("confirm-new").hidden) document.getElementById("confirm-drop").click()`)
		p.waitFor(t, "a deal", `document.getElementById("game-status").textContent !== "" && !document.getElementById("game-status").textContent.startsWith("Dealing")`)
		// A deal the opponent ends before your first move (a knock at
		// its first turn) shows its showdown instead.
		if st := p.text(t, "game-status"); !strings.HasPrefix(st, "Your ") && !strings.HasPrefix(st, "Hand 1: ") {
			t.Fatalf("new game %d: %q", i+1, st)
		}
	}
}

// testReloadContinuesTheGame: the game's id is in the URL, and a reload
// goes on with the same game at the same decision.
func testReloadContinuesTheGame(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", skipShowdown+`document.getElementById("game-status").textContent.startsWith("Your ") && document.getElementById("notation").value.includes("dealt")`)
	before, _ := p.eval(t, `[...document.querySelectorAll("#hand .card")].map(c => c.dataset.card).sort().join()`).(string)
	u, _ := p.eval(t, `location.href`).(string)
	if !strings.Contains(u, "game=") {
		t.Fatalf("the game's address %s names no game", u)
	}
	p.navigate(t, u)
	p.waitFor(t, "the game again", skipShowdown+`document.getElementById("game-status").textContent.startsWith("Your ") && document.querySelectorAll("#moves button").length > 0`)
	after, _ := p.eval(t, `[...document.querySelectorAll("#hand .card")].map(c => c.dataset.card).sort().join()`).(string)
	if before != after {
		t.Errorf("the hand before the reload %s, after %s", before, after)
	}
	p.eval(t, `window.seen = document.getElementById("notation").value; document.querySelector("#moves button").click()`)
	p.waitFor(t, "the game to go on", `document.getElementById("game-status").className === "error" || document.getElementById("notation").value !== window.seen && !!document.querySelector("#moves button:enabled")`)
	if cls, _ := p.eval(t, `document.getElementById("game-status").className`).(string); cls == "error" {
		t.Errorf("a move after the reload: %q", p.text(t, "game-status"))
	}
}

// testGameErrorStays: a game that ended in an error says so, and its
// error is not overwritten by the review that follows.
func testGameErrorStays(t *testing.T, p *page) {
	const problem = "game 1: hand 1: the hand is too long to log"
	p.api.mu.Lock()
	p.api.fake["fake-error"] = `{"game":"x","opponent":"heuristic","hands":[{"text":"Hand 1: gin, you won 28 points"}],"over":true,"error":"` + problem + `"}`
	p.api.mu.Unlock()
	p.navigate(t, p.url)
	p.eval(t, `const o = document.createElement("option"); o.textContent = "fake-error"; document.querySelector("select#opponent").appendChild(o); document.querySelector("select#opponent").value = "fake-error"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the game's end", `document.getElementById("game-status").textContent.startsWith("The game is over")`)
	// Let any review the page starts run out.
	p.waitFor(t, "the page to settle", `!/Reviewing|Grading/.test(document.getElementById("game-status").textContent + document.getElementById("review-status").textContent)`)
	if st := p.text(t, "game-status"); !strings.Contains(st, problem) {
		t.Errorf("the game's error is not shown: %q", st)
	}
}

// oneHandLog plays a one-hand game between two bots and writes its log.
func oneHandLog(t *testing.T) string {
	t.Helper()
	r, err := rules.ParseSpec("eaai,target=10")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 50; seed++ {
		a, _ := players.Lookup("simple")
		o, _ := players.Lookup("heuristic")
		_, rec, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: r, Seed: seed, Record: true},
			[2]bot.Player{a.New(seed), o.New(seed + 1)})
		if err != nil || len(rec.Hands) != 1 {
			continue
		}
		g, err := gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final)
		if err != nil {
			continue
		}
		var b strings.Builder
		if err := gamelog.WriteLog(&b, []*gamelog.Game{g}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	t.Fatal("no one-hand game in 50 seeds")
	return ""
}

// testReviewAsGraded: a game's end reaches the review; the players are
// named with their accuracy and errors; the chart has an axis, the 50%
// line and the names, is not stretched, and a click on it jumps to the
// decision; the analysis beside a graded decision is the grade's, so the
// better move named is the one the analysis recommends.
func testReviewAsGraded(t *testing.T, p *page) {
	log := oneHandLog(t)
	over, _ := json.Marshal(map[string]any{"game": "y", "opponent": "heuristic", "hands": []any{}, "over": true, "log": log})
	p.api.mu.Lock()
	p.api.fake["fake-log"] = string(over)
	p.api.mu.Unlock()
	p.navigate(t, p.url)
	p.eval(t, `const o = document.createElement("option"); o.textContent = "fake-log"; document.querySelector("select#opponent").appendChild(o); document.querySelector("select#opponent").value = "fake-log"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the game's end", `!!document.getElementById("review-game")`)
	p.eval(t, `document.getElementById("review-game").click()`)
	p.waitFor(t, "the review", `document.getElementById("review-status").textContent.includes("decisions graded") || document.getElementById("review-status").className === "error"`)
	if st := p.text(t, "review-status"); !strings.Contains(st, "decisions graded") {
		t.Fatalf("the game's review: %q", st)
	}
	if players, _ := p.figures(t, "players"); len(players) != 2 || !strings.Contains(fmt.Sprint(players), "simple") {
		t.Errorf("the players' table names %v", players)
	}
	// Your puzzles are your mistakes and blunders, never an uncertain
	// grade.
	if bad, _ := p.eval(t, `gamePuzzles.filter(d => d.seat !== 1 || (d.class !== "mistake" && d.class !== "blunder")).map(d => d.class).join()`).(string); bad != "" {
		t.Errorf("the puzzles hold decisions classed %s", bad)
	}
	texts, _ := p.eval(t, `[...document.querySelectorAll("#chart text")].map(e => e.textContent).join("|")`).(string)
	for _, want := range []string{"50%", "simple", "heuristic", "hand 1"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the chart's text %q lacks %q", texts, want)
		}
	}
	if pa, _ := p.eval(t, `document.getElementById("chart").getAttribute("preserveAspectRatio") || ""`).(string); pa == "none" {
		t.Error("the chart stretches its text (preserveAspectRatio none)")
	}
	// A click three quarters along the chart shows a decision there.
	n, _ := p.eval(t, `review.length`).(float64)
	p.eval(t, `(() => { const r = document.getElementById("chart").getBoundingClientRect(); document.getElementById("chart").dispatchEvent(new MouseEvent("click", {clientX: r.left + 42 * r.width / document.getElementById("chart").clientWidth + 0.75 * (r.width - 50), clientY: r.top + 50, bubbles: true})); })()`)
	at, _ := p.eval(t, `shown`).(float64)
	if math.Abs(at-0.75*(n-1)) > 1.5 {
		t.Errorf("a click at three quarters of %v decisions shows decision %v", n, at)
	}
	// The arrow keys step through the decisions.
	p.eval(t, `document.activeElement.blur(); show(0)`)
	p.key(t, "ArrowRight", "ArrowRight", 39)
	if at, _ := p.eval(t, `shown`).(float64); at != 1 {
		t.Errorf("the right arrow from the first decision shows decision %v", at)
	}
	// The decision's better move is the analysis's first, asked for with
	// the grade's samples and seed, in full.
	gradedSeeds := reviewSeeds(t, p.api.lastReview())
	for _, i := range []string{`review.findIndex(d => !d.matched)`, `0`} {
		idx, _ := p.eval(t, i).(float64)
		if idx < 0 {
			continue
		}
		p.eval(t, fmt.Sprintf(`document.getElementById("advice-status").textContent = ""; show(%v)`, idx))
		p.waitFor(t, "the graded analysis", `document.getElementById("advice-status").textContent.includes("Recommended")`)
		want, _ := p.eval(t, fmt.Sprintf(`review[%v].best`, idx)).(string)
		// Let any refinement run out: what stays is what counts.
		p.waitFor(t, "the analysis to settle", `!document.getElementById("advice-status").textContent.startsWith("Analyzing")`)
		got, _ := p.eval(t, `document.querySelector("#advice tbody tr td").textContent.replace(/( \*)?( =)?$/, "")`).(string)
		if asked := gradedSeeds[int(idx)]; !p.api.sent("/api/advise", asked) {
			t.Errorf("decision %v: no analysis asked for the grade's search %s", idx, asked)
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("decision %v: the grade says %q was best; the analysis beside it recommends %q", idx, want, got)
		}
	}
}

// reviewSeeds returns, for each decision of a review's answer, the
// fields of the request that asks for its grade's search: its worlds, its
// seed as the digits the server wrote, in full, with its filter.
func reviewSeeds(t *testing.T, answer string) []string {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(answer))
	d.UseNumber()
	var rev struct {
		Decisions []struct {
			Samples   int         `json:"samples"`
			Seed      json.Number `json:"seed"`
			Particles int         `json:"particles"`
		} `json:"decisions"`
	}
	if err := d.Decode(&rev); err != nil {
		t.Fatalf("the review's answer: %v", err)
	}
	seeds := make([]string, len(rev.Decisions))
	for i, x := range rev.Decisions {
		seeds[i] = fmt.Sprintf(`"samples":%d,"seed":%s,"full":true,"particles":%d`, x.Samples, x.Seed.String(), x.Particles)
	}
	return seeds
}

// reviewed is a review's answer as the tests read it.
type reviewed struct {
	Decisions []struct {
		Player     string   `json:"player"`
		Equity     *float64 `json:"equity"`
		Class      string   `json:"class"`
		EquityLost float64  `json:"equity_lost"`
		LostSE     float64  `json:"equity_lost_se"`
		Luck       *float64 `json:"luck"`
		LuckKind   string   `json:"luck_kind"`
	} `json:"decisions"`
	Summary batch.Summary `json:"summary"`
}

// reviewLog pastes a log into the review, grades it as the page does,
// quick or not, and returns the server's answer.
func reviewLog(t *testing.T, p *page, log string, quick bool) reviewed {
	t.Helper()
	p.navigate(t, p.url)
	p.eval(t, fmt.Sprintf(`document.getElementById("log").value = %s; document.getElementById("quick").checked = %v; document.getElementById("review-status").textContent = ""; document.getElementById("review").click()`, jsString(log), quick))
	p.waitFor(t, "the review", `document.getElementById("review-status").textContent.includes("decisions graded") || document.getElementById("review-status").className === "error"`)
	if st := p.text(t, "review-status"); !strings.Contains(st, "decisions graded") {
		t.Fatalf("the review: %q", st)
	}
	if errs := p.consoleErrors(t); len(errs) > 0 {
		t.Errorf("the review threw: %v", errs)
	}
	var r reviewed
	if err := json.Unmarshal([]byte(p.api.lastReview()), &r); err != nil {
		t.Fatalf("the review's answer: %v", err)
	}
	return r
}

// figures reads a table of figures: its players, and each row's cells by
// the figure it shows.
func (p *page) figures(t *testing.T, id string) (players []string, rows map[string][]string) {
	t.Helper()
	text, _ := p.eval(t, `JSON.stringify((t => ({players: [...t.querySelectorAll("thead th")].slice(1).map(th => th.textContent),
		rows: Object.fromEntries([...t.querySelectorAll("tbody tr")].map(tr => [tr.dataset.figure, [...tr.querySelectorAll("td")].map(td => td.textContent)]))}))(document.getElementById(`+jsString(id)+`)))`).(string)
	var f struct {
		Players []string            `json:"players"`
		Rows    map[string][]string `json:"rows"`
	}
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		t.Fatalf("the table %s: %v", id, err)
	}
	return f.Players, f.Rows
}

// twoDigits says whether a figure shown with two significant digits
// stands for want: "0.30" for 0.3049, "12" for 11.6.
func twoDigits(shown string, want float64) bool {
	x, err := strconv.ParseFloat(shown, 64)
	if err != nil {
		return false
	}
	if want == 0 {
		return x == 0
	}
	unit := math.Pow(10, math.Floor(math.Log10(math.Abs(want)))-1)
	digits := strings.TrimLeft(strings.ReplaceAll(shown, ".", ""), "0")
	return len(digits) == 2 && math.Abs(x-want) <= unit/2*(1+1e-9)+1e-12
}

// tenths reads a figure shown in % with one decimal ("+2.4%", "−1.2%")
// as tenths of a percent.
func tenths(t *testing.T, shown string) int {
	t.Helper()
	s := strings.TrimSuffix(strings.ReplaceAll(strings.TrimPrefix(shown, "+"), "\u2212", "-"), "%")
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !strings.HasSuffix(shown, "%") {
		t.Fatalf("the figure %q is not a percentage", shown)
	}
	return int(math.Round(10 * x))
}

// checkPlayers checks the players' table against the review's summary:
// the accuracy (or "-" where there is none), the equity lost a decision
// in % with two significant digits and its 95% interval, the error rate,
// and the count of each class, uncertain apart. It returns the uncertain
// decisions counted.
func checkPlayers(t *testing.T, p *page, r reviewed) (uncertain int) {
	t.Helper()
	players, rows := p.figures(t, "players")
	if len(players) != len(r.Summary.Players) {
		t.Fatalf("the table names %v; the summary %d players", players, len(r.Summary.Players))
	}
	interval := regexp.MustCompile(`^([0-9.]+)% \(([0-9.]+) to ([0-9.]+)\)$`)
	// The columns are in the chart's legend order, which need not be the
	// summary's: each is found by its player's name.
	for _, sp := range r.Summary.Players {
		j := slices.Index(players, sp.Name)
		if j < 0 {
			t.Errorf("no column for the summary's player %q: %v", sp.Name, players)
			continue
		}
		cell := func(key string) string {
			if j >= len(rows[key]) {
				t.Fatalf("the table has no %s for %s: %v", key, sp.Name, rows)
			}
			return rows[key][j]
		}
		acc := "n/a"
		if sp.Accuracy != nil {
			// With its interval, as the summary has it.
			acc = fmt.Sprintf("%.1f (%.1f to %.1f)", *sp.Accuracy, sp.AccuracyCI95[0], sp.AccuracyCI95[1])
		}
		if cell("accuracy") != acc {
			t.Errorf("%s: accuracy %q, want %q", sp.Name, cell("accuracy"), acc)
		}
		if sp.MeanEquityLost == nil {
			if cell("mean_equity_lost") != "n/a" || cell("error_rate") != "n/a" {
				t.Errorf("%s: no decision, yet equity lost %q, error rate %q", sp.Name, cell("mean_equity_lost"), cell("error_rate"))
			}
		} else {
			m := interval.FindStringSubmatch(cell("mean_equity_lost"))
			if m == nil || !twoDigits(m[1], 100**sp.MeanEquityLost) || !twoDigits(m[2], 100*sp.MeanLostCI95[0]) || !twoDigits(m[3], 100*sp.MeanLostCI95[1]) {
				t.Errorf("%s: equity lost a decision %q; the summary's %.4f%% (%.4f to %.4f)", sp.Name, cell("mean_equity_lost"), 100**sp.MeanEquityLost, 100*sp.MeanLostCI95[0], 100*sp.MeanLostCI95[1])
			}
			if !twoDigits(cell("error_rate"), *sp.ErrorRate) {
				t.Errorf("%s: error rate %q, the summary's %v", sp.Name, cell("error_rate"), *sp.ErrorRate)
			}
		}
		for key, n := range map[string]int{"decisions": sp.Decisions, "inaccuracies": sp.Inaccuracies, "mistakes": sp.Mistakes, "blunders": sp.Blunders, "uncertain": sp.Uncertain} {
			if cell(key) != strconv.Itoa(n) {
				t.Errorf("%s: %s %q, the summary's %d", sp.Name, key, cell(key), n)
			}
		}
		uncertain += sp.Uncertain
	}
	return uncertain
}

// testReviewFigures: a log pasted and reviewed shows, for each player,
// the accuracy, the equity lost a decision in % with two significant
// digits and its 95% interval, the error rate and the count of each
// class, uncertain apart, all as the summary says; the luck figures add
// up as shown (start + luck + skill + the opponent's errors = result, the
// kinds to the luck, the
// luck-adjusted result to the result less the luck) and each is within a
// tenth or so of the summary's; each decision of the list shows its loss
// with its standard error, an uncertain one marked as such and never
// with an error's sign; the caption says the luck before a decision.
// The page stays within a phone's width.
func testReviewFigures(t *testing.T, p *page) {
	r := reviewLog(t, p, oneHandLog(t), false)
	uncertain := checkPlayers(t, p, r)
	if uncertain == 0 {
		t.Fatal("the review graded no decision uncertain: the test's log no longer shows one")
	}

	// The luck, as shown, adds up.
	lplayers, luck := p.figures(t, "luck")
	if len(lplayers) != len(r.Summary.Players) {
		t.Fatalf("the luck table names %v", lplayers)
	}
	for _, sp := range r.Summary.Players {
		j := slices.Index(lplayers, sp.Name)
		if sp.Luck == nil || j < 0 {
			t.Fatalf("%s: no luck in the summary", sp.Name)
		}
		get := func(key string) int {
			if j >= len(luck[key]) {
				t.Fatalf("the luck table has no %s for %s: %v", key, sp.Name, luck)
			}
			return tenths(t, luck[key][j])
		}
		kinds := 0
		for _, k := range []string{"deal", "draw", "opponent", "showdown"} {
			kinds += get("luck-" + k)
		}
		start, all, skill, opp, result, adjusted := get("start"), get("luck"), get("skill"), get("opponent-errors"), get("result"), get("adjusted")
		if kinds != all || start+all+skill+opp != result || result-all != adjusted {
			t.Errorf("%s: as shown, the luck's kinds add to %d (luck %d), start %d + luck %d + skill %d + the opponent's errors %d = %d (result %d), result less luck %d (adjusted %d), in tenths of a percent",
				sp.Name, kinds, all, start, all, skill, opp, start+all+skill+opp, result, result-all, adjusted)
		}
		g := sp.Luck.Means
		for _, f := range []struct {
			key  string
			want float64
			tol  float64
		}{{"start", g.Start, 0.5}, {"luck-deal", g.ByKind["deal"], 1}, {"luck-draw", g.ByKind["draw"], 1}, {"luck-opponent", g.ByKind["opponent"], 1},
			{"luck-showdown", g.ByKind["showdown"], 1}, {"luck", g.Luck, 1}, {"skill", g.Skill, 1}, {"opponent-errors", g.OppErrors, 1.5}, {"result", g.Result, 0.5}, {"adjusted", g.Adjusted, 1.5}} {
			if got := get(f.key); math.Abs(float64(got)-1000*f.want) > f.tol+1e-6 {
				t.Errorf("%s: %s shows %q; the summary's %.4f%%", sp.Name, f.key, luck[f.key][j], 100*f.want)
			}
		}
	}

	checkLuckIntervals(t, p)

	// Each decision shows its loss and its error; an uncertain one is
	// marked so, with no error's sign.
	r = reviewLog(t, p, oneHandLog(t), false)
	items, _ := p.eval(t, `[...document.querySelectorAll("#decisions li")].map(li => [Number(li.dataset.index), li.className.replace("current", "").trim(), li.textContent, (li.querySelector(".mark") || {}).textContent || ""])`).([]any)
	if len(items) != len(r.Decisions) {
		t.Fatalf("the list shows %d decisions of %d", len(items), len(r.Decisions))
	}
	loss := regexp.MustCompile(`lost ([0-9.]+)% ± ([0-9.]+)`)
	for _, it := range items {
		f := it.([]any)
		i, class, text, mark := int(f[0].(float64)), f[1].(string), f[2].(string), f[3].(string)
		d := r.Decisions[i]
		m := loss.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("decision %d shows no loss with its error: %q", i, text)
			continue
		}
		lost, _ := strconv.ParseFloat(m[1], 64)
		se, _ := strconv.ParseFloat(m[2], 64)
		if math.Abs(lost-100*d.EquityLost) > 0.05+1e-9 || math.Abs(se-100*d.LostSE) > 0.05+1e-9 || class != d.Class {
			t.Errorf("decision %d shows %q (class %s); the grade lost %.3f%% ± %.3f, %s", i, text, class, 100*d.EquityLost, 100*d.LostSE, d.Class)
		}
		if d.Class == "uncertain" && (mark != uncertainMark(d.EquityLost, d.LostSE) || strings.Contains(text, "?")) {
			t.Errorf("uncertain decision %d shows %q, marked %q, not %q", i, text, mark, uncertainMark(d.EquityLost, d.LostSE))
		}
		if want := map[string]string{"inaccuracy": "?! inaccuracy", "mistake": "? mistake", "blunder": "?? blunder"}[d.Class]; want != mark && d.Class != "uncertain" {
			t.Errorf("decision %d, graded %s, is marked %q", i, d.Class, mark)
		}
	}

	// The caption says the luck before a decision, and an uncertain
	// grade as such.
	words := map[string]string{"deal": "the deal", "draw": "the stock draw", "opponent": "the opponent's turn"}
	brought := regexp.MustCompile(`brought ([+\x{2212}]?[0-9.]+%)`)
	lucky, unsure := -1, -1
	for i, d := range r.Decisions {
		if lucky < 0 && d.Luck != nil && math.Abs(*d.Luck) >= 0.001 {
			lucky = i
		}
		if unsure < 0 && d.Class == "uncertain" {
			unsure = i
		}
	}
	if lucky < 0 {
		t.Fatal("no decision of the review measured luck")
	}
	p.eval(t, fmt.Sprintf(`show(%d)`, lucky))
	caption := p.text(t, "decision")
	if m := brought.FindStringSubmatch(caption); m == nil || !strings.Contains(caption, words[r.Decisions[lucky].LuckKind]+" brought") ||
		math.Abs(float64(tenths(t, m[1]))-1000**r.Decisions[lucky].Luck) > 0.5+1e-6 {
		t.Errorf("decision %d, after %s luck of %.4f: the caption says %q", lucky, r.Decisions[lucky].LuckKind, *r.Decisions[lucky].Luck, caption)
	}
	p.eval(t, fmt.Sprintf(`show(%d)`, unsure))
	if caption := p.text(t, "decision"); !strings.Contains(caption, "Uncertain") || !strings.Contains(caption, "±") || strings.Contains(caption, "?") {
		t.Errorf("uncertain decision %d: the caption says %q", unsure, caption)
	}
	p.shoot(t, "review-desktop.png", "review-title")
	p.shoot(t, "review-desktop-list.png", "chart")

	// On a phone the figures scroll inside their boxes, the page does not
	// widen.
	p.size(t, 390, 844, true)
	p.eval(t, `drawChart()`)
	if w, _ := p.eval(t, `document.documentElement.scrollWidth`).(float64); w > 390 {
		wide, _ := p.eval(t, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).slice(0, 5).map(e => e.tagName + "#" + e.id + "." + e.className)`).([]any)
		t.Errorf("the review is %v px wide at 390: %v", w, wide)
	}
	p.shoot(t, "review-phone.png", "players")
	p.shoot(t, "review-phone-luck.png", "luck")
	p.shoot(t, "review-phone-list.png", "chart")
}

// shoot writes a screenshot of the review, scrolled to the element at
// id, into the -shots directory, if one is given.
func (p *page) shoot(t *testing.T, name, id string) {
	t.Helper()
	if *shots == "" {
		return
	}
	p.eval(t, `document.getElementById(`+jsString(id)+`).scrollIntoView({block: "start"})`)
	p.screenshot(t, filepath.Join(*shots, name))
}

// testQuickReview: a review graded quick, which rates no accuracy and
// measures no luck, shows "n/a" for the accuracy and says why, draws its
// chart in % of the chance of winning, and throws no error.
func testQuickReview(t *testing.T, p *page) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	p.problems = nil
	r := reviewLog(t, p, string(data), true)
	checkPlayers(t, p, r)
	_, rows := p.figures(t, "players")
	if len(rows["accuracy"]) != len(r.Summary.Players) {
		t.Fatalf("the players' table: %v", rows)
	}
	for j, a := range rows["accuracy"] {
		if a != "n/a" {
			t.Errorf("%s: accuracy %q under quick grading", r.Summary.Players[j].Name, a)
		}
	}
	if hidden, _ := p.eval(t, `document.getElementById("luck").hidden && !document.getElementById("luck-note").hidden`).(bool); !hidden {
		t.Error("the luck table shows under quick grading")
	}
	if note := p.text(t, "luck-note"); !strings.Contains(strings.ToLower(note), "quick") {
		t.Errorf("the note on luck says %q", note)
	}
	texts, _ := p.eval(t, `[...document.querySelectorAll("#chart text")].map(e => e.textContent).join("|") + "|" + document.getElementById("chart").getAttribute("aria-label")`).(string)
	if !strings.Contains(texts, "% of the chance of winning") || strings.Contains(texts, "point") {
		t.Errorf("the quick chart says %q", texts)
	}
	if first, _ := p.eval(t, `document.querySelector("#decisions li").textContent`).(string); !regexp.MustCompile(`lost [0-9]+\.[0-9]%`).MatchString(first) || strings.Contains(first, "±") {
		t.Errorf("a quick grade is listed as %q", first)
	}
	// A move in the list, and a position in its field, wrap between
	// their tokens only: a move keeps to one line, a position's field
	// breaks at spaces alone.
	split, _ := p.eval(t, `[...document.querySelectorAll("#decisions li")].filter((li, i) => {
		const d = review[Number(li.dataset.index)];
		const moves = [...li.querySelectorAll("span.nowrap")].map((s) => s.textContent);
		return !moves.includes(d.move) || (li.textContent.includes("(advisor: ") && !moves.includes(d.best));
	}).length + " " + getComputedStyle(document.getElementById("notation")).overflowWrap + " " + getComputedStyle(document.getElementById("notation")).wordBreak`).(string)
	if split != "0 normal normal" {
		t.Errorf("moves that may break inside, and the notation's wrapping: %q", split)
	}
	// The log seats its players the other way round in its second game:
	// each is followed by name, on the chart and in the view of one.
	sums := map[string]float64{}
	for _, d := range r.Decisions {
		sums[d.Player] += d.EquityLost
	}
	for name, sum := range sums {
		m := regexp.MustCompile(regexp.QuoteMeta(name) + `: equity lost, summed, ([0-9.]+)%`).FindStringSubmatch(texts)
		if got, err := strconv.ParseFloat(safeIndex(m, 1), 64); err != nil || math.Abs(got-100*sum) > 0.05+1e-9 {
			t.Errorf("the chart gives %s %v; its decisions lost %.2f%%", name, m, 100*sum)
		}
	}
	view, _ := p.eval(t, `(() => { const v = document.getElementById("seatview"); v.value = "0"; v.dispatchEvent(new Event("change"));
		return [v.selectedOptions[0].textContent, [...new Set([...document.querySelectorAll("#decisions li")].map(li => review[li.dataset.index].player))].join()]; })()`).([]any)
	if fmt.Sprint(view) != "[simple simple]" {
		t.Errorf("the view of the first player, simple, is named and lists %v", view)
	}
	if len(p.problems) > 0 {
		t.Errorf("the quick review: %v", p.problems)
	}
	p.eval(t, `document.getElementById("review-help").open = true`)
	p.shoot(t, "review-quick-desktop.png", "players")
	p.shoot(t, "review-quick-desktop-list.png", "chart")
}

// safeIndex is s[i], or "" when s is too short.
func safeIndex(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// testNoUncertainPuzzle: the puzzles are your mistakes and blunders; an
// uncertain grade is none, however much it may have lost.
func testNoUncertainPuzzle(t *testing.T, p *page) {
	p.navigate(t, p.url)
	got, _ := p.eval(t, `puzzlesOf([{seat: 1, class: "uncertain", equity_lost: 0.2}, {seat: 1, class: "mistake", equity_lost: 0.06},
		{seat: 2, class: "blunder", equity_lost: 0.2}, {seat: 1, class: "inaccuracy", equity_lost: 0.03}, {seat: 1, class: "blunder", equity_lost: 0.12}]).map(d => d.class).join()`).(string)
	if got != "mistake,blunder,blunder" {
		t.Errorf("the puzzles of a review are %q, want mistake,blunder,blunder", got)
	}
}

// testWording: a move the grade counts as good is not called worse than
// the advisor's.
func testWording(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `review = [{hand: 1, player: "you", seat: 1, kind: "upcard", move: "take QS", best: "pass", matched: false, equity_lost: 0.006, class: "good", position: `+jsString(boardPosition)+`}]; listDecisions(); show(0)`)
	if d := p.text(t, "decision"); strings.Contains(d, "better") {
		t.Errorf("a good move is described as %q", d)
	}
	// A ten is T on the page, as in every output of the command line; 10
	// is still read.
	th, _ := notation.ParseCard("TH")
	if got, _ := p.eval(t, `[cardLabel("TH"), parseCard("10h"), parseCard("TH")].join(" ")`).(string); got != th.Symbol()+" TH TH" {
		t.Errorf("the page writes and reads a ten as %q, want %q", got, th.Symbol()+" TH TH")
	}
}

// testPuzzles: a puzzle shows its own position alone, with no advice and
// no reading until answered; a move clicked is judged with the advisor's
// equities, and the score over the set is kept.
func testPuzzles(t *testing.T, p *page) {
	// First a position with a meld of sevens, take and pass, and a reading.
	built := "p1 first-offer hand=AC,2C,3C,7D,7H,7S,9S,TS,JS,KH pile=4D stock=31 took=- passed=- discards=- score=0-0 dealer=p2 rules=eaai"
	p.navigate(t, p.url+"#"+url.PathEscape(built))
	p.waitFor(t, "the first offer's advice", `/Recommended|Done/.test(document.getElementById("advice-status").textContent) && [...document.querySelectorAll("button")].some(b => b.textContent === "take")`)
	puzzle := "p1 discard hand=AC,2C,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=29 first=KS took=- passed=KS discards=7H drawn=2C draws=2 score=0-0 dealer=p1 rules=eaai number=1"
	p.eval(t, `gamePuzzles = [{hand: 1, player: "you", seat: 1, kind: "discard", move: "discard AC", best: "discard KD", matched: false, equity_lost: 0.05, class: "mistake", samples: 64, seed: 7, position: `+jsString(puzzle)+`}]; showPuzzleButtons(); document.getElementById("learn").click()`)
	p.waitFor(t, "the puzzle", `[...document.querySelectorAll("button")].some(b => b.textContent === "discard KD") && document.querySelectorAll("#hand .group").length > 0`)
	pos, _ := position.Parse(puzzle)
	cards, _ := p.eval(t, `[...document.querySelectorAll("#hand .card, #melds .card")].map(c => c.dataset.card)`).([]any)
	for _, c := range cards {
		if card, err := notation.ParseCard(c.(string)); err != nil || !pos.Hand().Has(card) {
			t.Errorf("the puzzle shows %v, which its hand does not hold", c)
		}
	}
	leftover, _ := p.eval(t, `[document.querySelectorAll("#advice tbody tr").length, (document.querySelector("#reading, p#opponent") || {}).textContent || "", [...document.querySelectorAll("button")].filter(b => b.textContent === "take" || b.textContent === "pass").length]`).([]any)
	if fmt.Sprint(leftover) != "[0  0]" {
		t.Errorf("the puzzle keeps the last position's advice rows, reading and take/pass: %v", leftover)
	}
	p.eval(t, `[...document.querySelectorAll("button")].find(b => b.textContent === "discard KD").click()`)
	p.waitFor(t, "the answer", `/Right|Not that/.test(document.getElementById("game-status").textContent)`)
	st := p.text(t, "game-status")
	if !strings.Contains(st, "%") {
		t.Errorf("the answer gives no equities: %q", st)
	}
	if sc := p.text(t, "puzzle-score"); !strings.Contains(sc, "of 1 answered") {
		t.Errorf("the score over the set: %q", sc)
	}
	// The verdict is beside the cards, with retry and the answer.
	if v, _ := p.eval(t, `(() => { const v = document.getElementById("verdict"); return !!v && !v.hidden && document.getElementById("table").contains(v) && /Right|Not that/.test(v.textContent); })()`).(bool); !v {
		t.Errorf("no verdict beside the cards: %q", p.text(t, "verdict"))
	}
	p.click(t, "Show the answer")
	p.waitFor(t, "the answer", `document.getElementById("verdict").textContent.includes("The answer: ")`)
	p.click(t, "Retry")
	p.waitFor(t, "the puzzle again", `document.getElementById("verdict").textContent.includes("find the better move") && `+button("discard KD"))
	p.shoot(t, "puzzle-desktop.png", "table")
}

// consoleErrors is a hook for the page's own error reports; the page logs
// none by design, so any uncaught error shows in window.onerror's list.
func (b *browser) consoleErrors(t *testing.T) []any {
	v, _ := b.eval(t, `window.boardErrors || []`).([]any)
	return v
}

func jsString(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

// click clicks the button whose text is text, and fails when none is
// shown.
func (p *page) click(t *testing.T, text string) {
	t.Helper()
	if ok, _ := p.eval(t, `(() => { const b = [...document.querySelectorAll("#moves button, button:not(#line button)")].find(b => (b.textContent === `+jsString(text)+` || b.title === `+jsString(text)+`) && b.offsetParent && !b.disabled); if (b) b.click(); return !!b; })()`).(bool); !ok {
		t.Fatalf("no button %q to click; the page says %q", text, p.text(t, "status"))
	}
}

// button is the condition that a button with the text is shown: a move
// to play, or another of the page's buttons.
func button(text string) string {
	return `[...document.querySelectorAll("#moves button, button:not(#line button)")].some(b => (b.textContent === ` + jsString(text) + ` || b.title === ` + jsString(text) + `) && b.offsetParent && !b.disabled)`
}

// testReviewStep: a review step shows its decision on the table, beside
// the chart and the list at 1280×800, with the move played and the better
// one marked on the cards, the verdict and the player's name; Home and
// End and a click on an error count select decisions; at 390×844 the
// chart's labels do not overlap and every control is 44×44 or more.
func testReviewStep(t *testing.T, p *page) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	reviewLog(t, p, string(data), true)
	p.waitFor(t, "the first decision on the table", `!document.getElementById("verdict").hidden && document.querySelectorAll("#hand .card").length >= 10`)
	gap, _ := p.eval(t, `Math.abs(document.getElementById("chart").getBoundingClientRect().top - document.getElementById("hand").getBoundingClientRect().top)`).(float64)
	if gap > 600 {
		t.Errorf("the chart is %v px from the cards at 1280×800", gap)
	}
	n, _ := p.eval(t, `review.length`).(float64)
	p.eval(t, `document.activeElement.blur()`)
	p.key(t, "End", "End", 35)
	if at, _ := p.eval(t, `shown`).(float64); at != n-1 {
		t.Errorf("End shows decision %v of %v", at, n)
	}
	p.key(t, "Home", "Home", 36)
	if at, _ := p.eval(t, `shown`).(float64); at != 0 {
		t.Errorf("Home shows decision %v", at)
	}
	// A click on a count of errors shows a decision of that class.
	cls, _ := p.eval(t, `(() => { const b = document.querySelector("#players button.count"); if (!b) return ""; b.click(); return b.closest("tr").dataset.figure; })()`).(string)
	want := map[string]string{"inaccuracies": "inaccuracy", "mistakes": "mistake", "blunders": "blunder"}[cls]
	if got, _ := p.eval(t, `review[shown].class`).(string); want == "" || got != want {
		t.Errorf("a click on the count of %q shows a decision classed %q", cls, got)
	}
	// The bot's decision carries its name, never "your".
	idx, _ := p.eval(t, `review.findIndex(d => d.player !== "you" && d.move.startsWith("discard"))`).(float64)
	p.eval(t, fmt.Sprintf(`show(%v)`, idx))
	p.waitFor(t, "the decision's table", fmt.Sprintf(`document.getElementById("hand-title").textContent.startsWith(review[%v].player) && !!document.querySelector("#hand .card.played")`, idx))
	verdict := p.text(t, "verdict")
	played, _ := p.eval(t, fmt.Sprintf(`review[%v].move`, idx)).(string)
	if !strings.Contains(verdict, played) || strings.Contains(strings.ToLower(p.text(t, "facts")+verdict), "you's") {
		t.Errorf("the verdict %q, the facts %q", verdict, p.text(t, "facts"))
	}
	if mark, _ := p.eval(t, `document.querySelector("#hand .card.played").dataset.card`).(string); "discard "+mark != played {
		t.Errorf("the card marked as played is %q; the move %q", mark, played)
	}
	if inside, _ := p.eval(t, `document.getElementById("table").contains(document.getElementById("verdict"))`).(bool); !inside {
		t.Error("the verdict is not beside the cards")
	}
	// The sentence of why is written for the bot, by name: never "you".
	name, _ := p.eval(t, fmt.Sprintf(`review[%v].player`, idx)).(string)
	p.waitFor(t, "the sentence of why", `!!document.querySelector("#verdict .why")`)
	if !p.api.sent("/api/advise", `"player":`+jsString(name)) {
		t.Errorf("the review step's analysis does not name %q: %s", name, p.api.last("/api/advise"))
	}
	if why, _ := p.eval(t, `document.querySelector("#verdict .why").textContent`).(string); regexp.MustCompile(`(?i)\byour?\b`).MatchString(why) {
		t.Errorf("%s's decision is explained to you: %q", name, why)
	}
	p.shoot(t, "review-step-desktop.png", "table")
	if *update {
		p.eval(t, `document.getElementById("table").scrollIntoView({block: "start"})`)
		p.screenshot(t, filepath.Join("..", "docs", "board-review.png"))
	}
	p.size(t, 390, 844, true)
	p.eval(t, `drawChart()`)
	overlap, _ := p.eval(t, `(() => { const r = [...document.querySelectorAll("#chart text")].map(e => e.getBoundingClientRect());
		for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
			const a = r[i], b = r[j];
			if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return i + "," + j;
		}
		return ""; })()`).(string)
	if overlap != "" {
		t.Errorf("the chart's labels %s overlap at 390 px", overlap)
	}
	if w, _ := p.eval(t, `document.documentElement.scrollWidth`).(float64); w > 390 {
		t.Errorf("the review step is %v px wide at 390", w)
	}
	small, _ := p.eval(t, `[...document.querySelectorAll("button, .card, select, input:not([type=checkbox]):not([type=radio]), summary, label.inline")].filter(e => e.offsetParent).map(e => [e.textContent.trim() || e.id, e.getBoundingClientRect()]).filter(([_, r]) => r.width < 44 || r.height < 44).slice(0, 5).map(([s, r]) => s + " " + Math.round(r.width) + "x" + Math.round(r.height))`).([]any)
	if len(small) > 0 {
		t.Errorf("controls under 44×44 px at 390: %v", small)
	}
	p.shoot(t, "review-step-phone.png", "table")
}

// testLineOnASetUpPosition: from a position set up, the board plays your
// discard, then the opponent's draw and discard, one click each, to your
// draw; the moves form a line with a variation; undo, redo and the
// browser's Back and Forward move along it.
func testLineOnASetUpPosition(t *testing.T, p *page) {
	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.waitFor(t, "the discards", button("discard AC"))
	p.click(t, "discard AC")
	p.waitFor(t, "the opponent's draw", button("it draws from the stock"))
	p.click(t, "it draws from the stock")
	p.waitFor(t, "the opponent's discard", button("it discards 5♣"))
	p.click(t, "it discards 5♣")
	p.waitFor(t, "its knock decision", button("it plays on")+` && `+button("it knocks")+` && `+button("it goes gin"))
	p.click(t, "it plays on")
	p.waitFor(t, "your draw", button("take")+` && `+button("draw"))
	if note, _ := p.eval(t, `document.getElementById("notation").value`).(string); !strings.HasPrefix(note, "p1 draw") || !strings.Contains(note, "5C stock=") {
		t.Errorf("after the opponent's turn the board holds %q", note)
	}
	if cls, _ := p.eval(t, `document.getElementById("status").className`).(string); cls == "error" {
		t.Errorf("the line: %q", p.text(t, "status"))
	}
	p.click(t, "Undo")
	p.waitFor(t, "its knock decision again", button("it plays on")+` && `+button("Redo"))
	p.click(t, "Undo")
	p.waitFor(t, "the opponent's discard again", button("it discards 5♣")+` && `+button("Redo"))
	p.click(t, "Redo")
	p.waitFor(t, "its knock decision again", button("it plays on")+` && `+button("Redo"))
	p.click(t, "Redo")
	p.waitFor(t, "your draw again", button("take"))
	p.eval(t, `history.back()`)
	p.waitFor(t, "Back to its knock decision", button("it plays on"))
	p.eval(t, `history.forward()`)
	p.waitFor(t, "Forward to your draw", button("take"))
	// A variation: back to the start, another discard.
	p.eval(t, `document.querySelector('#line button[data-node="1"]').click()`)
	p.waitFor(t, "the opponent's draw", button("it draws from the stock")+` && `+button("Undo"))
	p.click(t, "Undo")
	p.waitFor(t, "the start", button("discard 6C"))
	p.click(t, "discard 6C")
	p.waitFor(t, "the variation", `document.querySelectorAll("#line .var").length === 1 && `+button("it draws from the stock"))
	if u, _ := p.eval(t, `location.href`).(string); !strings.HasPrefix(u, p.url) {
		t.Errorf("the page left for %s", u)
	}
}

// testKnockAndClear: a knock from a position set up ends the line with no
// error; "Clear the table" takes the position, its advice and its moves
// off the table.
func testKnockAndClear(t *testing.T, p *page) {
	const knock = "p1 discard hand=AC,2C,3C,4D,5D,6D,7H,8H,9H,KS,2S pile=TS,QS stock=29 took=- passed=TS discards=QS drawn=2S score=0-0 dealer=p1 rules=eaai"
	p.problems = nil
	p.navigate(t, p.url+"#"+url.PathEscape(knock))
	p.waitFor(t, "the discards", button("discard KS"))
	p.click(t, "discard KS")
	p.waitFor(t, "the knock", button("knock AC 2C 3C | 4D 5D 6D | 7H 8H 9H"))
	p.click(t, "knock AC 2C 3C | 4D 5D 6D | 7H 8H 9H")
	p.waitFor(t, "the hand's end", `document.getElementById("status").textContent.includes("the hand ends")`)
	if cls, _ := p.eval(t, `document.getElementById("status").className`).(string); cls == "error" || len(p.problems) > 0 {
		t.Errorf("the knock: %q, %v", p.text(t, "status"), p.problems)
	}
	p.eval(t, `document.getElementById("setup-box").open = true`)
	p.click(t, "Clear the table")
	left, _ := p.eval(t, `[document.querySelectorAll("#hand .card").length, document.querySelectorAll("#advice tbody tr").length, document.querySelectorAll("#moves button").length, document.getElementById("advice-status").textContent]`).([]any)
	if fmt.Sprint(left) != "[0 0 0 ]" {
		t.Errorf("after Clear the table: hand cards, advice rows, moves, advice status %v", left)
	}
}

// testHintsAtOnce: turning the hints on in a game shows the advice of
// the decision on the table, not only from the next one.
func testHintsAtOnce(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.getElementById("hints").checked = false; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", skipShowdown+`document.getElementById("game-status").textContent.startsWith("Your ") && document.getElementById("notation").value.includes("dealt") && document.getElementById("advice-status").textContent === "Hints are off."`)
	if rows, _ := p.eval(t, `document.querySelectorAll("#advice tbody tr").length`).(float64); rows != 0 {
		t.Fatalf("hints off, %v rows of advice", rows)
	}
	p.eval(t, `document.getElementById("hints").click()`)
	p.waitFor(t, "the hint", `document.querySelectorAll("#advice tbody tr").length > 0`)
}

// checkShares: the page writes shares as the command line does
// (stats.Share at a tenth): one strictly between 0 and 1 never as 0.0%
// or 100.0%.
func checkShares(t *testing.T, p *page) {
	var xs []float64
	for i := 0; i <= 4000; i++ {
		xs = append(xs, float64(i)/4000)
	}
	xs = append(xs, 1e-9, 0.0004, 0.0005, 0.9995, 0.9996, 1-1e-9)
	list, err := json.Marshal(xs)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.eval(t, string(list)+`.map(share)`).([]any)
	if len(got) != len(xs) {
		t.Fatalf("the page's share gave %d values for %d", len(got), len(xs))
	}
	for i, x := range xs {
		if want := stats.Share(x, 1); got[i] != want {
			t.Errorf("the page writes the share %v as %v, the command line as %q", x, got[i], want)
		}
	}
}

// checkLuckIntervals reviews a log of two games: the luck table gives the
// luck's, the skill's and the luck-adjusted result's 95% intervals over
// the games, as the summary has them, in tenths of a percent.
func checkLuckIntervals(t *testing.T, p *page) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	r := reviewLog(t, p, string(data), false)
	p.shoot(t, "review-luck-desktop.png", "luck")
	lplayers, luck := p.figures(t, "luck")
	for _, sp := range r.Summary.Players {
		j := slices.Index(lplayers, sp.Name)
		g := sp.Luck.Means
		for _, f := range []struct {
			key string
			ci  *[2]float64
		}{{"luck-ci", g.LuckCI95}, {"skill-ci", g.SkillCI95}, {"adjusted-ci", g.AdjustedCI95}} {
			if f.ci == nil || j < 0 || j >= len(luck[f.key]) {
				t.Fatalf("%s: %s: the summary's %v, the page's %v", sp.Name, f.key, f.ci, luck[f.key])
			}
			lo, hi, ok := strings.Cut(luck[f.key][j], " to ")
			if !ok || math.Abs(float64(tenths(t, lo))-1000*f.ci[0]) > 0.5+1e-6 || math.Abs(float64(tenths(t, hi))-1000*f.ci[1]) > 0.5+1e-6 {
				t.Errorf("%s: %s shows %q; the summary's %v", sp.Name, f.key, luck[f.key][j], *f.ci)
			}
		}
	}
}

// uncertainMark is the mark of an uncertain grade: the classes its 95%
// interval spans, as batch's text report names them.
func uncertainMark(lost, se float64) string {
	lo, hi := batch.Classify(math.Max(0, lost-batch.GradeZ*se)), batch.Classify(lost+batch.GradeZ*se)
	switch {
	case lo == hi:
		return "uncertain"
	case hi == lo+1:
		return fmt.Sprintf("uncertain: %s or %s", lo, hi)
	}
	return fmt.Sprintf("uncertain: %s to %s", lo, hi)
}
