package reading_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// midHand plays simple against simple until seat 0 is to draw after more
// than EarlyDraws draws, and returns the state there.
func midHand(t *testing.T, seed uint64) (game.State, bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	deck := shuffledDeck(rng)
	eaai, _ := rules.Preset("eaai")
	st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	pol := [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 1)}
	for st.Phase() != game.Over {
		if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > reading.EarlyDraws+2 {
			return st, true
		}
		if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
			t.Fatal(err)
		}
	}
	return st, false
}

// TestDeclineWeighsWorlds: once the reading is sure the opponent knocks at
// once, a world in which its hand could have knocked after its last
// discard is kept with the slip's chance, and the true world, where simple
// did not knock because it could not, always; and from the prior, the
// posterior in the first such world is one of a player that holds.
func TestDeclineWeighsWorlds(t *testing.T) {
	var s reading.Style
	for range 20 {
		s.Observe(true, 8, 12, 15)
	}
	if w := s.Weights(); w[reading.KnockAtOnce] < 0.99 {
		t.Fatalf("the reading is not sure: %v", w)
	}
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 5; seed++ {
		st, ok := midHand(t, seed)
		if !ok {
			continue
		}
		p := st.Position(0)
		d, ok := reading.LastDecline(&p)
		if !ok || d.Draws != p.Draws() || d.Stock != p.StockCount() || d.Opp != 1 {
			t.Fatalf("seed %d: decline %+v, %v at %d draws, stock %d", seed, d, ok, p.Draws(), p.StockCount())
		}
		m := reading.NewModel(&s, &p)
		// The decline's share of the acceptance, apart from the last
		// turn's (TestTurnWeighsWorlds checks that one).
		tn, ok := reading.LastTurn(&p)
		if !m.Declined() || !ok || !tn.Latest() {
			t.Fatalf("seed %d: no last turn", seed)
		}
		declineOnly := func(w *game.State) float64 { return m.Accept(w.Hand(1)) / tn.Accept(w.Hand(1), m.Take, m.Discard) }
		if a := declineOnly(&st); a < 0.99 {
			t.Errorf("seed %d: the true world is kept with %.3f", seed, a)
		}
		// A world whose opponent hand could have knocked.
		e := probability.Infer(&p)
		s := probability.NewSampler(&p, &e)
		s.Organized = 10
		rng := rand.New(rand.NewPCG(seed, 9))
		for range 200 {
			w, _, err := s.World(rng)
			if err != nil {
				t.Fatal(err)
			}
			if dw := meld.MinDeadwood(w.Hand(1)); dw == 0 || dw > p.KnockLimit() {
				continue
			}
			if tn.Accept(w.Hand(1), m.Take, m.Discard) == 0 {
				continue
			}
			if a := declineOnly(&w); math.Abs(a-reading.Slip/(1-reading.Slip)) > 0.01 {
				t.Errorf("seed %d: a world where simple would have knocked is kept with %.3f", seed, a)
			}
			// From the prior, the world's decline all but rules out
			// knocking at once for the rollouts.
			knock, _, _ := reading.NewModel(&reading.Style{}, &p).Given(&w)
			if knock[reading.KnockAtOnce] > 0.05 {
				t.Errorf("seed %d: in a world where it passed up a knock, the opponent still knocks at once with %.2f", seed, knock[reading.KnockAtOnce])
			}
			checked++
			break
		}
	}
	if checked < 3 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestTurnWeighsWorlds plays each styled partner against simple and, at
// every turn of the partner's that ends in a discard and a play on, reads
// that turn from simple's seat with the partner's true hand: the
// partner's own discard rule must rank the discard it made among its best
// (a likelihood above the slip's), and its take rule must have made the
// take it made. It checks the walk of the record (the pile, the cards
// each seat saw the other take and throw) against the players' own view.
// Simple breaks its rule when every best discard would repeat a drawn
// and discarded pair, so it is allowed a few misses.
func TestTurnWeighsWorlds(t *testing.T) {
	partners := []struct {
		p       bot.Player
		take    reading.TakeRule
		discard reading.DiscardRule
		misses  float64
	}{
		{players.MustLookup("grabber").New(0), reading.TakeToLower, reading.DiscardDeadwood, 0},
		{players.MustLookup("cautious").New(0), reading.TakeIntoMeld, reading.DiscardSafe, 0},
		{players.MustLookup("patient").New(0), reading.TakeToLower, reading.DiscardOpen, 0},
		{bot.NewSimple(0), reading.TakeIntoMeld, reading.DiscardDeadwood, 0.03},
	}
	eaai, _ := rules.Preset("eaai")
	for _, pt := range partners {
		turns, takes, misses, notLowest := 0, 0, 0, 0
		for seed := uint64(1); seed <= 30; seed++ {
			rng := rand.New(rand.NewPCG(seed, 2))
			deck := shuffledDeck(rng)
			st, err := game.Deal(game.Setup{Rules: eaai, Dealer: 1, Number: 1}, &deck)
			if err != nil {
				t.Fatal(err)
			}
			// A new simple for each game: it remembers the pairs it drew
			// and discarded until told the hand is over.
			partner := pt.p
			if _, ok := partner.(*bot.Simple); ok {
				partner = bot.NewSimple(seed + 100)
			}
			players := [2]bot.Player{bot.NewSimple(seed), partner}
			for st.Phase() != game.Over && st.Draws() < 60 {
				if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > 0 {
					p := st.Position(0)
					tn, ok := reading.LastTurn(&p)
					if !ok || !tn.Latest() {
						t.Fatalf("%s seed %d: no latest turn at %d draws", pt.p.Name(), seed, st.Draws())
					}
					hand := st.Hand(1)
					ld := tn.DiscardLikelihoods(hand.With(tn.Discarded()))
					turns++
					if ld[pt.discard] <= reading.Slip {
						misses++
					}
					if ld[reading.DiscardDeadwood] <= reading.Slip {
						notLowest++
					}
					if lt, ok := tn.TakeLikelihoods(hand); ok {
						takes++
						if lt[pt.take] != 1-reading.Slip {
							t.Errorf("%s seed %d: its take of %s is not its rule's (%v)", pt.p.Name(), seed, tn.Up(), lt)
						}
					}
				}
				step(t, &st, players)
			}
		}
		if turns < 100 || takes < 5 {
			t.Fatalf("%s: only %d turns and %d takes read", pt.p.Name(), turns, takes)
		}
		if rate := float64(misses) / float64(turns); rate > pt.misses {
			t.Errorf("%s: %d of %d discards are not among its rule's best", pt.p.Name(), misses, turns)
		}
		t.Logf("%s: %d turns, %d takes; %d discards not the least deadwood", pt.p.Name(), turns, takes, notLowest)
	}
}

// offerCounter counts, from the moves a player makes, the upcards it is
// offered and takes, as the reference for offers.
type offerCounter struct {
	bot.Player
	takes, passes [2]int
}

func (o *offerCounter) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	m, err := o.Player.Move(ctx, p)
	if _, up := p.Upcard(); up && !p.MustDraw() && (p.Phase() == game.FirstOffer || p.Phase() == game.DrawPhase) {
		kind := reading.DrawOffer
		if p.Phase() == game.FirstOffer {
			kind = reading.FirstOffer
		}
		if m.Kind == game.Take {
			o.takes[kind]++
		} else {
			o.passes[kind]++
		}
	}
	return m, err
}

