package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// TestLogALongHand writes, as simulate and play do, an eaai game whose
// first hand runs far past the State's record, and reads it back: the
// log holds every move, log check replays it, and it reads back with the
// scores played.
func TestLogALongHand(t *testing.T) {
	t.Parallel()
	rec, _ := testgames.PlayLong(t, 3*game.MaxDraws+17, 5)
	path := filepath.Join(t.TempDir(), "long.log")
	lw, err := gamelog.StartFile(context.Background(), path, false, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := recorder(lw, "ginadvisor simulate")(1, rec); err != nil {
		t.Fatalf("logging a hand of %d draws: %v", rec.Hands[0].Draws(), err)
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "log", "check", path)
	if want := fmt.Sprintf("1 game read (%d hands), 0 skipped", len(rec.Hands)); code != ExitOK || !strings.Contains(out, want) {
		t.Fatalf("log check: exit %d: %s %s; want %q", code, out, errOut, want)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := gamelog.ReadLog(f)
	if err != nil || len(games) != 1 {
		t.Fatalf("read %d games: %v", len(games), err)
	}
	g := games[0]
	// The first offer, then a take or a draw and a discard at every draw.
	if moves := len(g.Hands[0].Moves); moves < 2*rec.Hands[0].Draws() {
		t.Errorf("the hand of %d draws reads back with %d moves", rec.Hands[0].Draws(), moves)
	}
	for i := range g.Hands {
		res, _ := rec.Hands[i].Result()
		if h := &g.Hands[i]; h.Score != res.Score || h.Totals != res.Totals {
			t.Errorf("hand %d reads back %+v, totals %v; played %+v, %v", i+1, h.Score, h.Totals, res.Score, res.Totals)
		}
	}
	if g.Final.Winner != rec.Final.Winner || g.Final.Totals != rec.Final.Totals {
		t.Errorf("final %+v; played %+v", g.Final, rec.Final)
	}
}
