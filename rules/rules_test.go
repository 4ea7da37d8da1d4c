package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

func TestScoreKnockExamples(t *testing.T) {
	tests := []struct {
		name         string
		rules        Rules
		knocker, def int
		bigGin       bool
		mult         int
		outcome      Outcome
		winner       Side
		points       int
	}{
		// wikiHow's examples.
		{"gin against 21", Standard(), 0, 21, false, 1, Gin, Knocker, 46},
		{"3 against 12", Standard(), 3, 12, false, 1, Knock, Knocker, 9},
		{"10 against 10", Standard(), 10, 10, false, 1, Undercut, Defender, 25},
		{"10 against 6", Standard(), 10, 6, false, 1, Undercut, Defender, 29},
		// Wikipedia's: a knock with 8 against 10 scores 2.
		{"8 against 10", Standard(), 8, 10, false, 1, Knock, Knocker, 2},
		// wikiHow's other scoring system: gin 20, undercut 10 (the uk preset).
		{"uk gin", Presets()["uk"], 0, 21, false, 1, Gin, Knocker, 41},
		{"uk undercut", Presets()["uk"], 10, 6, false, 1, Undercut, Defender, 14},
		{"big gin", Presets()["modern"], 0, 30, true, 1, BigGin, Knocker, 61},
		{"early rules: a tie is no undercut", func() Rules { r := Standard(); r.TieIsUndercut = false; return r }(), 7, 7, false, 1, Knock, Knocker, 0},
		{"spades double", Presets()["oklahoma"], 2, 12, false, 2, Knock, Knocker, 20},
		{"spades double a gin", Presets()["oklahoma"], 0, 12, false, 2, Gin, Knocker, 74},
	}
	for _, tt := range tests {
		h := tt.rules.ScoreKnock(tt.knocker, tt.def, tt.bigGin, tt.mult)
		if h.Outcome != tt.outcome || h.Winner != tt.winner || h.Points != tt.points {
			t.Errorf("%s: %s, want %v: %v scores %d", tt.name, h.Summary(), tt.outcome, tt.winner, tt.points)
		}
		sum := 0
		for _, l := range h.Breakdown() {
			sum += l.Points
		}
		if sum != h.Points {
			t.Errorf("%s: breakdown adds to %d, points %d: %v", tt.name, sum, h.Points, h.Breakdown())
		}
	}
}

func TestPresets(t *testing.T) {
	for _, name := range PresetNames() {
		r, err := Preset(name)
		if err != nil || r.Name != name || r.Validate() != nil {
			t.Errorf("preset %s: %+v, %v, %v", name, r, err, r.Validate())
		}
	}
	if _, err := Preset("nope"); !errors.Is(err, ErrUnknownPreset) {
		t.Errorf("Preset(nope) = %v", err)
	}
	e := Presets()["eaai"]
	if e.KnockLimit != 10 || e.GinBonus != 25 || e.UndercutBonus != 25 || e.Target != 100 || e.BigGin || e.BoxBonus != 0 || e.GameBonus != 0 || !e.GreedyLayoffs {
		t.Errorf("eaai preset = %+v", e)
	}
	m := Presets()["modern"]
	if !m.BigGin || m.BigGinBonus != 31 || m.BoxBonus != 25 || m.GameBonus != 100 || !m.ShutoutDoubles {
		t.Errorf("modern preset = %+v", m)
	}
}

func TestOklahoma(t *testing.T) {
	ok := Presets()["oklahoma"]
	ok.SpadesDouble = true
	tests := []struct {
		upcard string
		limit  int
		mult   int
	}{
		{"4h", 4, 1}, {"4s", 4, 2}, {"Ac", 0, 1}, {"Kd", 10, 1}, {"Ts", 10, 2}, {"9c", 9, 1},
	}
	for _, tt := range tests {
		c, _ := notation.ParseCard(tt.upcard)
		d := Deal{Upcard: c, HasUpcard: true}
		if got := ok.KnockLimitFor(d); got != tt.limit {
			t.Errorf("upcard %s: limit %d, want %d", tt.upcard, got, tt.limit)
		}
		if got := ok.Multiplier(d); got != tt.mult {
			t.Errorf("upcard %s: multiplier %d, want %d", tt.upcard, got, tt.mult)
		}
	}
	if got := Presets()["straight"].KnockLimitFor(Deal{}); got != 0 {
		t.Errorf("straight gin limit %d", got)
	}
	if got := Standard().Multiplier(Deal{Upcard: notation.NewCard(notation.Two, notation.Spades), HasUpcard: true}); got != 1 {
		t.Errorf("standard multiplier %d", got)
	}
}

