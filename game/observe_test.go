package game

import (
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/internal/testmelds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestObserveReasons sends a seat's position events that cannot happen,
// one for each reason with a sentinel: the error wraps ErrEvent and the
// reason, and the position is left as it was.
func TestObserveReasons(t *testing.T) {
	apply := func(st State, moves ...Move) State {
		t.Helper()
		for _, m := range moves {
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		return st
	}
	deal := func(p1 string) State {
		t.Helper()
		h1, h2 := testcards.Hand(t, p1), testcards.Hand(t, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC")
		up := notation.NewCard(notation.Ten, notation.Spades)
		stock := (notation.FullDeck &^ h1 &^ h2 &^ up.Set()).Cards()
		st, err := FromDeal(Setup{Rules: rules.Standard(), Dealer: notation.P2, Number: 1}, [2]notation.CardSet{h1, h2}, up, stock)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	p1 := notation.P1
	kh, ts, ah := notation.NewCard(notation.King, notation.Hearts), notation.NewCard(notation.Ten, notation.Spades), notation.NewCard(notation.Ace, notation.Hearts)
	// p1 takes the TS for gin; in the other deal it keeps 21 deadwood.
	ginDeal := deal("AS 2S 3S 4S 5S 6S 7S 8S 9S KH")
	loose := deal("AS 2S 3S 4S 5S 6S KD QD JH KH")
	offer := ginDeal
	forced := apply(ginDeal, PassMove(), PassMove())
	took := apply(ginDeal, TakeMove())
	// The State plays on at once for a hand that cannot knock; the
	// position waits for the event.
	looseTook := apply(loose, TakeMove())
	looseKnock := looseTook.Position(p1)
	if err := looseKnock.Observe(Event{Kind: Discarded, Seat: p1, Card: kh}); err != nil {
		t.Fatal(err)
	}
	over := apply(ginDeal, TakeMove(), DiscardMove(kh), GinMove(testmelds.Spread(t, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS")))

	pos := func(st State) Position { return st.Position(p1) }
	tests := []struct {
		name string
		p    Position
		e    Event
		why  error
	}{
		{"a discard at the first offer", pos(offer), Event{Kind: Discarded, Seat: p1, Card: kh}, ErrWrongPhase},
		{"a take after both passed", pos(forced), Event{Kind: Took, Seat: p1, Card: ts}, ErrMustDraw},
		{"the card just taken discarded", pos(took), Event{Kind: Discarded, Seat: p1, Card: ts}, ErrJustTaken},
		{"a card not held discarded", pos(took), Event{Kind: Discarded, Seat: p1, Card: ah}, ErrNotInHand},
		{"a knock over the limit", looseKnock, Event{Kind: Knocked, Seat: p1}, rules.ErrOverLimit},
		{"gin with deadwood", looseKnock, Event{Kind: WentGin, Seat: p1}, rules.ErrNotGin},
		{"big gin under standard rules", pos(took), Event{Kind: WentBigGin, Seat: p1}, rules.ErrNoBigGin},
		{"the opponent's big gin under standard rules", pos(apply(loose, PassMove(), TakeMove())), Event{Kind: WentBigGin, Seat: notation.P2}, rules.ErrNoBigGin},
		{"a move after the end", pos(over), Event{Kind: Drew, Seat: notation.P2, Card: Unknown}, ErrHandOver},
	}
	for _, tt := range tests {
		p := tt.p
		before := p
		err := p.Observe(tt.e)
		var ee *EventError
		if !errors.As(err, &ee) || !errors.Is(err, ErrEvent) || !errors.Is(err, tt.why) {
			t.Errorf("%s: %v, want an impossible event for %v", tt.name, err, tt.why)
		}
		if p != before {
			t.Errorf("%s: the position changed", tt.name)
		}
	}
	// The same decisions made legally are observed.
	for _, e := range []Event{{Kind: Knocked, Seat: p1}, {Kind: WentGin, Seat: p1}} {
		st := apply(ginDeal, TakeMove(), DiscardMove(kh))
		p := st.Position(p1)
		if err := p.Observe(e); err != nil {
			t.Errorf("%s from a gin hand: %v", e, err)
		}
	}
}
