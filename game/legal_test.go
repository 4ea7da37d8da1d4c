package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// legalRules are the rule sets the property test plays: every preset,
// and variants that reach big gin, a draw limit, the 50th-card rule's last
// chance with a big dead stock, and the take limit with repeated discards.
func legalRules(t *testing.T) []rules.Rules {
	t.Helper()
	modify := func(name string, change func(*rules.Rules)) rules.Rules {
		r := rules.Presets()[name]
		change(&r)
		r.Name += "+"
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		return r
	}
	return append(presetsUnderTest(),
		modify("standard", func(r *rules.Rules) { r.BigGin, r.DrawLimit = true, 16 }),
		modify("eaai", func(r *rules.Rules) { r.BigGin = true }),
		modify("standard", func(r *rules.Rules) { r.FiftiethCard, r.DeadStock = true, 12 }),
		modify("openspiel", func(r *rules.Rules) { r.TakeLimit, r.BigGin = 4, true }),
	)
}

// towardKnock plays a legal move that heads for a knock most of the time,
// so that hands reach the knock phase, gin and big gin, and a random one
// otherwise.
func towardKnock(rng *rand.Rand, st *State, legal []Move) Move {
	if rng.IntN(5) == 0 {
		return randomMove(rng, legal)
	}
	h := st.Hand(st.Turn())
	switch st.Phase() {
	case FirstOffer, DrawPhase:
		up, ok := st.Upcard()
		take := slices.Contains(legal, TakeMove())
		if ok && take {
			if _, dw, _ := meld.BestDiscard(h.With(up)); dw < meld.MinDeadwood(h) || meld.MinDeadwood(h.With(up)) == 0 {
				return TakeMove()
			}
		}
	case DiscardPhase:
		if m := legal[len(legal)-1]; m.Kind == BigGin {
			return m
		}
		if c, _, ok := meld.BestDiscard(h); ok && slices.Contains(legal, DiscardMove(c)) {
			return DiscardMove(c)
		}
	case KnockPhase:
		if len(legal) > 1 {
			return legal[1+rng.IntN(len(legal)-1)]
		}
	}
	return randomMove(rng, legal)
}

// someWorld completes p with the unseen cards dealt at random: one of the
// worlds consistent with what the seat knows.
func someWorld(t *testing.T, rng *rand.Rand, p *Position) State {
	t.Helper()
	unseen := p.Unseen().Cards()
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	k := p.OpponentHidden()
	st, err := p.Complete(notation.SetOf(unseen[:k]...), unseen[k:])
	if err != nil {
		t.Fatalf("a random completion is refused: %v", err)
	}
	return st
}

