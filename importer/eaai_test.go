package importer

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestSharedEAAISamples(t *testing.T) {
	files, _ := filepath.Glob("../../shared/eaai/*.txt")
	if len(files) == 0 {
		t.Skip("no shared samples")
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := ReadEAAI(fh, f, [2]string{"a", "b"})
		fh.Close()
		for _, e := range errs {
			t.Errorf("%v", e)
		}
		if len(games) != 1 {
			t.Errorf("%s: %d games", f, len(games))
			continue
		}
		g := games[0]
		t.Logf("%s: %d hands, final %v", f, len(g.Hands), g.Final.Totals)
	}
}

// simulated plays eaai games between the heuristic and simple players and
// records them as the log does.
func simulated(t testing.TB, games int, seed uint64) []*gamelog.Game {
	t.Helper()
	return testgames.PlayBetween(t, rules.Presets()["eaai"], "heuristic", "simple", games, seed)
}

// sameGame compares what a transcript can carry: the deals, the moves,
// the showdowns and the scores.
func sameGame(t *testing.T, want, got *gamelog.Game) {
	t.Helper()
	if len(want.Hands) != len(got.Hands) || want.FirstDealer != got.FirstDealer || want.Final.Totals != got.Final.Totals || want.Final.Winner != got.Final.Winner {
		t.Fatalf("game %d: %d hands, dealer %d, final %v; imported %d hands, dealer %d, final %v", want.Number,
			len(want.Hands), want.FirstDealer, want.Final, len(got.Hands), got.FirstDealer, got.Final)
	}
	for i := range want.Hands {
		w, g := &want.Hands[i], &got.Hands[i]
		if w.Dealer != g.Dealer || w.Upcard != g.Upcard || w.Score != g.Score || w.Totals != g.Totals || w.Winner != g.Winner || w.Knocker != g.Knocker {
			t.Fatalf("game %d hand %d: %+v / imported %+v", want.Number, i+1, w.Score, g.Score)
		}
		for s := range notation.NumSeats {
			if notation.SetOf(w.Deal[s]...) != notation.SetOf(g.Deal[s]...) {
				t.Fatalf("game %d hand %d: deal of seat %d differs", want.Number, i+1, s)
			}
		}
		if len(w.Moves) != len(g.Moves) {
			t.Fatalf("game %d hand %d: %d moves, imported %d", want.Number, i+1, len(w.Moves), len(g.Moves))
		}
		for k := range w.Moves {
			a, b := w.Moves[k], g.Moves[k]
			if a.Seat != b.Seat || a.Kind != b.Kind || (a.Kind != game.Knock && a.Kind != game.Gin && a.Card != b.Card) {
				t.Fatalf("game %d hand %d move %d: %+v, imported %+v", want.Number, i+1, k, a, b)
			}
		}
		if w.Knocker.Valid() && (w.Spread.Cards() != g.Spread.Cards() || w.DefenderDeadwood != g.DefenderDeadwood || len(w.Layoffs) != len(g.Layoffs)) {
			t.Fatalf("game %d hand %d: the showdown differs", want.Number, i+1)
		}
	}
}

// TestEAAIRoundTrip prints simulated games as EAAI transcripts and reads
// them back: every deal, move, showdown and score must survive.
func TestEAAIRoundTrip(t *testing.T) {
	games := simulated(t, 120, 5)
	var buf bytes.Buffer
	for _, g := range games {
		if err := WriteEAAI(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	got, errs := ReadEAAI(&buf, "sim.txt", [2]string{"heuristic", "simple"})
	for _, e := range errs {
		t.Fatal(e)
	}
	if len(got) != len(games) {
		t.Fatalf("read %d games of %d", len(got), len(games))
	}
	for i := range games {
		sameGame(t, games[i], got[i])
	}
}