func TestGameFinal(t *testing.T) {
	g := NewGame(Presets()["modern"])
	g.Record(0, 30)
	g.Record(notation.NoSeat, 0)
	g.Record(0, 40)
	g.Record(0, 35)
	if !g.Over() || g.Hands != 4 {
		t.Fatalf("game over %v after %d hands", g.Over(), g.Hands)
	}
	res := g.Final()
	// 105 hand points, doubled for the shutout, 100 game bonus, 3 boxes of 25.
	if res.Winner != 0 || !res.Shutout || res.Totals[0] != 105*2+100+75 || res.Totals[1] != 0 {
		t.Errorf("Final = %+v", res)
	}
	g = NewGame(Presets()["modern"])
	g.Record(1, 20)
	g.Record(0, 90)
	g.Record(0, 15)
	res = g.Final()
	if res.Winner != 0 || res.Shutout || res.Totals[0] != 105+100+50 || res.Totals[1] != 20+25 {
		t.Errorf("Final = %+v", res)
	}
	// wikiHow's scheme: 100 for the game, 200 if the loser scored nothing,
	// and 20 for each hand won.
	wh := Standard()
	wh.GameBonus, wh.ShutoutBonus, wh.BoxBonus = 100, 100, 20
	g = NewGame(wh)
	g.Record(0, 60)
	g.Record(0, 45)
	if res := g.Final(); res.Totals != [2]int{105 + 200 + 40, 0} {
		t.Errorf("wikiHow shutout Final = %+v", res)
	}
	g.Score, g.HandsWon = [2]int{0, 0}, [2]int{0, 0}
	g.Record(1, 10)
	g.Record(0, 105)
	if res := g.Final(); res.Totals != [2]int{105 + 100 + 20, 10 + 20} {
		t.Errorf("wikiHow Final = %+v", res)
	}
	g = NewGame(Standard())
	g.Record(1, 100)
	if res := g.Final(); res.Totals != [2]int{0, 100} || res.Winner != 1 {
		t.Errorf("standard Final = %+v", res)
	}
}

