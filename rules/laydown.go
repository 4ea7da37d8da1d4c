package rules

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// This file is the rulebook of laying down: what a knock, gin or big gin
// must meld and may leave, and what a defender may lay off. The game's
// moves, a seat's view of the hand, the protocol and the showdown all
// check with these functions, so they cannot disagree.

// Declaration is what a player claims when it ends the hand by laying
// down its melds.
type Declaration uint8

// The declarations.
const (
	// DeclareKnock lays down melds and keeps deadwood within the knock
	// limit.
	DeclareKnock Declaration = iota
	// DeclareGin melds all ten cards left after the discard.
	DeclareGin
	// DeclareBigGin melds all eleven cards, with no discard, where the
	// rules allow it.
	DeclareBigGin
)

var declarationNames = [...]string{"knock", "gin", "big gin"}

// String returns the declaration's name: knock, gin or big gin.
func (d Declaration) String() string {
	if int(d) < len(declarationNames) {
		return declarationNames[d]
	}
	return fmt.Sprintf("Declaration(%d)", uint8(d))
}

// HandSize returns the cards the declarer holds: ten after its discard,
// eleven for big gin, which is declared instead of discarding.
func (d Declaration) HandSize() int {
	if d == DeclareBigGin {
		return 11
	}
	return 10
}

// DeclarationOf returns what laying down sp from hand declares: big gin
// for an eleven-card hand, gin when no deadwood is left, otherwise a
// knock.
func DeclarationOf(hand notation.CardSet, sp *meld.Spread) Declaration {
	switch {
	case hand.Len() == DeclareBigGin.HandSize():
		return DeclareBigGin
	case hand&^sp.Cards() == 0:
		return DeclareGin
	}
	return DeclareKnock
}

// The reasons a lay-down or a lay-off is refused. Every error the checks
// return wraps one of them, so that errors.Is tells them apart; only gin
// with deadwood left wraps two, ErrNotGin and ErrOverLimit.
var (
	// ErrNoBigGin means big gin was declared under rules that do not
	// allow it.
	ErrNoBigGin = errors.New("big gin is not allowed")
	// ErrKnockerSize means the declarer does not hold 10 cards, or 11 for
	// big gin.
	ErrKnockerSize = errors.New("the knocker must hold 10 cards after the discard, or 11 for big gin")
	// ErrNotMelds means what was laid down is not melds: a group that is
	// no set or run, a card in two melds, or too many melds.
	ErrNotMelds = errors.New("not melds")
	// ErrMeldsNotInHand means a laid-down meld uses cards the declarer
	// does not hold, or, for a hand not seen, cannot hold.
	ErrMeldsNotInHand = errors.New("melds use cards the knocker does not hold")
	// ErrOverLimit means a knock leaves deadwood over the knock limit.
	// Gin and big gin with deadwood left wrap it too (their limit is
	// none), besides ErrNotGin.
	ErrOverLimit = errors.New("deadwood over the knock limit")
	// ErrNotGin means gin or big gin was declared with cards left
	// unmelded.
	ErrNotGin = errors.New("deadwood left at gin")
	// ErrKnockIsGin means a knock was declared whose melds leave no
	// deadwood: that is gin, and must be declared as gin.
	ErrKnockIsGin = errors.New("no deadwood is left: that is gin")
	// ErrLayoff means a defender's chosen lay-offs are not its cards, are
	// laid against gin, or do not fit the knocker's melds.
	ErrLayoff = errors.New("cards that cannot be laid off")
)

// LayDownError says why a lay-down or a lay-off is refused: Reason in
// words, Err the reason's sentinel (or a join of it with the cause).
type LayDownError struct {
	Reason string
	Err    error
}

func (e *LayDownError) Error() string { return e.Reason }

// Unwrap returns the reason's sentinel.
func (e *LayDownError) Unwrap() error { return e.Err }

func refuse(why error, format string, args ...any) error {
	return &LayDownError{Reason: fmt.Sprintf(format, args...), Err: why}
}

// OverLimitError says by how much a lay-down leaves too much deadwood.
type OverLimitError struct {
	Deadwood, Limit int
	// Gin says gin or big gin was declared, which leaves no deadwood.
	Gin bool
}

