package protocol

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// driver plays the controller's part: it keeps the real game state, asks
// the engine for seat 0's moves and simple for seat 1's, and reports every
// event the engine's seat sees.
type driver struct {
	t      *testing.T
	e      *Engine
	out    *bytes.Buffer
	st     game.State
	told   int
	lines  []string // the whole exchange
	errors int
}

func (d *driver) send(line string) []string {
	d.lines = append(d.lines, "> "+line)
	d.out.Reset()
	d.e.Handle(context.Background(), line)
	_ = d.e.out.Flush()
	var replies []string
	for _, l := range strings.Split(strings.TrimSpace(d.out.String()), "\n") {
		if l == "" {
			continue
		}
		replies = append(replies, l)
		d.lines = append(d.lines, "< "+l)
		if strings.HasPrefix(l, "error") {
			d.errors++
			d.t.Errorf("engine error after %q: %s", line, l)
		}
	}
	return replies
}

func seatName(s notation.Seat) string { return s.String() }

// report tells the engine the state's new events, as seat 0 sees them.
func (d *driver) report() {
	for ; d.told < d.st.NumEvents(); d.told++ {
		ev, ok := game.SeesEvent(d.st.Event(d.told), 0)
		if !ok {
			continue
		}
		who := seatName(ev.Seat)
		switch ev.Kind {
		case game.Passed:
			d.send("event " + who + " pass " + ev.Card.String())
		case game.Took:
			d.send("event " + who + " take " + ev.Card.String())
		case game.Drew:
			if ev.Card == game.Unknown {
				d.send("event " + who + " draw")
			} else {
				d.send("event " + who + " draw " + ev.Card.String())
			}
		case game.Discarded:
			d.send("event " + who + " discard " + ev.Card.String())
		case game.Knocked, game.WentGin, game.WentBigGin:
			res, _ := d.st.Result()
			kind := map[game.EventKind]string{game.Knocked: "knock", game.WentGin: "gin", game.WentBigGin: "big-gin"}[ev.Kind]
			d.send("event " + who + " " + kind + " " + game.SpreadString(&res.Spread))
		}
	}
}

// parseMove turns a bestmove line into a move.
func parseMove(t *testing.T, line string) game.Move {
	m, err := game.ParseMove(strings.TrimPrefix(line, "bestmove "))
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return m
}

