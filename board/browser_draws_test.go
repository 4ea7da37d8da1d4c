package board

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// fakeAt makes the page's next game a made-up one at the position that
// events lead to from start, with the opponent's last move last.
func (p *page) fakeAt(t *testing.T, name, start string, events []string, last map[string]any) {
	t.Helper()
	c := &gameClient{t: t, client: p.ts.Client(), base: p.ts.URL}
	pos := c.post("/api/play", map[string]any{"position": start, "events": events})
	legal := c.post("/api/legal", map[string]any{"position": pos["notation"]})
	a := map[string]any{"game": "fake-" + name, "opponent": name, "position": pos, "moves": legal["moves"], "hands": []any{}, "over": false}
	if last != nil {
		a["last"] = last
	}
	p.fakeGame(t, name, a)
}

// rgbs reads the colors of a computed style, as rgb() or rgba().
func rgbs(s string) [][3]float64 {
	var out [][3]float64
	for _, m := range regexp.MustCompile(`rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)`).FindAllStringSubmatch(s, -1) {
		if m[4] == "0" {
			continue // transparent
		}
		var c [3]float64
		for i := range 3 {
			c[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		out = append(out, c)
	}
	return out
}

// contrast is WCAG's contrast ratio of two colors.
func contrast(a, b [3]float64) float64 {
	lum := func(c [3]float64) float64 {
		var l [3]float64
		for i, v := range c {
			v /= 255
			if v <= 0.03928 {
				l[i] = v / 12.92
			} else {
				l[i] = math.Pow((v+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// stockContrast is the least contrast of the stock's count with the
// colors behind it.
func (p *page) stockContrast(t *testing.T) float64 {
	t.Helper()
	style, _ := p.eval(t, `(() => { const c = getComputedStyle(document.querySelector("#t-stock .card")); return c.color + "|" + c.backgroundImage + " " + c.backgroundColor; })()`).(string)
	fg, bg, _ := strings.Cut(style, "|")
	f, bs := rgbs(fg), rgbs(bg)
	if len(f) != 1 || len(bs) == 0 {
		t.Fatalf("the stock's colors: %q", style)
	}
	least := math.Inf(1)
	for _, b := range bs {
		least = math.Min(least, contrast(f[0], b))
	}
	return least
}

// testEveryDrawSeen: the forced draw after both passes is said, and so
// is a draw from the stock, its card marked in the hand; the stock's
// count keeps a contrast of 4.5 or more when the opponent's draw marks
// it, as before.
func testEveryDrawSeen(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.waitFor(t, "the example's stock", `!!document.querySelector("#t-stock .card")`)
	plain := p.stockContrast(t)
	first := "p1 first-offer hand=AC,2C,3C,7D,7H,7S,9S,TS,JS,KH pile=4D stock=31 took=- passed=- discards=- dealer=p2"
	p.fakeAt(t, "fake-forced", first, []string{"p1 pass 4D", "p2 pass 4D", "p1 draw 5C"}, nil)
	// The game's status is written before its position reaches the
	// table: the wait is for the drawn card in the hand, the example's
	// cards gone.
	p.waitFor(t, "the forced draw", `document.getElementById("game-status").textContent.startsWith("Your discard") && mode === "game" && !!document.querySelector('#hand .card[data-card="5C"]') && !!document.querySelector("#hand .card.drawn")`)
	if last := p.text(t, "last-move"); !strings.Contains(last, "Both passed the upcard, so you drew 5♣ from the stock") {
		t.Errorf("after the forced draw the table says %q", last)
	}
	if c, _ := p.eval(t, `document.querySelector("#hand .card.drawn").dataset.card`).(string); c != "5C" {
		t.Errorf("the card marked drawn is %q, not 5C", c)
	}
	p.eval(t, `gameID = ""`)
	p.fakeAt(t, "fake-drew", drawPosition, []string{"p1 draw 2C"}, map[string]any{"from": "stock", "text": "It drew from the stock and threw 7H."})
	p.waitFor(t, "the stock draw", `document.getElementById("last-move").textContent.includes("You drew 2♣") && document.querySelector("#hand .card.drawn") && document.querySelector("#hand .card.drawn").dataset.card === "2C" && !!document.querySelector("#t-stock .card.last")`)
	if marked := p.stockContrast(t); marked < 4.5 {
		t.Errorf("the stock's count, marked as the opponent's draw, has a contrast of %.2f (%.2f unmarked)", marked, plain)
	}
	if plain < 4.5 {
		t.Errorf("the stock's count has a contrast of %.2f", plain)
	}
	t.Logf("stock contrast %.2f", plain)
	p.eval(t, `gameID = ""`)
}
