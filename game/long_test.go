package game

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// longHand deals a hand in which both players only ever take the upcard
// and throw back the card they took the turn before, so that three cards
// circulate and the stock never shrinks. It plays draws draws, or until
// the hand ends, following both seats' positions event by event, and
// returns the state and the positions.
func longHand(t *testing.T, r rules.Rules, draws int) (State, [2]Position) {
	t.Helper()
	return longHandEach(t, r, draws, nil)
}

// longHandEach is longHand, calling each, when set, after every move with
// the state and both seats' positions.
func longHandEach(t *testing.T, r rules.Rules, draws int, each func(*State, *[2]Position)) (State, [2]Position) {
	t.Helper()
	a, err := notation.ParseCards("AC 3C 5C 7C 9C JC KC 2D 4D 6D")
	if err != nil {
		t.Fatal(err)
	}
	b, err := notation.ParseCards("AH 3H 5H 7H 9H JH KH 2S 4S 6S")
	if err != nil {
		t.Fatal(err)
	}
	hands := [2]notation.CardSet{notation.SetOf(a...), notation.SetOf(b...)}
	up := testcards.Card(t, "8D")
	var stock []notation.Card
	for c := range (notation.FullDeck &^ hands[0] &^ hands[1]).Without(up).All() {
		stock = append(stock, c)
	}
	// p2 deals, so p1 is offered the upcard first.
	st, err := FromDeal(Setup{Rules: r, Dealer: 1, Number: 1}, hands, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	pos := [2]Position{st.Position(0), st.Position(1)}
	seen := st.NumEvents()
	first := [2]notation.Card{testcards.Card(t, "KC"), testcards.Card(t, "KH")}
	var taken [2]notation.Card
	apply := func(m Move) {
		t.Helper()
		if err := st.Apply(m); err != nil {
			t.Fatalf("draw %d: %s: %v", st.Draws(), m, err)
		}
		if seen < st.FirstEvent() {
			t.Fatalf("the record lost events %d to %d before they were read", seen, st.FirstEvent())
		}
		for ; seen < st.NumEvents(); seen++ {
			for s := range notation.NumSeats {
				if e, ok := SeesEvent(st.Event(seen), s); ok {
					if err := pos[s].Observe(e); err != nil {
						t.Fatalf("seat %d refuses event %d (%s): %v", s, seen, e, err)
					}
				}
			}
		}
		if each != nil {
			each(&st, &pos)
		}
	}
	for st.Phase() != Over && st.Draws() < draws {
		seat := st.Turn()
		switch st.Phase() {
		case FirstOffer, DrawPhase:
			top, _ := st.Upcard()
			apply(TakeMove())
			prev := taken[seat]
			taken[seat] = top
			if prev == 0 {
				prev = first[seat]
			}
			apply(DiscardMove(prev))
		case KnockPhase:
			apply(PlayOnMove())
		default:
			t.Fatalf("unexpected phase %s", st.Phase())
		}
	}
	return st, pos
}

// TestDrawLimit checks the draw limit is the preset's rule: standard hands
// die at 128 draws, while under eaai, as in the EAAI framework, the same
// hand plays on far past the record's size, and both seats' positions,
// followed event by event, stay exact.
func TestDrawLimit(t *testing.T) {
	st, _ := longHand(t, rules.Standard(), 1000)
	if res, over := st.Result(); !over || res.Winner.Valid() || res.Draws != 128 {
		t.Errorf("standard: over %v after %d draws, result %+v; want a dead hand at 128", over, st.Draws(), res)
	}
	eaai, _ := rules.Preset("eaai")
	const draws = 5*MaxDraws + 3
	st, pos := longHand(t, eaai, draws)
	if st.Phase() == Over || st.Draws() != draws {
		t.Fatalf("eaai: %s after %d draws; want the hand still on after %d", st.Phase(), st.Draws(), draws)
	}
	if st.RecordComplete() || st.FirstEvent() != st.NumEvents()-MaxEvents {
		t.Errorf("eaai: record from %d of %d events; want the latest %d", st.FirstEvent(), st.NumEvents(), MaxEvents)
	}
	for s := range notation.NumSeats {
		if pos[s].Hand() != st.Hand(notation.Seat(s)) || pos[s].Draws() != st.Draws() || pos[s].PileLen() != st.PileLen() {
			t.Errorf("seat %d's position drifted from the state", s)
		}
		order := pos[s].OpponentDiscardOrder(nil)
		if len(order) != MaxDraws {
			t.Errorf("seat %d keeps %d of the opponent's discards; want the latest %d", s, len(order), MaxDraws)
		}
		// The last of them is the pile's top or the card just below it.
		last := order[len(order)-1]
		if !st.PileSet().Has(last) && !st.Hand(notation.Seat(s)).Has(last) {
			t.Errorf("seat %d: the opponent's latest discard %s is neither on the pile nor taken back", s, last)
		}
	}
	// A rollout of the endless hand is abandoned, dead, after
	// RolloutDraws more draws.
	st2 := st
	abandoned, err := PlayOut(&st2, [2]Policy{cycler{}, cycler{}})
	if err != nil {
		t.Fatalf("PlayOut of an endless hand: %v", err)
	}
	if !abandoned {
		t.Error("PlayOut of an endless hand does not say it was abandoned")
	}
	if res, over := st2.Result(); !over || res.Winner.Valid() || st2.Draws() < draws+RolloutDraws || st2.Draws() > draws+RolloutDraws+1 {
		t.Errorf("PlayOut left the endless hand %s after %d draws, result %+v", st2.Phase(), st2.Draws(), res)
	}
}

// cycler takes the upcard and throws the card it took the turn before.
type cycler struct{}

func (cycler) Choose(st *State) Move {
	switch st.Phase() {
	case KnockPhase:
		return PlayOnMove()
	case DiscardPhase:
		drawn, _ := st.Drawn()
		floating := notation.SetOf(notation.NewCard(notation.King, notation.Clubs), notation.NewCard(notation.King, notation.Hearts), notation.NewCard(notation.Eight, notation.Diamonds))
		for c := range st.Hand(st.Turn()).All() {
			if c != drawn && floating.Has(c) {
				return DiscardMove(c)
			}
		}
	}
	return TakeMove()
}