// TestWholeGamesThroughTheProtocol plays hands between the engine, through
// the protocol, and simple, with the engine's answers applied to a real
// game state: every answer must be legal, and no line an error.
func TestWholeGamesThroughTheProtocol(t *testing.T) {
	var out bytes.Buffer
	d := &driver{t: t, out: &out}
	d.e = New(&out, "ginadvisor-test")
	d.send("ginrummy")
	d.send("setoption name samples value 16")
	d.send("setoption name rules value eaai")
	d.send("isready")
	d.send("newgame")
	rng := rand.New(rand.NewPCG(8, 8))
	simple := bot.NewSimple(3)
	scores := [2]int{}
	// Six hands cross a game's end (the newgame of a second game, at these
	// seeds) and let the engine see simple knock four times; -long plays
	// twelve.
	hands := 6
	if longtest.Enabled() {
		hands = 12
	}
	for hand := 1; hand <= hands; hand++ {
		var deck [notation.NumCards]notation.Card
		for i := range deck {
			deck[i] = notation.CardAt(i)
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		dealer := notation.Seat(hand % 2)
		st, err := game.Deal(game.Setup{Rules: rules.Presets()["eaai"], Dealer: dealer, Number: hand, Scores: scores}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		d.st, d.told = st, 0
		up, _ := st.Upcard()
		d.send(fmt.Sprintf("newhand seat p1 dealer %s number %d hand %s upcard %s", seatName(dealer), hand, st.Hand(0), up))
		simple.HandOver(nil)
		for d.st.Phase() != game.Over {
			var m game.Move
			if d.st.Turn() == 0 {
				replies := d.send("go")
				last := replies[len(replies)-1]
				if !strings.HasPrefix(last, "bestmove ") {
					t.Fatalf("no answer: %v", replies)
				}
				m = parseMove(t, last)
			} else {
				m = simple.Choose(&d.st)
			}
			if err := d.st.Apply(m); err != nil {
				t.Fatalf("hand %d: the engine's %s is illegal: %v\n%s", hand, m, err, strings.Join(d.lines[max(0, len(d.lines)-30):], "\n"))
			}
			d.report()
		}
		res, _ := d.st.Result()
		if res.Knocker == 1 {
			replies := d.send("go")
			if len(replies) != 1 || !strings.HasPrefix(replies[0], "bestmove melds") {
				t.Fatalf("defending: %v", replies)
			}
		}
		if res.Knocker.Valid() {
			// The framework's reportFinalHand, for the opponent.
			d.send("event p2 hand " + res.Hands[1].String())
		}
		scores = res.Totals
		if scores[0] >= 100 || scores[1] >= 100 {
			// The game is over: a new one starts from 0.
			scores = [2]int{}
			d.send("newgame")
		} else {
			d.send(fmt.Sprintf("scores %d %d", scores[0], scores[1]))
		}
		if path := os.Getenv("GINADVISOR_TRANSCRIPT"); path != "" && hand == 1 {
			// The exchange of the first hand, for documentation.
			if err := os.WriteFile(path, []byte(strings.Join(d.lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if d.errors > 0 {
		t.Fatalf("%d error lines", d.errors)
	}
	if len(d.lines) < 500 {
		t.Fatalf("only %d lines exchanged", len(d.lines))
	}
	// The engine read its opponent across hands and games (newgame keeps
	// the reading): simple knocks at once.
	if rule, w := d.e.reading.Likeliest(); d.e.reading.Seen < 3 || rule != reading.KnockAtOnce || w < 0.8 {
		t.Errorf("after %d hands the reading is %s (%d decisions)", hands, &d.e.reading, d.e.reading.Seen)
	}
	said := false
	for _, l := range d.lines {
		said = said || strings.HasPrefix(l, "< info string The opponent knocks, as read: at once")
	}
	if !said {
		t.Error("no info line says how the opponent knocks")
	}
	t.Logf("%d lines exchanged over %d hands", len(d.lines), hands)
}

func TestErrorsKeepGoing(t *testing.T) {
	var out bytes.Buffer
	e := New(&out, "x")
	in := "frobnicate\nsetoption name samples value -4\nevent p2 discard 9D\nnewhand seat p1\ngo\nisready\nquit\nisready\n"
	if err := e.Serve(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	// A go runs while the engine reads on, and isready is answered at
	// once, so go's error and readyok come in either order.
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) == 6 && lines[5] == "error no hand is set up" {
		lines[4], lines[5] = lines[5], lines[4]
	}
	if len(lines) != 6 || lines[4] != "error no hand is set up" || lines[5] != "readyok" {
		t.Fatalf("replies:\n%s", out.String())
	}
	for _, l := range lines[:5] {
		if !strings.HasPrefix(l, "error ") {
			t.Errorf("not an error line: %q", l)
		}
	}
}

// TestStopAnswersAtOnce starts a go with the largest budget and stops it:
// the engine answers with a legal best move at once, then goes on.
func TestStopAnswersAtOnce(t *testing.T) {
	pr, pw := io.Pipe()
	// An io.Pipe takes no read deadline: closing its writer releases
	// Serve's reader.
	defer pw.Close()
	var out syncBuffer
	e := New(&out, "x")
	served := make(chan error, 1)
	go func() { served <- e.Serve(context.Background(), pr) }()
	send := lineSender(t, pw)
	send(largestGo)
	time.Sleep(50 * time.Millisecond)
	send("isready")
	send("stop")
	// Without stop, 100,000 worlds would take minutes: a stop that does
	// not work hangs here until go test's -timeout, and no clock decides.
	for !strings.Contains(out.String(), "bestmove") {
		time.Sleep(time.Millisecond)
	}
	send("show")
	send("quit")
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "readyok") || !strings.Contains(text, "bestmove discard ") || !strings.Contains(text, "position p1 discard") {
		t.Fatalf("replies:\n%s", text)
	}
}

// aDiscard is a discard decision, as the position command sets it.
const aDiscard = "position p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"

// largestGo searches aDiscard with the largest budget: minutes of work,
// so that the go is still in flight when the test ends it.
const largestGo = "setoption name samples value 100000\n" + aDiscard + "\ngo"

// lineSender writes each text it is given to w as a line, failing the
// test if the write fails.
func lineSender(t *testing.T, w io.Writer) func(string) {
	return func(s string) {
		if _, err := io.WriteString(w, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLongLine sends a line far over the bound: one error line, and the
// engine goes on.
func TestLongLine(t *testing.T) {
	var out bytes.Buffer
	e := New(&out, "x")
	in := "isready\n" + strings.Repeat("x", 3*MaxLine) + "\nisready\n"
	if err := e.Serve(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "readyok\nerror line longer than 65536 bytes: skipped\nreadyok\n" {
		t.Fatalf("replies:\n%.300s", got)
	}
}

// TestTwoEnginesApart checks that two engines in one process keep their
// own options and hands.
func TestTwoEnginesApart(t *testing.T) {
	var a, b bytes.Buffer
	ea, eb := New(&a, "a"), New(&b, "b")
	ea.Handle(context.Background(), "setoption name rules value oklahoma")
	eb.Handle(context.Background(), "setoption name knock_limit value 5")
	if ea.rules.Name != "oklahoma" || eb.rules.KnockLimit != 5 || eb.rules.Oklahoma || ea.rules.KnockLimit != 10 {
		t.Fatalf("engines share state: %+v / %+v", ea.rules, eb.rules)
	}
}

// FuzzEngine feeds arbitrary lines: the engine must never panic, and must
// answer every line it cannot use with an error line.
// FuzzEngine sends arbitrary lines and checks each answer against what
// the README promises: isready gets readyok; go gets info lines and one
// bestmove, or one error line; show gets a position or an error line; the
// other commands get nothing or one error line; an unknown command gets
// one error line. No answer line is over 2,000 bytes, whatever the input.
// Served whole, the engine stays up to the end and answers a last isready.
func FuzzEngine(f *testing.F) {
	f.Add("ginrummy\nnewhand seat p1 dealer p2 hand AS 2S 3S 4S 5S 6S 7S 8S 9S KH upcard QC\ngo\nevent p2 pass QC\ngo\n")
	f.Add("position p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1\ngo\nshow\n")
	f.Add("setoption name samples value 3\nevent p1 knock AS 2S 3S\ngo\n")
	f.Add("bogus " + strings.Repeat("x", 500) + "\nstop\n# comment\n\nscores 3 4\n")
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		e := New(&out, "fuzz")
		e.samples = 2
		quit := false
		for _, line := range strings.Split(s, "\n") {
			out.Reset()
			goOn := e.Handle(context.Background(), line)
			_ = e.flush()
			checkAnswer(t, line, out.String())
			if !goOn {
				quit = true
				break
			}
		}
		if quit {
			return
		}
		// Served whole, with a last isready: the engine answers it.
		var served bytes.Buffer
		if err := New(&served, "fuzz").Serve(context.Background(), strings.NewReader(s+"\nisready\n")); err != nil {
			t.Fatal(err)
		}
		want := 1
		for _, line := range strings.Split(s, "\n") {
			if f := strings.Fields(stripComment(line)); len(f) > 0 && f[0] == "isready" && len(line) <= MaxLine {
				want++
			}
		}
		if got := strings.Count("\n"+served.String(), "\nreadyok\n"); got != want {
			t.Fatalf("%d readyok for %d isready:\n%.2000s", got, want, served.String())
		}
	})
}

// checkAnswer checks the lines answering one command line.
func checkAnswer(t *testing.T, line, answer string) {
	t.Helper()
	var got []string
	if answer != "" {
		got = strings.Split(strings.TrimSuffix(answer, "\n"), "\n")
	}
	for _, l := range got {
		if len(l) > 2000 {
			t.Fatalf("%q: an answer of %d bytes", clip(line), len(l))
		}
	}
	oneError := len(got) == 1 && strings.HasPrefix(got[0], "error ")
	word := ""
	if f := strings.Fields(stripComment(line)); len(f) > 0 {
		word = f[0]
	}
	switch word {
	case "", "quit", "stop":
		if len(got) != 0 {
			t.Fatalf("%q answered %q", clip(line), got)
		}
	case "ginrummy":
		if len(got) < 3 || got[len(got)-1] != "ginrummyok" {
			t.Fatalf("%q answered %q", clip(line), got)
		}
	case "isready":
		if len(got) != 1 || got[0] != "readyok" {
			t.Fatalf("%q answered %q", clip(line), got)
		}
	case "go":
		if oneError {
			return
		}
		if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") {
			t.Fatalf("%q answered %q", clip(line), got)
		}
		for _, l := range got[:len(got)-1] {
			if !strings.HasPrefix(l, "info ") {
				t.Fatalf("%q answered %q", clip(line), got)
			}
		}
	case "show":
		if !oneError && (len(got) != 1 || !strings.HasPrefix(got[0], "position ")) {
			t.Fatalf("%q answered %q", clip(line), got)
		}
	case "setoption", "newgame", "newhand", "position", "event", "scores":
		if len(got) != 0 && !oneError {
			t.Fatalf("%q answered %q", clip(line), got)
		}
	default:
		if !oneError {
			t.Fatalf("%q answered %q, want one error line", clip(line), got)
		}
	}
}

func clip(s string) string { return notation.Clip(s, 80) }
