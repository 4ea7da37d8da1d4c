package board

import (
	"math"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// testFailedReviewLeavesNothing: a review that fails after another takes
// the other's decision off the table, its list and chart, its step
// buttons and its puzzles: the error stands alone.
func testFailedReviewLeavesNothing(t *testing.T, p *page) {
	reviewLog(t, p, string(firstGameOfSample(t)), true)
	p.eval(t, `document.querySelector("#decisions li").click()`)
	p.waitFor(t, "a decision of the review on the table", `mode === "review" && document.querySelectorAll("#hand .card").length >= 10`)
	if on, _ := p.eval(t, `!document.getElementById("review-learn").disabled`).(bool); !on {
		t.Fatal("the review made no puzzle: the test needs one to see it go")
	}
	p.eval(t, `document.getElementById("log").value = "ginadvisor-log 2\ngame 1 nonsense\n"; document.getElementById("review").click()`)
	p.waitFor(t, "the error", `document.getElementById("review-status").className === "error"`)
	left, _ := p.eval(t, `[mode, document.querySelectorAll("#hand .card").length, document.getElementById("verdict").hidden, document.getElementById("review-learn").disabled, document.getElementById("decision").textContent].join("|")`).(string)
	if left != "analyse|0|true|true|" {
		t.Errorf("after the error, mode, cards on the table, verdict hidden, puzzles off, caption: %q", left)
	}
	if seen := p.shown(t, "steps", "next"); seen != "false false" {
		t.Errorf("after the error, the decisions' section and its step buttons shown: %q", seen)
	}
	p.problems = nil // the failing log's 400 is meant
}

// testPuzzleSetsApart: a pasted log's review makes puzzles of its own
// mistakes, never of yours; they may be tried during a game, which the
// page offers to go back to, and "Keep playing" puts the game back on the
// table.
func testPuzzleSetsApart(t *testing.T, p *page) {
	reviewLog(t, p, string(firstGameOfSample(t)), true)
	state, _ := p.eval(t, `[document.getElementById("review-learn").disabled, document.getElementById("learn").disabled].join(" ")`).(string)
	if state != "false true" {
		t.Errorf("after a pasted review, its puzzles off and yours off: %q; no game of yours was played", state)
	}
	p.eval(t, `document.getElementById("game-rules").value = "standard"; document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", skipShowdown+`(mode === "game" && gameMoves.length > 0)`)
	game, _ := p.eval(t, `gameID`).(string)
	backInGame := `mode === "game" && gameID === ` + jsString(game) + ` && gameMoves.length > 0 && document.querySelectorAll("#hand .card").length >= 10`

	p.eval(t, `document.getElementById("review-learn").click()`)
	p.waitFor(t, "the review's puzzle during the game", `mode === "puzzle" && tableMoves.list.length > 0`)
	if seen := p.shown(t, "back-to-game"); seen != "true" {
		t.Errorf("during a puzzle, the game in progress offers no way back: %q", seen)
	}
	p.eval(t, `document.getElementById("newgame").click()`)
	p.click(t, "Keep playing")
	p.waitFor(t, "the game back on the table after Keep playing", backInGame)
	if seen := p.shown(t, "back-to-game"); seen != "false" {
		t.Errorf("with the game on the table, Back to the game shown: %q", seen)
	}

	p.eval(t, `document.getElementById("review-learn").click()`)
	p.waitFor(t, "the review's puzzle again", `mode === "puzzle"`)
	p.click(t, "Back to the game")
	p.waitFor(t, "the game back on the table", backInGame)
	if focus, _ := p.eval(t, `document.activeElement.id`).(string); focus != "table" {
		t.Errorf("back in the game, the focus is on %q, not the table", focus)
	}
}

// testDiscardSetUp: a discard is set up with the picker alone: eleven
// cards, the upcard, then the card drawn, from the stock or the pile; the
// position stands and its eleven discards are offered.
func testDiscardSetUp(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click(); document.getElementById("picker-box").open = true;
		document.getElementById("phase").value = "discard"; document.getElementById("phase").dispatchEvent(new Event("change"))`)
	target := func(v string) {
		p.eval(t, `document.querySelector('input[name="target"][value="`+v+`"]').click()`)
	}
	pick := func(c string) {
		p.eval(t, `document.querySelector('#picker [data-card="`+c+`"]').click()`)
	}
	target("hand")
	for _, c := range strings.Fields("AC 3C 4C TD KD AH 5H TH JH 6S") {
		pick(c)
	}
	target("pile")
	pick("KS")
	if st := p.text(t, "setup-status"); !strings.Contains(st, "11") {
		t.Errorf("with ten cards at a discard, the line under the picker says %q", st)
	}
	target("drawn")
	pick("7S")
	p.waitFor(t, "the discard set up", `document.querySelectorAll("#moves button").length === 11 && document.getElementById("notation").value.includes("drawn=7S")`)
	if f := p.text(t, "facts"); !strings.HasSuffix(f, "your discard") {
		t.Errorf("the table says %q", f)
	}
	if marked, _ := p.eval(t, `document.querySelector('#hand .card.drawn') && document.querySelector('#hand .card.drawn').dataset.card`).(string); marked != "7S" {
		t.Errorf("the card drawn marked on the table: %q", marked)
	}

	// The upcard taken instead: the pile is empty, the card came from it.
	p.eval(t, `document.getElementById("picker-box").open = true`)
	target("hand")
	pick("7S")
	target("pile")
	pick("KS")
	p.eval(t, `document.getElementById("drawn-from").value = "pile"; document.getElementById("drawn").value = "";`)
	target("drawn")
	pick("KS")
	// The card taken from the pile is the one card it may not throw.
	p.waitFor(t, "the take set up", `document.querySelectorAll("#moves button").length === 10 && !document.querySelector('#moves button[data-event$="discard KS"]') && / first=KS /.test(document.getElementById("notation").value) && /from-pile=KS|take KS/.test(document.getElementById("notation").value)`)

	// A draw with the upcard alone on the pile stands as a draw: both
	// passed it.
	p.eval(t, `document.getElementById("picker-box").open = true; document.getElementById("clear").click();
		document.getElementById("phase").value = "draw"; document.getElementById("phase").dispatchEvent(new Event("change"))`)
	target("hand")
	for _, c := range strings.Fields("AC 3C 4C TD KD AH 5H TH JH 6S") {
		pick(c)
	}
	target("pile")
	pick("KS")
	p.waitFor(t, "the draw set up", `/ draw /.test(" " + document.getElementById("notation").value) && document.getElementById("phase").value === "draw" && /your draw$/.test(document.getElementById("facts").textContent)`)
}

// testClearTakesAll: "Clear the table" takes the last position's shading
// and outs off the picker with its cards.
func testClearTakesAll(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.waitFor(t, "the example's shading", `[...document.querySelectorAll("#picker .card")].some(b => b.style.background !== "")`)
	p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click()`)
	if n, _ := p.eval(t, `[...document.querySelectorAll("#picker .card")].filter(b => b.style.background !== "" || b.classList.contains("out") || b.title).length`).(float64); n != 0 {
		t.Errorf("after Clear, %v cards of the picker keep the last position's shading", n)
	}
}

// testLesserOnes: a wrong move tried twice on a puzzle costs one try; with
// hints off the advice's empty table and legend are not shown; the
// review's bar shows no earlier review's end while the decisions are
// counted; the game's end leaves no stale "Picked" line; one card is
// "1 card".
func testLesserOnes(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example's moves", `mode === "analyse" && tableMoves.list.length > 0`)
	p.startPuzzle(t)
	if st := p.text(t, "status"); strings.Contains(st, "Puzzle 1 of") {
		t.Errorf("the puzzle's sentence is said a third time, in the table's status: %q", st)
	}
	for range 2 {
		p.clickCard(t, "AC")
		p.waitFor(t, "the miss", `/Not the move|Tried already/.test(document.getElementById("game-status").textContent)`)
	}
	if st := p.text(t, "game-status"); !strings.Contains(st, "Tried already") || !strings.Contains(st, "2 tries") {
		t.Errorf("the same wrong move twice: %q", st)
	}

	p.eval(t, `document.getElementById("hints").checked = false; document.getElementById("game-rules").value = "standard"; document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal", skipShowdown+`(mode === "game" && gameMoves.length > 0 && /Hints are off/.test(document.getElementById("advice-status").textContent))`)
	if seen := p.shown(t, "advice", "legend"); seen != "false false" {
		t.Errorf("with hints off, the advice's table and legend shown: %q", seen)
	}
	p.eval(t, `picked = "AC"; status("Picked the ace of clubs: Enter throws it.", false); gameOver({game: "g-test", hands: [], over: true, winner: "p1", score: null, log: ""})`)
	if st := p.text(t, "status"); strings.Contains(st, "Picked") {
		t.Errorf("at the game's end the table's status says %q", st)
	}

	bar, _ := p.eval(t, `(() => { const bar = document.getElementById("review-progress"); bar.max = 5; bar.value = 5;
		document.getElementById("log").value = "ginadvisor-log 2\n"; document.getElementById("review").click();
		return bar.hasAttribute("value") + " " + bar.hidden; })()`).(string)
	if bar != "false false" {
		t.Errorf("while counting, the bar has a value, is hidden: %q", bar)
	}
	p.waitFor(t, "the review's end", `document.getElementById("review-progress").hidden`)

	p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click(); document.querySelector('input[name="target"][value="hand"]').click(); document.querySelector('#picker [data-card="AC"]').click()`)
	if st := p.text(t, "setup-status"); !strings.Contains(st, "holds 1 card;") {
		t.Errorf("with one card the line under the picker says %q", st)
	}
	p.problems = nil // the empty log's 400 is meant
}

// testSecondPass: what a second user's pass found. A set-up position
// that no longer stands takes its advice off; the folded picker's arrow
// says it is folded, and Clear opens it; a game's moves are "Your moves"
// after a line left the opponent's; a click on the chart leaves the page
// where it is.
func testSecondPass(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click(); document.querySelector('input[name="target"][value="hand"]').click()`)
	for _, c := range strings.Fields("2C 3C 4C 7D 8D 9D KH QS 5S AH") {
		p.eval(t, `document.querySelector('#picker [data-card="`+c+`"]').click()`)
	}
	p.eval(t, `document.querySelector('input[name="target"][value="pile"]').click(); document.querySelector('#picker [data-card="JC"]').click()`)
	p.waitFor(t, "the first offer's advice", `document.querySelectorAll("#advice tbody tr").length > 0`)
	arrow, _ := p.eval(t, `getComputedStyle(document.querySelector("#picker-box > summary"), "::before").content`).(string)
	if open, _ := p.eval(t, `document.getElementById("picker-box").open`).(bool); open || !strings.Contains(arrow, "▸") {
		t.Errorf("the picker folded (%v), its arrow %q", !open, arrow)
	}
	p.eval(t, `document.getElementById("phase").value = "discard"; document.getElementById("phase").dispatchEvent(new Event("change"))`)
	left, _ := p.eval(t, `document.querySelectorAll("#advice tbody tr").length + "|" + document.getElementById("setup-status").textContent`).(string)
	if !strings.HasPrefix(left, "0|") || strings.Contains(left, "Recommended") {
		t.Errorf("with ten cards at a discard, the advice rows and the line: %q", left)
	}
	p.eval(t, `document.getElementById("clear").click()`)
	if open, _ := p.eval(t, `document.getElementById("picker-box").open`).(bool); !open {
		t.Error("Clear leaves the 52 cards folded")
	}

	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.waitFor(t, "the discards", button("discard AC"))
	p.click(t, "discard AC")
	p.waitFor(t, "the opponent's draw", button("it draws from the stock"))
	p.eval(t, `document.getElementById("hints").checked = true; document.getElementById("game-rules").value = "standard"; document.querySelector("select#opponent").value = "random"; document.getElementById("newgame").click()`)
	// The table's moves come before the check of the position that
	// heads them, so the wait is for the heading itself.
	p.waitFor(t, "the game's moves headed \"Your moves\"", skipShowdown+`(mode === "game" && gameMoves.length > 0 && document.getElementById("moves-title").textContent === "Your moves")`)

	reviewLog(t, p, string(firstGameOfSample(t)), true)
	p.eval(t, `document.getElementById("chart").scrollIntoView({block: "center"})`)
	before, _ := p.eval(t, `document.getElementById("chart").getBoundingClientRect().top`).(float64)
	p.eval(t, `(() => { const r = document.getElementById("chart").getBoundingClientRect(); document.getElementById("chart").dispatchEvent(new MouseEvent("click", {clientX: r.left + 0.9 * r.width, clientY: r.top + r.height / 2, bubbles: true})); })()`)
	p.waitFor(t, "the decision clicked", `shown > 0`)
	if after, _ := p.eval(t, `document.getElementById("chart").getBoundingClientRect().top`).(float64); math.Abs(after-before) > 1 {
		t.Errorf("a click on the chart moved it from %v to %v", before, after)
	}
}

// testWideTablesSayTheyScroll: on a phone, a table wider than its box
// shows the shadow that says it scrolls.
func testWideTablesSayTheyScroll(t *testing.T, p *page) {
	defer p.size(t, 1280, 800, false)
	p.size(t, 390, 844, true)
	p.navigate(t, p.url)
	p.waitFor(t, "the advice", `document.querySelectorAll("#advice tbody tr").length > 0`)
	cue, _ := p.eval(t, `(() => { const box = document.getElementById("advice").parentElement; return (box.scrollWidth > box.clientWidth) + " " + getComputedStyle(box).backgroundImage.includes("radial-gradient"); })()`).(string)
	if cue != "true true" {
		t.Errorf("the advice's box: wider than the screen, with its cue: %q", cue)
	}
	if *shots != "" {
		p.eval(t, `document.getElementById("advice").scrollIntoView({block: "center"})`)
		p.screenshot(t, filepath.Join(*shots, "wide-table-phone.png"))
	}
}
