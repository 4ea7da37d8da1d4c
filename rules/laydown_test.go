package rules

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/internal/testmelds"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// rawSpread builds a spread without checking it is melds.
func rawSpread(t testing.TB, melds ...string) meld.Spread {
	t.Helper()
	var sp meld.Spread
	for _, m := range melds {
		sp.Melds[sp.N] = testcards.Hand(t, m)
		sp.N++
	}
	return sp
}

// TestCheckLayDownReasons refuses one lay-down for each reason, and
// accepts a knock, a gin and a big gin: each refusal wraps its sentinel,
// and no other of the lay-down's.
func TestCheckLayDownReasons(t *testing.T) {
	standard, modern := Standard(), Presets()["modern"]
	ten := "AC 2C 3C 7D 7H 7S 9S TS JS KH" // melds AC-3C, 7s, 9S-JS; KH is deadwood
	gin := "AC 2C 3C 7D 7H 7S 8S 9S TS JS"
	eleven := "AC 2C 3C 7D 7H 7S 8S 9S TS JS QS"
	overlap := rawSpread(t, "AC 2C 3C", "AC 2C 3C")
	tooMany := meld.Spread{N: meld.MaxSpread + 1}
	all := []error{ErrNoBigGin, ErrKnockerSize, ErrNotMelds, ErrMeldsNotInHand, ErrOverLimit, ErrNotGin, ErrKnockIsGin, ErrLayoff}
	tests := []struct {
		name  string
		r     Rules
		d     Declaration
		sp    meld.Spread
		hand  string
		limit int
		want  []error // nil: accepted
	}{
		{"knock within the limit", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 9S TS JS"), ten, 10, nil},
		{"knock holding a meld back", standard, DeclareKnock, testmelds.Spread(t, "7D 7H 7S | 8S 9S TS JS"), gin, 10, nil},
		{"gin", standard, DeclareGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS"), gin, 10, nil},
		{"big gin", modern, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS QS"), eleven, 0, nil},
		{"big gin under standard rules", standard, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS QS"), eleven, 0, []error{ErrNoBigGin}},
		{"big gin of ten cards", modern, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS"), gin, 0, []error{ErrKnockerSize}},
		{"knock of eleven cards", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C"), eleven, 10, []error{ErrKnockerSize}},
		{"a group that is no meld", standard, DeclareKnock, rawSpread(t, "AC 2C 3C", "7D 9S KH"), ten, 10, []error{ErrNotMelds}},
		{"a meld laid twice", standard, DeclareKnock, overlap, ten, 10, []error{ErrNotMelds}},
		{"more melds than a spread holds", standard, DeclareKnock, tooMany, ten, 10, []error{ErrNotMelds}},
		{"a meld not held", standard, DeclareKnock, testmelds.Spread(t, "JD QD KD"), ten, 10, []error{ErrMeldsNotInHand}},
		{"knock over the limit", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C"), ten, 10, []error{ErrOverLimit}},
		{"knock over an Oklahoma limit", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 9S TS JS"), ten, 5, []error{ErrOverLimit}},
		{"gin with deadwood", standard, DeclareGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 9S TS JS"), ten, 10, []error{ErrNotGin, ErrOverLimit}},
		{"big gin with deadwood", modern, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS"), eleven, 0, []error{ErrNotGin, ErrOverLimit}},
		{"a knock that is gin", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 8S 9S TS JS"), gin, 10, []error{ErrKnockIsGin}},
	}
	for _, tt := range tests {
		sp := tt.sp
		err := tt.r.CheckLayDown(tt.d, &sp, testcards.Hand(t, tt.hand), tt.limit)
		checkReasons(t, tt.name, err, tt.want, all)
	}
}

// checkReasons checks err wraps every sentinel of want and no other of
// all; an empty want means no error.
func checkReasons(t *testing.T, name string, err error, want, all []error) {
	t.Helper()
	if len(want) == 0 {
		if err != nil {
			t.Errorf("%s: refused: %v", name, err)
		}
		return
	}
	if err == nil {
		t.Errorf("%s: accepted, want %v", name, want)
		return
	}
	for _, s := range all {
		wanted := false
		for _, w := range want {
			wanted = wanted || w == s
		}
		if errors.Is(err, s) != wanted {
			t.Errorf("%s: %q: errors.Is(%q) = %v", name, err, s, !wanted)
		}
	}
}

// TestOverLimitErrorSays: the over-limit error tells the deadwood and the
// limit, or that gin leaves none.
func TestOverLimitErrorSays(t *testing.T) {
	sp := testmelds.Spread(t, "AC 2C 3C")
	err := Standard().CheckLayDown(DeclareKnock, &sp, testcards.Hand(t, "AC 2C 3C 7D 7H 7S 9S TS JS KH"), 10)
	var ol *OverLimitError
	if !errors.As(err, &ol) || ol.Deadwood != 60 || ol.Limit != 10 || ol.Gin || err.Error() != "knocker's deadwood 60 is over the knock limit of 10" {
		t.Errorf("knock: %#v %q", ol, err)
	}
	err = Standard().CheckLayDown(DeclareGin, &sp, testcards.Hand(t, "AC 2C 3C 7D 7H 7S 9S TS JS KH"), 10)
	if !errors.As(err, &ol) || ol.Deadwood != 60 || !ol.Gin || err.Error() != "60 deadwood left, and gin leaves none" {
		t.Errorf("gin: %#v %q", ol, err)
	}
}

// TestCheckDeclarationReasons checks declarations by the hand alone, as
// a record with no melds shows them.
func TestCheckDeclarationReasons(t *testing.T) {
	standard, modern := Standard(), Presets()["modern"]
	all := []error{ErrNoBigGin, ErrKnockerSize, ErrOverLimit, ErrNotGin, ErrKnockIsGin}
	tests := []struct {
		name  string
		r     Rules
		d     Declaration
		hand  string
		limit int
		want  []error
	}{
		{"knock within the limit", standard, DeclareKnock, "AC 2C 3C 7D 7H 7S 9S TS JS KH", 10, nil},
		{"a gin hand may knock", standard, DeclareKnock, "AC 2C 3C 7D 7H 7S 8S 9S TS JS", 10, nil},
		{"gin", standard, DeclareGin, "AC 2C 3C 7D 7H 7S 8S 9S TS JS", 10, nil},
		{"big gin", modern, DeclareBigGin, "AC 2C 3C 7D 7H 7S 8S 9S TS JS QS", 0, nil},
		{"knock over the limit", standard, DeclareKnock, "AC 2C 3C 7D 7H 7S 9S TS JS KH", 9, []error{ErrOverLimit}},
		{"gin with deadwood", standard, DeclareGin, "AC 2C 3C 7D 7H 7S 9S TS JS KH", 10, []error{ErrNotGin, ErrOverLimit}},
		{"big gin not allowed", standard, DeclareBigGin, "AC 2C 3C 7D 7H 7S 8S 9S TS JS QS", 0, []error{ErrNoBigGin}},
		{"big gin of ten", modern, DeclareBigGin, "AC 2C 3C 7D 7H 7S 8S 9S TS JS", 0, []error{ErrKnockerSize}},
	}
	for _, tt := range tests {
		h := testcards.Hand(t, tt.hand)
		err := tt.r.CheckDeclaration(tt.d, h, tt.limit)
		checkReasons(t, tt.name, err, tt.want, all)
		if can := tt.r.CanDeclare(tt.d, h, tt.limit); can != (err == nil) {
			t.Errorf("%s: CanDeclare = %v, CheckDeclaration: %v", tt.name, can, err)
		}
	}
}

// TestCanDeclareIsCheckDeclaration compares the two over random hands,
// and checks CanDeclare allocates nothing.
func TestCanDeclareIsCheckDeclaration(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 29))
	deck := notation.FullDeck.Cards()
	for _, r := range []Rules{Standard(), Presets()["modern"], Presets()["straight"]} {
		for range 2000 {
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			n := 10 + rng.IntN(2)
			h := notation.SetOf(deck[:n]...)
			for d := DeclareKnock; d <= DeclareBigGin; d++ {
				limit := rng.IntN(r.KnockLimit + 1)
				if got, err := r.CanDeclare(d, h, limit), r.CheckDeclaration(d, h, limit); got != (err == nil) {
					t.Fatalf("%s %s with %s at limit %d: CanDeclare %v, CheckDeclaration %v", r.Name, d, h, limit, got, err)
				}
				if sized := r.CheckAllowed(d) == nil && n == d.HandSize(); sized && d.AllowsDeadwood(meld.MinDeadwood(h), limit) != r.CanDeclare(d, h, limit) {
					t.Fatalf("%s %s with %s at limit %d: AllowsDeadwood differs from CanDeclare", r.Name, d, h, limit)
				}
			}
		}
	}
	h, standard := testcards.Hand(t, "AC 2C 3C 7D 7H 7S 9S TS JS KH"), Standard()
	if allocs := testing.AllocsPerRun(100, func() { _ = standard.CanDeclare(DeclareGin, h, 10) }); allocs != 0 {
		t.Errorf("CanDeclare allocates %.1f times", allocs)
	}
}

// TestAllowsDeadwood checks the deadwood each declaration allows: up to
// the limit for a knock, gin's none included; none for gin and big gin.
func TestAllowsDeadwood(t *testing.T) {
	tests := []struct {
		d               Declaration
		deadwood, limit int
		want            bool
	}{
		{DeclareKnock, 10, 10, true},
		{DeclareKnock, 11, 10, false},
		{DeclareKnock, 0, 10, true},
		{DeclareKnock, 0, 0, true},
		{DeclareKnock, 1, 0, false},
		{DeclareGin, 0, 10, true},
		{DeclareGin, 1, 10, false},
		{DeclareBigGin, 0, 0, true},
		{DeclareBigGin, 2, 10, false},
	}
	for _, tt := range tests {
		if got := tt.d.AllowsDeadwood(tt.deadwood, tt.limit); got != tt.want {
			t.Errorf("%s with %d deadwood at limit %d: AllowsDeadwood = %v, want %v", tt.d, tt.deadwood, tt.limit, got, tt.want)
		}
	}
}

// TestCheckHiddenLayDownReasons checks lay-downs by a hand not seen.
func TestCheckHiddenLayDownReasons(t *testing.T) {
	standard, modern := Standard(), Presets()["modern"]
	mayHold := notation.FullDeck &^ testcards.Hand(t, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
	all := []error{ErrNoBigGin, ErrKnockerSize, ErrNotMelds, ErrMeldsNotInHand, ErrNotGin, ErrKnockIsGin}
	tests := []struct {
		name string
		r    Rules
		d    Declaration
		sp   meld.Spread
		want []error
	}{
		{"knock", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C"), nil},
		{"gin", standard, DeclareGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD"), nil},
		{"big gin", modern, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD QD"), nil},
		{"big gin not allowed", standard, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD QD"), []error{ErrNoBigGin}},
		{"not melds", standard, DeclareKnock, rawSpread(t, "AC 2C 3C", "AC 2C 3C"), []error{ErrNotMelds}},
		{"cards it cannot hold", standard, DeclareKnock, testmelds.Spread(t, "AS 2S 3S"), []error{ErrMeldsNotInHand}},
		{"a knock of ten melded cards", standard, DeclareKnock, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD"), []error{ErrKnockIsGin}},
		{"gin of nine cards", standard, DeclareGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD"), []error{ErrNotGin}},
		{"gin of eleven cards", standard, DeclareGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD QD"), []error{ErrKnockerSize}},
		{"big gin of ten cards", modern, DeclareBigGin, testmelds.Spread(t, "AC 2C 3C | 7D 7H 7C | 8D 9D TD JD"), []error{ErrNotGin}},
	}
	for _, tt := range tests {
		sp := tt.sp
		checkReasons(t, tt.name, tt.r.CheckHiddenLayDown(tt.d, &sp, mayHold), tt.want, all)
	}
}

// TestCheckLayoffsReasons refuses lay-offs for each reason.
func TestCheckLayoffsReasons(t *testing.T) {
	sp := testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S")
	defender := testcards.Hand(t, "4C 5C 7C 9D TD JD KS QS 2H 3H")
	dead := testcards.Hand(t, "8S 9H KH JH")
	tests := []struct {
		name  string
		dead  notation.CardSet
		laid  string
		valid bool
	}{
		{"none", dead, "", true},
		{"a run's next cards and the fourth seven", dead, "4C 5C 7C", true},
		{"a card not held", dead, "7S", false},
		{"against gin", 0, "4C", false},
		{"a card that fits no meld", dead, "KS", false},
		{"a card that fits only after one not laid", dead, "5C", false},
	}
	for _, tt := range tests {
		var laid notation.CardSet
		if tt.laid != "" {
			laid = testcards.Hand(t, tt.laid)
		}
		err := CheckLayoffs(&sp, tt.dead, defender, laid)
		if tt.valid != (err == nil) || !tt.valid && !errors.Is(err, ErrLayoff) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestShowdownChecksTheLayDown: the showdown refuses what the rulebook
// refuses.
func TestShowdownChecksTheLayDown(t *testing.T) {
	r := Standard()
	knocker := testcards.Hand(t, "AC 2C 3C 7D 7H 7S 9S TS JS KH")
	defender := testcards.Hand(t, "4C 5C 7C 9D TD JD KS QS 2H 3H")
	for _, tt := range []struct {
		name string
		sp   meld.Spread
		want error
	}{
		{"a meld laid twice", rawSpread(t, "AC 2C 3C", "AC 2C 3C"), ErrNotMelds},
		{"a meld not held", testmelds.Spread(t, "JD QD KD"), ErrMeldsNotInHand},
		{"over the limit", testmelds.Spread(t, "AC 2C 3C"), ErrOverLimit},
	} {
		if _, err := r.KnockWith(tt.sp, knocker, defender, Deal{}); !errors.Is(err, tt.want) {
			t.Errorf("KnockWith, %s: %v, want %v", tt.name, err, tt.want)
		}
	}
	sp := testmelds.Spread(t, "AC 2C 3C | 7D 7H 7S | 9S TS JS")
	if _, err := r.SettleWith(&sp, testcards.Hand(t, "KH"), defender, testcards.Hand(t, "KS"), false, Deal{}); !errors.Is(err, ErrLayoff) {
		t.Errorf("SettleWith a lay-off that fits nothing: %v", err)
	}
}
