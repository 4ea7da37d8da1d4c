package bot

import (
	"context"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// cardsOf parses a list of cards for a test.
func cardsOf(t *testing.T, s string) notation.CardSet {
	t.Helper()
	cs, err := notation.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return notation.SetOf(cs...)
}

// cardOf parses one card for a test.
func cardOf(t *testing.T, s string) notation.Card {
	t.Helper()
	c, err := notation.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// standInDeal deals seat 1 (the non-dealer, first to decide) the hand
// mine, the upcard up, and the stock the cards of stock first, in order,
// then the rest; seat 0 gets ten of the cards left. It returns the state
// at the first offer.
func standInDeal(t *testing.T, mine notation.CardSet, up notation.Card, stock []notation.Card) game.State {
	t.Helper()
	used := mine.With(up) | notation.SetOf(stock...)
	rest := (notation.FullDeck &^ used).Cards()
	st, err := game.FromDeal(game.Setup{Rules: rules.Presets()["eaai"], Dealer: 0, Number: 1},
		[2]notation.CardSet{notation.SetOf(rest[:10]...), mine}, up, append(stock, rest[10:]...))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// apply plays the moves on st.
func apply(t *testing.T, st *game.State, moves ...game.Move) {
	t.Helper()
	for _, m := range moves {
		if err := st.Apply(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// turnOf draws from the stock and throws c, playing on at a knock
// decision, for the seat to move.
func turnOf(t *testing.T, st *game.State, c notation.Card, playOn bool) {
	t.Helper()
	apply(t, st, game.DrawMove(), game.DiscardMove(c))
	if playOn && st.Phase() == game.KnockPhase {
		apply(t, st, game.PlayOnMove())
	}
}

// standInMove asks the stand-in for seat 1's move in st.
func standInMove(t *testing.T, st *game.State) game.Move {
	t.Helper()
	p := st.Position(1)
	m, err := NewStandIn(0).Move(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestStandInTakes checks the take rule: the upcard only into a meld, and
// only when that lowers the deadwood.
func TestStandInTakes(t *testing.T) {
	tests := []struct {
		name, hand, up string
		want           game.MoveKind
	}{
		{"into a meld, lowers", "2s 3s 4s 5h 5d 5c 9d Td Jd Kc", "Qd", game.Take},
		{"lowers, joins no meld", "2s 3s 4s 5h 5d 5c 9d Td Jd Kc", "Ah", game.Pass},
		{"joins a meld, cannot lower", "2s 3s 4s 5h 5d 5c 9d Td Jd Qd", "5s", game.Pass},
		{"neither", "2s 3s 4s 5h 5d 5c 9d Td Jd Kc", "8h", game.Pass},
	}
	for _, tt := range tests {
		st := standInDeal(t, cardsOf(t, tt.hand), cardOf(t, tt.up), nil)
		if got := standInMove(t, &st); got.Kind != tt.want {
			t.Errorf("%s: %s with %s up: %s, want %s", tt.name, tt.hand, tt.up, got, tt.want)
		}
	}
}

// TestStandInKnocksEarlyOnly checks the knock rule: a knock with deadwood
// in its first three turns, not after; gin at any time.
func TestStandInKnocksEarlyOnly(t *testing.T) {
	tests := []struct {
		hand string
		turn int
		want game.MoveKind
	}{
		{"2s 3s 4s 5h 5d 5c 9d Td Jd 4c", 1, game.Knock},
		{"2s 3s 4s 5h 5d 5c 9d Td Jd 4c", 3, game.Knock},
		{"2s 3s 4s 5h 5d 5c 9d Td Jd 4c", 4, game.PlayOn},
		{"2s 3s 4s 5h 5d 5c 9d Td Jd 4c", 8, game.PlayOn},
		{"2s 3s 4s 5h 5d 5c 9d Td Jd Qd", 8, game.Gin},
	}
	// Both seats draw and throw high cards that join nothing in the hand.
	stock := cardsOf(t, "Kh Kd Qh Qc Kc Ks Qs 8h Ac 7c 6h 8c 7h 6c 8s 7s").Cards()
	for _, tt := range tests {
		st := standInDeal(t, cardsOf(t, tt.hand), cardOf(t, "Jh"), stock)
		apply(t, &st, game.PassMove(), game.PassMove())
		for turn := 1; turn <= tt.turn; turn++ {
			turnOf(t, &st, stock[2*(turn-1)], turn < tt.turn)
			if turn < tt.turn {
				turnOf(t, &st, stock[2*turn-1], true)
			}
		}
		if st.Phase() != game.KnockPhase {
			t.Fatalf("turn %d: phase %v, want the knock decision", tt.turn, st.Phase())
		}
		if got := standInMove(t, &st); got.Kind != tt.want {
			t.Errorf("%s, turn %d (%d draws): %s, want %s", tt.hand, tt.turn, st.Draws(), got, tt.want)
		}
	}
}

// TestStandInKnockMelds checks that, of the arrangements with the least
// deadwood, the knock lays down the one with the fewest lay-offs: 4s-7s
// with 7h 7d 7c leaves 3s and 8s to lay off, 4s-6s with the four sevens
// only 3s.
func TestStandInKnockMelds(t *testing.T) {
	st := standInDeal(t, cardsOf(t, "4s 5s 6s 7s 7h 7d 7c Ac 2d 3h"), cardOf(t, "Kh"), cardsOf(t, "Kd").Cards())
	apply(t, &st, game.PassMove(), game.PassMove(), game.DrawMove(), game.DiscardMove(cardOf(t, "Kd")))
	m := standInMove(t, &st)
	if m.Kind != game.Knock {
		t.Fatalf("move %s, want a knock", m)
	}
	fours := cardsOf(t, "7s 7h 7d 7c")
	found := false
	for _, x := range m.Spread.Melds[:m.Spread.N] {
		found = found || x == fours
	}
	if !found {
		t.Errorf("knocked with %v, want the four sevens as a set", m.Spread.Melds[:m.Spread.N])
	}
}

// TestStandInDiscardDanger checks the danger term: of two kings equal in
// every other way, it keeps back the one next to the queen the opponent
// took, where the plain deadwood discard throws that very king.
func TestStandInDiscardDanger(t *testing.T) {
	st := standInDeal(t, cardsOf(t, "2s 3s 4s 5h 5d 5c 9d Td Jd Kc"), cardOf(t, "Qh"), cardsOf(t, "Kh").Cards())
	// The stand-in passes the queen, which joins nothing; the opponent
	// takes it and throws a card of its own.
	apply(t, &st, game.PassMove(), game.TakeMove())
	p0 := st.Position(0)
	throw, _ := (p0.Hand().Without(cardOf(t, "Qh"))).First()
	apply(t, &st, game.DiscardMove(throw))
	if st.Phase() == game.KnockPhase {
		apply(t, &st, game.PlayOnMove())
	}
	apply(t, &st, game.DrawMove())
	var plain Heuristic
	p := st.Position(1)
	v := positionView(&p)
	if c := plain.discard(&v, p.PileSet()); c != cardOf(t, "Kh") {
		t.Fatalf("the position does not test the danger: the plain discard is %s", c)
	}
	if got := standInMove(t, &st); got != game.DiscardMove(cardOf(t, "Kc")) {
		t.Errorf("discard %s, want Kc: Kh lies next to the queen the opponent took", got)
	}
}

// TestStandInDiscardLooksAhead checks the look-ahead: it keeps a pair of
// tens, which two unseen cards would make a set, and throws the lone nine,
// where the least deadwood alone throws a ten.
func TestStandInDiscardLooksAhead(t *testing.T) {
	st := standInDeal(t, cardsOf(t, "2s 3s 4s 5h 5d 5c Th Ts Ad 3h"), cardOf(t, "Kd"), cardsOf(t, "9c").Cards())
	apply(t, &st, game.PassMove(), game.PassMove(), game.DrawMove())
	p := st.Position(1)
	if _, dw, _ := meld.BestDiscard(p.Hand()); dw != meld.MinDeadwood(p.Hand().Without(cardOf(t, "Ts"))) {
		t.Fatalf("the position does not test the look-ahead: a ten is not the least-deadwood discard")
	}
	if got := standInMove(t, &st); got != game.DiscardMove(cardOf(t, "9c")) {
		t.Errorf("discard %s, want 9c: the tens have two live cards to a set", got)
	}
}
