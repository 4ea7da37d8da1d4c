package rules

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Errors from settling a knock, besides the lay-down's (see CheckLayDown).
var (
	// ErrDefenderSize means the defender does not hold 10 cards.
	ErrDefenderSize = errors.New("the defender must hold 10 cards")
	// ErrSharedCard means a card is in both hands.
	ErrSharedCard = errors.New("card in both hands")
)

// Showdown is a settled knock: what the knocker laid down, what the
// defender laid off, and the score.
type Showdown struct {
	Spread          meld.Spread
	KnockerDeadwood notation.CardSet
	Layoffs         notation.CardSet
	Score           HandScore
}

// Settle scores a knock with a given spread. The defender lays off for
// its least deadwood (or greedily, under GreedyLayoffs), except against gin
// and big gin. bigGin says the
// knocker melded 11 cards.
func (r Rules) Settle(sp *meld.Spread, knockerDeadwood, defender notation.CardSet, bigGin bool, d Deal) Showdown {
	s := Showdown{Spread: *sp, KnockerDeadwood: knockerDeadwood}
	kd := knockerDeadwood.Value()
	var dd int
	switch {
	case kd == 0:
		dd = meld.MinDeadwood(defender)
	case r.GreedyLayoffs:
		_, own, _ := meld.FirstArrangement(defender)
		s.Layoffs = meld.GreedyLayoff(sp, own)
		dd = (own &^ s.Layoffs).Value()
	default:
		dd, s.Layoffs = meld.BestLayoff(sp, defender)
	}
	s.Score = r.ScoreKnock(kd, dd, bigGin && kd == 0, r.Multiplier(d))
	return s
}

// SettleWith scores a knock as Settle does, but with the lay-offs the
// defender chose rather than the rules' choice: any of its cards that fit
// the knocker's melds, or none. Its other cards meld for its least
// deadwood. Sources such as OpenSpiel let the defender choose, and a
// record is scored as it was played.
func (r Rules) SettleWith(sp *meld.Spread, knockerDeadwood, defender, laid notation.CardSet, bigGin bool, d Deal) (Showdown, error) {
	if err := CheckLayoffs(sp, knockerDeadwood, defender, laid); err != nil {
		return Showdown{}, err
	}
	kd := knockerDeadwood.Value()
	s := Showdown{Spread: *sp, KnockerDeadwood: knockerDeadwood, Layoffs: laid}
	s.Score = r.ScoreKnock(kd, meld.MinDeadwood(defender&^laid), bigGin && kd == 0, r.Multiplier(d))
	return s, nil
}

// cards writes n cards, as a person would: "1 card", "9 cards".
func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// CheckHands checks the sizes of the two hands and that they share no card.
func CheckHands(knocker, defender notation.CardSet, r Rules) error {
	if n := knocker.Len(); n != 10 && !(n == 11 && r.BigGin) {
		return fmt.Errorf("knocker holds %s: %w", cards(n), ErrKnockerSize)
	}
	if n := defender.Len(); n != 10 {
		return fmt.Errorf("defender holds %s: %w", cards(n), ErrDefenderSize)
	}
	if both := knocker & defender; both != 0 {
		return fmt.Errorf("%w: %s", ErrSharedCard, both)
	}
	return nil
}

// BestKnock settles a knock where the knocker lays down the spread that is
// best for it against this defender: the most points won, or the fewest
// lost. It may be a spread that is not minimal, as long as it is within the
// knock limit. Ties go to the spread with less knocker deadwood, then to
// fewer melds. An
// 11-card knocker must meld all 11 cards (big gin).
func (r Rules) BestKnock(knocker, defender notation.CardSet, d Deal) (Showdown, error) {
	decl, limit, err := r.knockTerms(knocker, defender, d)
	if err == nil {
		err = r.CheckDeclaration(decl, knocker, limit)
	}
	if err != nil {
		return Showdown{}, err
	}
	return r.bestKnock(knocker, defender, limit, decl == DeclareBigGin, d), nil
}

// bestKnock is BestKnock without the checks; it allocates nothing.
func (r Rules) bestKnock(knocker, defender notation.CardSet, limit int, bigGin bool, d Deal) Showdown {
	var best Showdown
	found := false
	meld.KnockSpreads(knocker, limit, func(sp meld.Spread, dead notation.CardSet) bool {
		s := r.Settle(&sp, dead, defender, bigGin, d)
		if !found || better(s, best) {
			best, found = s, true
		}
		return true
	})
	return best
}

// better orders showdowns for the knocker: more points to it, then less
// deadwood laid down, then fewer melds.
func better(a, b Showdown) bool {
	if na, nb := a.Score.KnockerNet(), b.Score.KnockerNet(); na != nb {
		return na > nb
	}
	if a.Score.KnockerDeadwood != b.Score.KnockerDeadwood {
		return a.Score.KnockerDeadwood < b.Score.KnockerDeadwood
	}
	return a.Spread.N < b.Spread.N
}

// AutoKnock settles a knock where the knocker lays down its first minimal
// arrangement, as a program that does not look at the defender would.
func (r Rules) AutoKnock(knocker, defender notation.CardSet, d Deal) (Showdown, error) {
	decl, limit, err := r.knockTerms(knocker, defender, d)
	if err == nil {
		err = r.CheckDeclaration(decl, knocker, limit)
	}
	if err != nil {
		return Showdown{}, err
	}
	a := meld.Arrangements(knocker)[0]
	sp := a.Spread()
	return r.Settle(&sp, a.Deadwood, defender, decl == DeclareBigGin, d), nil
}

// knockTerms checks the hands and returns what the knocker declares with
// its melds not yet chosen (big gin for eleven cards, otherwise a knock,
// which may turn out gin) and the knock limit in force.
func (r Rules) knockTerms(knocker, defender notation.CardSet, d Deal) (Declaration, int, error) {
	if err := CheckHands(knocker, defender, r); err != nil {
		return 0, 0, err
	}
	if knocker.Len() == DeclareBigGin.HandSize() {
		return DeclareBigGin, 0, nil
	}
	return DeclareKnock, r.KnockLimitFor(d), nil
}

// KnockWith settles a knock with the melds the knocker chose to lay down.
// The knocker's other cards are its deadwood, which must be within the
// limit.
func (r Rules) KnockWith(sp meld.Spread, knocker, defender notation.CardSet, d Deal) (Showdown, error) {
	_, limit, err := r.knockTerms(knocker, defender, d)
	decl := DeclarationOf(knocker, &sp)
	if err == nil {
		err = r.CheckLayDown(decl, &sp, knocker, limit)
	}
	if err != nil {
		return Showdown{}, err
	}
	return r.Settle(&sp, knocker&^sp.Cards(), defender, decl == DeclareBigGin, d), nil
}
