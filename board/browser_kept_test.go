package board

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// playToTheEnd plays the page's game to its end, knocking or going gin
// whenever it may, else the first move listed.
func (p *page) playToTheEnd(t *testing.T) {
	t.Helper()
	p.eval(t, `(async () => {
		for (let i = 0; i < 600 && !document.getElementById("review-game"); i++) {
			if (!gameMoves.length) { await new Promise((r) => setTimeout(r, 20)); continue; }
			const m = gameMoves.find((x) => /^(big-gin|gin|knock)/.test(x.move)) || gameMoves.find((x) => x.move === "next hand") || gameMoves[0];
			await gameMove(m);
		}
	})()`)
	p.waitFor(t, "the game's end", `!!document.getElementById("review-game")`)
}

// testGameKept: the address keeps the game to its end and after, so a
// reload shows the end again; the end offers the log for download, the
// very log the board answered, and its review; a game the board has
// forgotten shows the log the browser kept.
func testGameKept(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `(() => { const o = document.createElement("option"); o.textContent = "standard,target=10"; document.getElementById("game-rules").appendChild(o); document.getElementById("game-rules").value = o.textContent; document.querySelector("select#opponent").value = "simple"; document.getElementById("newgame").click(); })()`)
	p.waitFor(t, "the deal", skipShowdown+`gameMoves.length > 0`)
	id, _ := p.eval(t, `gameID`).(string)
	p.playToTheEnd(t)
	if q, _ := p.eval(t, `location.search`).(string); q != "?game="+id {
		t.Errorf("at the game's end the address holds %q, want ?game=%s", q, id)
	}
	c := &gameClient{t: t, client: p.ts.Client(), base: p.ts.URL}
	want, _ := c.post("/api/game/state", map[string]any{"game": id})["log"].(string)
	dir := t.TempDir()
	if err := p.call("Browser.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": dir}, nil); err != nil {
		t.Fatal(err)
	}
	name, _ := p.eval(t, `document.getElementById("download-log").download`).(string)
	p.eval(t, `document.getElementById("download-log").click()`)
	var log []byte
	for range 200 {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) == len(want) {
			log = b
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if want == "" || string(log) != want || !strings.HasSuffix(name, ".log") {
		t.Errorf("the download %q holds %d bytes; the game's log %d", name, len(log), len(want))
	}
	p.navigate(t, p.url+"?game="+id)
	p.waitFor(t, "the end again", `!!document.getElementById("review-game") && !!document.getElementById("download-log")`)
	if st := p.text(t, "game-status"); !strings.HasPrefix(st, "The game is over.") {
		t.Errorf("after a reload at the end: %q", st)
	}
	// The board forgets: the page shows the log the browser kept.
	p.eval(t, `localStorage.setItem("ginadvisor-game-gone", "ginadvisor-log 2\n"); localStorage.setItem("ginadvisor-games", JSON.stringify(["gone"]))`)
	p.navigate(t, p.url+"?game=gone")
	p.waitFor(t, "the kept log", `document.getElementById("log").value === "ginadvisor-log 2\n" && !!document.getElementById("download-log")`)
	p.problems = nil // the forgotten game's 400 is meant
}
