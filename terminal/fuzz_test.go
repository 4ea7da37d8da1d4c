package terminal

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// decisions are a state at each kind of decision the person makes: the
// first offer, a discard after taking the upcard, and a knock decision.
func decisions(t *testing.T) []game.State {
	t.Helper()
	mine := testcards.Hand(t, "AS 2S 3S 4H 5H 6H 7C 8C 9C TD")
	jd := first(testcards.Hand(t, "JD"))
	rest := (notation.FullDeck &^ mine).Without(jd).Cards()
	offer, err := game.FromDeal(game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1},
		[2]notation.CardSet{notation.SetOf(rest[:10]...), mine}, jd, rest[10:])
	if err != nil {
		t.Fatal(err)
	}
	discard := offer
	if err := discard.Apply(game.TakeMove()); err != nil {
		t.Fatal(err)
	}
	return []game.State{offer, discard, knockState(t)}
}

// FuzzTerminalInput answers the person's prompts with arbitrary text: the
// move is legal, or the game ends with ErrQuit or ErrInputEnded; the
// output stays bounded whatever the input; nothing panics.
func FuzzTerminalInput(f *testing.F) {
	f.Add("y\n")
	f.Add("zz\nQS\nJD\nTD\n")
	f.Add("m\nAS 2S 3S | 7C 7D 7H\nk\n")
	f.Add(strings.Repeat("x", 5000) + "\nquit\n")
	f.Add("\x00\xff\n♠A\n10h\n")
	f.Fuzz(func(t *testing.T, in string) {
		for i, st := range decisions(t) {
			pos := st.Position(st.Turn())
			var out bytes.Buffer
			p := New(strings.NewReader(in), &out)
			m, err := p.Move(context.Background(), &pos)
			switch {
			case errors.Is(err, ErrQuit), errors.Is(err, ErrInputEnded):
			case err != nil:
				t.Fatalf("decision %d: %v", i, err)
			default:
				s := st
				if err := s.Apply(m); err != nil {
					t.Fatalf("decision %d: the move %s is illegal: %v", i, m, err)
				}
			}
			if limit := 8192 + 400*(strings.Count(in, "\n")+1); out.Len() > limit {
				t.Fatalf("decision %d: %d bytes of output for %d of input", i, out.Len(), len(in))
			}
		}
	})
}