// TestOffersCountsTheOpponentsChoices checks offers, which reads the
// record, against the opponent's own count of its choices, at every
// draw decision of simple's against a grabber and a cautious player; and
// that skipLast leaves out exactly the last choice.
func TestOffersCountsTheOpponentsChoices(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	checked := 0
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		deck := shuffledDeck(rng)
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: notation.Seat(seed % 2), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		style := players.MustLookup("grabber").New(0)
		if seed%3 == 0 {
			style = players.MustLookup("cautious").New(0)
		}
		opp := &offerCounter{Player: style}
		players := [2]bot.Player{bot.NewSimple(seed), opp}
		for st.Phase() != game.Over && st.Draws() < 60 {
			if st.Turn() == 0 && (st.Phase() == game.DrawPhase || st.Phase() == game.FirstOffer) {
				p := st.Position(0)
				takes, passes := reading.Offers(&p, false)
				if takes != opp.takes || passes != opp.passes {
					t.Fatalf("seed %d at %d draws: offers reads takes %v passes %v; the opponent made %v and %v", seed, st.Draws(), takes, passes, opp.takes, opp.passes)
				}
				lt, lp := reading.Offers(&p, true)
				if n, m := takes[0]+takes[1]+passes[0]+passes[1], lt[0]+lt[1]+lp[0]+lp[1]; n > 0 && m != n-1 {
					t.Fatalf("seed %d: skipping the last choice leaves %d of %d", seed, m, n)
				}
				checked++
			}
			step(t, &st, players)
		}
	}
	if checked < 100 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// shuffledDeck returns the 52 cards in an order drawn from rng.
func shuffledDeck(rng *rand.Rand) [notation.NumCards]notation.Card {
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// step lets the player of the seat to move decide, and plays its move.
func step(t *testing.T, st *game.State, players [2]bot.Player) {
	t.Helper()
	pos := st.Position(st.Turn())
	m, err := players[st.Turn()].Move(context.Background(), &pos)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Apply(m); err != nil {
		t.Fatal(err)
	}
}
