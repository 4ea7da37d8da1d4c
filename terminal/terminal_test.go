package terminal

import (
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// answerer plays the person at the terminal: it reads the last prompt
// written and answers it, taking the hint for discards.
type answerer struct {
	out     *bytes.Buffer
	pending []byte
	turns   int
	limit   int
}

var hint = regexp.MustCompile(`Least deadwood: discarding (\w\w)`)

func (a *answerer) Read(p []byte) (int, error) {
	if len(a.pending) == 0 {
		if a.turns >= a.limit {
			return 0, io.EOF
		}
		a.turns++
		text := a.out.String()
		switch {
		case strings.HasSuffix(text, "Discard which card? "):
			m := hint.FindAllStringSubmatch(text, -1)
			a.pending = []byte(m[len(m)-1][1] + "\n")
		case strings.HasSuffix(text, "[y]es / [n]o, pass: "):
			a.pending = []byte("n\n")
		case strings.HasSuffix(text, "from the [s]tock? "):
			a.pending = []byte("s\n")
		case strings.HasSuffix(text, "[p]lay on? "):
			a.pending = []byte("k\n")
		default:
			a.pending = []byte("what?\n")
		}
	}
	n := copy(p, a.pending)
	a.pending = a.pending[n:]
	return n, nil
}

func TestTerminalPlaysAGame(t *testing.T) {
	var out bytes.Buffer
	human := New(&answerer{out: &out, limit: 100000}, &out)
	st, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 4}, [2]bot.Player{human, bot.NewSimple(9)})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if st.Hands == 0 || !strings.Contains(out.String(), "Your hand:") || !strings.Contains(out.String(), "You may knock with") {
		t.Fatalf("game of %d hands; output:\n%s", st.Hands, out.String())
	}
}

func TestTerminalInputEnds(t *testing.T) {
	var out bytes.Buffer
	human := New(&answerer{out: &out, limit: 3}, &out)
	_, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 4}, [2]bot.Player{human, bot.NewSimple(9)})
	if !errors.Is(err, ErrInputEnded) {
		t.Fatalf("err = %v", err)
	}
}

func TestTerminalRejectsBadDiscards(t *testing.T) {
	var out bytes.Buffer
	// Seat 1, the non-dealer, takes the first upcard JD.
	mine := testcards.Hand(t, "AS 2S 3S 4H 5H 6H 7C 8C 9C TD")
	jd := first(testcards.Hand(t, "JD"))
	rest := (notation.FullDeck &^ mine).Without(jd).Cards()
	st, err := game.FromDeal(game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1},
		[2]notation.CardSet{notation.SetOf(rest[:10]...), mine}, jd, rest[10:])
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Apply(game.TakeMove()); err != nil {
		t.Fatal(err)
	}
	pos := st.Position(1)
	p := New(strings.NewReader("zz\nQS\nJD\nTD\n"), &out)
	m, err := p.Move(context.Background(), &pos)
	if err != nil || m != game.DiscardMove(first(testcards.Hand(t, "TD"))) || !strings.Contains(out.String(), "You do not hold QS") || !strings.Contains(out.String(), "just took it from the pile") {
		t.Fatalf("move %v, %v; output:\n%s", m, err, out.String())
	}
}

// knockPosition deals seat 1 a hand that can knock with 10 deadwood and
// brings it to its knock decision.
func knockPosition(t *testing.T) game.Position {
	t.Helper()
	st := knockState(t)
	return st.Position(1)
}

// knockState is the state behind knockPosition.
func knockState(t *testing.T) game.State {
	t.Helper()
	// Seat 1 draws the 3D, which makes AD 2D 3D, and discards the KD:
	// melds AS 2S 3S, 7C 7D 7H, AD 2D 3D and 4 deadwood.
	mine := testcards.Hand(t, "AS 2S 3S 7H 7D 7C 4C 2D AD KD")
	three := first(testcards.Hand(t, "3D"))
	rest := (notation.FullDeck &^ mine).Without(three).Cards()
	stock := append([]notation.Card{three}, rest[11:]...)
	st, err := game.FromDeal(game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1},
		[2]notation.CardSet{notation.SetOf(rest[:10]...), mine}, rest[10], stock)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []game.Move{game.PassMove(), game.PassMove(), game.DrawMove(), game.DiscardMove(first(testcards.Hand(t, "KD")))} {
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if st.Phase() != game.KnockPhase {
		t.Fatalf("the hand is in the %s phase", st.Phase())
	}
	return st
}

