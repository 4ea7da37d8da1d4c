package board

import (
	"net/url"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// testSetUpLinePlaysOn: on a line from a position set up, the table says
// whose turn it is; the opponent's discard is a card picked among those
// it could hold, and no other; after it, the opponent may play on, knock
// or go gin, and a knock or gin ends the line saying so, asking nothing
// more. The line under the picker says what the table's status lines say
// at every step.
func testSetUpLinePlaysOn(t *testing.T, p *page) {
	p.navigate(t, p.url+"#"+url.PathEscape(boardPosition))
	p.waitFor(t, "the discards", button("discard AC"))
	p.eval(t, `document.getElementById("setup-box").open = true`)
	follows := func(when string) {
		t.Helper()
		p.waitFor(t, "the line under the picker "+when, `document.getElementById("setup-status").textContent === [document.getElementById("status").textContent, document.getElementById("advice-status").textContent].filter(x => x).join(" ")`)
	}
	follows("on your discard")
	if f := p.text(t, "facts"); !strings.HasSuffix(f, "your discard") {
		t.Errorf("on your discard the table says %q", f)
	}
	p.click(t, "discard AC")
	p.waitFor(t, "the opponent's draw", button("it draws from the stock"))
	if f := p.text(t, "facts"); !strings.HasSuffix(f, "the opponent's draw") {
		t.Errorf("on the opponent's draw the table says %q", f)
	}
	follows("on the opponent's draw")
	p.click(t, "it draws from the stock")
	p.waitFor(t, "the opponent's discard", `document.querySelectorAll("#moves .card").length > 0`)
	follows("on the opponent's discard")
	if f := p.text(t, "facts"); !strings.HasSuffix(f, "the opponent's discard") {
		t.Errorf("on the opponent's discard the table says %q", f)
	}
	offered, _ := p.eval(t, `[...document.querySelectorAll("#moves .card")].map(c => c.dataset.card).join(" ")`).(string)
	note, _ := p.eval(t, `document.getElementById("notation").value`).(string)
	pos, err := position.Parse(note)
	if err != nil {
		t.Fatal(err)
	}
	// Neither your cards nor the pile's, its top included.
	couldHold := notation.FullDeck.Minus(pos.Hand()).Minus(pos.PileSet())
	if n, _ := p.eval(t, `document.querySelectorAll("#moves button:not(.card)").length`).(float64); n != 0 {
		t.Errorf("%v buttons beside the cards to discard", n)
	}
	for _, c := range strings.Fields(offered) {
		card, err := notation.ParseCard(c)
		if err != nil || !couldHold.Has(card) {
			t.Errorf("the opponent may discard %s, which it cannot hold", c)
		}
	}
	if len(strings.Fields(offered)) != couldHold.Len() {
		t.Errorf("the opponent may discard %d cards; it could hold %d: %v; the notation %s", len(strings.Fields(offered)), couldHold.Len(), couldHold, note)
	}
	p.eval(t, `document.querySelector('#moves .card[data-card="5C"]').click()`)
	p.waitFor(t, "its knock decision", button("it plays on")+` && `+button("it knocks")+` && `+button("it goes gin"))
	follows("on its knock decision")
	p.click(t, "it knocks")
	p.waitFor(t, "the line's end", `/It knocks: the hand ends here/.test(document.getElementById("status").textContent)`)
	// The end asks nothing more: no knock decision, no move to play.
	if st := p.text(t, "advice-status"); strings.Contains(st, "knock decision") {
		t.Errorf("after it knocks, the page says %q", st)
	}
	if n, _ := p.eval(t, `document.querySelectorAll("#moves button").length`).(float64); n != 0 {
		t.Errorf("after it knocks, %v moves are offered", n)
	}
	follows("at the line's end")
	p.click(t, "Undo")
	p.waitFor(t, "its knock decision again", button("it goes gin"))
	p.click(t, "it goes gin")
	p.waitFor(t, "the line's end", `/It goes gin: the hand ends here/.test(document.getElementById("status").textContent)`)
}
