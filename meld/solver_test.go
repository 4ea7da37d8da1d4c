package meld

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/notation"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		cards string
		want  Kind
	}{
		{"AS 2S 3S", Run},
		{"QS KS AS", NotMeld}, // aces are low only
		{"KS AS 2S", NotMeld}, // no wrap
		{"7C 7D 7H", Set},
		{"7C 7D 7H 7S", Set},
		{"7C 7D", NotMeld},
		{"5H 6H 7H 8H 9H TH JH QH KH", Run},
		{"5H 6H 8H", NotMeld},
		{"5H 6H 7D", NotMeld},
		{"5H 5D 6H 6D", NotMeld},
	}
	for _, tt := range tests {
		if got := Classify(testcards.Hand(t, tt.cards)); got != tt.want {
			t.Errorf("Classify(%s) = %v, want %v", tt.cards, got, tt.want)
		}
	}
}

func TestRunTable(t *testing.T) {
	// Spot checks of the per-suit run table against hand-worked values.
	tests := []struct {
		ranks string // ranks of one suit
		want  int
	}{
		{"", 0},
		{"A", 1},
		{"A23", 0},
		{"A24", 7},
		{"A2345", 0},
		{"QKA", 21}, // no wrap: A, Q, K all deadwood
		{"9TJQK", 0},
		{"23 56", 16},
		{"2345 789", 0},
	}
	for _, tt := range tests {
		var m uint16
		for _, r := range tt.ranks {
			if r == ' ' {
				continue
			}
			c, err := notation.ParseCard(string(r) + "s")
			if err != nil {
				t.Fatal(err)
			}
			m |= 1 << c.Rank()
		}
		if got := int(runDeadwood[m]); got != tt.want {
			t.Errorf("runDeadwood[%s] = %d, want %d", tt.ranks, got, tt.want)
		}
	}
}

func TestMinDeadwoodExamples(t *testing.T) {
	tests := []struct {
		name string
		hand string
		want int
	}{
		// The rules documents' 11-card hand: three kings and 38 points.
		{"three kings, 38 points", "KC KD KH AS 2H 3C 4D 5S 6H 8C 9D", 38},
		// Wikipedia: the 7 of diamonds fits the set or the run, not both.
		{"shared seven", "7C 7S 7D 8D 9D", 14},
		{"gin, set of four and two runs", "7C 7D 7H 7S 3S 4S 5S 9H TH JH", 0},
		{"big gin", "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH", 0},
		{"no melds", "AC 3D 5H 7S 9C JD KH 2S 4C 6D", 1 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6},
		{"OpenSpiel's counterexample", "3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S", 6},
		// wikiHow's gin hand: sevens, 3-4-5 of spades, tens, and a discard.
		{"wikiHow gin before the discard", "7C 7D 7H 7S 3S 4S 5S TC TD TH KC", 10},
		// wikiHow's knock: three sevens, 3-4-5 of spades, and a 2, a 7 and an
		// ace, which it counts as 10. With four sevens the fourth melds
		// too, leaving only the 2 and the ace.
		{"wikiHow knock", "7C 7D 7H 3S 4S 5S 2D 7S AC", 3},
		{"empty", "", 0},
	}
	for _, tt := range tests {
		var h notation.CardSet
		if tt.hand != "" {
			h = testcards.Hand(t, tt.hand)
		}
		if got := MinDeadwood(h); got != tt.want {
			t.Errorf("%s: MinDeadwood(%s) = %d, want %d", tt.name, tt.hand, got, tt.want)
		}
	}
}

func TestWikiHowGinAfterDiscard(t *testing.T) {
	c, dw, _ := BestDiscard(testcards.Hand(t, "7C 7D 7H 7S 3S 4S 5S TC TD TH KC"))
	if c.String() != "KC" || dw != 0 {
		t.Errorf("BestDiscard = %v %d, want KC 0 (gin)", c, dw)
	}
}

func TestBestDiscardBeatsOpenSpielShortcut(t *testing.T) {
	// Melding all 11 cards and dropping the highest deadwood card leaves 3
	// here; discarding the six of spades is gin.
	h := testcards.Hand(t, "3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S")
	c, dw, ok := BestDiscard(h)
	if !ok || c.String() != "6S" || dw != 0 {
		t.Fatalf("BestDiscard = %v %d %v, want 6S 0 true", c, dw, ok)
	}
	ds := Discards(h)
	if ds[0].Card.String() != "6S" || ds[0].Deadwood != 0 {
		t.Fatalf("Discards[0] = %+v, want 6S 0", ds[0])
	}
}

