package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// sameView checks that q shows and plays what p does.
func sameView(t *testing.T, what string, p, q *Position) {
	t.Helper()
	if !reflect.DeepEqual(q.Facts(), p.Facts()) || q.Phase() != p.Phase() || q.Turn() != p.Turn() || q.MustDraw() != p.MustDraw() ||
		q.LastChance() != p.LastChance() || q.KnockLimit() != p.KnockLimit() || q.Unseen() != p.Unseen() ||
		q.OpponentKnown() != p.OpponentKnown() || q.Dead() != p.Dead() || q.OpponentHidden() != p.OpponentHidden() ||
		q.OpponentDiscards() != p.OpponentDiscards() || q.Draws() != p.Draws() {
		t.Fatalf("%s: the position from facts differs:\n%+v\n%+v", what, q.Facts(), p.Facts())
	}
}

// TestEveryPositionFromFacts rebuilds both seats' positions after every
// move of random hands, the seat to move's and the waiting seat's, from
// their facts alone: each is accepted and shows and plays the same (4
// hands a preset, 40 with -long).
func TestEveryPositionFromFacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var legal []Move
	counts := map[bool]int{}
	for _, r := range presetsUnderTest() {
		for hand := 0; hand < handsEach(4, 40); hand++ {
			st := newHand(t, r, rng)
			for st.Phase() != Over {
				for seat := range notation.NumSeats {
					p := st.Position(notation.Seat(seat))
					f := p.Facts()
					q, err := PositionFromFacts(p.Setup(), f)
					if err != nil {
						t.Fatalf("%s: facts of a real position refused: %v\n%+v", r.Name, err, f)
					}
					sameView(t, r.Name, &p, &q)
					counts[f.Waiting]++
					refuseAltered(t, r.Name, &st, &p, f)
				}
				legal = st.Legal(legal[:0])
				_ = st.Apply(randomMove(rng, legal))
			}
		}
	}
	t.Logf("%d positions to move, %d waiting", counts[false], counts[true])
}

// refuseAltered checks that facts no hand reaches are refused: two draws
// more or fewer, a stock card passed, or the other seat to move.
func refuseAltered(t *testing.T, name string, st *State, p *Position, f Facts) {
	t.Helper()
	var alts []Facts
	for _, d := range []int{2, -2} {
		if g := f; g.Draws+d > 0 {
			g.Draws += d
			alts = append(alts, g)
		}
	}
	if stock := st.Stock(); len(stock) > 0 {
		g := f
		g.OppPassed = g.OppPassed.With(stock[len(stock)-1])
		alts = append(alts, g)
	}
	if f.Phase == DiscardPhase {
		// 11 cards in the hand of the seat to move, 10 in the waiting
		// seat's: the other seat cannot be the one to move.
		g := f
		g.Waiting = !g.Waiting
		alts = append(alts, g)
	}
	for _, g := range alts {
		if _, err := PositionFromFacts(p.Setup(), g); !errors.Is(err, ErrFacts) {
			t.Fatalf("%s: altered facts accepted (%v):\n%+v\nfrom %+v", name, err, g, f)
		}
	}
}

// TestLongHandFromFacts follows an eaai hand past MaxDraws draws: every
// position of both seats on the way, the record cut short, reads back from
// its facts with its draws and every card the opponent discarded.
func TestLongHandFromFacts(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	n := 0
	longHandEach(t, eaai, 2*MaxDraws+40, func(st *State, pos *[2]Position) {
		for s := range pos {
			p := &pos[s]
			q, err := PositionFromFacts(p.Setup(), p.Facts())
			if err != nil {
				t.Fatalf("after %d draws, seat %d: %v\n%+v", st.Draws(), s, err, p.Facts())
			}
			sameView(t, "eaai", p, &q)
			n++
		}
	})
	if n < 4*MaxDraws {
		t.Fatalf("only %d positions", n)
	}
}

// TestDeadHandFacts refuses facts of a hand the rules have ended: a
// draw or discard after the draw limit.
func TestDeadHandFacts(t *testing.T) {
	r := rules.Standard()
	r.DrawLimit = 1
	hand := notation.SetOf(cards(t, "AC 3C 4C TD KD AH 5H TH JH 6S")...)
	f := Facts{Seat: 0, Phase: DrawPhase, Hand: hand, Pile: cards(t, "KS 7H"), StockCount: 30,
		FirstUpcard: Unknown, OppPassed: notation.SetOf(testcards.Card(t, "KS")), OppDiscards: cards(t, "7H")}
	if _, err := PositionFromFacts(Setup{Rules: rules.Standard(), Dealer: 0, Number: 1}, f); err != nil {
		t.Fatalf("the live hand is refused: %v", err)
	}
	var fe *FactsError
	_, err := PositionFromFacts(Setup{Rules: r, Dealer: 0, Number: 1}, f)
	if !errors.As(err, &fe) || fe.Field != "draws" {
		t.Fatalf("a draw after the draw limit: %v; want a draws error", err)
	}
}

func cards(t *testing.T, s string) []notation.Card {
	t.Helper()
	cs, err := notation.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
