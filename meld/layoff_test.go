package meld

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
)

// refCanLayOff reports whether every card of laid can be laid off on the
// melds, trying every order and every meld for each card.
func refCanLayOff(melds []notation.CardSet, laid notation.CardSet) bool {
	if laid == 0 {
		return true
	}
	for c := range laid.All() {
		for i, m := range melds {
			if Classify(m.With(c)) == NotMeld {
				continue
			}
			grown := append([]notation.CardSet(nil), melds...)
			grown[i] = m.With(c)
			if refCanLayOff(grown, laid.Without(c)) {
				return true
			}
		}
	}
	return false
}

// refBestLayoff tries every subset of the defender's cards that share a
// suit with a run or a rank with a set of the spread, and keeps the valid
// ones with the least deadwood, counted by the reference solver.
func refBestLayoff(melds []notation.CardSet, hand notation.CardSet) (int, map[notation.CardSet]bool) {
	var near notation.CardSet
	for _, m := range melds {
		c, _ := m.First()
		if Classify(m) == Set {
			near |= hand.Rank(c.Rank())
		} else {
			for d := range hand.All() {
				if d.Suit() == c.Suit() {
					near = near.With(d)
				}
			}
		}
	}
	cards := near.Cards()
	best := 1 << 30
	sets := map[notation.CardSet]bool{}
	for mask := 0; mask < 1<<len(cards); mask++ {
		var laid notation.CardSet
		for i, c := range cards {
			if mask>>i&1 != 0 {
				laid = laid.With(c)
			}
		}
		if !refCanLayOff(melds, laid) {
			continue
		}
		dw, _ := refSolve(hand &^ laid)
		if dw < best {
			best, sets = dw, map[notation.CardSet]bool{}
		}
		if dw == best {
			sets[laid] = true
		}
	}
	return best, sets
}

// knockingHand deals a 10-card hand with at most 10 deadwood, built from
// random melds and filler, and returns it.
func knockingHand(rng *rand.Rand, avail notation.CardSet) notation.CardSet {
	for {
		var h notation.CardSet
		for h.Len() < 6+rng.IntN(4) {
			var m notation.CardSet
			if rng.IntN(2) == 0 {
				r := notation.Rank(rng.IntN(13))
				m = avail.Rank(r)
				for m.Len() > 3+rng.IntN(2) {
					c, _ := m.First()
					m = m.Without(c)
				}
			} else {
				s := notation.Suit(rng.IntN(4))
				lo := rng.IntN(11)
				for r := lo; r < min(13, lo+3+rng.IntN(3)); r++ {
					m = m.With(notation.NewCard(notation.Rank(r), s))
				}
			}
			if m.Len() >= 3 && m&h == 0 && m&^avail == 0 && h.Len()+m.Len() <= 10 {
				h |= m
			} else if rng.IntN(8) == 0 {
				break
			}
		}
		for h.Len() < 10 {
			c := notation.CardAt(rng.IntN(52))
			if avail.Has(c) {
				h = h.With(c)
			}
		}
		if MinDeadwood(h) <= 10 {
			return h
		}
	}
}

// nearHand deals 10 cards for the defender, mostly next to the knocker's
// cards so that lay-offs are common.
func nearHand(rng *rand.Rand, knocker notation.CardSet) notation.CardSet {
	var h notation.CardSet
	ks := knocker.Cards()
	for h.Len() < 10 {
		var c notation.Card
		if rng.IntN(3) > 0 {
			k := ks[rng.IntN(len(ks))]
			r := int(k.Rank()) + rng.IntN(5) - 2
			s := k.Suit()
			if rng.IntN(3) == 0 {
				s = notation.Suit(rng.IntN(4))
				r = int(k.Rank())
			}
			if r < 0 || r > 12 {
				continue
			}
			c = notation.NewCard(notation.Rank(r), s)
		} else {
			c = notation.CardAt(rng.IntN(52))
		}
		if !knocker.Has(c) {
			h = h.With(c)
		}
	}
	return h
}

