package batch

import (
	"context"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// liveHeap is the heap a collection finds live. Other goroutines'
// allocations while it marks count too: a worker grading ahead of the
// collector adds what it allocates for the decisions in flight.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestALongHandHoldsOnlyDecisionsInFlight grades an eaai game whose first
// hand runs to game.EndlessDraws draws, the players taking the upcard and
// throwing back the card taken the turn before: 20,000 decisions in one
// hand. The analysis keeps the game's figures, not its decisions, and a
// stream of the decisions holds those in flight, a bounded number, not the
// hand's. Keeping every decision, as batch did, held 13.5 MB and, with a
// stream, 22.7 MB. The figures are checked on a hand of a quarter of the
// draws (with -long, the whole), where keeping every decision would still
// hold 3.7 MB, over three times the bound.
func TestALongHandHoldsOnlyDecisionsInFlight(t *testing.T) {
	g := longGame(t, game.EndlessDraws)
	t.Run("figures", func(t *testing.T) {
		draws, g := game.EndlessDraws, g
		if !longtest.Enabled() {
			draws = game.EndlessDraws / 4
			g = longGame(t, draws)
		}
		before := liveHeap()
		r := analyseGame(context.Background(), job{file: "long.log", game: g}, &Options{Quick: true, Workers: 1})
		held := int64(liveHeap()) - int64(before)
		runtime.KeepAlive(r)
		if r.err != nil {
			t.Fatal(r.err)
		}
		// Two players' figures, with their ten worst decisions each.
		const most = 1 << 20
		if held > most {
			t.Errorf("the analysis of a hand of %d draws holds %.1f MB", draws, float64(held)/(1<<20))
		}
	})
	t.Run("stream", func(t *testing.T) {
		var b strings.Builder
		if err := gamelog.WriteLog(&b, []*gamelog.Game{g}); err != nil {
			t.Fatal(err)
		}
		in := textInput("long.log", b.String())
		base := liveHeap()
		var peak uint64
		n := 0
		s, err := Run(context.Background(), []Input{in}, Options{Quick: true, Workers: 1,
			OnDecision: func(*Graded) error {
				if n++; n%2048 == 0 {
					peak = max(peak, liveHeap())
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Decisions < 2*game.EndlessDraws || n != s.Decisions {
			t.Fatalf("%d decisions graded, %d streamed; the hand alone has %d draws", s.Decisions, n, game.EndlessDraws)
		}
		// The game read (16 bytes a move), the decisions in flight (at
		// most rowBatch*(rowsAhead+2), of a kilobyte or less), and what
		// the worker allocates grading them while the collection marks
		// (6.7 kB a decision); measured, 0.8 to 4 MB.
		const most = 12 << 20
		held := int64(peak) - int64(base)
		if held > most {
			t.Errorf("streaming %d decisions held %.1f MB", n, float64(held)/(1<<20))
		}
	})
}

// longGame is an eaai game whose first hand runs to draws draws, the
// players taking the upcard and throwing back the card taken the turn
// before.
func longGame(t *testing.T, draws int) *gamelog.Game {
	t.Helper()
	rec, _ := testgames.PlayLong(t, draws, 5)
	g, err := gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
