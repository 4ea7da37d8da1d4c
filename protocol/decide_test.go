package protocol

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestEngineDecidesAsThePlayer: the engine and the built-in advisor
// player, given the same position, seed and budget, make the same
// decision, and again the next time they are asked (whose seed mixes in
// the count of decisions): positions with a whole record, where the
// reading's filter follows the opponent, and short forms, under a budget
// of worlds, a bound on the decision that the worlds end first, and a
// bound too short to search.
func TestEngineDecidesAsThePlayer(t *testing.T) {
	budgets := []struct {
		name     string
		samples  int
		movetime time.Duration
	}{
		{"16 worlds", 16, 0},
		{"24 worlds within an hour", 24, time.Hour},
		{"5 ms", 16, 5 * time.Millisecond},
	}
	for i, text := range decidePositions(t) {
		p, err := position.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(i + 1)
		for _, b := range budgets {
			pl := analyze.NewPlayer(seed, b.samples, 0, false)
			if b.movetime > 0 {
				pl.SetClock(analyze.Clock{Move: b.movetime})
			}
			engine := engineAt(t, text, seed, b.samples)
			for ask := 1; ask <= 2; ask++ {
				q := p
				m, err := pl.Move(context.Background(), &q)
				if err != nil {
					t.Fatal(err)
				}
				want := "bestmove " + moveText(&p, m)
				if got := engine.bestmove(t, b.movetime); got != want {
					t.Errorf("position %d (%s), seed %d, %s, ask %d: the engine's %q, the player's %q", i, notation.Clip(text, 60), seed, b.name, ask, got, want)
				}
			}
		}
	}
}

// decidePositions returns the positions TestEngineDecidesAsThePlayer
// asks of: the short forms of testpositions, and the history forms of
// some decisions of random hands.
func decidePositions(t *testing.T) []string {
	out := []string{testpositions.DeadCard, testpositions.NearTie, testpositions.UndercutCertain, testpositions.LateKnock}
	n := 0
	testhands.Random(t, 1, 5, func(s testhands.Step) {
		for _, p := range s.Positions {
			if p.Phase() == game.Over || p.Turn() != p.Seat() || p.MustDraw() {
				continue
			}
			if n++; n%37 != 0 || len(out) >= 10 {
				continue
			}
			if h, ok := position.FormatHistory(&p); ok {
				out = append(out, h)
			}
		}
	})
	return out
}

// testEngine is an engine set up for one position, and its output.
type testEngine struct {
	e   *Engine
	out *bytes.Buffer
}

// engineAt sets up an engine with seed and samples at the position text.
func engineAt(t *testing.T, text string, seed uint64, samples int) testEngine {
	t.Helper()
	var out bytes.Buffer
	te := testEngine{New(&out, "x"), &out}
	te.e.info = false
	for _, l := range []string{fmt.Sprintf("setoption name seed value %d", seed), fmt.Sprintf("setoption name samples value %d", samples), "position " + text} {
		if got := te.send(l); got != "" {
			t.Fatalf("%s: %s", l, got)
		}
	}
	return te
}

// bestmove asks the engine to go, under movetime when it is set, and
// returns its answer.
func (te testEngine) bestmove(t *testing.T, movetime time.Duration) string {
	t.Helper()
	line := "go"
	if movetime > 0 {
		line += fmt.Sprintf(" movetime %d", movetime.Milliseconds())
	}
	return te.send(line)
}

// send hands the engine one line and returns what it writes.
func (te testEngine) send(line string) string {
	te.out.Reset()
	te.e.Handle(context.Background(), line)
	_ = te.e.flush()
	return strings.TrimSpace(te.out.String())
}