func TestLayoffExamples(t *testing.T) {
	tests := []struct {
		melds    []string
		hand     string
		deadwood int
		layoffs  string
	}{
		// Wikipedia: the fourth king laid off saves 10.
		{[]string{"KC KD KH"}, "KS 2C 3C 4D 5D 6H 7H 8S 9S AD", 45, "KS"},
		// A chain: the six and then the five of diamonds onto 7-8-9.
		{[]string{"7D 8D 9D"}, "5D 6D KC QC JC JH QS 2S 3H 4C", 10 + 10 + 2 + 3 + 4, "5D 6D"},
		// The two of clubs fits the set of twos, but only on the run does
		// it let the ace follow.
		{[]string{"2D 2H 2S", "3C 4C 5C"}, "AC 2C KS KH QC JH 9S 8H 7D 6S", 10 + 10 + 10 + 10 + 9 + 8 + 7 + 6, "AC 2C"},
		// Both ends of a run.
		{[]string{"5H 6H 7H"}, "4H 8H 9H AC AD 2S 3C KS QS JS", 1 + 1 + 2 + 3, "4H 8H 9H"},
		// Laying off would break the defender's own run: keep it.
		{[]string{"8D 9D TD"}, "5D 6D 7D KS KH QC JC 2S 3H 4C", 10 + 10 + 10 + 10 + 2 + 3 + 4, ""},
		// Nothing fits.
		{[]string{"AC 2C 3C"}, "5D 6D 8H KS KH QC JC 2S 3H 9C", 5 + 6 + 8 + 10 + 10 + 10 + 10 + 2 + 3 + 9, ""},
	}
	for _, tt := range tests {
		var ms []notation.CardSet
		for _, m := range tt.melds {
			ms = append(ms, testcards.Hand(t, m))
		}
		sp, err := NewSpread(ms...)
		if err != nil {
			t.Fatal(err)
		}
		dw, laid := BestLayoff(&sp, testcards.Hand(t, tt.hand))
		if dw != tt.deadwood || laid.String() != tt.layoffs {
			t.Errorf("BestLayoff(%v, %s) = %d, %q; want %d, %q", tt.melds, tt.hand, dw, laid, tt.deadwood, tt.layoffs)
		}
	}
}

func TestLayoffAgainstReference(t *testing.T) {
	n := 4_000
	if longtest.Enabled() {
		n = 200_000
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < n; i++ {
		knocker := knockingHand(rng, notation.FullDeck)
		var defender notation.CardSet
		if i%2 == 0 {
			defender = nearHand(rng, knocker)
		} else {
			defender = randomHand(rng, 10)
			for defender&knocker != 0 {
				defender = randomHand(rng, 10)
			}
		}
		spreads := 0
		KnockSpreads(knocker, 10, func(sp Spread, dead notation.CardSet) bool {
			spreads++
			if spreads > 3 {
				return false
			}
			melds := append([]notation.CardSet(nil), sp.Melds[:sp.N]...)
			want, wantSets := refBestLayoff(melds, defender)
			got, laid := BestLayoff(&sp, defender)
			if got != want || !wantSets[laid] {
				t.Fatalf("spread %v vs %s: BestLayoff = %d via %s, reference %d via %v", melds, defender, got, laid, want, wantSets)
			}
			if i%10 == 0 {
				dw, opts := LayoffOptions(&sp, defender)
				if dw != want || len(opts) != len(wantSets) {
					t.Fatalf("spread %v vs %s: LayoffOptions = %d with %d options, reference %d with %d", melds, defender, dw, len(opts), want, len(wantSets))
				}
				for _, o := range opts {
					if len(o.Placements) != o.Layoffs.Len() || len(o.Arrangements) == 0 {
						t.Fatalf("option %+v is incomplete", o)
					}
				}
			}
			return true
		})
		if spreads == 0 {
			t.Fatalf("knocking hand %s has no spread within 10", knocker)
		}
	}
}

// refKnockSpreads lists every collection of disjoint melds of hand with at
// most limit deadwood.
func refKnockSpreads(hand notation.CardSet, limit int) map[string]bool {
	out := map[string]bool{}
	refCollections(hand, func(chosen []notation.CardSet, used notation.CardSet) {
		if (hand &^ used).Value() <= limit {
			out[refKey(chosen)] = true
		}
	})
	return out
}

func TestKnockSpreadsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 5_000; i++ {
		hand := knockingHand(rng, notation.FullDeck)
		if i%3 == 0 {
			hand = denseHand(rng, 10)
		}
		limit := rng.IntN(31)
		want := refKnockSpreads(hand, limit)
		got := map[string]bool{}
		KnockSpreads(hand, limit, func(sp Spread, dead notation.CardSet) bool {
			k := refKey(sp.Melds[:sp.N])
			if got[k] {
				t.Fatalf("hand %s: spread %s visited twice", hand, k)
			}
			if dead != hand&^sp.Cards() || dead.Value() > limit {
				t.Fatalf("hand %s: spread %s with deadwood %s", hand, k, dead)
			}
			got[k] = true
			return true
		})
		if len(got) != len(want) {
			t.Fatalf("hand %s limit %d: %d spreads, reference %d", hand, limit, len(got), len(want))
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("hand %s limit %d: spread %s missing", hand, limit, k)
			}
		}
	}
}