func TestBestKnockExamples(t *testing.T) {
	// Wikipedia's example: the defender lays off the fourth king.
	r := Standard()
	s, err := r.BestKnock(testcards.Hand(t, "KC KD KH 2S 3S 4S 5D 6D 7D AH"), testcards.Hand(t, "KS QH QC 9H 9C 8S 8C 3H 4H 5C"), Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Layoffs.String() != "KS" || s.Score.DefenderDeadwood != 10+10+9+9+8+8+3+4+5 || s.Score.Points != 65 {
		t.Errorf("BestKnock = %+v layoffs %s", s.Score, s.Layoffs)
	}
	// Laid down whole, 2-3-4 of hearts takes the defender's five and six
	// and the defender ties at 1 for an undercut. Kept back as deadwood, it
	// costs the knocker 9 but leaves the defender 12: a win by 2.
	knocker := testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KC")
	defender := testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD")
	auto, err := r.AutoKnock(knocker, defender, Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if auto.Layoffs.String() != "5H 6H" || auto.Score.Outcome != Undercut || auto.Score.Points != 25 {
		t.Errorf("auto = %+v, layoffs %s", auto.Score, auto.Layoffs)
	}
	best, err := r.BestKnock(knocker, defender, Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if best.Score.Outcome != Knock || best.Score.Points != 2 || best.KnockerDeadwood.String() != "AC 2H 3H 4H" || best.Layoffs != 0 {
		t.Errorf("best = %+v, deadwood %s, layoffs %s", best.Score, best.KnockerDeadwood, best.Layoffs)
	}
	// Knocking with exactly 10 is allowed; with 29 it is refused.
	if _, err := r.BestKnock(testcards.Hand(t, "KC KD KH 2S 3S 4S 5D 6D 7D QH"), defender.Minus(testcards.Hand(t, "KD QD")).Union(testcards.Hand(t, "2C 3C")), Deal{}); err != nil {
		t.Errorf("knock with 10: %v", err)
	}
	var ol *OverLimitError
	_, err = r.BestKnock(testcards.Hand(t, "KC KS KH 2S 3S 4S 5D 6D 8D QH"), testcards.Hand(t, "5H 6H AD 8C 7D 8H TD JD QD KD"), Deal{})
	if !errors.As(err, &ol) || ol.Deadwood != 29 || !errors.Is(err, ErrOverLimit) {
		t.Errorf("knock with 29: %v", err)
	}
	if _, err := r.BestKnock(knocker, knocker, Deal{}); !errors.Is(err, ErrSharedCard) {
		t.Errorf("shared cards: %v", err)
	}
}

func TestBigGinShowdown(t *testing.T) {
	r := Presets()["modern"]
	s, err := r.BestKnock(testcards.Hand(t, "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH"), testcards.Hand(t, "KC KD 2C 3D 4H 6S 8S 9S AC AD"), Deal{})
	if err != nil {
		t.Fatal(err)
	}
	// No lay-offs against big gin: 31 + 10+10+2+3+4+6+8+9+1+1.
	if s.Score.Outcome != BigGin || s.Score.Points != 31+54 || s.Layoffs != 0 {
		t.Errorf("big gin = %+v", s.Score)
	}
	if _, err := Standard().BestKnock(testcards.Hand(t, "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH"), testcards.Hand(t, "KC KD 2C 3D 4H 6S 8S 9S AC AD"), Deal{}); !errors.Is(err, ErrKnockerSize) {
		t.Errorf("11 cards without big gin: %v", err)
	}
}

// refBestNet is the brute-force knocker's best: every spread, settled by
// lay-off subsets checked one by one.
func refBestNet(r Rules, knocker, defender notation.CardSet) int {
	best := -1 << 30
	meld.KnockSpreads(knocker, r.KnockLimit, func(sp meld.Spread, dead notation.CardSet) bool {
		dd := meld.MinDeadwood(defender)
		if dead.Value() > 0 {
			// Try every subset of the defender's cards as lay-offs.
			cards := defender.Cards()
			for mask := 0; mask < 1<<len(cards); mask++ {
				var laid notation.CardSet
				for i, c := range cards {
					if mask>>i&1 != 0 {
						laid = laid.With(c)
					}
				}
				if laid != 0 && !layable(sp.Melds[:sp.N], laid) {
					continue
				}
				dd = min(dd, meld.MinDeadwood(defender&^laid))
			}
		}
		if net := r.ScoreKnock(dead.Value(), dd, false, 1).KnockerNet(); net > best {
			best = net
		}
		return true
	})
	return best
}

func layable(melds []notation.CardSet, laid notation.CardSet) bool {
	if laid == 0 {
		return true
	}
	for c := range laid.All() {
		for i, m := range melds {
			if meld.Classify(m.With(c)) == meld.NotMeld {
				continue
			}
			grown := append([]notation.CardSet(nil), melds...)
			grown[i] = m.With(c)
			if layable(grown, laid.Without(c)) {
				return true
			}
		}
	}
	return false
}

func TestBestKnockAgainstReference(t *testing.T) {
	for _, d := range showdownDeals(300) {
		s, err := Standard().BestKnock(d[0], d[1], Deal{})
		if err != nil {
			t.Fatal(err)
		}
		if want := refBestNet(Standard(), d[0], d[1]); s.Score.KnockerNet() != want {
			t.Fatalf("%s vs %s: best net %d, reference %d", d[0], d[1], s.Score.KnockerNet(), want)
		}
	}
}

// TestContradictoryRules checks that combinations with no meaning are
// refused, each with a message that says why.
func TestContradictoryRules(t *testing.T) {
	straight := Presets()["straight"]
	straight.KnockLimit = 10
	okStraight := Presets()["oklahoma"]
	okStraight.StraightGin, okStraight.KnockLimit = true, 0
	spades := Standard()
	spades.SpadesDouble = true
	for _, tt := range []struct {
		name string
		r    Rules
		want string
	}{
		{"straight gin with a knock limit", straight, "knock limit is 0"},
		{"Oklahoma and straight gin", okStraight, "choose one"},
		{"spade doubling without Oklahoma", spades, "Oklahoma rule"},
	} {
		if err := tt.r.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	for name, r := range Presets() {
		if err := r.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
}
