package board

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// inView says whether the element matched by css is drawn and at least
// partly in the window as it is scrolled now, its top within the window.
func (p *page) inView(t *testing.T, css string) bool {
	t.Helper()
	ok, _ := p.eval(t, `(() => { const el = document.querySelector(`+jsString(css)+`); if (!el || el.offsetParent === null) return false; const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= -1 && r.top < innerHeight; })()`).(bool)
	return ok
}

// wholeInView says the first element that css selects is laid out and
// entirely on the screen.
func (p *page) wholeInView(t *testing.T, css string) bool {
	t.Helper()
	ok, _ := p.eval(t, `(() => { const el = document.querySelector(`+jsString(css)+`); if (!el || el.offsetParent === null) return false; const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; })()`).(bool)
	return ok
}

// testCardsInView: at both widths, a new game brings the table into view
// from wherever the button was; while a position is set up, what it
// lacks, and then its advice, show under the picker, which folds once the
// position stands with the cards in view; a review's accuracy stands
// beside its chart.
func testCardsInView(t *testing.T, p *page) {
	defer p.size(t, 1280, 800, false)
	for _, s := range []struct {
		w, h   int
		mobile bool
	}{{1280, 800, false}, {390, 844, true}} {
		name := fmt.Sprintf("%dx%d", s.w, s.h)
		p.size(t, s.w, s.h, s.mobile)
		p.navigate(t, p.url)
		p.eval(t, `document.getElementById("newgame").scrollIntoView({block: "center"}); document.getElementById("newgame").click()`)
		p.waitFor(t, "the deal", `document.querySelectorAll("#hand .card").length === 10 && document.getElementById("game-status").textContent.startsWith("Your")`)
		if !p.inView(t, "#table") || !p.inView(t, "#hand .card") {
			t.Errorf("%s: after New game the table is out of view (scrolled to %v, its top at %v)", name, p.eval(t, `scrollY`), p.eval(t, `document.getElementById("table").getBoundingClientRect().top`))
		}
		if *shots != "" {
			p.screenshot(t, filepath.Join(*shots, "newgame-"+name+".png"))
		}

		// Set a position up by clicking.
		p.navigate(t, p.url)
		p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click()`)
		for _, c := range strings.Fields("AC 2C 3C 7D 7H 7S 9S TS JS") {
			p.eval(t, `document.querySelector('#picker [data-card="`+c+`"]').click()`)
		}
		// Every card of the picker, scrolled to, is clear of the line that
		// sticks under it.
		covered, _ := p.eval(t, `[...document.querySelectorAll("#picker .card")].filter(c => { c.scrollIntoView({block: "nearest"}); const r = c.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return at !== c && !c.contains(at); }).map(c => c.dataset.card).join(" ")`).(string)
		if covered != "" {
			t.Errorf("%s: scrolled to, these cards of the picker are covered: %s", name, covered)
		}
		p.eval(t, `document.querySelector('#picker [data-card="KH"]').scrollIntoView({block: "nearest"}); document.querySelector('#picker [data-card="KH"]').click()`)
		note := p.text(t, "setup-status")
		if !strings.Contains(note, "upcard") || !p.inView(t, "#setup-status") {
			t.Errorf("%s: with ten cards, under the picker: %q (in view %v, at %v)", name, note, p.inView(t, "#setup-status"), p.eval(t, `JSON.stringify(document.getElementById("setup-status").getBoundingClientRect()) + getComputedStyle(document.getElementById("setup-status")).position`))
		}
		p.eval(t, `document.querySelector('input[name="target"][value="pile"]').click(); document.querySelector('#picker [data-card="4D"]').click()`)
		p.waitFor(t, "the set-up's advice", `/Recommended/.test(document.getElementById("advice-status").textContent)`)
		if open, _ := p.eval(t, `document.getElementById("picker-box").open`).(bool); open {
			t.Errorf("%s: the picker is still open once the position stands", name)
		}
		if !strings.Contains(p.text(t, "setup-status"), "Recommended") {
			t.Errorf("%s: the advice is not said beside the picker: %q", name, p.text(t, "setup-status"))
		}
		p.waitFor(t, "the hand's melds", `document.querySelectorAll("#hand .group").length > 0`)
		if !p.wholeInView(t, "#hand") || !p.inView(t, "#facts") {
			t.Errorf("%s: once the position stands, its cards are not all in view: hand at %v, screen %v high", name, p.eval(t, `JSON.stringify(document.getElementById("hand").getBoundingClientRect())`), p.eval(t, `innerHeight`))
		}
		if s.mobile == false && !p.inView(t, "#advice tbody tr") {
			t.Errorf("%s: the set-up's advice is out of view beside the picker", name)
		}
		if *shots != "" {
			p.screenshot(t, filepath.Join(*shots, "setup-"+name+".png"))
		}
		if *update {
			p.screenshot(t, filepath.Join("..", "docs", map[bool]string{false: "board-setup.png", true: "board-setup-phone.png"}[s.mobile]))
		}
	}
	// The accuracy beside the chart: the players' table follows it.
	p.size(t, 1280, 800, false)
	reviewLog(t, p, oneHandLog(t), true)
	gap, _ := p.eval(t, `document.getElementById("players").getBoundingClientRect().top - document.getElementById("chart").getBoundingClientRect().bottom`).(float64)
	if gap < 0 || gap > 120 {
		t.Errorf("the accuracy is %v px below the chart", gap)
	}
}

// testSmallOnes: "Clear the table" sets the default rules back, not the
// example's; on a phone a row of the picker is a suit, the review's rows
// are 44 px tall and its ± column shows.
func testSmallOnes(t *testing.T, p *page) {
	defer p.size(t, 1280, 800, false)
	p.navigate(t, p.url)
	p.waitFor(t, "the worked example", `document.querySelectorAll("#hand .card").length > 0`)
	p.eval(t, `document.getElementById("setup-box").open = true; document.getElementById("clear").click()`)
	if r, _ := p.eval(t, `document.getElementById("rules").value`).(string); r != "standard" {
		t.Errorf("a cleared table plays %q", r)
	}
	p.size(t, 390, 844, true)
	rows, _ := p.eval(t, `(() => { const tops = {}; for (const b of document.querySelectorAll("#picker .card")) { const s = b.dataset.card[1]; (tops[s] = tops[s] || new Set()).add(Math.round(b.getBoundingClientRect().top)); }
		const all = Object.values(tops); return all.every((a, i) => all.every((b, j) => i === j || [...a].every(y => !b.has(y)))); })()`).(bool)
	if !rows {
		t.Error("on a phone a row of the picker holds cards of two suits")
	}
	reviewLog(t, p, oneHandLog(t), false)
	small, _ := p.eval(t, `[...document.querySelectorAll("#decisions li")].filter(li => li.getBoundingClientRect().height < 44).length`).(float64)
	if small > 0 {
		t.Errorf("%v rows of the review's list under 44 px on a phone", small)
	}
	p.waitFor(t, "the advice of a graded decision", `document.querySelectorAll("#advice tbody tr").length > 0`)
	if shown, _ := p.eval(t, `[...document.querySelectorAll("#advice th")].some(th => th.textContent === "±" && th.offsetParent !== null && getComputedStyle(th).display !== "none")`).(bool); !shown {
		t.Error("the ± column is hidden on a phone")
	}
}