func TestArrangementsExamples(t *testing.T) {
	tests := []struct {
		hand string
		want []string
	}{
		{"7C 7S 7D 8D 9D", []string{"7D 8D 9D [7C 7S]"}},
		// A six-card run and its split are two arrangements.
		{"AS 2S 3S 4S 5S 6S", []string{"AS 2S 3S 4S 5S 6S", "AS 2S 3S | 4S 5S 6S"}},
		// A set of four, and each of its four sets of three with the odd
		// card in a run.
		{"7C 7D 7H 7S 8S 9S", []string{"7C 7D 7H | 7S 8S 9S"}},
		{"5H 5D 5C 6H 7H 5S", []string{"5C 5D 5S | 5H 6H 7H"}},
	}
	for _, tt := range tests {
		got := Arrangements(testcards.Hand(t, tt.hand))
		if len(got) != len(tt.want) {
			t.Errorf("Arrangements(%s) = %v, want %v", tt.hand, got, tt.want)
			continue
		}
		for i := range got {
			if got[i].String() != tt.want[i] {
				t.Errorf("Arrangements(%s)[%d] = %q, want %q", tt.hand, i, got[i], tt.want[i])
			}
		}
	}
}

// checkAgainstReference compares the fast solver with the reference on one
// hand, failing the test on any difference.
func checkAgainstReference(t *testing.T, h notation.CardSet) {
	t.Helper()
	wantMin, wantKeys := refSolve(h)
	if got := MinDeadwood(h); got != wantMin {
		t.Fatalf("MinDeadwood(%s) = %d, reference %d", h, got, wantMin)
	}
	arrs := Arrangements(h)
	seen := map[string]bool{}
	for _, a := range arrs {
		var melds []notation.CardSet
		var used notation.CardSet
		for _, m := range a.Melds {
			if Classify(m.Cards) != m.Kind || m.Kind == NotMeld {
				t.Fatalf("hand %s: %v is not a %v", h, m.Cards, m.Kind)
			}
			if used&m.Cards != 0 {
				t.Fatalf("hand %s: melds overlap in %v", h, a)
			}
			used |= m.Cards
			melds = append(melds, m.Cards)
		}
		if used|a.Deadwood != h || used&a.Deadwood != 0 {
			t.Fatalf("hand %s: arrangement %v does not partition the hand", h, a)
		}
		if a.Points() != wantMin {
			t.Fatalf("hand %s: arrangement %v has %d points, want %d", h, a, a.Points(), wantMin)
		}
		k := refKey(melds)
		if seen[k] {
			t.Fatalf("hand %s: arrangement %v listed twice", h, a)
		}
		seen[k] = true
		if !wantKeys[k] {
			t.Fatalf("hand %s: arrangement %v is not minimal per the reference", h, a)
		}
	}
	if len(seen) != len(wantKeys) {
		t.Fatalf("hand %s: %d arrangements, reference has %d: %v", h, len(seen), len(wantKeys), arrs)
	}
}

func TestAgainstReference(t *testing.T) {
	n := 16_000
	if longtest.Enabled() {
		n = 2_000_000
	}
	if testing.Short() {
		n = 10_000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		size := 10 + i%2
		var h notation.CardSet
		if i%4 < 2 {
			h = randomHand(rng, size)
		} else {
			h = denseHand(rng, size)
		}
		checkAgainstReference(t, h)
	}
}

func TestAgainstReferenceOtherSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 5_000; i++ {
		size := 1 + rng.IntN(14)
		if i%2 == 0 {
			checkAgainstReference(t, randomHand(rng, size))
		} else {
			checkAgainstReference(t, denseHand(rng, min(size, 16)))
		}
	}
}