func TestTerminalOwnMelds(t *testing.T) {
	pos := knockPosition(t)
	var out bytes.Buffer
	// Ask to meld, give a non-meld, a card not held, then real melds that
	// hold the 7s back as deadwood.
	in := "huh\nm\n7H 7D 4C\nAS 2S 3S | 7H 7D 7S\nAS 2S 3S | AD 2D 3D\n7C 7D 7H | AD 2D 3D\n"
	p := New(strings.NewReader(in), &out)
	m, err := p.Move(context.Background(), &pos)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if m.Kind != game.Knock || m.Spread.N != 2 || (pos.Hand()&^m.Spread.Cards()).Value() != 10 {
		t.Fatalf("move %v\n%s", m, out.String())
	}
	for _, want := range []string{"is not an answer here", "Those are not melds", "You do not hold", "That leaves 25 deadwood"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

func TestTerminalQuit(t *testing.T) {
	pos := knockPosition(t)
	var out bytes.Buffer
	p := New(strings.NewReader("quit\n"), &out)
	if _, err := p.Move(context.Background(), &pos); !errors.Is(err, ErrQuit) {
		t.Fatalf("quit: %v", err)
	}
}

func first(s notation.CardSet) notation.Card {
	c, _ := s.First()
	return c
}

// TestTerminalBigGin checks that the terminal declares big gin where the
// rulebook allows it, and asks for a discard where the rules forbid it.
func TestTerminalBigGin(t *testing.T) {
	mine := testcards.Hand(t, "AS 2S 3S 4H 5H 6H 7C 8C 9C TC")
	jc := first(testcards.Hand(t, "JC"))
	rest := (notation.FullDeck &^ mine).Without(jc).Cards()
	stock := append([]notation.Card{jc}, rest[11:]...)
	for _, tt := range []struct {
		preset string
		want   game.MoveKind
	}{{"modern", game.BigGin}, {"standard", game.Discard}} {
		st, err := game.FromDeal(game.Setup{Rules: rules.Presets()[tt.preset], Dealer: 0, Number: 1},
			[2]notation.CardSet{notation.SetOf(rest[:10]...), mine}, rest[10], stock)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []game.Move{game.PassMove(), game.PassMove(), game.DrawMove()} {
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		pos := st.Position(1)
		var out bytes.Buffer
		m, err := New(strings.NewReader("JC\n"), &out).Move(context.Background(), &pos)
		if err != nil || m.Kind != tt.want {
			t.Fatalf("%s: move %v, %v; output:\n%s", tt.preset, m, err, out.String())
		}
		if err := st.Apply(m); err != nil {
			t.Errorf("%s: %v is not legal: %v", tt.preset, m, err)
		}
	}
}

// drawPosition brings seat 1 to a draw from the pile or the stock: both
// passed the first upcard, the dealer drew and discarded.
func drawPosition(t *testing.T) game.Position {
	t.Helper()
	st := knockState(t)
	if err := st.Apply(game.PlayOnMove()); err != nil {
		t.Fatal(err)
	}
	pos := st.Position(0)
	if pos.Phase() != game.DrawPhase || pos.MustDraw() {
		t.Fatalf("seat 0 is in the %s phase", pos.Phase())
	}
	return pos
}

// TestPromptsAcceptOnlyTheirLetters: each prompt takes the letters (and
// words) it lists, and explains anything else rather than guess; "n" at
// the pile-or-stock prompt used to draw silently.
func TestPromptsAcceptOnlyTheirLetters(t *testing.T) {
	draw := drawPosition(t)
	knock := knockPosition(t)
	for _, tt := range []struct {
		name  string
		pos   game.Position
		in    string
		want  game.MoveKind
		tries int // answers refused first
	}{
		{"pile or stock: n, y, p, d are not listed", draw, "n\ny\np\nd\ns\n", game.Draw, 4},
		{"pile or stock: take", draw, "take\n", game.Take, 0},
		{"pile or stock: the stock", draw, "stock\n", game.Draw, 0},
		{"knock: y, n, g are not listed", knock, "y\nn\ng\np\n", game.PlayOn, 3},
		{"knock: k", knock, "k\n", game.Knock, 0},
	} {
		var out bytes.Buffer
		p := New(strings.NewReader(tt.in), &out)
		pos := tt.pos
		m, err := p.Move(context.Background(), &pos)
		if err != nil || m.Kind != tt.want {
			t.Errorf("%s: %v, %v, want %v\n%s", tt.name, m, err, tt.want, out.String())
			continue
		}
		if n := strings.Count(out.String(), "is not an answer here"); n != tt.tries {
			t.Errorf("%s: %d answers refused, want %d\n%s", tt.name, n, tt.tries, out.String())
		}
	}
}

// TestHintIsNamed: the hint is Hint's, named as HintName says, at every
// decision; without Hint it says it is the least deadwood.
func TestHintIsNamed(t *testing.T) {
	calls := 0
	advice := func(_ context.Context, pos *game.Position) (game.Move, error) {
		calls++
		return pos.Legal(nil)[0], nil
	}
	for _, pos := range []game.Position{drawPosition(t), knockPosition(t)} {
		var out bytes.Buffer
		p := New(strings.NewReader("quit\n"), &out)
		p.Hint, p.HintName = advice, "the advisor at 48 worlds"
		if _, err := p.Move(context.Background(), &pos); !errors.Is(err, ErrQuit) {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "Hint (the advisor at 48 worlds): ") {
			t.Errorf("no named hint at the %s phase:\n%s", pos.Phase(), out.String())
		}
	}
	if calls != 2 {
		t.Errorf("Hint asked %d times, want 2", calls)
	}
	var out bytes.Buffer
	human := New(&answerer{out: &out, limit: 200}, &out)
	_, _, _ = engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 4}, [2]bot.Player{human, bot.NewSimple(9)})
	if !strings.Contains(out.String(), "Least deadwood: discarding ") || strings.Contains(out.String(), "Hint") {
		t.Errorf("without Hint, the hint is not named the least deadwood:\n%s", out.String())
	}
}

// TestShowdownLineFits: a side's melds and deadwood share a line when it
// fits 80 columns, color codes counting none, and take two when it would
// not (a line of 85 was printed before).
func TestShowdownLineFits(t *testing.T) {
	var b strings.Builder
	p := &Terminal{out: &b}
	long := "  The opponent melded [JC JD JH JS] [3S 4S 5S 6S], laid off 2C AS"
	p.showdownLine(long, "deadwood: none (0)")
	p.showdownLine("  You laid down \x1b[1m[7C 8C 9C]\x1b[0m", "deadwood: \x1b[2m4D\x1b[0m (4)")
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{long, "    deadwood: none (0)", "  You laid down \x1b[1m[7C 8C 9C]\x1b[0m  deadwood: \x1b[2m4D\x1b[0m (4)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", got, want)
	}
	for _, l := range got {
		if w := visibleWidth(l); w > 80 {
			t.Errorf("%q takes %d columns", l, w)
		}
	}
}

// TestGameEndShowsItsBonuses: a game's end names bonuses only where the
// rules give some, and then lists each side's total by its parts; under
// standard rules, which give none, it said "(with bonuses)".
func TestGameEndShowsItsBonuses(t *testing.T) {
	for _, tt := range []struct {
		rules   string
		bonuses bool
	}{{"standard", false}, {"modern", true}} {
		var out bytes.Buffer
		human := New(&answerer{out: &out, limit: 100000}, &out)
		g := Game{Opponent: "simple", Rules: rules.Presets()[tt.rules], Seed: 4}
		if err := g.Play(context.Background(), &out, [2]bot.Player{human, bot.NewSimple(9)}); err != nil {
			t.Fatalf("%s: %v", tt.rules, err)
		}
		text := out.String()
		end := text[strings.LastIndex(text, "\n\n"):]
		if got := strings.Contains(end, "with bonuses") && strings.Contains(end, "  You: hand points "); got != tt.bonuses {
			t.Errorf("%s: the game's end reads %q", tt.rules, end)
		}
		if !tt.bonuses && strings.Contains(end, "bonus") {
			t.Errorf("%s: bonuses named with none: %q", tt.rules, end)
		}
	}
}
