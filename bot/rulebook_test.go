package bot

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// positionPlayers returns the built-in players that decide from a
// Position.
func positionPlayers(seed uint64) map[string]Player {
	return map[string]Player{
		"simple": NewSimple(seed), "random": NewRandom(seed), "heuristic": NewHeuristic(seed),
		"cautious": NewCautious(), "grabber": NewGrabber(), "patient": NewPatient(), "standin": NewStandIn(seed),
	}
}

// dealtTo deals seat 1 the cards of mine, both seats pass the upcard and
// seat 1 draws draw, then discards discard, if one is given. It returns
// the state, and seat 1's position, which after a discard is at its
// knock decision even where the state, knowing the hand cannot knock,
// has played on.
func dealtTo(t *testing.T, preset, mine, draw, discard string) (game.State, game.Position) {
	t.Helper()
	hand, err := notation.ParseCards(mine)
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := notation.ParseCard(draw)
	if err != nil {
		t.Fatal(err)
	}
	h := notation.SetOf(hand...)
	rest := (notation.FullDeck &^ h).Without(drawn).Cards()
	stock := append([]notation.Card{drawn}, rest[11:]...)
	st, err := game.FromDeal(game.Setup{Rules: rules.Presets()[preset], Dealer: 0, Number: 1},
		[2]notation.CardSet{notation.SetOf(rest[:10]...), h}, rest[10], stock)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []game.Move{game.PassMove(), game.PassMove(), game.DrawMove()} {
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	pos := st.Position(1)
	if discard != "" {
		c, err := notation.ParseCard(discard)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(game.DiscardMove(c)); err != nil {
			t.Fatal(err)
		}
		if err := pos.Observe(game.Event{Kind: game.Discarded, Seat: 1, Card: c}); err != nil {
			t.Fatal(err)
		}
	}
	return st, pos
}

// TestPlayersFollowTheRulebook puts every built-in player where the
// rulebook decides: big gin where the rules allow it (every built-in
// declares it) and a discard where they do not; playing on over the
// knock limit; gin taken by all but random, which tosses a coin; and
// random knocking within the limit on some tosses. The reading rollout,
// which plays from a state, is asked wherever the state is at the same
// decision.
func TestPlayersFollowTheRulebook(t *testing.T) {
	const tosses = 40
	tests := []struct {
		name, preset, mine, draw, discard string
		want                              game.MoveKind // for all but random
		randomMay                         []game.MoveKind
	}{
		{"big gin allowed", "modern", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JC", "", game.BigGin, []game.MoveKind{game.BigGin}},
		{"big gin not allowed", "standard", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JC", "", game.Discard, []game.MoveKind{game.Discard}},
		{"over the limit", "standard", "AS 2S 3S 7H 7D 7C 4C 2D KD QH", "9H", "9H", game.PlayOn, []game.MoveKind{game.PlayOn}},
		{"gin", "standard", "AS 2S 3S 7H 7D 7C 4D 5D 6D KD", "7S", "KD", game.Gin, []game.MoveKind{game.Gin, game.PlayOn}},
		{"within the limit", "standard", "AS 2S 3S 7H 7D 7C 4D 5D 6D KD", "2C", "KD", 0, []game.MoveKind{game.Knock, game.PlayOn}},
	}
	for _, tt := range tests {
		st, pos := dealtTo(t, tt.preset, tt.mine, tt.draw, tt.discard)
		atPosition := st.Phase() == pos.Phase() && st.Turn() == pos.Turn()
		seen := map[game.MoveKind]bool{}
		for seed := range uint64(tosses) {
			moves := map[string]game.Move{}
			for name, pl := range positionPlayers(seed) {
				p := pos
				m, err := pl.Move(context.Background(), &p)
				if err != nil {
					t.Fatalf("%s: %s: %v", tt.name, name, err)
				}
				moves[name] = m
			}
			if atPosition {
				s := st
				moves["reading"] = NewReadingRollout([reading.NumKnockRules]float64{0.25, 0.25, 0.25, 0.25}).Choose(&s)
			}
			for name, m := range moves {
				if s := st; atPosition {
					if err := s.Apply(m); err != nil {
						t.Fatalf("%s: %s plays %v: %v", tt.name, name, m, err)
					}
				}
				switch {
				case name == "random":
					seen[m.Kind] = true
				case tt.want != 0 && m.Kind != tt.want:
					t.Errorf("%s: %s plays %v, want %s", tt.name, name, m, tt.want)
				}
			}
		}
		for _, k := range tt.randomMay {
			if !seen[k] {
				t.Errorf("%s: random never plays %s in %d tosses", tt.name, k, tosses)
			}
		}
		if len(seen) != len(tt.randomMay) {
			t.Errorf("%s: random plays %v, want only %v", tt.name, seen, tt.randomMay)
		}
	}
}