func TestBestDiscardAgainstReference(t *testing.T) {
	n := 3_000
	if longtest.Enabled() {
		n = 500_000
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < n; i++ {
		var h notation.CardSet
		if i%2 == 0 {
			h = randomHand(rng, 11)
		} else {
			h = denseHand(rng, 11)
		}
		ds := Discards(h)
		best := 1 << 30
		for c := range h.All() {
			want, _ := refSolve(h.Without(c))
			best = min(best, want)
			found := false
			for _, d := range ds {
				if d.Card == c {
					found = true
					if d.Deadwood != want {
						t.Fatalf("hand %s: discarding %v leaves %d, reference %d", h, c, d.Deadwood, want)
					}
				}
			}
			if !found {
				t.Fatalf("hand %s: no discard entry for %v", h, c)
			}
		}
		c, dw, ok := BestDiscard(h)
		if !ok || dw != best || c != ds[0].Card || ds[0].Deadwood != best {
			t.Fatalf("hand %s: BestDiscard = %v %d, Discards[0] = %+v, reference best %d", h, c, dw, ds[0], best)
		}
	}
}

func TestLargeHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	// The rank-by-rank programme against the set enumeration, on hands
	// small enough for the enumeration: 1,000, with -long 3,000.
	small := 1_000
	if longtest.Enabled() {
		small = 3_000
	}
	for i := 0; i < small; i++ {
		size := 1 + rng.IntN(24)
		h := randomHand(rng, size)
		if i%2 == 1 {
			h = denseHand(rng, min(size, 20))
		}
		var opts [notation.NumRanks][6]uint64
		var count [notation.NumRanks]uint8
		ch := choices{opts: opts[:], count: count[:]}
		rest, _ := prepare(uint64(h), &ch)
		if ch.leaves() > maxLeaves {
			continue
		}
		if got, want := minDeadwoodByRank(uint64(h)), ch.best(rest, 0); got != want {
			t.Fatalf("hand %s: by rank %d, by set choices %d", h, got, want)
		}
	}
	if got := MinDeadwood(notation.FullDeck); got != 0 {
		t.Errorf("MinDeadwood(full deck) = %d", got)
	}
	// Every card of a suit but the king, and the four kings: all meld.
	h := notation.FullDeck.Minus(testcards.Hand(t, "KC KD KH KS")).Union(testcards.Hand(t, "KC KD KH"))
	if got := MinDeadwood(h); got != 0 {
		t.Errorf("MinDeadwood(%s) = %d, want 0", h, got)
	}
	h = testcards.Hand(t, "c:A2345678 d:A2345678 h:A2345678 s:A2345678 KC KD")
	if got := MinDeadwood(h); got != 20 {
		t.Errorf("MinDeadwood(%s) = %d, want 20", h, got)
	}
}

func TestGroupSplits(t *testing.T) {
	// A nine-card run splits into 3+3+3, 3+6, 6+3, 4+5, 5+4 and more; all
	// group under the whole run.
	h := testcards.Hand(t, "s:A23456789 KD")
	arrs := Arrangements(h)
	groups := GroupSplits(arrs)
	if len(groups) != 1 || groups[0].Count != len(arrs) || len(groups[0].Arrangement.Melds) != 1 || len(arrs) < 5 {
		t.Fatalf("%d arrangements in %d groups: %+v", len(arrs), len(groups), groups)
	}
	// A set or a run of tens with the same deadwood: two groups.
	h = testcards.Hand(t, "TC TD TH JH QH")
	if g := GroupSplits(Arrangements(h)); len(g) != 2 || g[0].Count != 1 || g[1].Count != 1 {
		t.Fatalf("set and run grouped together: %+v", g)
	}
}

// TestRunTableExhaustive checks every entry of the run-only deadwood table
// against a brute force that tries every way to pick disjoint runs from the
// mask: all 8,192 one-suit rank masks.
func TestRunTableExhaustive(t *testing.T) {
	var brute func(m uint16) int
	brute = func(m uint16) int {
		// Deadwood with no run at all, then every run inside m, each tried
		// as the first run taken.
		best := 0
		for r := 0; r < notation.NumRanks; r++ {
			if m&(1<<r) != 0 {
				best += int(notation.NewCard(notation.Rank(r), notation.Spades).Value())
			}
		}
		for lo := 0; lo < notation.NumRanks; lo++ {
			for hi := lo + 2; hi < notation.NumRanks; hi++ {
				run := uint16(1<<(hi+1)-1) &^ uint16(1<<lo-1)
				if m&run != run {
					break
				}
				if d := brute(m &^ run); d < best {
					best = d
				}
			}
		}
		return best
	}
	for m := 0; m < 1<<notation.NumRanks; m++ {
		if got, want := int(runDeadwood[m]), brute(uint16(m)); got != want {
			t.Fatalf("runDeadwood[%013b] = %d, brute force says %d", m, got, want)
		}
	}
}

// TestMeldableAndInMeld checks the membership bit tricks against the list
// of every meld of the hand, on random and dense hands of 1 to 14 cards.
func TestMeldableAndInMeld(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 71))
	for i := 0; i < 20000; i++ {
		h := alternateHand(rng, i)
		var all [maxMelds]notation.CardSet
		var want notation.CardSet
		for _, m := range all[:allMelds(h, &all)] {
			want |= m
		}
		if got := Meldable(h); got != want {
			t.Fatalf("Meldable(%s) = %s, want %s", h, got, want)
		}
		for c := range h.All() {
			if got := InMeld(h, c); got != want.Has(c) {
				t.Fatalf("InMeld(%s, %s) = %v", h, c, got)
			}
		}
	}
}

