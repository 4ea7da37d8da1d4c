package board

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeGame makes the page's next New game against opponent answer a.
func (p *page) fakeGame(t *testing.T, opponent string, a map[string]any) {
	t.Helper()
	body, _ := json.Marshal(a)
	p.api.mu.Lock()
	p.api.fake[opponent] = string(body)
	p.api.mu.Unlock()
	p.eval(t, `(() => { const o = document.createElement("option"); o.textContent = `+jsString(opponent)+`; document.querySelector("select#opponent").appendChild(o); document.querySelector("select#opponent").value = `+jsString(opponent)+`; document.getElementById("newgame").click(); })()`)
}

// inFirstScreen says whether the element at id is drawn and ends within
// the window, with no scrolling.
func (p *page) inFirstScreen(t *testing.T, id string) bool {
	t.Helper()
	ok, _ := p.eval(t, `(() => { window.scrollTo(0, 0); const el = document.getElementById(`+jsString(id)+`); if (!el || el.offsetParent === null) return false; const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()`).(bool)
	return ok
}

// shootShowdown writes the showdown at 1280x800 and 390x844: with
// -update to docs/board-showdown.png (the desktop one), with -shots into
// that directory.
func (p *page) shootShowdown(t *testing.T) {
	t.Helper()
	for _, s := range []struct {
		w, h   int
		mobile bool
		name   string
	}{{1280, 800, false, "showdown-desktop.png"}, {390, 844, true, "showdown-phone.png"}} {
		p.size(t, s.w, s.h, s.mobile)
		if !p.inFirstScreen(t, "nexthand") {
			t.Errorf("at %dx%d the Next hand button is not in the first screen", s.w, s.h)
		}
		if *update && !s.mobile {
			p.screenshot(t, filepath.Join("..", "docs", "board-showdown.png"))
		}
		if *shots != "" {
			p.screenshot(t, filepath.Join(*shots, s.name))
		}
	}
	p.size(t, 1280, 800, false)
}

// knockWithLayoffs plays games against the heuristic, knocking whenever
// it may, until a hand ends in a knock with lay-offs, and returns the
// game at that showdown and the hand's end.
func knockWithLayoffs(t *testing.T, c *gameClient) (game, hand map[string]any) {
	t.Helper()
	for seed := 1; seed <= 20; seed++ {
		a := c.post("/api/game/new", map[string]any{"opponent": "heuristic", "rules": "modern,target=10", "seed": seed})
		for i := 0; i < 2000; i++ {
			if over, _ := a["over"].(bool); over {
				break
			}
			if sd, _ := a["showdown"].(bool); sd {
				hands := a["hands"].([]any)
				h := hands[len(hands)-1].(map[string]any)
				if l, _ := h["layoffs"].([]any); len(l) > 0 && h["outcome"] == "knock" {
					return a, h
				}
			}
			moves, _ := a["moves"].([]any)
			if len(moves) == 0 {
				t.Fatalf("no legal move offered: %v", a)
			}
			m := moves[0].(map[string]any)
			for _, x := range moves {
				if e := x.(map[string]any)["event"].(string); strings.Contains(e, " knock ") {
					m = x.(map[string]any)
					break
				}
			}
			a = c.post("/api/game/move", map[string]any{"game": a["game"], "move": m["event"]})
		}
	}
	t.Fatal("no knock with lay-offs in 20 games")
	return nil, nil
}

// checkNoAdvice checks that the advisor's view holds no analysis of an
// earlier decision while a hand's end is on the table, and says so.
func (p *page) checkNoAdvice(t *testing.T, when string) {
	t.Helper()
	left, _ := p.eval(t, `[document.querySelectorAll("#advice tbody tr").length, document.getElementById("why").textContent, document.getElementById("reading").textContent].join("|")`).(string)
	if left != "0||" {
		t.Errorf("at %s the advisor's view still shows an analysis: %q", when, left)
	}
	if st := p.text(t, "advice-status"); !strings.Contains(st, "no decision to analyze") {
		t.Errorf("at %s the advisor's view says %q", when, st)
	}
}

