// Package testhands plays hands for the round-trip tests of the packages
// that write positions: random hands under every preset and some
// overrides, and eaai hands that run past game.MaxDraws draws, each seat's
// position followed event by event as a player of it sees them.
package testhands

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Step is one moment of a hand, after an event: the state (after the
// whole move), both seats' positions, and the event, by index into the
// state's record. The first step is the deal, its upcard turned.
type Step struct {
	State     *game.State
	Positions *[2]game.Position
	// From and To bound the step's events: State.Event(i) for From <= i < To.
	From, To int
}

// Rules returns every preset and a few overrides that change what a
// position must write: the 50th-card rule, a low draw limit, a knock limit
// and scores under a small target.
func Rules() []rules.Rules {
	var out []rules.Rules
	for _, name := range rules.PresetNames() {
		out = append(out, rules.Presets()[name])
	}
	ok := rules.Presets()["oklahoma"]
	ok.FiftiethCard, ok.BigGin, ok.Name = true, true, "oklahoma+"
	st := rules.Standard()
	st.DrawLimit, st.KnockLimit, st.Name = 20, 5, "standard+"
	mod := rules.Presets()["modern"]
	mod.RepeatEnds, mod.DeadStock, mod.Name = true, 4, "modern+"
	return append(out, ok, st, mod)
}

// Random plays hands random hands under each of Rules, with random legal
// moves, calling each after every move.
func Random(t testing.TB, hands int, seed uint64, each func(Step)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	var legal []game.Move
	for _, r := range Rules() {
		for range hands {
			deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			setup := game.Setup{Rules: r, Dealer: notation.Seat(rng.IntN(2)), Number: 1}
			if rng.IntN(3) == 0 && r.Target > 60 {
				setup.Number, setup.Scores = 4, [2]int{rng.IntN(50), rng.IntN(50)}
			}
			st, err := game.Deal(setup, &deck)
			if err != nil {
				t.Fatal(err)
			}
			play(t, &st, func(st *game.State) game.Move {
				legal = st.Legal(legal[:0])
				return legal[rng.IntN(len(legal))]
			}, 0, each)
		}
	}
}

// Long plays an eaai hand of draws draws, past game.MaxDraws, in which
// both seats only take the upcard and throw back the card they took the
// turn before, calling each after every move.
func Long(t testing.TB, draws int, each func(Step)) {
	t.Helper()
	a, _ := notation.ParseCards("AC 3C 5C 7C 9C JC KC 2D 4D 6D")
	b, _ := notation.ParseCards("AH 3H 5H 7H 9H JH KH 2S 4S 6S")
	hands := [2]notation.CardSet{notation.SetOf(a...), notation.SetOf(b...)}
	up, _ := notation.ParseCard("8D")
	var stock []notation.Card
	for c := range (notation.FullDeck &^ hands[0] &^ hands[1]).Without(up).All() {
		stock = append(stock, c)
	}
	eaai, _ := rules.Preset("eaai")
	st, err := game.FromDeal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, hands, up, stock)
	if err != nil {
		t.Fatal(err)
	}
	kc, _ := notation.ParseCard("KC")
	kh, _ := notation.ParseCard("KH")
	first := [2]notation.Card{kc, kh}
	var taken [2]notation.Card
	play(t, &st, func(st *game.State) game.Move {
		seat := st.Turn()
		switch st.Phase() {
		case game.FirstOffer, game.DrawPhase:
			return game.TakeMove()
		case game.DiscardPhase:
			drawn, _ := st.Drawn()
			prev := taken[seat]
			if prev == 0 {
				prev = first[seat]
			}
			taken[seat] = drawn
			return game.DiscardMove(prev)
		}
		return game.PlayOnMove()
	}, draws, each)
}

// play plays st with choose until the hand ends or, when limit is set, it
// has limit draws, following both seats' positions event by event and
// calling each after every event: the moments between a move's events,
// such as a discard whose knock decision is still to come, are positions
// too.
func play(t testing.TB, st *game.State, choose func(*game.State) game.Move, limit int, each func(Step)) {
	t.Helper()
	var pos [2]game.Position
	seen := 0
	follow := func() {
		for ; seen < st.NumEvents(); seen++ {
			for s := range notation.NumSeats {
				if e, ok := game.SeesEvent(st.Event(seen), notation.Seat(s)); ok {
					if err := pos[s].Observe(e); err != nil {
						t.Fatalf("seat %d refuses %s: %v", s, e, err)
					}
				}
			}
			// The deal is one step, ending with the upcard.
			if st.Event(seen).Kind != game.Dealt {
				each(Step{State: st, Positions: &pos, From: seen, To: seen + 1})
			}
		}
	}
	for s := range notation.NumSeats {
		pos[s] = game.NewPosition(notation.Seat(s), st.Setup())
	}
	follow()
	for st.Phase() != game.Over && (limit == 0 || st.Draws() < limit) {
		if err := st.Apply(choose(st)); err != nil {
			t.Fatalf("draw %d: %v", st.Draws(), err)
		}
		follow()
	}
}
