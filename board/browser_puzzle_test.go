package board

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// puzzleDiscard is a discard whose advice at 64 worlds and seed 7 puts
// discard KD first, ties 5H, 6S, JH, TD, TH and AH with it within the
// noise, and leaves AC, 4C, 2C and 3C behind.
const puzzleDiscard = "p1 discard hand=AC,2C,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=29 first=KS took=- passed=KS discards=7H drawn=2C draws=2 score=0-0 dealer=p1 rules=eaai number=1"

// startPuzzle serves puzzleDiscard as the one puzzle of the set.
func (p *page) startPuzzle(t *testing.T) {
	t.Helper()
	p.eval(t, `gamePuzzles = puzzlesOf([{hand: 1, player: "you", seat: 1, kind: "discard", move: "discard AC", best: "discard KD", matched: false, equity_lost: 0.05, class: "mistake", samples: 64, seed: 7, position: `+jsString(puzzleDiscard)+`}]); showPuzzleButtons(); document.getElementById("learn").click()`)
	p.waitFor(t, "the puzzle", `mode === "puzzle" && tableMoves.list.length === 11 && document.querySelectorAll("#hand .card").length === 11`)
}

// clickCard clicks a card of the hand on the table.
func (p *page) clickCard(t *testing.T, c string) {
	t.Helper()
	p.eval(t, `document.querySelector('#hand .card[data-card="`+c+`"]').click()`)
}

// testPuzzlesAsLichess: a miss says only that it is not the move, shows
// nothing of the answer and leaves the moves to try again; the third
// miss shows the answer; a move tied with the best within the noise is
// right and said to be tied; the answer shows on request; the cards are
// clicked as in play, on a puzzle and on the analysis board; a pasted
// log's review makes puzzles of its mistakes.
func testPuzzlesAsLichess(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example's moves", `mode === "analyse" && tableMoves.list.length > 0`)
	p.startPuzzle(t)
	for i, c := range []string{"AC", "4C"} {
		p.clickCard(t, c)
		p.waitFor(t, "the miss", `/Not the move/.test(document.getElementById("verdict").textContent)`)
		left, _ := p.eval(t, `[document.querySelectorAll("#advice tbody tr").length, document.querySelectorAll("#table .card.best").length, [...document.querySelectorAll("#moves button")].filter(b => b.disabled).length, tableMoves.list.length].join(" ")`).(string)
		if left != "0 0 0 11" {
			t.Errorf("miss %d: advice rows, gold rings, moves greyed, moves left: %q", i+1, left)
		}
		if v := p.text(t, "verdict"); strings.Contains(v, "KD") || strings.Contains(v, "advisor") {
			t.Errorf("miss %d gives the answer away: %q", i+1, v)
		}
	}
	if *update {
		p.eval(t, `document.getElementById("table").scrollIntoView({block: "start"})`)
		p.screenshot(t, filepath.Join("..", "docs", "board-puzzle-miss.png"))
	}
	if sc := p.text(t, "puzzle-score"); strings.Contains(sc, "answered") {
		t.Errorf("two misses already scored the puzzle: %q", sc)
	}
	p.clickCard(t, "2C")
	p.waitFor(t, "the answer after three misses", `/After 3 tries/.test(document.getElementById("verdict").textContent)`)
	if n, _ := p.eval(t, `document.querySelectorAll("#table .card.best").length`).(float64); n != 1 || !strings.Contains(p.text(t, "verdict"), "discard KD") {
		t.Errorf("the third miss shows %v gold rings and says %q", n, p.text(t, "verdict"))
	}
	if sc := p.text(t, "puzzle-score"); !strings.Contains(sc, "0 right of 1 answered") {
		t.Errorf("after the answer shown, the score: %q", sc)
	}

	p.click(t, "Retry")
	p.waitFor(t, "the puzzle again", `tableMoves.list.length === 11 && !/After/.test(document.getElementById("verdict").textContent)`)
	p.clickCard(t, "6S")
	p.waitFor(t, "the tie", `/Right/.test(document.getElementById("verdict").textContent)`)
	if v := p.text(t, "verdict"); !strings.Contains(v, "tied with the advisor's discard KD") {
		t.Errorf("a tied move is judged %q", v)
	}
	p.click(t, "Retry")
	p.waitFor(t, "the puzzle again", `tableMoves.list.length === 11 && !/Right/.test(document.getElementById("verdict").textContent)`)
	p.clickCard(t, "KD")
	p.waitFor(t, "the advisor's move", `/Right: discard KD/.test(document.getElementById("verdict").textContent)`)
	p.click(t, "Retry")
	p.waitFor(t, "the puzzle again", `tableMoves.list.length === 11 && !/Right/.test(document.getElementById("verdict").textContent)`)
	p.click(t, "Show the answer")
	p.waitFor(t, "the answer on request", `/^The answer: discard KD/.test(document.getElementById("verdict").textContent)`)

	// On the analysis board a card clicked is the discard played.
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example's moves", `mode === "analyse" && tableMoves.list.some(m => m.move === "discard 6C")`)
	p.eval(t, `document.querySelector('#hand .card[data-card="6C"]').click()`)
	p.waitFor(t, "the discard played", `tree.length === 2 && tree[1].label === "discard 6C"`)

	// A pasted log's review: its mistakes, both players', are puzzles.
	r := reviewLog(t, p, string(firstGameOfSample(t)), true)
	want := 0
	for _, d := range r.Decisions {
		if d.Class == "mistake" || d.Class == "blunder" {
			want++
		}
	}
	n, _ := p.eval(t, `reviewPuzzles.length + " " + document.getElementById("review-learn").disabled`).(string)
	if n != fmt.Sprintf("%d false", want) || want == 0 {
		t.Fatalf("the review's puzzles and its button disabled: %q, want %d puzzles", n, want)
	}
	p.eval(t, `document.getElementById("review-learn").click()`)
	p.waitFor(t, "the review's first puzzle", `mode === "puzzle" && tableMoves.list.length > 0`)
}
