//go:build lab

package registry

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestLookupWith: the product's specs name the product's players, the
// lab's filter option turns the filter of the advisors that read off or
// leaves it on, among the spec's other options, and a bad value, a second
// filter, or the option given to a player without the filter is refused.
func TestLookupWith(t *testing.T) {
	for _, c := range []struct {
		spec     string
		name     string // the player's name; "" for an error
		filtered bool   // for an advisor: its worlds draw on the filter
		err      error
	}{
		{"advisor,samples=64", "advisor", true, nil},
		{"advisor,filter=on,samples=64", "advisor", true, nil},
		{"advisor,samples=64,filter=off", "advisor", false, nil},
		{"advisor, filter = off ,samples=64", "advisor", false, nil},
		{"advisor,samples=64,filter=off,margin=2", "advisor", false, nil},
		{"advisor-small,filter=off", "advisor", false, nil},
		{"advisor-fixed,filter=off", "", false, players.ErrOptions},
		{"advisor-fixed,filter=on", "", false, players.ErrOptions},
		{"simple,filter=off", "", false, players.ErrOptions},
		{"advisor,filter=OFF", "", false, players.ErrOptions},
		{"advisor,filter=net", "", false, players.ErrOptions},
		{"advisor,filter=", "", false, players.ErrOptions},
		{"advisor,filter=off,filter=on", "", false, players.ErrOptions},
		{"advisor,filter=off,knockmargin=0.5", "", false, players.ErrOptions},
		{"advisor,filter=off,samples=0", "", false, players.ErrOptions},
		{"nobody,filter=off", "", false, players.ErrUnknownPlayer},
	} {
		newPlayer, err := LookupWith(c.spec)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("LookupWith(%q) error %v, want %v", c.spec, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LookupWith(%q): %v", c.spec, err)
			continue
		}
		p := newPlayer(1)
		if p.Name() != c.name {
			t.Errorf("LookupWith(%q) made %s, want %s", c.spec, p.Name(), c.name)
		}
		if a, ok := p.(*analyze.Player); !ok {
			t.Errorf("LookupWith(%q) made no advisor", c.spec)
		} else if filtered(t, a) != c.filtered {
			t.Errorf("LookupWith(%q): filtered %v, want %v", c.spec, !c.filtered, c.filtered)
		}
	}
}

// filtered says whether the advisor's worlds draw on the filter: its
// advice at a decision late in a hand, whose record the filter follows,
// is the advisor's own at its budget to the bit, or else that of the
// advisor before the filter.
func filtered(t *testing.T, a *analyze.Player) bool {
	t.Helper()
	p := lateDecision(t)
	samples, margin := a.Budget()
	own := analyze.NewPlayer(1, samples, margin, false)
	before := analyze.NewPlayer(1, samples, margin, false)
	before.SetWorlds(worlds.NoFilter{})
	var advice [3][]advise.Candidate
	for i, pl := range []*analyze.Player{a, own, before} {
		pl.OnAdvice = func(_ *game.Position, adv *report.Advice) {
			for _, c := range adv.Candidates {
				advice[i] = append(advice[i], c.Candidate)
			}
		}
		if _, err := pl.Move(t.Context(), &p); err != nil {
			t.Fatal(err)
		}
	}
	isOwn, isBefore := reflect.DeepEqual(advice[0], advice[1]), reflect.DeepEqual(advice[0], advice[2])
	if isOwn == isBefore {
		t.Fatalf("the advice is the advisor's own %v, the advisor's before the filter %v", isOwn, isBefore)
	}
	return isOwn
}

// lateDecision is seat 0's first discard decision from the sixth draw on
// of a hand of simple against heuristic: the first deal, of seeds 1 to
// 20, whose hand lasts that long.
func lateDecision(t *testing.T) game.Position {
	t.Helper()
	eaai, _ := rules.Preset("eaai")
	for seed := uint64(1); seed <= 20; seed++ {
		deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
		rand.New(rand.NewPCG(seed, 5)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: eaai, Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		pol := [2]game.Policy{bot.NewSimple(1), bot.NewHeuristic(2)}
		for st.Phase() != game.Over {
			if st.Draws() >= 6 && st.Turn() == 0 && st.Phase() == game.DiscardPhase {
				return st.Position(0)
			}
			if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no hand lasted six draws")
	return game.Position{}
}
