//go:build lab

package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/rules"
)

// heuristicLog writes a log of games of heuristic against simple.
func heuristicLog(t *testing.T, games int) string {
	t.Helper()
	var all []*gamelog.Game
	_, err := engine.Simulate(context.Background(), engine.SimOptions{Rules: rules.Presets()["standard"],
		Players: [2]bot.NewPlayerFunc{func(uint64) bot.Player { return bot.NewHeuristic(0) }, func(s uint64) bot.Player { return bot.NewSimple(s) }},
		Names:   [2]string{"heuristic", "simple"}, Games: games, Seed: 21, Workers: 1, Mirrored: true,
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
	name := filepath.Join(t.TempDir(), "games.log")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestImitateFitsThePlayersMoves: fitted to heuristic's own moves, with
// the heuristic's move kept out of the features, the model ranks most of
// its held-out discards first and foretells them far better than a
// uniform choice; it writes a model that does not read the heuristic's
// move, and will not write over it again. A player the logs do not name
// leaves nothing to fit.
func TestImitateFitsThePlayersMoves(t *testing.T) {
	log := heuristicLog(t, 6)
	out := filepath.Join(t.TempDir(), "style.json")
	var b bytes.Buffer
	if err := imitate([]string{"-player", "heuristic", "-out", out, log}, &b); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`held out, discard: (\d+) decisions; log-loss ([\d.]+) \(uniform ([\d.]+)\); the move made ranked first ([\d.]+)%`).FindStringSubmatch(b.String())
	if m == nil {
		t.Fatalf("no discard line in:\n%s", b.String())
	}
	n, _ := strconv.Atoi(m[1])
	loss, _ := strconv.ParseFloat(m[2], 64)
	uniform, _ := strconv.ParseFloat(m[3], 64)
	first, _ := strconv.ParseFloat(m[4], 64)
	if n < 30 || loss > uniform/2 || first < 70 {
		t.Errorf("%d held-out discards: log-loss %g (uniform %g), first %g%%", n, loss, uniform, first)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	model, err := rank.ReadModel(data)
	if err != nil || !model.NoHeuristic || len(model.W[rank.DiscardGroup]) == 0 || model.W[rank.DiscardGroup][0] != 0 {
		t.Fatalf("the model written: %v, %+v", err, model)
	}
	// A second fit, of a shorter log that fits as well, is stopped by
	// the model already written.
	if err := imitate([]string{"-player", "heuristic", "-out", out, heuristicLog(t, 2)}, &b); !errors.Is(err, fs.ErrExist) {
		t.Errorf("wrote over the model: %v", err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Error("the model changed")
	}
	if err := imitate([]string{"-player", "nobody", log}, &b); err == nil {
		t.Error("fitted a player the log does not name")
	}
}