// testShowdown: a hand's end shows, on the table, both hands in their
// melds with their deadwood, the lay-offs, the points and why and the
// score after, and waits for Next hand, which deals the next hand. The
// game's end names the winner and the final score with its bonuses, and
// offers its review on a button.
func testShowdown(t *testing.T, p *page) {
	c := &gameClient{t: t, client: p.ts.Client(), base: p.ts.URL}
	a, h := knockWithLayoffs(t, c)
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example's advice", `document.querySelectorAll("#advice tbody tr").length > 0`)
	p.fakeGame(t, "fake-showdown", a)
	p.waitFor(t, "the showdown", `!document.getElementById("showdown").hidden && !!document.getElementById("nexthand")`)
	p.checkNoAdvice(t, "the showdown")
	sides, _ := p.eval(t, `[...document.querySelectorAll("#showdown .side")].map(s => s.querySelector("h4").textContent + " / " + s.querySelectorAll(".card").length)`).([]any)
	if len(sides) != 2 {
		t.Fatalf("the showdown shows %v, not both sides", sides)
	}
	for _, s := range sides {
		if !strings.Contains(s.(string), "deadwood") || strings.HasSuffix(s.(string), "/ 0") {
			t.Errorf("a side of the showdown reads %q", s)
		}
	}
	text := p.text(t, "showdown")
	for _, want := range []string{h["text"].(string), fmt.Sprint("Points: ", h["points"]), "The score: you"} {
		if !strings.Contains(text, want) {
			t.Errorf("the showdown %q lacks %q", text, want)
		}
	}
	if n, _ := p.eval(t, `document.querySelectorAll("#showdown .breakdown li").length`).(float64); n == 0 {
		t.Errorf("the showdown gives no breakdown of the points")
	}
	if hidden, _ := p.eval(t, `getComputedStyle(document.querySelector("#hand").closest(".zone")).display === "none"`).(bool); !hidden {
		t.Errorf("the hand stays under the showdown")
	}
	if p.api.last("/api/game/move") != "" && strings.Contains(p.api.last("/api/game/move"), "next hand") {
		t.Errorf("the next hand was asked for before the button")
	}
	p.shootShowdown(t)
	p.eval(t, `document.getElementById("nexthand").click()`)
	p.waitFor(t, "the next hand", `document.getElementById("game-status").textContent.startsWith("Your ") && document.getElementById("showdown").hidden && document.querySelectorAll("#hand .card").length >= 10`)

	// The rest of the game, through the API; its end on a page.
	a = c.post("/api/game/state", map[string]any{"game": a["game"]})
	for i := 0; i < 20000; i++ {
		if over, _ := a["over"].(bool); over {
			break
		}
		a = c.move(a)
	}
	if over, _ := a["over"].(bool); !over {
		t.Fatalf("the game did not end")
	}
	p.navigate(t, p.url)
	p.fakeGame(t, "fake-over", a)
	p.waitFor(t, "the game's end", `!!document.getElementById("game-result")`)
	p.checkNoAdvice(t, "the game's end")
	result := p.text(t, "game-result")
	totals := a["score"].(map[string]any)["totals"].([]any)
	hi, lo := totals[0].(float64), totals[1].(float64)
	if hi < lo {
		hi, lo = lo, hi
	}
	if !strings.Contains(result, "won the game") || !strings.Contains(result, fmt.Sprintf("%v-%v", hi, lo)) {
		t.Errorf("the game's end reads %q; the score %v, the winner %v", result, totals, a["winner"])
	}
	if final := p.text(t, "showdown"); !strings.Contains(final, "hand points") {
		t.Errorf("the final score gives no breakdown: %q", final)
	}
	if !p.inFirstScreen(t, "review-game") {
		t.Errorf("the review's button is not in the first screen")
	}
	p.eval(t, `document.activeElement.blur()`)
	if *update {
		p.screenshot(t, filepath.Join("..", "docs", "board-game-end.png"))
	}
	if *shots != "" {
		p.screenshot(t, filepath.Join(*shots, "game-end-desktop.png"))
	}
	// The review itself is testReviewAsGraded's: this game's many dead
	// hands take longer to grade than a test should.
	if off, _ := p.eval(t, `document.getElementById("review-game").disabled`).(bool); off {
		t.Errorf("the review's button is disabled")
	}
}

