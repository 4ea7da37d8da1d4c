package game_test

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestDeadwoodAfter checks the deadwood each kind of move leaves, worked
// by hand, big gin included (none left, as for gin).
func TestDeadwoodAfter(t *testing.T) {
	discard := "p1 discard hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS,KH pile=QC stock=30 took=- passed=QC discards=- drawn=KH draws=1 dealer=p2 rules=modern"
	bigGin := "p1 discard hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS,JS pile=QC stock=30 took=- passed=QC discards=- drawn=JS draws=1 dealer=p2 rules=modern"
	draw := "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,TS stock=30 took=- passed=QC discards=TS dealer=p1"
	all := func(pos string) meld.Spread {
		p, err := position.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		sp, _, _ := meld.FirstArrangement(p.Hand())
		return sp
	}
	for _, c := range []struct {
		name, pos string
		move      game.Move
		want      int
	}{
		{"the king thrown", discard, game.DiscardMove(testcards.Card(t, "KH")), 0},
		{"a run card thrown", discard, game.DiscardMove(testcards.Card(t, "TS")), 10},
		{"big gin", bigGin, game.Move{Kind: game.BigGin, Spread: all(bigGin)}, 0},
		{"the upcard taken", draw, game.TakeMove(), 0},
		{"the stock", draw, game.DrawMove(), -1},
	} {
		p, err := position.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.DeadwoodAfter(c.move); got != c.want {
			t.Errorf("%s: DeadwoodAfter(%s) = %d, want %d", c.name, c.move, got, c.want)
		}
	}
}