func (e *OverLimitError) Error() string {
	if e.Gin {
		return fmt.Sprintf("%d deadwood left, and gin leaves none", e.Deadwood)
	}
	return fmt.Sprintf("knocker's deadwood %d is over the knock limit of %d", e.Deadwood, e.Limit)
}

// Unwrap returns ErrOverLimit, and ErrNotGin for a gin.
func (e *OverLimitError) Unwrap() []error {
	if e.Gin {
		return []error{ErrOverLimit, ErrNotGin}
	}
	return []error{ErrOverLimit}
}

// CheckAllowed checks that the rules allow the declaration at all: big
// gin only where they say so.
func (r Rules) CheckAllowed(d Declaration) error {
	if !r.allows(d) {
		return ErrNoBigGin
	}
	return nil
}

// allows is CheckAllowed as a bool, cheap enough for CanDeclare to inline.
func (r *Rules) allows(d Declaration) bool { return d != DeclareBigGin || r.BigGin }

// checkDeclarer checks the rules allow d, and the declarer's hand size.
func (r Rules) checkDeclarer(d Declaration, hand notation.CardSet) error {
	if err := r.CheckAllowed(d); err != nil {
		return err
	}
	if n := hand.Len(); n != d.HandSize() {
		return refuse(ErrKnockerSize, "a %s is declared holding %d cards, not %d", d, n, d.HandSize())
	}
	return nil
}

// deadwoodFault returns the sentinel of the rule that deadwood dw breaks
// for declaration d under the knock limit, or nil; it allocates nothing.
// exact says dw is what the melds laid down leave, rather than the
// hand's least: only then does a knock that leaves none become gin.
func deadwoodFault(d Declaration, dw, limit int, exact bool) error {
	switch {
	case d != DeclareKnock && dw > 0:
		return ErrNotGin
	case d == DeclareKnock && exact && dw == 0:
		return ErrKnockIsGin
	case d == DeclareKnock && dw > limit:
		return ErrOverLimit
	}
	return nil
}

// checkDeadwood puts deadwoodFault into words.
func checkDeadwood(d Declaration, dw, limit int, exact bool) error {
	switch deadwoodFault(d, dw, limit, exact) {
	case nil:
		return nil
	case ErrNotGin:
		return &OverLimitError{Deadwood: dw, Gin: true}
	case ErrKnockIsGin:
		return ErrKnockIsGin
	}
	return &OverLimitError{Deadwood: dw, Limit: limit}
}

// CheckMelds checks that sp is melds: at most meld.MaxSpread of them,
// each a set or a run, no card in two.
func CheckMelds(sp *meld.Spread) error {
	if sp.N < 0 || sp.N > meld.MaxSpread {
		return refuse(ErrNotMelds, "a spread holds 0 to %d melds", meld.MaxSpread)
	}
	if _, err := meld.NewSpread(sp.Melds[:sp.N]...); err != nil {
		return &LayDownError{Reason: err.Error(), Err: errors.Join(ErrNotMelds, err)}
	}
	return nil
}

// CheckLayDown checks declaration d laying down sp from hand under the
// knock limit: the rules must allow d, hand must be its size, sp must be
// melds of hand, and what they leave must be deadwood within the limit
// for a knock (but some: a knock that leaves none is gin) and none for
// gin and big gin. It reports the first rule broken, in that order.
func (r Rules) CheckLayDown(d Declaration, sp *meld.Spread, hand notation.CardSet, limit int) error {
	if err := r.checkDeclarer(d, hand); err != nil {
		return err
	}
	if sp.N >= 0 && sp.N <= meld.MaxSpread {
		if extra := sp.Cards() &^ hand; extra != 0 {
			return refuse(ErrMeldsNotInHand, "%s is not in the hand", extra)
		}
	}
	if err := CheckMelds(sp); err != nil {
		return err
	}
	return checkDeadwood(d, (hand &^ sp.Cards()).Value(), limit, true)
}

