package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
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
	pol := [2]game.Policy{NewSimple(seed), NewSimple(seed + 1)}
	for st.Phase() != game.Over {
		if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > EarlyDraws+2 {
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
// rollout opponent of the first world is one that holds.
func TestDeclineWeighsWorlds(t *testing.T) {
	var reading StyleReading
	for range 20 {
		reading.observe(true, 8, 12, 15)
	}
	if w := reading.Weights(); w[KnockAtOnce] < 0.99 {
		t.Fatalf("the reading is not sure: %v", w)
	}
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 5; seed++ {
		st, ok := midHand(t, seed)
		if !ok {
			continue
		}
		p := st.Position(0)
		d, ok := LastDecline(&p)
		if !ok || d.Draws != p.Draws() || d.Stock != p.StockCount() || d.Opp != 1 {
			t.Fatalf("seed %d: decline %+v, %v at %d draws, stock %d", seed, d, ok, p.Draws(), p.StockCount())
		}
		_, accept := ReadingModel(&reading, &p)
		// The decline's share of the acceptance, apart from the last
		// turn's (TestTurnWeighsWorlds checks that one).
		tn, ok := lastTurn(&p)
		if !ok || !tn.latest {
			t.Fatalf("seed %d: no last turn", seed)
		}
		take, discard := reading.TakeWeights(), reading.DiscardWeights()
		declineOnly := func(w *game.State) float64 { return accept(w.Hand(1)) / tn.accept(w.Hand(1), take, discard) }
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
			if tn.accept(w.Hand(1), take, discard) == 0 {
				continue
			}
			if a := declineOnly(&w); math.Abs(a-slip/(1-slip)) > 0.01 {
				t.Errorf("seed %d: a world where simple would have knocked is kept with %.3f", seed, a)
			}
			// From the prior, the world's decline all but rules out
			// knocking at once for the rollouts.
			r := NewReadingRollout(Prior)
			r.decline = &d
			r.SetWorld(&w)
			if r.weights[KnockAtOnce] > 0.05 {
				t.Errorf("seed %d: in a world where it passed up a knock, the opponent still knocks at once with %.2f", seed, r.weights[KnockAtOnce])
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
		p       Player
		take    TakeRule
		discard DiscardRule
		misses  float64
	}{
		{NewStyled("grabber", KnockAtOnce, DiscardDeadwood, TakeToLower), TakeToLower, DiscardDeadwood, 0},
		{NewStyled("cautious", KnockLow, DiscardSafe, TakeIntoMeld), TakeIntoMeld, DiscardSafe, 0},
		{NewStyled("patient", KnockLate, DiscardOpen, TakeToLower), TakeToLower, DiscardOpen, 0},
		{NewSimple(0), TakeIntoMeld, DiscardDeadwood, 0.03},
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
			if _, ok := partner.(*Simple); ok {
				partner = NewSimple(seed + 100)
			}
			players := [2]Player{NewSimple(seed), partner}
			for st.Phase() != game.Over && st.Draws() < 60 {
				if st.Turn() == 0 && st.Phase() == game.DrawPhase && st.Draws() > 0 {
					p := st.Position(0)
					tn, ok := lastTurn(&p)
					if !ok || !tn.latest {
						t.Fatalf("%s seed %d: no latest turn at %d draws", pt.p.Name(), seed, st.Draws())
					}
					hand := st.Hand(1)
					ld := tn.discardLikelihoods(hand.With(tn.discard))
					turns++
					if ld[pt.discard] <= slip {
						misses++
					}
					if ld[DiscardDeadwood] <= slip {
						notLowest++
					}
					if lt, ok := tn.takeLikelihoods(hand); ok {
						takes++
						if lt[pt.take] != 1-slip {
							t.Errorf("%s seed %d: its take of %s is not its rule's (%v)", pt.p.Name(), seed, tn.up, lt)
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

// TestHeuristicDiscardAgainstReference checks the heuristic's discard,
// which skips the search for cards in no meld, against the plain rule
// over random hands: the least deadwood after the discard less the worth
// of the live completing cards, ties to the higher card.
func TestHeuristicDiscardAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	h := Heuristic{P: DefaultHeuristic()}
	for i := range 20000 {
		deck := shuffledDeck(rng)
		var hand, pile notation.CardSet
		for _, c := range deck[:11] {
			hand = hand.With(c)
		}
		for _, c := range deck[11 : 11+rng.IntN(20)] {
			pile = pile.With(c)
		}
		if i%2 == 1 {
			h.P.OutWeight = 1
		} else {
			h.P.OutWeight = 0.3
		}
		v := seatView{phase: game.DiscardPhase, hand: hand}
		got := h.discard(&v, pile)
		want, wantScore := notation.Card(0), 1e18
		for c := range hand.All() {
			rest := hand.Without(c)
			score := float64(meld.MinDeadwood(rest)) - h.P.OutWeight*float64((meld.Completions(rest)&^pile&^c.Set()).Len())
			if score < wantScore || score == wantScore && c.Rank() >= want.Rank() {
				want, wantScore = c, score
			}
		}
		if got != want {
			t.Fatalf("hand %s pile %s weight %v: discard %s, want %s", hand, pile, h.P.OutWeight, got, want)
		}
	}
}

// TestTakesAgainstReference checks the take rules, which skip the search
// for most cards, against their plain statement over random hands.
func TestTakesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 20000 {
		deck := shuffledDeck(rng)
		var hand notation.CardSet
		for _, c := range deck[:10] {
			hand = hand.With(c)
		}
		up := deck[10]
		with := hand.With(up)
		into := meld.InMeld(with, up)
		lower := into
		for c := range hand.All() {
			lower = lower || meld.MinDeadwood(with.Without(c)) < meld.MinDeadwood(hand)
		}
		if got := takes(TakeIntoMeld, hand, up); got != into {
			t.Fatalf("hand %s, upcard %s: into a meld %v, want %v", hand, up, got, into)
		}
		if got := takes(TakeToLower, hand, up); got != lower {
			t.Fatalf("hand %s, upcard %s: to lower %v, want %v", hand, up, got, lower)
		}
	}
}

// offerCounter counts, from the moves a player makes, the upcards it is
// offered and takes, as the reference for offers.
type offerCounter struct {
	Player
	takes, passes [2]int
}

func (o *offerCounter) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	m, err := o.Player.Move(ctx, p)
	if _, up := p.Upcard(); up && !p.MustDraw() && (p.Phase() == game.FirstOffer || p.Phase() == game.DrawPhase) {
		kind := drawOffer
		if p.Phase() == game.FirstOffer {
			kind = firstOffer
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
		style := NewStyled("grabber", KnockAtOnce, DiscardDeadwood, TakeToLower)
		if seed%3 == 0 {
			style = NewStyled("cautious", KnockLow, DiscardSafe, TakeIntoMeld)
		}
		opp := &offerCounter{Player: style}
		players := [2]Player{NewSimple(seed), opp}
		for st.Phase() != game.Over && st.Draws() < 60 {
			if st.Turn() == 0 && (st.Phase() == game.DrawPhase || st.Phase() == game.FirstOffer) {
				p := st.Position(0)
				takes, passes := offers(&p, false)
				if takes != opp.takes || passes != opp.passes {
					t.Fatalf("seed %d at %d draws: offers reads takes %v passes %v; the opponent made %v and %v", seed, st.Draws(), takes, passes, opp.takes, opp.passes)
				}
				lt, lp := offers(&p, true)
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
		deck[i] = notation.Card(i/13<<4 | i%13)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// step lets the player of the seat to move decide, and plays its move.
func step(t *testing.T, st *game.State, players [2]Player) {
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

// TestSafeRolloutPlaysCautious wants a rollout opponent drawn as a safe
// discarder to throw what the cautious player throws, from the seat's
// side of the record alone: the usefulness it weighs is what the seat
// showed the opponent.
func TestSafeRolloutPlaysCautious(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	cautious := NewStyled("cautious", KnockLow, DiscardSafe, TakeIntoMeld)
	discards := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		deck := shuffledDeck(rng)
		st, err := game.Deal(game.Setup{Rules: eaai, Dealer: notation.Seat(seed & 1), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		players := [2]Player{NewSimple(seed), cautious}
		for st.Phase() != game.Over && st.Draws() < 60 {
			if st.Turn() == 1 && st.Phase() == game.DiscardPhase {
				seat := st.Position(0)
				tn, _ := lastTurn(&seat)
				r := NewReadingRollout([NumKnockRules]float64{1})
				r.discardRule, r.safe = DiscardSafe, &tn.nowUseful
				kind, card, _ := r.Decide(&st)
				own := st.Position(1)
				want, err := cautious.Move(context.Background(), &own)
				if err != nil {
					t.Fatal(err)
				}
				if kind != want.Kind || card != want.Card {
					t.Fatalf("seed %d, %d draws: the rollout plays %s %s, cautious %s", seed, st.Draws(), kind, card, want)
				}
				discards++
			}
			step(t, &st, players)
		}
	}
	if discards < 200 {
		t.Fatalf("only %d discards compared", discards)
	}
	t.Logf("%d discards compared", discards)
}
