package board

import (
	"strings"
	"testing"
)

// keyOf is the key, its code and its key code, of a letter the play
// documents.
var keyOf = map[string][3]any{
	"draw": {"d", "KeyD", 68}, "pass": {"p", "KeyP", 80}, "take": {"t", "KeyT", 84},
}

// playToADiscard presses, by keys, pass at a first offer and draw at a
// draw until the game asks for your discard.
func (p *page) playToADiscard(t *testing.T) {
	t.Helper()
	for range 6 {
		p.waitFor(t, "your decision", skipShowdown+`tableMoves.list.length > 0`)
		moves, _ := p.eval(t, `tableMoves.list.map(m => m.move).join(",")`).(string)
		if strings.Contains(moves, "discard ") {
			return
		}
		for _, m := range []string{"pass", "draw"} {
			if strings.Contains(","+moves+",", ","+m+",") {
				k := keyOf[m]
				sent := p.api.count("/api/game/move")
				p.key(t, k[0].(string), k[1].(string), k[2].(int))
				p.api.waitSent(t, "/api/game/move", sent+1)
				break
			}
		}
	}
	t.Fatal("no discard after six moves by keys")
}

// testKeysNeverTrap: with the focus on New game, the right arrow picks a
// card and Enter throws it (the confirm of a new game stays shut); after
// the hints switch is clicked, the focus is back on the table and the
// letters play.
func testKeysNeverTrap(t *testing.T, p *page) {
	p.navigate(t, p.url)
	p.eval(t, `document.querySelector("select#opponent").value = "simple"; document.getElementById("newgame").click()`)
	p.waitFor(t, "the deal, and the focus on the table", `document.getElementById("game-status").textContent.startsWith("Your") && document.activeElement.id === "table"`)
	p.playToADiscard(t)
	p.eval(t, `document.getElementById("newgame").focus()`)
	sent := p.api.count("/api/game/move")
	p.key(t, "ArrowRight", "ArrowRight", 39)
	p.key(t, "Enter", "Enter", 13)
	p.api.waitSent(t, "/api/game/move", sent+1)
	if open, _ := p.eval(t, `!document.getElementById("confirm-new").hidden`).(bool); open {
		t.Error("Enter on a picked card opened the confirm of a new game")
	}
	if !strings.Contains(p.api.last("/api/game/move"), "discard") {
		t.Errorf("Enter on a picked card sent %s", p.api.last("/api/game/move"))
	}

	// The hints switch, clicked, gives the focus back and the keys play.
	p.waitFor(t, "your next decision", skipShowdown+`tableMoves.list.length > 0`)
	p.eval(t, `document.getElementById("hints").focus(); document.getElementById("hints").click()`)
	if at, _ := p.eval(t, `document.activeElement.id`).(string); at != "table" {
		t.Errorf("after the hints switch the focus is on %q, not the table", at)
	}
	p.eval(t, `document.getElementById("hints").focus()`)
	moves, _ := p.eval(t, `tableMoves.list.map(m => m.move).join(",")`).(string)
	for _, m := range []string{"pass", "draw", "take"} {
		if strings.Contains(","+moves+",", ","+m+",") {
			sent := p.api.count("/api/game/move")
			k := keyOf[m]
			p.key(t, k[0].(string), k[1].(string), k[2].(int))
			p.api.waitSent(t, "/api/game/move", sent+1)
			return
		}
	}
	t.Logf("the decision after the discard offered %s: the letters were not tried on it", moves)
}

// count is how many requests to path were made.
func (r *recorder) count(path string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.bodies[path])
}
