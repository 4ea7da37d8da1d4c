package bot

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestStylesKeepTheirRules plays hands between the sparring partners and
// checks each decision against the rule its style names: when it knocks,
// when it takes the upcard, and that every move is legal.
func TestStylesKeepTheirRules(t *testing.T) {
	styles := map[string]*Styled{"cautious": NewCautious(), "grabber": NewGrabber(), "patient": NewPatient()}
	rng := rand.New(rand.NewPCG(8, 9))
	knocks := map[string]int{}
	takes := map[string]int{}
	for hand := 0; hand < 300; hand++ {
		a, b := styles["cautious"], styles["grabber"]
		if hand%3 == 1 {
			a = styles["patient"]
		} else if hand%3 == 2 {
			b = styles["patient"]
		}
		seats := [2]*Styled{a, b}
		var deck [notation.NumCards]notation.Card
		for i := range deck {
			deck[i] = notation.CardAt(i)
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: rules.Presets()["eaai"], Dealer: notation.Seat(hand % 2), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		for st.Phase() != game.Over {
			s := seats[st.Turn()]
			p := st.Position(st.Turn())
			m, err := s.Move(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			checkStyle(t, s, &p, m)
			switch m.Kind {
			case game.Knock:
				knocks[s.Name()]++
			case game.Take:
				takes[s.Name()]++
			}
			if err := st.Apply(m); err != nil {
				t.Fatalf("%s: %v", s.Name(), err)
			}
		}
	}
	for _, name := range []string{"cautious", "grabber", "patient"} {
		if knocks[name] < 10 || takes[name] < 10 {
			t.Errorf("%s knocked %d times and took %d upcards: too few to check", name, knocks[name], takes[name])
		}
	}
}

func checkStyle(t *testing.T, s *Styled, p *game.Position, m game.Move) {
	t.Helper()
	hand := p.Hand()
	switch p.Phase() {
	case game.KnockPhase:
		dw := meld.MinDeadwood(hand)
		knocked := m.Kind == game.Knock || m.Kind == game.Gin
		switch {
		case dw > p.KnockLimit() || dw == 0:
		case s.Knock == reading.KnockLow && knocked != (dw <= reading.LowDeadwood),
			s.Knock == reading.KnockLate && knocked != (p.StockCount() <= reading.LateStock),
			s.Knock == reading.KnockAtOnce && !knocked:
			t.Fatalf("%s: knocked %v with %d deadwood and %d in the stock", s.Name(), knocked, dw, p.StockCount())
		}
	case game.FirstOffer, game.DrawPhase:
		up, ok := p.Upcard()
		if !ok || p.MustDraw() {
			return
		}
		with := hand.With(up)
		lowers := false
		for c := range hand.All() {
			lowers = lowers || meld.MinDeadwood(with.Without(c)) < meld.MinDeadwood(hand)
		}
		want := meld.InMeld(with, up) || s.Take == reading.TakeToLower && lowers
		if (m.Kind == game.Take) != want {
			t.Fatalf("%s: %s with upcard %s into %s; joins a meld %v, lowers the deadwood %v", s.Name(), m, up, hand, meld.InMeld(with, up), lowers)
		}
	}
}