// bigGinDeal deals p1, the non-dealer, ten spades to the ten and turns
// up the jack: taking it makes big gin.
func bigGinDeal(t *testing.T, r rules.Rules) State {
	t.Helper()
	spades := notation.CardSet(0)
	for rank := notation.Ace; rank <= notation.Ten; rank++ {
		spades = spades.With(notation.NewCard(rank, notation.Spades))
	}
	p2 := (notation.FullDeck &^ spades).Cards()[:10]
	up := notation.NewCard(notation.Jack, notation.Spades)
	stock := (notation.FullDeck &^ spades &^ notation.SetOf(p2...) &^ up.Set()).Cards()
	st, err := FromDeal(Setup{Rules: r, Dealer: notation.P2, Number: 1}, [2]notation.CardSet{spades, notation.SetOf(p2...)}, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// legalTally counts what the property test reached.
type legalTally struct {
	decisions, lastChances int
	offered                map[MoveKind]int
}

// TestPositionLegalIsStateLegal plays hands under many rule sets (20 a
// rule set, 60 with -long) and, at
// every decision, checks that the seat's Position lists the moves the
// true State lists, in the same order, and so do other worlds consistent
// with the position and the position rebuilt from its facts. The
// opponent's position lists no moves.
func TestPositionLegalIsStateLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	tally := legalTally{offered: map[MoveKind]int{}}
	for _, r := range legalRules(t) {
		for hand := 0; hand < handsEach(20, 60); hand++ {
			st := newHand(t, r, rng)
			if hand == 0 && r.BigGin {
				st = bigGinDeal(t, r)
			}
			compareLegal(t, rng, st, fmt.Sprintf("%s, hand %d", r.Name, hand+1), &tally)
		}
	}
	// The test means something only if the hands reached every kind of
	// move, big gin and the last chance included.
	for k := Pass; k <= PlayOn; k++ {
		if tally.offered[k] == 0 {
			t.Errorf("no decision offered a %s", k)
		}
	}
	if tally.lastChances == 0 {
		t.Error("no decision came at the 50th-card rule's last chance")
	}
	t.Logf("%d decisions, %d at a last chance; moves offered by kind: %v", tally.decisions, tally.lastChances, tally.offered)
}

// compareLegal plays st to its end, following both seats' positions
// event by event, and compares the legal moves at every decision.
func compareLegal(t *testing.T, rng *rand.Rand, st State, name string, tally *legalTally) {
	t.Helper()
	var pos [2]Position
	for seat := range notation.NumSeats {
		pos[seat] = NewPosition(seat, st.Setup())
	}
	var want, got []Move
	for events := 0; st.Phase() != Over; {
		for ; events < st.NumEvents(); events++ {
			for seat := range notation.NumSeats {
				if e, ok := SeesEvent(st.Event(events), seat); ok {
					if err := pos[seat].Observe(e); err != nil {
						t.Fatalf("%s: seat %d refuses %s: %v", name, seat, e, err)
					}
				}
			}
		}
		seat := st.Turn()
		p := &pos[seat]
		want = st.Legal(want[:0])
		got = p.Legal(got[:0])
		where := fmt.Sprintf("%s, %s phase, %s to move holding %s", name, st.Phase(), seat, p.Hand())
		if !slices.Equal(got, want) {
			t.Fatalf("%s: the position lists %v, the state %v", where, got, want)
		}
		if other := pos[seat.Other()].Legal(nil); len(other) != 0 {
			t.Fatalf("%s: the opponent's position lists %v", where, other)
		}
		for range 2 {
			w := someWorld(t, rng, p)
			if lw := w.Legal(nil); !slices.Equal(lw, want) {
				t.Fatalf("%s: another world lists %v, the true one %v", where, lw, want)
			}
		}
		q, err := PositionFromFacts(p.Setup(), p.Facts())
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if lq := q.Legal(nil); !slices.Equal(lq, want) {
			t.Fatalf("%s: the position from facts lists %v, the state %v", where, lq, want)
		}
		for _, m := range want {
			tally.offered[m.Kind]++
		}
		tally.decisions++
		if st.LastChance() {
			tally.lastChances++
		}
		if err := st.Apply(towardKnock(rng, &st, want)); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
}

// TestPositionLegalOffTurn: a position lists nothing before the upcard is
// turned, on the opponent's turn, and once the hand is over.
func TestPositionLegalOffTurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 29))
	st := newHand(t, rules.Standard(), rng)
	fresh := NewPosition(notation.P1, st.Setup())
	if l := fresh.Legal(nil); len(l) != 0 {
		t.Errorf("before the deal: %v", l)
	}
	waiting := st.Position(st.Turn().Other())
	if l := waiting.Legal(nil); len(l) != 0 {
		t.Errorf("on the opponent's turn: %v", l)
	}
	for st.Phase() != Over {
		_ = st.Apply(towardKnock(rng, &st, st.Legal(nil)))
	}
	for seat := range notation.NumSeats {
		p := st.Position(seat)
		if l := p.Legal(nil); len(l) != 0 {
			t.Errorf("seat %d after the end: %v", seat, l)
		}
	}
}

func TestPositionLegalDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	st := newHand(t, rules.Presets()["modern"], rng)
	var positions []Position
	for st.Phase() != Over {
		positions = append(positions, st.Position(st.Turn()))
		_ = st.Apply(towardKnock(rng, &st, st.Legal(nil)))
	}
	buf := make([]Move, 0, 512)
	allocs := testing.AllocsPerRun(20, func() {
		for i := range positions {
			buf = positions[i].Legal(buf[:0])
		}
	})
	if allocs != 0 {
		t.Fatalf("Position.Legal allocates %.1f times", allocs)
	}
}
