package board

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/internal/browsertest"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
)

var update = flag.Bool("update", false, "rewrite the screenshots under docs/")

// browser is headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe): a hundred lines here instead of a driver
// library and its dependencies in every cold build.
type browser struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	id      int
	session string
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
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line[:len(line)-1], &answer); err != nil {
			return err
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

// TestBoardInBrowser drives the page in headless Chromium: a position built
// by clicking, the advice matching the command line's for the same position
// and seed, a move played, and a sample log reviewed step by step. It also
// reports the page's timings and, with -update, rewrites the screenshots.
func TestBoardInBrowser(t *testing.T) {
	b := startBrowser(t)
	ts := newServer(t, Options{}, nil)
	b.size(t, 1280, 800, false)

	// Load time, and building a position by pointing.
	b.navigate(t, ts.URL+"/")
	// The time is reported, not asserted (a busy machine must not fail
	// the test); what is bounded is the work: the bytes the page fetches.
	load, _ := b.eval(t, `performance.getEntriesByType("navigation")[0].duration`).(float64)
	fetched, _ := b.eval(t, `performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).reduce((n, e) => n + e.decodedBodySize, 0)`).(float64)
	t.Logf("the page loaded in %.0f ms, %.0f KB", load, fetched/1024)
	if fetched == 0 || fetched > 512<<10 {
		t.Errorf("the page fetched %.0f KB on load, want up to 512 KB", fetched/1024)
	}
	for _, c := range strings.Fields("AC 2C 3C 7D 7H 7S 9S TS JS KH") {
		b.eval(t, `document.querySelector('#picker [data-card="`+c+`"]').click()`)
	}
	b.eval(t, `(() => { const p = document.getElementById("pile"); p.value = "4D"; p.dispatchEvent(new Event("change")); })()`)
	b.waitFor(t, "the built position to hold", `document.getElementById("status").textContent.startsWith("The position holds")`)
	text, _ := b.eval(t, `document.getElementById("notation").value`).(string)
	wantHand, _ := notation.ParseHand("AC 2C 3C 7D 7H 7S 9S TS JS KH")
	if p, err := position.Parse(text); err != nil || p.Hand() != wantHand || p.StockCount() != 31 {
		t.Errorf("the board built %q (%v)", text, err)
	}
	pressed, _ := b.eval(t, `document.querySelectorAll('#picker [aria-pressed="true"]').length`).(float64)
	if pressed != 10 {
		t.Errorf("%v cards shown pressed, want 10", pressed)
	}

	// The advice, refined to 2,048 worlds, is the command line's.
	b.navigate(t, ts.URL+"/#"+url.PathEscape(boardPosition))
	b.waitFor(t, "the first advice", `window.boardTimings.firstAnswer !== null`)
	first, _ := b.eval(t, `window.boardTimings.firstAnswer`).(float64)
	t.Logf("the first advice showed %.0f ms after the position was checked", first)
	b.waitFor(t, "the advice at 2,048 worlds", `document.getElementById("advice-status").textContent.startsWith("Done")`)
	rows, _ := b.eval(t, `[...document.querySelectorAll("#advice tbody tr")].map(tr => [...tr.children].map(td => td.textContent).join("|"))`).([]any)
	p, err := position.Parse(boardPosition)
	if err != nil {
		t.Fatal(err)
	}
	want, err := analyze.Advise(context.Background(), &p, analyze.Options{Samples: 2048, Seed: 1, DangerSamples: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want.Candidates) {
		t.Fatalf("the page shows %d candidates, the advice has %d", len(rows), len(want.Candidates))
	}
	for i, c := range want.Candidates {
		cells := strings.Split(rows[i].(string), "|")
		move := strings.TrimSuffix(cells[0], " *")
		eq, _ := strconv.ParseFloat(strings.TrimSuffix(cells[1], "%"), 64)
		if move != report.MoveText(c.Move) || math.Abs(eq-100*c.Equity) > 0.051 {
			t.Errorf("row %d: the page shows %s at %s; the command line %s at %.1f%%", i, move, cells[1], report.MoveText(c.Move), 100*c.Equity)
		}
	}
	best, _ := b.eval(t, `document.querySelector("#hand .card.best") && document.querySelector("#hand .card.best").dataset.card`).(string)
	if best == "" || "discard "+best != report.MoveText(want.Best()) {
		t.Errorf("the hand marks %q; the advice is %s", best, report.MoveText(want.Best()))
	}
	if *update {
		b.screenshot(t, filepath.Join("..", "docs", "board-desktop.png"))
		b.size(t, 390, 844, true)
		b.navigate(t, ts.URL+"/#"+url.PathEscape(boardPosition))
		b.waitFor(t, "the advice on a phone", `document.getElementById("advice-status").textContent.startsWith("Done")`)
		b.screenshot(t, filepath.Join("..", "docs", "board-phone.png"))
		b.size(t, 1280, 800, false)
	}
	wide, _ := b.eval(t, `document.documentElement.scrollWidth`).(float64)
	if wide > 1280 {
		t.Errorf("the page is %v px wide at 1280", wide)
	}

	// A move played from the legal moves.
	b.eval(t, `[...document.querySelectorAll("#moves button")].find(x => x.textContent === "discard 9H").click()`)
	b.waitFor(t, "the move to be played", `document.getElementById("notation").value.includes("p1 discard 9H") || document.getElementById("notation").value.includes("discards=TD,QH,TC,QS ") && !document.getElementById("notation").value.includes("9H,")`)

	// A sample log reviewed, stepped with the arrow keys.
	log, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(string(log))
	b.eval(t, `document.getElementById("log").value = `+string(quoted)+`; document.getElementById("quick").checked = true; document.getElementById("review").click()`)
	b.waitFor(t, "the review", `document.getElementById("review-status").textContent.includes("decisions graded")`)
	before, _ := b.eval(t, `document.getElementById("decision").textContent`).(string)
	b.eval(t, `document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}))`)
	after, _ := b.eval(t, `document.getElementById("decision").textContent`).(string)
	if !strings.HasPrefix(before, "Hand 1") || after == before {
		t.Errorf("stepping the review: %q, then %q", before, after)
	}
	marks, _ := b.eval(t, `document.querySelectorAll("#decisions li").length`).(float64)
	if marks < 100 {
		t.Errorf("the review lists %v decisions", marks)
	}
	// A few moves of a game against simple.
	b.eval(t, `document.getElementById("opponent").value = "simple"; document.getElementById("newgame").click()`)
	b.waitFor(t, "the deal", `document.getElementById("game-status").textContent.startsWith("Your ")`)
	for i := 0; i < 6; i++ {
		before, _ := b.eval(t, `document.getElementById("notation").value`).(string)
		if done, _ := b.eval(t, `document.getElementById("game-status").textContent.startsWith("The game is over")`).(bool); done {
			break
		}
		b.eval(t, `document.querySelector("#game-moves button").click()`)
		b.waitFor(t, "the next decision", `document.getElementById("notation").value !== `+jsString(before)+` || document.getElementById("game-status").textContent.startsWith("The game is over")`)
	}
	if errs := b.consoleErrors(t); len(errs) > 0 {
		t.Errorf("the page logged errors: %v", errs)
	}
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
