// Package engine plays gin rummy: it deals, runs the first-upcard offer,
// the draw and discard turns, knocking, gin and lay-offs, and whole games
// to the target under any rule set, with reproducible shuffles. Players see
// only their own view of the table.
package engine

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// View is what one player may know: its hand, the discard pile, the stock
// count, what the opponent did in the open, the scores and the rules.
// The engine fills a fresh copy before every call, so a player that changes
// it changes nothing else.
type View struct {
	Seat       int
	Rules      rules.Rules
	KnockLimit int // for this hand (Oklahoma and straight gin change it)
	HandNumber int // 1-based, within the game
	Dealer     int
	Scores     [2]int // by seat

	Hand notation.CardSet
	// Pile is the discard pile, bottom first; its last card is the upcard.
	Pile       []notation.Card
	StockCount int

	// FirstOffer is set while deciding on the first upcard: declining it
	// passes instead of drawing from the stock.
	FirstOffer bool
	// Drawn is the card drawn this turn, and DrewFromPile says it came from
	// the pile and so may not be discarded this turn.
	Drawn        notation.Card
	DrewFromPile bool
	// Draws counts the draws made this hand by both players.
	Draws int

	// OpponentTook holds the cards the opponent took from the pile this
	// hand; OpponentDeclined the upcards it passed or did not take;
	// OpponentDiscards the cards it discarded.
	OpponentTook     notation.CardSet
	OpponentDeclined notation.CardSet
	OpponentDiscards notation.CardSet

	pile [notation.NumCards]notation.Card
}

// Upcard returns the top of the discard pile.
func (v *View) Upcard() (notation.Card, bool) {
	if len(v.Pile) == 0 {
		return 0, false
	}
	return v.Pile[len(v.Pile)-1], true
}

// Player makes the decisions of one seat. Each method gets the player's
// view at that moment.
type Player interface {
	// Name names the player in logs and summaries.
	Name() string
	// StartHand is called after the deal.
	StartHand(v *View)
	// TakeUpcard decides whether to take the upcard (true) or draw from the
	// stock; on the first offer (v.FirstOffer), false passes.
	TakeUpcard(v *View) bool
	// Discard picks the card to discard from the 11 in v.Hand. It may not
	// be the card just taken from the pile.
	Discard(v *View) notation.Card
	// Knock is called after each discard. To knock it returns the melds to
	// lay down and true; the rest of the hand is its deadwood, which must
	// be within v.KnockLimit.
	Knock(v *View) (meld.Spread, bool)
}

// ErrIllegalMove reports a player move the rules forbid.
var ErrIllegalMove = errors.New("illegal move")

// MoveError says which player made which illegal move.
type MoveError struct {
	Player string
	Seat   int
	Move   string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("player %d (%s): %s", e.Seat+1, e.Player, e.Move)
}

func (e *MoveError) Unwrap() error { return ErrIllegalMove }

// Seat names: the log writes seats as p1 and p2.
func seatName(seat int) string {
	if seat == 0 {
		return "p1"
	}
	return "p2"
}
