package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// recorder plays with an inner player and keeps every position it was
// given and every move it made.
type recorder struct {
	bot.Player
	positions []game.Position
	moves     []game.Move
}

func (r *recorder) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	r.positions = append(r.positions, *p)
	m, err := r.Player.Move(ctx, p)
	r.moves = append(r.moves, m)
	return m, err
}

var errScriptDone = errors.New("script done")

// script replays recorded moves. For the seat that is not under test it
// adapts to the knock phase, the one decision whose presence depends on
// cards that seat holds: it passes where the recorded world had no knock
// decision, and skips a recorded pass where this world has none. Either
// way the event the other seat sees, PlayedOn, is the same.
type script struct {
	positions []game.Position // the recorded positions, for their phases
	moves     []game.Move
	next      int
	limit     int // decisions to make, then stop
	adapt     bool
	seen      []game.Position
}

func (s *script) Name() string                { return "script" }
func (s *script) HandOver(*game.Position)     {}
func (s *script) phaseAt(i int) game.Phase    { return s.positions[i].Phase() }
func (s *script) done() bool                  { return s.next >= len(s.moves) || len(s.seen) >= s.limit }
func (s *script) record(p *game.Position) int { s.seen = append(s.seen, *p); return len(s.seen) }

func (s *script) Move(_ context.Context, p *game.Position) (game.Move, error) {
	if s.adapt {
		for s.next < len(s.moves) && s.phaseAt(s.next) == game.KnockPhase && p.Phase() != game.KnockPhase {
			s.next++
		}
		if p.Phase() == game.KnockPhase && (s.next >= len(s.moves) || s.phaseAt(s.next) != game.KnockPhase) {
			return game.PlayOnMove(), nil
		}
	}
	if s.done() {
		return game.Move{}, errScriptDone
	}
	s.record(p)
	m := s.moves[s.next]
	s.next++
	return m, nil
}

// TestInformationHygiene proves that a player learns nothing it may not
// know, the advisor's reading of its opponent included. For random hands under every preset, at each decision of each
// seat, it deals a second world that differs only in the cards that seat
// has not yet seen (the opponent's hidden cards and the stock, re-dealt
// among themselves), replays the same moves, and requires the seat to be
// given identical positions at every decision up to that one. Anything the
// engine let through about the hidden cards (a field, a spare slot of an
// array, the other seat's position) would differ between the worlds.
func TestInformationHygiene(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var ruleSets []rules.Rules
	for _, name := range rules.PresetNames() {
		ruleSets = append(ruleSets, rules.Presets()[name])
	}
	fifty := rules.Presets()["modern"]
	fifty.FiftiethCard = true
	ruleSets = append(ruleSets, fifty)
	// 24 hands visit each rule set three times, one of them between
	// random players (h%4 == 3) for some; -long plays 2,000.
	hands := 24
	if longtest.Enabled() {
		hands = 2000
	}
	ctx := context.Background()
	checked := 0
	for h := 0; h < hands; h++ {
		r := ruleSets[h%len(ruleSets)]
		var deck [notation.NumCards]notation.Card
		shuffle(&deck, rng)
		setup := game.Setup{Rules: r, Dealer: notation.Seat(h % 2), Number: 1 + h%3, Scores: [2]int{h % 50, h % 30}}
		var recs [2]*recorder
		for seat := range recs {
			var p bot.Player = bot.NewSimple(uint64(h*2 + seat))
			if h%4 == 3 {
				p = bot.NewRandom(uint64(h*2 + seat))
			}
			recs[seat] = &recorder{Player: p}
		}
		if _, err := PlayHand(ctx, HandSetup{Setup: setup, Deck: &deck}, [2]bot.Player{recs[0], recs[1]}); err != nil {
			t.Fatal(err)
		}
		for seat := range notation.NumSeats {
			me := recs[seat]
			for k := range me.positions {
				unseen := me.positions[k].Unseen()
				other := redeal(deck, unseen, rng)
				players := [2]bot.Player{}
				mine := &script{positions: me.positions, moves: me.moves, limit: k + 1}
				players[seat] = mine
				players[seat.Other()] = &script{positions: recs[seat.Other()].positions, moves: recs[seat.Other()].moves, limit: 1 << 30, adapt: true}
				_, err := PlayHand(ctx, HandSetup{Setup: setup, Deck: &other}, players)
				// After the decision under test the worlds may part: the
				// opponent may play a card this seat had not yet seen.
				if err != nil && len(mine.seen) < k+1 {
					t.Fatalf("hand %d, seat %d, decision %d: the second world refuses the same moves: %v", h, seat, k, err)
				}
				if len(mine.seen) != k+1 {
					t.Fatalf("hand %d, seat %d: the second world reached %d decisions, not %d", h, seat, len(mine.seen), k+1)
				}
				for i := range mine.seen {
					if mine.seen[i] != me.positions[i] {
						t.Fatalf("hand %d (%s), seat %d: decision %d differs in a world that differs only in cards unseen at decision %d", h, r.Name, seat, i, k)
					}
				}
				// The reading of the opponent is built from the position
				// alone: the same in both worlds.
				if checked%7 == 0 {
					var style reading.Style
					a := reading.Opponent(&style, &me.positions[k], 100, uint64(k))
					b := reading.Opponent(&style, &mine.seen[k], 100, uint64(k))
					if a != b {
						t.Fatalf("hand %d, seat %d, decision %d: the reading differs between the worlds: %+v / %+v", h, seat, k, a, b)
					}
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// redeal returns deck with the cards of unseen shuffled among their own
// places.
func redeal(deck [notation.NumCards]notation.Card, unseen notation.CardSet, rng *rand.Rand) [notation.NumCards]notation.Card {
	var at []int
	for i, c := range deck {
		if unseen.Has(c) {
			at = append(at, i)
		}
	}
	for i := len(at) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[at[i]], deck[at[j]] = deck[at[j]], deck[at[i]]
	}
	return deck
}
