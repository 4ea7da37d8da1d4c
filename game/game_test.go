package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func shuffled(rng *rand.Rand) [notation.NumCards]notation.Card {
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

func newHand(t testing.TB, r rules.Rules, rng *rand.Rand) State {
	t.Helper()
	deck := shuffled(rng)
	st, err := Deal(Setup{Rules: r, Dealer: notation.Seat(rng.IntN(2)), Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// presetsUnderTest covers every preset and the 50th-card rule.
func presetsUnderTest() []rules.Rules {
	var out []rules.Rules
	for _, name := range rules.PresetNames() {
		out = append(out, rules.Presets()[name])
	}
	r := rules.Presets()["oklahoma"]
	r.FiftiethCard, r.SpadesDouble, r.BigGin = true, true, true
	return append(out, r)
}

// randomMove picks a legal move, preferring to end the hand now and then.
func randomMove(rng *rand.Rand, legal []Move) Move {
	for _, m := range legal {
		if (m.Kind == Knock || m.Kind == Gin || m.Kind == BigGin) && rng.IntN(3) == 0 {
			return m
		}
	}
	return legal[rng.IntN(len(legal))]
}

// TestPlayRandomHands plays random legal moves to the end under every
// preset and checks what must hold at every step: the 52 cards are each in
// one place, every legal move applies, and the record and the positions
// agree with the state; 100 hands a preset, 300 with -long.
func TestPlayRandomHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []Move
	for _, r := range presetsUnderTest() {
		for hand := 0; hand < handsEach(100, 300); hand++ {
			st := newHand(t, r, rng)
			var pos [2]Position
			for seat := range notation.NumSeats {
				pos[seat] = NewPosition(seat, st.Setup())
			}
			seen := 0
			for steps := 0; st.Phase() != Over; steps++ {
				checkCards(t, &st)
				legal = st.Legal(legal[:0])
				if len(legal) == 0 {
					t.Fatalf("%s: no legal move in the %s phase", r.Name, st.Phase())
				}
				m := randomMove(rng, legal)
				if err := st.Apply(m); err != nil {
					t.Fatalf("%s: legal move %s refused: %v", r.Name, m, err)
				}
				for ; seen < st.NumEvents(); seen++ {
					for seat := range notation.NumSeats {
						if e, ok := SeesEvent(st.Event(seen), seat); ok {
							if err := pos[seat].Observe(e); err != nil {
								t.Fatalf("%s: seat %d refuses %s: %v", r.Name, seat, e, err)
							}
						}
					}
				}
				for seat := range notation.NumSeats {
					if pos[seat].Hand() != st.Hand(seat) || pos[seat].StockCount() != st.StockCount() || pos[seat].PileLen() != st.PileLen() {
						t.Fatalf("%s: seat %d's position drifted from the state", r.Name, seat)
					}
					if st.Phase() != Over && st.Turn() == seat && (pos[seat].Phase() != st.Phase() || pos[seat].Turn() != seat) {
						t.Fatalf("%s: seat %d to move sees the %s phase, the state is in %s", r.Name, seat, pos[seat].Phase(), st.Phase())
					}
					if known := pos[seat].OpponentKnown(); known&^st.Hand(seat.Other()) != 0 {
						t.Fatalf("%s: seat %d thinks the opponent holds %s", r.Name, seat, known&^st.Hand(seat.Other()))
					}
				}
				if steps > 10*MaxEvents {
					t.Fatal("the hand does not end")
				}
			}
			res, over := st.Result()
			if !over || res.Draws != st.Draws() {
				t.Fatalf("%s: result %+v", r.Name, res)
			}
			if res.Winner.Valid() && res.Totals[res.Winner] != res.Score.Points {
				t.Fatalf("%s: totals %v for %d points", r.Name, res.Totals, res.Score.Points)
			}
			for seat := range notation.NumSeats {
				if pos[seat].Phase() != Over {
					t.Fatalf("%s: seat %d does not see the end", r.Name, seat)
				}
				if err := pos[seat].Reveal(res); err != nil {
					t.Fatalf("%s: %v", r.Name, err)
				}
				if rebuilt := st.Position(seat); rebuilt != pos[seat] {
					t.Fatalf("%s: State.Position(%d) differs from the position built move by move", r.Name, seat)
				}
			}
		}
	}
}

func checkCards(t *testing.T, st *State) {
	t.Helper()
	all := st.Hand(0) | st.Hand(1) | st.PileSet()
	n := st.Hand(0).Len() + st.Hand(1).Len() + st.PileLen()
	for _, c := range st.Stock() {
		all = all.With(c)
		n++
	}
	if all != notation.FullDeck || n != notation.NumCards {
		t.Fatalf("cards are lost or doubled: %d cards, missing %s", n, notation.FullDeck&^all)
	}
}

// handsEach is n hands a preset by default and long with -long.
func handsEach(n, longN int) int {
	if longtest.Enabled() {
		return longN
	}
	return n
}

// TestIllegalMovesChangeNothing throws every kind of move, legal or not,
// at states along random hands (10 a preset, 100 with -long): an illegal
// one must return a *MoveError and leave the state exactly as it was.
func TestIllegalMovesChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var legal []Move
	junk := []Move{
		PassMove(), TakeMove(), DrawMove(), DiscardMove(Unknown), DiscardMove(notation.CardAt(5)),
		KnockMove(meld.Spread{}), GinMove(meld.Spread{}), BigGinMove(meld.Spread{}),
		{Kind: MoveKind(99)}, KnockMove(meld.Spread{N: -1}), KnockMove(meld.Spread{N: 99}),
	}
	illegal := 0
	hands := 10
	if longtest.Enabled() {
		hands = 100
	}
	for _, r := range presetsUnderTest() {
		for hand := 0; hand < hands; hand++ {
			st := newHand(t, r, rng)
			for st.Phase() != Over {
				legal = st.Legal(legal[:0])
				tries := append([]Move(nil), junk...)
				for c := range st.Hand(st.Turn().Other()).All() {
					tries = append(tries, DiscardMove(c))
				}
				if h := st.Hand(st.Turn()); st.Phase() == KnockPhase || st.Phase() == DiscardPhase {
					a := meld.Arrangements(h)[0]
					tries = append(tries, KnockMove(a.Spread()), GinMove(a.Spread()), BigGinMove(a.Spread()))
				}
				for _, m := range tries {
					before := st
					err := st.Apply(m)
					isLegal := false
					for _, l := range legal {
						if l == m {
							isLegal = true
						}
					}
					switch {
					case err == nil && !isLegal && m.Kind != Knock:
						t.Fatalf("%s: %s applied in the %s phase, but Legal does not list it", r.Name, m, before.Phase())
					case err != nil:
						illegal++
						var me *MoveError
						if !errors.As(err, &me) || !errors.Is(err, ErrIllegal) {
							t.Fatalf("error %v is not a *MoveError", err)
						}
						if st != before {
							t.Fatalf("%s: the refused move %s changed the state", r.Name, m)
						}
					default:
						st = before
					}
				}
				if err := st.Apply(randomMove(rng, legal)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if illegal < 1000 {
		t.Fatalf("only %d illegal moves tried", illegal)
	}
}

// TestCopyIsIndependent plays a copy to the end and checks that the
// original is untouched and still plays the same way.
func TestCopyIsIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var legal []Move
	for i := 0; i < 200; i++ {
		st := newHand(t, rules.Standard(), rng)
		for j := 0; j < 8 && st.Phase() != Over; j++ {
			legal = st.Legal(legal[:0])
			_ = st.Apply(legal[rng.IntN(len(legal))])
		}
		snapshot := st
		frozen := st
		seed := rng.Uint64()
		play := func(s *State) Result {
			r := rand.New(rand.NewPCG(seed, 0))
			var l []Move
			for s.Phase() != Over {
				l = s.Legal(l[:0])
				if err := s.Apply(l[r.IntN(len(l))]); err != nil {
					t.Fatal(err)
				}
			}
			res, _ := s.Result()
			return res
		}
		a := play(&snapshot)
		if st != frozen {
			t.Fatal("playing a copy changed the original")
		}
		if b := play(&st); a != b {
			t.Fatal("the copy and the original played differently")
		}
	}
}

func TestLegalDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	st := newHand(t, rules.Standard(), rng)
	buf := make([]Move, 0, 512)
	var states []State
	var legal []Move
	for st.Phase() != Over {
		states = append(states, st)
		legal = st.Legal(legal[:0])
		_ = st.Apply(legal[len(legal)-1])
	}
	allocs := testing.AllocsPerRun(100, func() {
		for i := range states {
			buf = states[i].Legal(buf[:0])
		}
	})
	if allocs != 0 {
		t.Fatalf("Legal allocates %.1f times", allocs)
	}
}

// TestCompleteReplaysTheRealHand completes each seat's position with the
// true hidden cards and stock, and checks that the completed state plays
// on exactly as the real one.
func TestCompleteReplaysTheRealHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var legal []Move
	for i := 0; i < 300; i++ {
		st := newHand(t, presetsUnderTest()[i%7], rng)
		for j := rng.IntN(30); j > 0 && st.Phase() != Over; j-- {
			legal = st.Legal(legal[:0])
			_ = st.Apply(randomMove(rng, legal))
		}
		if st.Phase() == Over {
			continue
		}
		seat := notation.Seat(rng.IntN(2))
		pos := st.Position(seat)
		hidden := st.Hand(seat.Other()) &^ pos.OpponentKnown()
		if hidden|pos.OpponentKnown() != st.Hand(seat.Other()) || pos.Unseen() != hidden|notation.SetOf(st.Stock()...) {
			t.Fatalf("unseen %s, hidden %s", pos.Unseen(), hidden)
		}
		done, err := pos.Complete(hidden, st.Stock())
		if err != nil {
			t.Fatal(err)
		}
		for st.Phase() != Over {
			if done.Phase() != st.Phase() || done.Turn() != st.Turn() || done.Hand(0) != st.Hand(0) || done.Hand(1) != st.Hand(1) {
				t.Fatalf("completed state differs: %s/%s", done.Phase(), st.Phase())
			}
			legal = st.Legal(legal[:0])
			m := randomMove(rng, legal)
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
			if err := done.Apply(m); err != nil {
				t.Fatalf("the completed state refuses %s: %v", m, err)
			}
		}
		a, _ := st.Result()
		b, _ := done.Result()
		if a != b {
			t.Fatalf("results differ: %+v / %+v", a, b)
		}
		// Completions that contradict the position.
		if c, ok := pos.Unseen().First(); ok && hidden.Len() > 0 {
			stock := st.Stock()
			bad := []struct {
				name   string
				hidden notation.CardSet
				stock  []notation.Card
			}{
				{"a card of the seat's hand", hidden.Without(mustFirst(hidden)).With(mustFirst(pos.Hand())), stock},
				{"too few hidden cards", hidden.Without(mustFirst(hidden)), stock},
				{"a short stock", hidden, stock[:len(stock)/2]},
				{"a card twice", hidden, append([]notation.Card{c}, stock[1:]...)},
			}
			for _, b := range bad {
				if _, err := pos.Complete(b.hidden, b.stock); !errors.Is(err, ErrCompletion) {
					t.Errorf("%s: %v", b.name, err)
				}
			}
		}
	}
}

func mustFirst(s notation.CardSet) notation.Card {
	c, _ := s.First()
	return c
}

// TestFirstOfferAndForcedDraw follows the opening: the non-dealer is
// offered the upcard, then the dealer; when both pass, the non-dealer must
// draw from the stock.
func TestFirstOfferAndForcedDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	st := newHand(t, rules.Standard(), rng)
	nd := st.Setup().Dealer.Other()
	steps := []struct {
		move  Move
		turn  notation.Seat
		phase Phase
	}{
		{PassMove(), nd.Other(), FirstOffer},
		{PassMove(), nd, DrawPhase},
	}
	if st.Turn() != nd || st.Phase() != FirstOffer {
		t.Fatalf("the hand opens with p%d in %s", st.Turn()+1, st.Phase())
	}
	for _, s := range steps {
		if err := st.Apply(s.move); err != nil {
			t.Fatal(err)
		}
		if st.Turn() != s.turn || st.Phase() != s.phase {
			t.Fatalf("after %s: p%d in %s", s.move, st.Turn()+1, st.Phase())
		}
	}
	if legal := st.Legal(nil); len(legal) != 1 || legal[0].Kind != Draw {
		t.Fatalf("after two passes: %v", legal)
	}
	if err := st.Apply(TakeMove()); !errors.Is(err, ErrIllegal) {
		t.Fatalf("take after two passes: %v", err)
	}
}

// TestPositionFromFacts rebuilds every decision's position from its facts
// alone and checks that it shows and plays the same, along 8 random hands
// a preset (-long: 60).
func TestPositionFromFacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	hands := 8
	if longtest.Enabled() {
		hands = 60
	}
	var legal []Move
	n := 0
	for _, r := range presetsUnderTest() {
		for hand := 0; hand < hands; hand++ {
			st := newHand(t, r, rng)
			for st.Phase() != Over {
				seat := st.Turn()
				p := st.Position(seat)
				f := p.Facts()
				q, err := PositionFromFacts(p.Setup(), f)
				if err != nil {
					t.Fatalf("%s: facts of a real position refused: %v\n%+v", r.Name, err, f)
				}
				if !reflect.DeepEqual(q.Facts(), f) || q.Phase() != p.Phase() || q.Turn() != p.Turn() || q.MustDraw() != p.MustDraw() ||
					q.LastChance() != p.LastChance() || q.KnockLimit() != p.KnockLimit() || q.Unseen() != p.Unseen() ||
					q.OpponentKnown() != p.OpponentKnown() || q.Dead() != p.Dead() || q.OpponentHidden() != p.OpponentHidden() {
					t.Fatalf("%s: the position from facts differs:\n%+v\n%+v", r.Name, q.Facts(), f)
				}
				// Facts that no hand reaches are refused: two draws more or
				// fewer than the turns show, or an upcard passed that was
				// never offered (one still in the stock).
				for _, d := range []int{2, -2} {
					g := f
					if g.Draws += d; g.Draws > 0 {
						if _, err := PositionFromFacts(p.Setup(), g); !errors.Is(err, ErrFacts) {
							t.Fatalf("%s: draws %d instead of %d accepted: %+v", r.Name, g.Draws, f.Draws, f)
						}
					}
				}
				if stock := st.Stock(); len(stock) > 0 {
					g := f
					g.OppPassed = g.OppPassed.With(stock[len(stock)-1])
					if _, err := PositionFromFacts(p.Setup(), g); !errors.Is(err, ErrFacts) {
						t.Fatalf("%s: a stock card passed accepted: %+v", r.Name, g)
					}
				}
				hidden := st.Hand(seat.Other()) &^ p.OpponentKnown()
				a, err1 := p.Complete(hidden, st.Stock())
				b, err2 := q.Complete(hidden, st.Stock())
				if err1 != nil || err2 != nil {
					t.Fatalf("completion: %v / %v", err1, err2)
				}
				la := append([]Move(nil), a.Legal(nil)...)
				if lb := b.Legal(nil); !reflect.DeepEqual(la, lb) {
					t.Fatalf("%s: legal moves differ: %v / %v", r.Name, la, lb)
				}
				n++
				legal = st.Legal(legal[:0])
				_ = st.Apply(randomMove(rng, legal))
			}
		}
	}
	t.Logf("%d positions", n)
}
