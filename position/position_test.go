package position_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestPositionNotationRoundTrip writes every decision of recorded games in
// both forms and reads them back: the short form to the same short form,
// and the history form to the same position, record and all.
func TestPositionNotationRoundTrip(t *testing.T) {
	n := 0
	for _, preset := range []string{"eaai", "oklahoma", "modern"} {
		for _, g := range testgames.Play(t, rules.Presets()[preset], 3, 31) {
			err := g.Replay(func(d *gamelog.Decision) bool {
				short := position.Format(&d.Position)
				p, err := position.Parse(short)
				if err != nil {
					t.Fatalf("%s\n%v", short, err)
				}
				if again := position.Format(&p); again != short {
					t.Fatalf("short form does not round-trip:\n%s\n%s", short, again)
				}
				if p.Phase() != d.Position.Phase() || p.Unseen() != d.Position.Unseen() || p.OpponentKnown() != d.Position.OpponentKnown() || p.MustDraw() != d.Position.MustDraw() {
					t.Fatalf("the short form changes the position: %s", short)
				}
				hist, ok := position.FormatHistory(&d.Position)
				if !ok {
					t.Fatal("no history")
				}
				h, err := position.Parse(hist)
				if err != nil {
					t.Fatalf("%s\n%v", hist, err)
				}
				if h != d.Position {
					t.Fatalf("the history form does not give the same position:\n%s", hist)
				}
				if position.Format(&h) != short {
					t.Fatalf("the two forms disagree:\n%s\n%s", hist, short)
				}
				n++
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d positions", n)
	}
}

func TestPositionNotationErrors(t *testing.T) {
	good := "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 first=KS took=- passed=KS discards=7H dealer=p1"
	if _, err := position.Parse(good); err != nil {
		t.Fatalf("%s: %v", good, err)
	}
	tests := []struct {
		name, text, at, want string
	}{
		{"card in two places", strings.Replace(good, "pile=KS,7H", "pile=KS,AC", 1), "pile=", "in the hand and the pile"},
		{"counts", strings.Replace(good, "stock=30", "stock=29", 1), "stock=", "not 52"},
		{"bad card", strings.Replace(good, "TD", "1D", 1), "1D", "unknown rank"},
		{"order", "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H,QD,2C stock=28 first=KS took=- passed=KS,2C discards=7H,QD dealer=p1", "pile=", "last discard"},
		// The README's old example: with p2 dealing, p1 moves first and
		// must have discarded once, but its discard is not in the pile.
		{"the non-dealer moved first", strings.Replace(good, "dealer=p1", "dealer=p2", 1), "pile=", "takes from it"},
		{"passed never offered", strings.Replace(good, "passed=KS", "passed=KS,2C", 1), "passed=", "never offered"},
		{"first upcard missing", strings.Replace(good, "passed=KS", "passed=-", 1), "passed=", "offered to the opponent first"},
		{"draws beyond the stock", good + " draws=128", "draws=", "draws"},
		{"draws beyond any hand", good + " draws=2147483648", "draws=", "want 0 to"},
		{"first not the pile's bottom", strings.Replace(good, "first=KS", "first=2C", 1), "first=", "taken at the first offer"},
		{"score past the target", good + " score=500-0", "score=", "game ended"},
		{"score past a changed target", good + " score=120-0 rules=standard,target=100", "score=", "game ended"},
		// No game has a score before its first hand, and both seats score
		// only after two hands.
		{"score at the first hand", good + " score=50-50 number=1", "score=", "before hand 1"},
		{"score of both seats at the second hand", good + " score=50-50 number=2", "score=", "before hand 2"},
		{"score past what one hand gives", good + " score=251-0 number=2 rules=standard,target=500", "score=", "before hand 2"},
		{"score at the first hand, history", "history p1 dealer=p2 score=0-12: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS", "score=", "before hand 1"},
		// The draw limit ended the hand at the end of the first draw.
		{"dead at the draw limit", good + " rules=standard,draw_limit=1", "discards=", "draw limit"},
		{"dead at the draw limit, draws given", good + " draws=1 rules=standard,draw_limit=1", "draws=", "draw limit"},
		{"dead at the draw limit, history", "history p1 dealer=p2 rules=standard,draw_limit=1: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 7S ; p1 discard 7S", "", "over"},
		{"phase", strings.Replace(good, "draw", "sleep", 1), "sleep", "not a phase"},
		{"the card drawn left out", "p1 discard hand=4C,5C,7C,7D,JD,QD,KD,7H,AS,2S,3S pile=AC stock=30 passed=AC dealer=p2", "", "drawn= (or from-pile=) is missing"},
		{"unknown key", good + " colour=red", "colour", "unknown key"},
		{"missing", strings.Replace(good, " stock=30", "", 1), "", "stock= is missing"},
		{"history out of order", "history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; p1 take KS", "p1 take", "deal is not finished"},
		{"history impossible", "history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p2 take KS", "p2 take", "turn"},
	}
	for _, tt := range tests {
		_, err := position.Parse(tt.text)
		var pe *position.Error
		if !errors.As(err, &pe) || !errors.Is(err, position.ErrPosition) || !strings.Contains(pe.Msg, tt.want) {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.at != "" {
			if want := strings.Index(tt.text, tt.at) + 1; pe.Col < want || pe.Col > want+len(tt.at) {
				t.Errorf("%s: column %d, want about %d: %v", tt.name, pe.Col, want, err)
			}
		}
	}
}

// TestPositionCompletes checks a parsed position can be completed and
// played: this is how the advisor will sample worlds from a position a
// user types.
func TestPositionCompletes(t *testing.T) {
	p, err := position.Parse("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 first=KS took=- passed=KS discards=7H dealer=p1")
	if err != nil {
		t.Fatal(err)
	}
	unseen := p.Unseen().Cards()
	st, err := p.Complete(notation.SetOf(unseen[:10]...), unseen[10:])
	if err != nil {
		t.Fatal(err)
	}
	if st.Phase() != game.DrawPhase || st.Turn() != 0 || len(st.Legal(nil)) != 2 {
		t.Fatalf("completed: %s, p%d, %v", st.Phase(), st.Turn()+1, st.Legal(nil))
	}
}
