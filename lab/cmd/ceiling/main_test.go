//go:build lab

package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestOracleTellsTheHiddenCardsOfItsKind: over hands of simple against
// simple, at each of seat 0's decisions, the oracle of each kind answers
// exactly at the decisions of that kind, from the hand of the opponent's
// last decision, with the cards the opponent now hides.
func TestOracleTellsTheHiddenCardsOfItsKind(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	answered := map[string]int{}
	kindOf := map[game.Phase]string{game.FirstOffer: "draw", game.DrawPhase: "draw", game.DiscardPhase: "discard", game.KnockPhase: "knock"}
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: eaai, Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 1)}
		// hand is what the watched wrapper keeps: the opponent's hand at
		// its last decision, its discard's eleven cards, say.
		hand := st.Hand(1)
		for st.Phase() != game.Over {
			if st.Turn() == 1 {
				hand = st.Hand(1)
			}
			if st.Turn() == 0 {
				p := st.Position(0)
				truth := st.Hand(1) &^ p.OpponentKnown()
				for kind := range kindNames {
					told := 0
					got, ok := oracle(kind, &hand, &told)(&p)
					if ok != (kind == "all" || kind == kindOf[p.Phase()]) {
						t.Fatalf("%s at phase %v: answered %v", kind, p.Phase(), ok)
					}
					if !ok {
						continue
					}
					if got != truth || told != 1 {
						t.Fatalf("%s: told %v (%d answers), the opponent hides %v", kind, got, told, truth)
					}
					answered[kind]++
				}
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for kind := range kindNames {
		if answered[kind] < 3 {
			t.Fatalf("%s: only %d answers", kind, answered[kind])
		}
	}
}

// TestRunRefusesBadArguments: the games, the kinds, the share and the
// partner are checked before any game is played.
func TestRunRefusesBadArguments(t *testing.T) {
	for _, tc := range []struct {
		games    int
		kinds    string
		share    float64
		marginal bool
		args     []string
	}{
		{3, "all", 1, false, []string{"simple"}},
		{0, "all", 1, false, []string{"simple"}},
		{-2, "all", 1, false, []string{"simple"}},
		{2, "all,bogus", 1, false, []string{"simple"}},
		{2, "", 1, false, []string{"simple"}},
		{2, "all", 1, false, nil},
		{2, "all", 1, false, []string{"simple", "heuristic"}},
		{2, "all", 1, false, []string{"nobody"}},
		{2, "all", 0, false, []string{"simple"}},
		{2, "all", 1.5, false, []string{"simple"}},
		{2, "all", math.NaN(), false, []string{"simple"}},
		{2, "all", -0.1, true, []string{"simple"}},
		{2, "all", 1.5, true, []string{"simple"}},
		{2, "all", math.NaN(), true, []string{"simple"}},
		{3, "all", 0, true, []string{"simple"}},
	} {
		if err := run(tc.games, 1, tc.kinds, tc.share, mode{marginal: tc.marginal}, tc.args); err == nil {
			t.Errorf("run(%d, %q, %g, %v, %q) ran", tc.games, tc.kinds, tc.share, tc.marginal, tc.args)
		}
	}
	for _, m := range []mode{{marginal: true, melds: true}, {marginal: true, danger: true}, {melds: true, danger: true}} {
		if err := run(2, 1, "all", 0.5, m, []string{"simple"}); err == nil {
			t.Errorf("run with two modes %+v ran", m)
		}
	}
	if err := run(2, 1, "all", 0, mode{danger: true}, []string{"simple"}); err == nil {
		t.Error("run with -danger at -share 0 ran")
	}
}

// TestModeTells: each flag tells the hand its own way, and none the
// whole hand.
func TestModeTells(t *testing.T) {
	for _, c := range []struct {
		m    mode
		want worlds.Telling
	}{
		{mode{}, worlds.Hand},
		{mode{marginal: true}, worlds.Cards},
		{mode{melds: true}, worlds.Melds},
		{mode{danger: true}, worlds.Danger},
	} {
		if got := c.m.telling(); got != c.want {
			t.Errorf("%+v tells %d, want %d", c.m, got, c.want)
		}
	}
}