// CheckDeclaration checks declaration d by hand when its melds are not
// given, as a record that names no melds shows it: the hand's least
// deadwood must be within the limit for a knock, and none for gin and
// big gin. A hand that could go gin may knock too, holding melds back:
// the melds it lays down decide.
func (r Rules) CheckDeclaration(d Declaration, hand notation.CardSet, limit int) error {
	if err := r.checkDeclarer(d, hand); err != nil {
		return err
	}
	return checkDeadwood(d, meld.MinDeadwood(hand), limit, false)
}

// CanDeclare says CheckDeclaration would pass. It allocates nothing, and
// works out the hand's deadwood only when the rest allows d, for the
// players' and rollouts' hot loops. It takes the rules by pointer: a
// copy of them at every discard cost the rollouts several percent.
func (r *Rules) CanDeclare(d Declaration, hand notation.CardSet, limit int) bool {
	return r.allows(d) && d.allowsHand(hand, limit)
}

// allowsHand says hand is d's size, and its least deadwood allows d.
// Kept apart, it leaves CanDeclare small enough to inline, so that a
// player asking of rules that forbid big gin pays for no call.
func (d Declaration) allowsHand(hand notation.CardSet, limit int) bool {
	return hand.Len() == d.HandSize() && d.AllowsDeadwood(meld.MinDeadwood(hand), limit)
}

// AllowsDeadwood says a hand of the right size whose least deadwood is
// deadwood may make declaration d under the knock limit: within the
// limit for a knock (gin included, since a hand that can go gin may
// knock instead), none for gin and big gin. It is the deadwood part of
// CanDeclare, for a caller that has the deadwood already, such as a
// player that goes on to weigh it, or outs counted after the best
// discard; whether the rules allow big gin at all is CheckAllowed's.
func (d Declaration) AllowsDeadwood(deadwood, limit int) bool {
	return deadwoodFault(d, deadwood, limit, false) == nil
}

// CheckHiddenLayDown checks declaration d laying down sp by a player
// whose hand is not seen, as far as can be known: the rules must allow
// d, sp must be melds of cards it may hold (mayHold), and sp must meld
// fewer cards than the hand holds for a knock, all of them for gin and
// big gin.
func (r Rules) CheckHiddenLayDown(d Declaration, sp *meld.Spread, mayHold notation.CardSet) error {
	if err := r.CheckAllowed(d); err != nil {
		return err
	}
	if err := CheckMelds(sp); err != nil {
		return err
	}
	if seen := sp.Cards() &^ mayHold; seen != 0 {
		return refuse(ErrMeldsNotInHand, "%s cannot be in the opponent's hand", seen)
	}
	n, size := sp.Cards().Len(), d.HandSize()
	switch {
	case d == DeclareKnock && n >= size:
		return refuse(ErrKnockIsGin, "%d melded cards is gin: declare gin", n)
	case d == DeclareGin && n != size:
		return refuse(sizeFault(n, size), "gin melds ten cards, not %d", n)
	case d == DeclareBigGin && n != size:
		return refuse(sizeFault(n, size), "big gin melds eleven cards, not %d", n)
	}
	return nil
}

// sizeFault names the fault of a gin that melds n cards of a hand of
// size: too few leave deadwood, too many are more than the hand holds.
func sizeFault(n, size int) error {
	if n < size {
		return ErrNotGin
	}
	return ErrKnockerSize
}

// CheckLayoffs checks the cards a defender chose to lay off on the
// knocker's melds sp: they must be its own, laid against a knock that
// left deadwood (none is laid off against gin), and all fit the melds at
// once.
func CheckLayoffs(sp *meld.Spread, knockerDeadwood, defender, laid notation.CardSet) error {
	switch {
	case laid&^defender != 0:
		return refuse(ErrLayoff, "%s is not in the defender's hand: %v", laid&^defender, ErrLayoff)
	case laid != 0 && knockerDeadwood == 0:
		return refuse(ErrLayoff, "%s laid off against gin: %v", laid, ErrLayoff)
	case len(meld.Placements(sp, laid)) != laid.Len():
		return refuse(ErrLayoff, "%s do not all fit the knocker's melds: %v", laid, ErrLayoff)
	}
	return nil
}
