//go:build lab

package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestRunFitsAndWritesOnce: on a log of heuristic against simple, the
// scorer is fitted on three quarters of the decisions, its held-out loss
// is reported beside the flat scorer's, which is the log of the pool's
// size plus one; it is written as a scorer that reads back, and not
// written over.
func TestRunFitsAndWritesOnce(t *testing.T) {
	var all []*gamelog.Game
	_, err := engine.Simulate(context.Background(), engine.SimOptions{Rules: rules.Presets()["standard"],
		Players: [2]bot.NewPlayerFunc{func(uint64) bot.Player { return bot.NewHeuristic(0) }, func(s uint64) bot.Player { return bot.NewSimple(s) }},
		Names:   [2]string{"heuristic", "simple"}, Games: 2, Seed: 23, Workers: 1, Mirrored: true,
		OnGame: func(k int, g *engine.GameRecord) error {
			lg, err := gamelog.GameFromStates(k, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
			all = append(all, lg)
			return err
		}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := gamelog.WriteLog(&b, all); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log, out := filepath.Join(dir, "games.log"), filepath.Join(dir, "scorer.json")
	if err := os.WriteFile(log, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := run([]string{log}, 8, out, &w); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(\d+) decisions fitted, (\d+) held out; held-out log-loss of the truth among 128 pool hands: ([\d.]+), no weights ([\d.]+)`).FindStringSubmatch(w.String())
	if m == nil {
		t.Fatalf("no loss line in:\n%s", w.String())
	}
	fitted, _ := strconv.Atoi(m[1])
	held, _ := strconv.Atoi(m[2])
	loss, _ := strconv.ParseFloat(m[3], 64)
	flat, _ := strconv.ParseFloat(m[4], 64)
	if fitted < 3*held-3 || held < 5 || math.Abs(flat-math.Log(129)) > 1e-4 || !(loss > 0 && loss < 2*flat) {
		t.Errorf("fitted %d, held out %d, loss %g, flat %g (log 129 = %.4f)", fitted, held, loss, flat, math.Log(129))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := worlds.ReadHandScorer(data); err != nil {
		t.Fatalf("the scorer written: %v", err)
	}
	// The second run reads fewer decisions, enough to fit: what stops it
	// is the scorer already written.
	if err := run([]string{log}, 32, out, &w); !errors.Is(err, fs.ErrExist) {
		t.Errorf("wrote over the scorer: %v", err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Error("the scorer changed")
	}
}
