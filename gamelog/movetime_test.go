package gamelog

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestMoveTimeAnnotation: a move's optional time, "ms=MILLISECONDS" at
// the end of its line, is written and read back to the microsecond; a
// move without it has none, and a malformed one is refused.
func TestMoveTimeAnnotation(t *testing.T) {
	g := firstSample(t)
	g.Hands[0].Moves[0].Time, g.Hands[0].Moves[0].HasTime = 2500*time.Microsecond, true
	text := Header() + "\n" + string(GameText(g))
	if !strings.Contains(text, " ms=2.500\n") {
		t.Fatalf("no annotation written:\n%s", text)
	}
	back, err := ReadLog(strings.NewReader(text))
	if err != nil || len(back) != 1 {
		t.Fatalf("%d games, %v", len(back), err)
	}
	moves := back[0].Hands[0].Moves
	if m := moves[0]; !m.HasTime || m.Time != 2500*time.Microsecond || m.Kind != g.Hands[0].Moves[0].Kind || m.Card != g.Hands[0].Moves[0].Card {
		t.Errorf("read back %+v", m)
	}
	if moves[1].HasTime {
		t.Errorf("a move without a time read one: %+v", moves[1])
	}
	if _, err := ReadLog(strings.NewReader(strings.Replace(text, " ms=2.500", " ms=soon", 1))); err == nil {
		t.Error("a malformed time accepted")
	}
}

// TestMoveInfoAnnotation: a move's optional engine info, the line
// "info P TEXT" after the move's, is written and read back, control
// characters as "?"; a move without it has none; an info line of the
// other seat's, or with no move before it, is refused.
func TestMoveInfoAnnotation(t *testing.T) {
	g := firstSample(t)
	m0 := &g.Hands[0].Moves[0]
	m0.Info = "depth 3  score cp 12 pv\x1b KS"
	text := Header() + "\n" + string(GameText(g))
	want := "info " + m0.Seat.String() + " depth 3 score cp 12 pv? KS\n"
	if !strings.Contains(text, want) {
		t.Fatalf("no info line %q written:\n%s", want, text)
	}
	back, err := ReadLog(strings.NewReader(text))
	if err != nil || len(back) != 1 {
		t.Fatalf("%d games, %v", len(back), err)
	}
	moves := back[0].Hands[0].Moves
	if len(moves) != len(g.Hands[0].Moves) || moves[0].Info != "depth 3 score cp 12 pv? KS" || moves[0].Kind != m0.Kind {
		t.Errorf("read back %d moves, %+v", len(moves), moves[0])
	}
	if moves[1].Info != "" {
		t.Errorf("a move without info read some: %+v", moves[1])
	}
	other := strings.Replace(text, want, "info "+m0.Seat.Other().String()+" depth 3\n", 1)
	if _, err := ReadLog(strings.NewReader(other)); err == nil {
		t.Error("an info line of the other seat accepted")
	}
}

// firstSample reads the first game of the version 1 sample log.
func firstSample(t *testing.T) *Game {
	t.Helper()
	f, err := os.Open("testdata/sample-v1.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadLog(f)
	if err != nil || len(games) == 0 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	return games[0]
}
