//go:build lab

package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestRunRefusesBadFlags: the games, the chain's budget and its eps are
// checked before any game is played.
func TestRunRefusesBadFlags(t *testing.T) {
	for _, c := range []config{
		{games: 3},
		{games: 0},
		{games: -2},
		{games: 2, chain: worlds.MCMC{Burn: -1}},
		{games: 2, chain: worlds.MCMC{Steps: -1}},
		{games: 2, chain: worlds.MCMC{Hands: maxSteps + 1}},
		{games: 2, chain: worlds.MCMC{Eps: 1}},
		{games: 2, chain: worlds.MCMC{Eps: -0.1}},
		{games: 2, chain: worlds.MCMC{Eps: math.NaN()}},
		{games: 2, from: 2},
		{games: 2, from: -4},
		{games: 2, kinds: []string{"own", "mine"}},
		{games: 2, kinds: []string{"own", "own"}},
		{games: 2, kinds: []string{"true"}},
		{games: 2, kinds: []string{"own", "fitted"}},
		{games: 2, kinds: []string{"scored"}},
		{games: 2, filter: worlds.ResampleMove{Particles: -1}},
		{games: 2, filter: worlds.ResampleMove{Moves: -1}},
		{games: 2, filter: worlds.ResampleMove{Particles: maxParticles + 1}},
	} {
		if err := run(context.Background(), c); err == nil {
			t.Errorf("run(%+v) ran", c)
		}
	}
	if err := (&config{games: 2, chain: worlds.MCMC{Eps: 0.5, Burn: 10, Steps: 10, Hands: 5}}).check(); err != nil {
		t.Errorf("a good config refused: %v", err)
	}
}

// TestFromPlaysTheRowsGames: a run from game 4k+1 deals each of its
// pairs as the pair of the whole row with the same game numbers.
func TestFromPlaysTheRowsGames(t *testing.T) {
	for _, from := range []int{0, 4, 100, 1000} {
		c := config{seed: 11, from: from}
		for k := range 5 {
			if got, want := engine.GameSeed(c.rowSeed(), k), engine.GameSeed(11, from/2+k); got != want {
				t.Errorf("-from %d, pair %d: seed %d, the row's is %d", from, k, got, want)
			}
		}
	}
}

// TestPairShares: each mirrored pair's share of the games won, and the
// paired difference's mean, over the pairs given.
func TestPairShares(t *testing.T) {
	for _, c := range []struct {
		won   []float64
		pairs int
		want  []float64
	}{
		{[]float64{1, 0, 1, 1, 0, 0}, 3, []float64{0.5, 1, 0}},
		{[]float64{1, 0, 1, 1, 0}, 2, []float64{0.5, 1}},
		{[]float64{1, 1}, 0, []float64{}},
	} {
		got := pairShares(c.won, c.pairs)
		if len(got) != len(c.want) {
			t.Fatalf("%v: %v, want %v", c.won, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%v: %v, want %v", c.won, got, c.want)
			}
		}
	}
	if m := meanOf([]float64{0.5, 1, 0, 0.5}); m.Mean() != 0.5 || m.N() != 4 {
		t.Errorf("mean %g of %d", m.Mean(), m.N())
	}
}

// TestHiddenOfTellsTheHiddenCards: the oracle's answer, worlds.HiddenOf,
// is what the seat has not seen of the opponent's hand, only where that
// is as many cards as it hides.
func TestHiddenOfTellsTheHiddenCards(t *testing.T) {
	st := dealtState(t)
	p := st.Position(0)
	hand := st.Hand(1)
	got, ok := worlds.HiddenOf(hand, &p)
	if !ok || got != hand&p.Unseen() || got.Len() != p.OpponentHidden() {
		t.Fatalf("told %v (%v), the opponent hides %v", got, ok, hand&p.Unseen())
	}
	short := hand.Without(hand.Cards()[0])
	if _, ok := worlds.HiddenOf(short, &p); ok {
		t.Fatal("told a hand a card short")
	}
	var none notation.CardSet
	if _, ok := worlds.HiddenOf(none, &p); ok {
		t.Fatal("told an empty hand")
	}
}

// dealtState deals the first hand of an eaai game from a shuffled deck.
func dealtState(t *testing.T) game.State {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: eaai, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestReadPolicy: a policy file is read as a checked model, and one that
// is not JSON, fits no group's features or is too long is refused with
// its name.
func TestReadPolicy(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeIn(t, dir, name, text) }
	var c config
	good := write("good.json", `{"weights": [[0, 1, 0, 0, 0, 0, 0], [], []], "no_heuristic": true}`)
	if err := c.readPolicies([]string{good}); err != nil || len(c.policies) != 1 || !c.policies[0].NoHeuristic || c.policyHash == 0 {
		t.Fatalf("readPolicies(good) = %v, %+v", err, c)
	}
	if pol, styles := c.fitted(); pol == nil || styles != nil {
		t.Errorf("one model: policy %v, styles %v", pol, styles)
	}
	other := write("other.json", `{"weights": [[0, 2, 0, 0, 0, 0, 0], [], []], "no_heuristic": true}`)
	one := c.policyHash
	if err := c.readPolicies([]string{good, other}); err != nil || len(c.policies) != 2 || c.policyHash == one {
		t.Fatalf("readPolicies(good, other) = %v, %+v", err, c)
	}
	if pol, styles := c.fitted(); pol != nil || len(styles) != 2 {
		t.Errorf("two models: policy %v, styles %v", pol, styles)
	}
	for _, bad := range []string{
		write("text.json", "not json"),
		write("short.json", `{"weights": [[1, 2], [], []]}`),
		write("long.json", `{"weights": [[], [], []]}`+strings.Repeat(" ", rank.MaxModelBytes)),
		filepath.Join(dir, "missing.json"),
	} {
		var c config
		if err := c.readPolicies([]string{good, bad}); err == nil || !strings.Contains(err.Error(), filepath.Base(bad)) {
			t.Errorf("readPolicies(%s) = %v, want an error naming it", filepath.Base(bad), err)
		}
	}
}

// TestReadScorer: a scorer file is read and checked, and one that is not
// a scorer or too long is refused with its name.
func TestReadScorer(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeIn(t, dir, name, text) }
	var c config
	if err := c.readScorer(write("good.json", `{"weights": [1, 0, 0, 0, 0, 0, 0, 0, 2]}`)); err != nil || c.scorer == nil || c.scorer.W[8] != 2 || c.scorerHash == 0 {
		t.Fatalf("readScorer(good) = %v, %+v", err, c)
	}
	if line := runLine(c); !strings.Contains(line, fmt.Sprintf(" scorer %016x", c.scorerHash)) {
		t.Errorf("run line %q names no scorer", line)
	}
	for _, bad := range []string{
		write("short.json", `{"weights": [1, 2]}`),
		write("long.json", `{"weights": [1, 0, 0, 0, 0, 0, 0, 0, 2]}`+strings.Repeat(" ", worlds.MaxScorerBytes)),
		filepath.Join(dir, "missing.json"),
	} {
		var c config
		if err := c.readScorer(bad); err == nil || !strings.Contains(err.Error(), filepath.Base(bad)) {
			t.Errorf("readScorer(%s) = %v, want an error naming it", filepath.Base(bad), err)
		}
	}
}

// writeIn writes text to the file name in dir and returns its path.
func writeIn(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
