package arena

import (
	"context"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestADefenceFirstInItsHand: when the opponent takes the upcard and
// knocks at once, the engine's first question of the hand (here of the
// game) is its defence; it is told the game and the hand before it, and
// plays the match without a forfeit. Before, it was asked for its melds
// with no newgame or newhand, and forfeited.
func TestADefenceFirstInItsHand(t *testing.T) {
	// The non-dealer (simple, p2 in the first game) holds AC 2C 3C,
	// 4D 5D 6D, 7H 8H, KS and 2S; the upcard 9H makes its third meld,
	// and it knocks with 2 after throwing KS.
	them := strings.Fields("AC 2C 3C 4D 5D 6D 7H 8H KS 2S")
	us := strings.Fields("5C 6C 9C 9D TD QD 3H 4H 5S 7S")
	deal := make([]string, 0, notation.NumCards)
	for i := range 10 {
		deal = append(deal, them[i], us[i])
	}
	deal = append(deal, "9H")
	used := map[string]bool{}
	for _, c := range deal {
		used[c] = true
	}
	for c := range notation.FullDeck.All() {
		if !used[c.String()] {
			deal = append(deal, c.String())
		}
	}
	d, err := ParseDeal(strings.Join(deal, " "))
	if err != nil {
		t.Fatal(err)
	}
	std, _ := rules.Preset("standard")
	simple, _ := ParseSpec("simple")
	lw := &memLog{}
	// The hand of the deal alone: it is the one of the defence.
	o := Options{Rules: std, Games: 2, Seed: 1, MaxHands: 1, Players: [2]Spec{sampledSpec(t, helper("normal")), simple}, Deals: []Deal{d}}
	o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, std) }
	r, err := Play(context.Background(), o)
	if err != nil || r.Forfeits != [2]int{} || r.Games != 2 {
		t.Fatalf("%+v, %v", r, err)
	}
	first := lw.games[0].Hands[0]
	if len(first.Moves) < 2 || first.Moves[0].Seat == first.Dealer {
		t.Fatalf("the first hand does not open with the non-dealer's take: %+v", first.Moves)
	}
}