// TestVisitArrangements checks the visitor and the appending form against
// Arrangements: the same arrangements, the same order once sorted, and the
// right deadwood, on random and dense hands of 1 to 20 cards.
func TestVisitArrangements(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	var buf []Spread
	for i := 0; i < 20000; i++ {
		h := alternateHand(rng, i)
		want := Arrangements(h)
		seen := map[Spread]bool{}
		err := VisitArrangements(h, func(sp Spread, dead notation.CardSet) bool {
			sortSpread(&sp)
			if seen[sp] {
				t.Fatalf("%s: %v visited twice", h, sp)
			}
			seen[sp] = true
			if dead != h&^sp.Cards() || dead.Value() != MinDeadwood(h) {
				t.Fatalf("%s: %v with deadwood %s", h, sp, dead)
			}
			return true
		})
		if err != nil || len(seen) != len(want) {
			t.Fatalf("%s: visited %d arrangements, want %d (%v)", h, len(seen), len(want), err)
		}
		buf, err = AppendArrangements(buf[:0], h)
		if err != nil || len(buf) != len(want) {
			t.Fatalf("%s: appended %d, want %d (%v)", h, len(buf), len(want), err)
		}
		if first, dead, err := FirstArrangement(h); err != nil || first != want[0].Spread() || dead != want[0].Deadwood {
			t.Fatalf("%s: first arrangement %v [%s], want %v", h, first, dead, want[0])
		}
		for j, a := range want {
			if buf[j] != a.Spread() {
				t.Fatalf("%s: arrangement %d is %v, want %v", h, j, buf[j], a.Spread())
			}
		}
	}
	// Stopping early stops.
	n := 0
	_ = VisitArrangements(testcards.Hand(t, "s:A23456789TJQK"), func(Spread, notation.CardSet) bool { n++; return false })
	if n != 1 {
		t.Errorf("visited %d after stopping", n)
	}
	// Too many melds for a spread: nine sets, among others.
	if err := VisitArrangements(testcards.Hand(t, "c:A23456789 d:A23456789 h:A23456789"), func(Spread, notation.CardSet) bool { return true }); !errors.Is(err, ErrSpreadFull) {
		t.Errorf("the full deck: %v", err)
	}
}

// alternateHand draws the i-th test hand of 1 to 14 cards: random hands and
// dense ones in turn.
func alternateHand(rng *rand.Rand, i int) notation.CardSet {
	if i%2 == 0 {
		return randomHand(rng, 1+i%14)
	}
	return denseHand(rng, 1+i%14)
}

// TestCompletionsExhaustive checks Completions against its definition on
// random hands: a card belongs to it exactly when it lies in some meld of
// the hand plus the card.
func TestCompletionsExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 3000; i++ {
		var hand notation.CardSet
		for hand.Len() < 1+i%11 {
			hand = hand.With(notation.Card(rng.IntN(4)<<4 | rng.IntN(13)))
		}
		got := Completions(hand)
		for c := range (notation.FullDeck &^ hand).All() {
			if want := InMeld(hand.With(c), c); got.Has(c) != want {
				t.Fatalf("hand %s, card %s: in Completions %v, in a meld %v", hand, c, got.Has(c), want)
			}
		}
	}
}

// TestSoleArrangement checks the walk-free path of FirstArrangement and
// AppendArrangements against Arrangements: whenever it answers, the hand
// has exactly that one minimal arrangement. It must also answer for most
// random ten-card hands, or it spares nothing.
func TestSoleArrangement(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 88))
	answered := 0
	const tens = 20000
	for i := 0; i < 2*tens; i++ {
		h := alternateHand(rng, i)
		if i < tens {
			h = randomHand(rng, 10)
		}
		sp, dead, ok := soleArrangement(uint64(h))
		if !ok {
			continue
		}
		if i < tens {
			answered++
		}
		want := Arrangements(h)
		if len(want) != 1 || sp != want[0].Spread() || dead != want[0].Deadwood {
			t.Fatalf("%s: sole arrangement %v [%s], want %v", h, sp, dead, want)
		}
	}
	if answered < tens/2 {
		t.Errorf("answered for %d of %d random ten-card hands", answered, tens)
	}
	for _, c := range []struct {
		hand string
		ok   bool
	}{
		{"s:23456 h:5 d:5", false},    // 5s fits a run and a set
		{"s:A23456", false},           // splits into two runs
		{"c:A23456789", false},        // splits three ways
		{"s:A h:A d:A c:A s:2", true}, // a set of four, a single
		{"s:A2345 h:9TJ d:K", true},
	} {
		if _, _, ok := soleArrangement(uint64(testcards.Hand(t, c.hand))); ok != c.ok {
			t.Errorf("%s: answered %v, want %v", c.hand, ok, c.ok)
		}
	}
}
