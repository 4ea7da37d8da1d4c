package rules

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Errors from settling a knock.
var (
	// ErrOverLimit means the knocker's deadwood is over the knock limit.
	ErrOverLimit = errors.New("deadwood over the knock limit")
	// ErrKnockerSize means the knocker does not hold 10 cards, or 11 for
	// big gin.
	ErrKnockerSize = errors.New("the knocker must hold 10 cards after the discard, or 11 for big gin")
	// ErrDefenderSize means the defender does not hold 10 cards.
	ErrDefenderSize = errors.New("the defender must hold 10 cards")
	// ErrSharedCard means a card is in both hands.
	ErrSharedCard = errors.New("card in both hands")
	// ErrMeldsNotInHand means a laid-down meld uses cards the knocker does
	// not hold.
	ErrMeldsNotInHand = errors.New("melds use cards the knocker does not hold")
	// ErrLayoff means a defender's chosen lay-offs are not its cards, are
	// laid against gin, or do not fit the knocker's melds.
	ErrLayoff = errors.New("cards that cannot be laid off")
)

// OverLimitError says by how much a knock is over the limit.
type OverLimitError struct {
	Deadwood, Limit int
}

func (e *OverLimitError) Error() string {
	return fmt.Sprintf("knocker's deadwood %d is over the knock limit of %d", e.Deadwood, e.Limit)
}

func (e *OverLimitError) Unwrap() error { return ErrOverLimit }

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
	kd := knockerDeadwood.Value()
	switch {
	case laid&^defender != 0:
		return Showdown{}, fmt.Errorf("%s is not in the defender's hand: %w", laid&^defender, ErrLayoff)
	case laid != 0 && kd == 0:
		return Showdown{}, fmt.Errorf("%s laid off against gin: %w", laid, ErrLayoff)
	case len(meld.Placements(sp, laid)) != laid.Len():
		return Showdown{}, fmt.Errorf("%s do not all fit the knocker's melds: %w", laid, ErrLayoff)
	}
	s := Showdown{Spread: *sp, KnockerDeadwood: knockerDeadwood, Layoffs: laid}
	s.Score = r.ScoreKnock(kd, meld.MinDeadwood(defender&^laid), bigGin && kd == 0, r.Multiplier(d))
	return s, nil
}

// CheckHands checks the sizes of the two hands and that they share no card.
func CheckHands(knocker, defender notation.CardSet, r Rules) error {
	if n := knocker.Len(); n != 10 && !(n == 11 && r.BigGin) {
		return fmt.Errorf("knocker holds %d cards: %w", n, ErrKnockerSize)
	}
	if n := defender.Len(); n != 10 {
		return fmt.Errorf("defender holds %d cards: %w", n, ErrDefenderSize)
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
	limit, bigGin, err := r.knockTerms(knocker, defender, d)
	if err != nil {
		return Showdown{}, err
	}
	if dw := meld.MinDeadwood(knocker); dw > limit {
		return Showdown{}, &OverLimitError{Deadwood: dw, Limit: limit}
	}
	return r.bestKnock(knocker, defender, limit, bigGin, d), nil
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
	limit, bigGin, err := r.knockTerms(knocker, defender, d)
	if err != nil {
		return Showdown{}, err
	}
	a := meld.Arrangements(knocker)[0]
	if dw := a.Points(); dw > limit {
		return Showdown{}, &OverLimitError{Deadwood: dw, Limit: limit}
	}
	sp := a.Spread()
	return r.Settle(&sp, a.Deadwood, defender, bigGin, d), nil
}

// knockTerms checks the hands and returns the knock limit in force and
// whether the knock is big gin, which allows no deadwood at all.
func (r Rules) knockTerms(knocker, defender notation.CardSet, d Deal) (limit int, bigGin bool, err error) {
	if err := CheckHands(knocker, defender, r); err != nil {
		return 0, false, err
	}
	if knocker.Len() == 11 {
		return 0, true, nil
	}
	return r.KnockLimitFor(d), false, nil
}

// KnockWith settles a knock with the melds the knocker chose to lay down.
// The knocker's other cards are its deadwood, which must be within the
// limit.
func (r Rules) KnockWith(sp meld.Spread, knocker, defender notation.CardSet, d Deal) (Showdown, error) {
	limit, bigGin, err := r.knockTerms(knocker, defender, d)
	if err != nil {
		return Showdown{}, err
	}
	if extra := sp.Cards() &^ knocker; extra != 0 {
		return Showdown{}, fmt.Errorf("%s: %w", extra, ErrMeldsNotInHand)
	}
	dead := knocker &^ sp.Cards()
	if dw := dead.Value(); dw > limit {
		return Showdown{}, &OverLimitError{Deadwood: dw, Limit: limit}
	}
	return r.Settle(&sp, dead, defender, bigGin, d), nil
}