func TestCandidates(t *testing.T) {
	sp, _ := NewSpread(testcards.Hand(t, "7D 8D 9D"), testcards.Hand(t, "KC KD KH"))
	got := Candidates(&sp, testcards.Hand(t, "5D 6D TD KS 2C"))
	want := []string{"6D on 0", "5D on 0 after 6D", "TD on 0", "KS on 1"}
	if len(got) != len(want) {
		t.Fatalf("Candidates = %+v", got)
	}
	for i, c := range got {
		s := c.Card.String() + " on " + string(rune('0'+c.Meld))
		if c.Needs != 0 {
			s += " after " + c.Needs.String()
		}
		if s != want[i] {
			t.Errorf("candidate %d = %q, want %q", i, s, want[i])
		}
	}
}

func TestNewSpreadErrors(t *testing.T) {
	if _, err := NewSpread(testcards.Hand(t, "7D 8D TD")); err == nil {
		t.Error("7D 8D TD accepted as a meld")
	}
	if _, err := NewSpread(testcards.Hand(t, "7D 8D 9D"), testcards.Hand(t, "7C 7D 7H")); err == nil {
		t.Error("overlapping melds accepted")
	}
}

func TestGreedyLayoffMissesRearrangements(t *testing.T) {
	sp, _ := NewSpread(testcards.Hand(t, "5H 6H 7H"))
	hand := testcards.Hand(t, "8H 8C 8D 8S 9H")
	// Exactly: lay off 8H and then 9H, keeping 8C 8D 8S as a set.
	if dw, laid := BestLayoff(&sp, hand); dw != 0 || laid.String() != "8H 9H" {
		t.Errorf("BestLayoff = %d, %s", dw, laid)
	}
	// Greedily: the defender keeps its set of four, and 9H alone does not fit.
	own := Arrangements(hand)[0]
	if laid := GreedyLayoff(&sp, own.Deadwood); laid != 0 {
		t.Errorf("GreedyLayoff laid off %s", laid)
	}
	// Greedy chains still work: 6D, then 5D, onto 7D 8D 9D.
	sp, _ = NewSpread(testcards.Hand(t, "7D 8D 9D"))
	if laid := GreedyLayoff(&sp, testcards.Hand(t, "5D 6D KC")); laid.String() != "5D 6D" {
		t.Errorf("GreedyLayoff chain = %s", laid)
	}
}

// greedyLayoffReference is GreedyLayoff as the EAAI engine states it: scan
// the deadwood from the lowest card, put the first card that makes a meld
// with some meld on the first such meld, and scan again from the start.
func greedyLayoffReference(sp *Spread, deadwood notation.CardSet) notation.CardSet {
	grown := sp.Melds
	var laid notation.CardSet
	for placed := true; placed; {
		placed = false
		for c := range (deadwood &^ laid).All() {
			for i := 0; i < sp.N && !placed; i++ {
				if Classify(grown[i].With(c)) != NotMeld {
					grown[i] = grown[i].With(c)
					laid = laid.With(c)
					placed = true
				}
			}
			if placed {
				break
			}
		}
	}
	return laid
}

// TestGreedyLayoffAgainstReference compares GreedyLayoff with the plain
// scan on random knocks, and on spreads that are not melds or that share
// cards with the deadwood, which the game never gives.
func TestGreedyLayoffAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	for i := 0; i < 30000; i++ {
		deck := notation.FullDeck.Cards()
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		knocker := notation.SetOf(deck[:10+rng.IntN(2)]...)
		defender := notation.SetOf(deck[11:21]...)
		sp, dead, err := FirstArrangement(knocker)
		if err != nil || dead.Value() > 30 {
			continue
		}
		switch i % 5 {
		case 3: // melds and cards that are not
			sp.Melds[rng.IntN(MaxSpread)] = notation.SetOf(deck[30+rng.IntN(3) : 33+rng.IntN(3)]...)
			sp.N = MaxSpread
		case 4: // deadwood that overlaps the melds
			defender |= sp.Cards() & notation.CardSet(rng.Uint64())
		}
		if got, want := GreedyLayoff(&sp, defender), greedyLayoffReference(&sp, defender); got != want {
			t.Fatalf("%v onto %v: laid off %s, want %s", defender, sp.Melds[:sp.N], got, want)
		}
	}
}