// testPlayWithTheCards: during a game the hand and the moves are in the
// first screen at 1280x800 and at 390x844; a click on the stock draws, a
// click on the pile takes, a click on a card of the hand throws it, and
// the keys do the same (the arrows and Enter throw the card picked).
func testPlayWithTheCards(t *testing.T, p *page) {
	for _, s := range []struct {
		w, h   int
		mobile bool
	}{{1280, 800, false}, {390, 844, true}} {
		p.size(t, s.w, s.h, s.mobile)
		p.navigate(t, p.url)
		p.eval(t, `document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
		p.waitFor(t, "the deal", skipShowdown+`document.getElementById("game-status").textContent.startsWith("Your ") && document.querySelectorAll("#hand .card").length >= 10 && document.querySelectorAll("#table-moves button").length > 0`)
		for _, id := range []string{"hand", "table-moves"} {
			if !p.inFirstScreen(t, id) {
				t.Errorf("at %dx%d the %s is not in the first screen during play", s.w, s.h, id)
			}
		}
	}
	p.size(t, 1280, 800, false)
	// Play some turns with the cards and the keys.
	clicks, keys := 0, 0
	for turn := 0; turn < 12; turn++ {
		p.waitFor(t, "a decision", `gameMoves.length > 0 && document.getElementById("game-status").textContent.startsWith("Your ")`)
		before := len(p.api.bodies["/api/game/move"])
		// The phase from the decision's own moves: the table's view of the
		// position may still be the last decision's for a moment.
		phase, _ := p.eval(t, `gameMoves.some(m => m.move === "pass") ? "first-offer" : gameMoves.some(m => m.move === "draw") ? "draw" : gameMoves.some(m => m.move.startsWith("discard ")) ? "discard" : "knock"`).(string)
		var want string
		switch {
		case phase == "first-offer" && turn%2 == 0:
			p.key(t, "p", "KeyP", 80)
			want, keys = "pass", keys+1
		case phase == "first-offer":
			p.eval(t, `document.querySelector("#t-pile .card").click()`)
			want, clicks = "take", clicks+1
		case phase == "draw" && turn%2 == 0:
			p.key(t, "d", "KeyD", 68)
			want, keys = "draw", keys+1
		case phase == "draw":
			p.eval(t, `document.querySelector("#t-stock .card").click()`)
			want, clicks = "draw", clicks+1
		case phase == "discard" && turn%2 == 0:
			p.key(t, "ArrowRight", "ArrowRight", 39)
			p.key(t, "ArrowRight", "ArrowRight", 39)
			card, _ := p.eval(t, `picked`).(string)
			p.key(t, "Enter", "Enter", 13)
			want, keys = "discard "+card, keys+1
		case phase == "discard":
			card, _ := p.eval(t, `(() => { const c = [...document.querySelectorAll("#hand .card")].find(c => gameMoves.some(m => m.move === "discard " + c.dataset.card)); c.click(); return c.dataset.card; })()`).(string)
			want, clicks = "discard "+card, clicks+1
		default:
			p.key(t, "o", "KeyO", 79)
			want, keys = "playon", keys+1
		}
		sent := p.api.waitSent(t, "/api/game/move", before+1)
		if len(sent) != before+1 || !strings.Contains(sent[len(sent)-1], strings.TrimPrefix(want, "discard ")) {
			t.Fatalf("turn %d (%s): wanted %q sent, the moves sent %v", turn, phase, want, sent[before:])
		}
		p.waitFor(t, "the answer", `gameMoves.length > 0 || document.getElementById("game-status").className === "error" || !document.getElementById("showdown").hidden`)
		if over, _ := p.eval(t, `!document.getElementById("showdown").hidden`).(bool); over {
			break
		}
	}
	if clicks == 0 || keys == 0 {
		t.Errorf("%d clicks and %d keys played", clicks, keys)
	}
}

// testLastMove: the opponent's last draw and discard are said on the
// table, and the card it threw is marked on the pile.
func testLastMove(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	for i := 0; i < 8; i++ {
		p.waitFor(t, "a decision", `gameMoves.length > 0 && document.getElementById("game-status").textContent.startsWith("Your ")`)
		last := p.text(t, "last-move")
		if strings.Contains(last, "threw") {
			// The mark goes on once the table is drawn, after the status.
			p.waitFor(t, "the pile's mark", `!!document.querySelector("#t-pile .card.last")`)
			marked, _ := p.eval(t, `(document.querySelector("#t-pile .card.last") || {dataset: {}}).dataset.card || ""`).(string)
			if marked == "" || !strings.Contains(last, cardLabelGo(marked)) {
				t.Errorf("the last move %q; the pile's marked card %q", last, marked)
			}
			if !strings.HasPrefix(last, "It drew from the stock") && !strings.HasPrefix(last, "It took") {
				t.Errorf("the last move does not say where it drew: %q", last)
			}
			return
		}
		p.eval(t, `gameMove(gameMoves.find(m => m.move === "draw" || m.move === "pass" || m.move === "playon") || gameMoves[0])`)
		p.waitFor(t, "the answer", `gameMoves.length > 0 || document.getElementById("game-status").className === "error"`)
	}
	t.Errorf("the opponent's discard was never said: %q", p.text(t, "last-move"))
}

// waitSent waits until n requests to path were made, and returns them.
func (r *recorder) waitSent(t *testing.T, path string, n int) []string {
	t.Helper()
	for i := 0; i < 1000; i++ {
		r.mu.Lock()
		sent := append([]string(nil), r.bodies[path]...)
		r.mu.Unlock()
		if len(sent) >= n {
			return sent
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no request %d to %s", n, path)
	return nil
}

// cardLabelGo writes a card as the page labels it ("T♥"), as the command
// line's --symbols does.
func cardLabelGo(c string) string {
	if len(c) != 2 {
		return c
	}
	r := string(c[0])
	return r + map[byte]string{'C': "\u2663", 'D': "\u2666", 'H': "\u2665", 'S': "\u2660"}[c[1]]
}

// testNewGameAsks: New game during a game asks first; "Keep playing"
// keeps it, "Drop it and deal" deals a new one, with the play's own
// rules.
func testNewGameAsks(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.getElementById("game-rules").value = "standard"; document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", `gameMoves.length > 0`)
	if !strings.Contains(p.api.last("/api/game/new"), `"rules":"standard"`) {
		t.Errorf("the game's rules were not the play's own: %s", p.api.last("/api/game/new"))
	}
	first, _ := p.eval(t, `gameID`).(string)
	p.eval(t, `document.getElementById("newgame").click()`)
	if shown, _ := p.eval(t, `!document.getElementById("confirm-new").hidden`).(bool); !shown {
		t.Fatalf("New game during a game asks nothing")
	}
	p.eval(t, `document.getElementById("confirm-keep").click()`)
	if id, _ := p.eval(t, `gameID`).(string); id != first {
		t.Errorf("Keep playing dropped the game")
	}
	p.eval(t, `document.getElementById("newgame").click(); document.getElementById("confirm-drop").click()`)
	p.waitFor(t, "a new deal", `gameID !== `+jsString(first)+` && gameMoves.length > 0`)
}

// skipShowdown, put before a condition that waits for your first
// decision of a game, deals on past a hand the opponent ended before it
// (a knock at its first turn): it presses Next hand once for each
// showdown, and is false.
const skipShowdown = `(() => { const b = document.getElementById("nexthand"); if (b && !b.dataset.pressed) { b.dataset.pressed = "1"; b.click(); } return false; })() || `
