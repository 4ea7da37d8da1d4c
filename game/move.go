// Package game models one hand of gin rummy in play. A State holds
// everything: both hands, the stock in order, the pile, whose turn it is,
// the phase and the record of the hand. It is a value: assigning it copies
// it, with no shared slices or pointers, so a copy is an independent
// snapshot that can be played on. Moves are typed; Legal lists them and
// Apply plays one, or changes nothing and says why it is illegal.
//
// A Position is what one seat can know: its hand, the public events of the
// hand and its own private ones. It is built only from that seat's stream
// of events, lists its seat's legal moves itself (they depend only on the
// seat's hand and the table, so no world is sampled), and can be completed
// into a State by supplying the cards the seat has not seen.
//
// What a knock, gin or big gin may lay down is the rules package's one
// check (rules.CheckLayDown); Apply and Observe both use it.
//
// The package knows nothing of players, logs or files.
package game

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Unknown stands for a card its holder has not seen, such as the card the
// opponent drew from the stock.
const Unknown notation.Card = 0xFF

// StockSize is the size of the stock after the deal.
const StockSize = notation.NumCards - 21

// MaxDraws is the number of draws whose events a State or a Position
// keeps: the deal, the upcard, the passes and MaxDraws turns fit in its
// record (MaxEvents events). A hand may go on longer where the rules set
// no draw limit; the record then keeps the latest MaxEvents events (see
// FirstEvent), and a Position the opponent's latest MaxDraws discards.
const MaxDraws = 128

// MaxEvents is the size of the record of events: the deal, the upcard,
// two passes, a draw, a discard and a decision for each of MaxDraws draws,
// and the end.
const MaxEvents = 20 + 1 + 2 + 3*MaxDraws + 2

// EndlessDraws bounds the hands the engine package's driver deals: under
// rules with no draw limit, two players who keep taking each other's
// discards would never end, and a hand that reaches EndlessDraws draws is
// abandoned as dead (State.Abandon). The EAAI framework would play such a
// hand forever.
const EndlessDraws = 10000

// Phase is the stage of a hand: what the player to move must decide.
type Phase uint8

// The phases.
const (
	// FirstOffer: take the first upcard or pass. The non-dealer decides
	// first, then the dealer.
	FirstOffer Phase = iota
	// DrawPhase: take the upcard or draw from the stock. When the stock is
	// down to the dead size under the 50th-card rule, the choice is to take
	// the upcard or pass, which ends the hand.
	DrawPhase
	// DiscardPhase: discard a card, or declare big gin where allowed.
	DiscardPhase
	// KnockPhase: knock or go gin, or play on. It comes after a discard
	// that leaves the player within the knock limit.
	KnockPhase
	// Over: the hand has ended; see Result.
	Over
)

var phaseNames = [...]string{
	FirstOffer:   "first-offer",
	DrawPhase:    "draw",
	DiscardPhase: "discard",
	KnockPhase:   "knock",
	Over:         "over",
}

// String returns the phase's stable name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// ParsePhase reads a phase's name.
func ParsePhase(s string) (Phase, bool) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), true
		}
	}
	return 0, false
}

// MoveKind is the kind of a move.
type MoveKind uint8

// The moves.
const (
	// Pass declines the first upcard, or the last discard under the
	// 50th-card rule.
	Pass MoveKind = iota
	// Take takes the upcard from the pile.
	Take
	// Draw draws the top card of the stock.
	Draw
	// Discard puts Move.Card on the pile.
	Discard
	// Knock lays down Move.Spread with the rest of the hand as deadwood,
	// within the knock limit. A knock with no deadwood is gin.
	Knock
	// Gin lays down Move.Spread covering the whole 10-card hand.
	Gin
	// BigGin lays down Move.Spread covering all 11 cards, without a
	// discard, where the rules allow it.
	BigGin
	// PlayOn ends the turn after the discard without knocking.
	PlayOn
)

var moveNames = [...]string{
	Pass:    "pass",
	Take:    "take",
	Draw:    "draw",
	Discard: "discard",
	Knock:   "knock",
	Gin:     "gin",
	BigGin:  "big-gin",
	PlayOn:  "playon",
}

// String returns the move kind's stable name.
func (k MoveKind) String() string {
	if int(k) < len(moveNames) {
		return moveNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", uint8(k))
}

// ParseMoveKind reads a move kind's name.
func ParseMoveKind(s string) (MoveKind, bool) {
	for i, n := range moveNames {
		if n == s {
			return MoveKind(i), true
		}
	}
	return 0, false
}

// Move is one decision of the player to move. Card is the card to discard;
// Spread is what a knock, gin or big gin lays down. Other fields are
// ignored.
type Move struct {
	Kind   MoveKind
	Card   notation.Card
	Spread meld.Spread
}

// PassMove passes the upcard.
func PassMove() Move { return Move{Kind: Pass} }

// PlayOnMove ends the turn after the discard without knocking.
func PlayOnMove() Move { return Move{Kind: PlayOn} }

// TakeMove takes the upcard.
func TakeMove() Move { return Move{Kind: Take} }

// DrawMove draws from the stock.
func DrawMove() Move { return Move{Kind: Draw} }

// DiscardMove discards c.
func DiscardMove(c notation.Card) Move { return Move{Kind: Discard, Card: c} }

// KnockMove knocks, laying down sp.
func KnockMove(sp meld.Spread) Move { return Move{Kind: Knock, Spread: sp} }

// GinMove goes gin, laying down sp.
func GinMove(sp meld.Spread) Move { return Move{Kind: Gin, Spread: sp} }

// LayDown is the knock that lays down sp from hand: gin when no deadwood
// is left, otherwise a knock.
func LayDown(hand notation.CardSet, sp meld.Spread) Move {
	return Move{Kind: LayDownKind(hand, &sp), Spread: sp}
}

// LayDownKind is the kind of LayDown's move: Gin when sp leaves hand no
// deadwood, otherwise Knock.
func LayDownKind(hand notation.CardSet, sp *meld.Spread) MoveKind {
	if hand&^sp.Cards() == 0 {
		return Gin
	}
	return Knock
}

// BigGinMove declares big gin, laying down sp.
func BigGinMove(sp meld.Spread) Move { return Move{Kind: BigGin, Spread: sp} }

// Same says m and o are one decision: the same kind, a discard of the
// same card, a knock, gin or big gin laying down the same cards, whatever
// the melds they are arranged in.
func (m Move) Same(o Move) bool {
	if m.Kind != o.Kind {
		return false
	}
	switch m.Kind {
	case Knock, Gin, BigGin:
		return m.Spread.Cards() == o.Spread.Cards()
	case Discard:
		return m.Card == o.Card
	}
	return true
}

// String describes the move, for example "discard KS" or
// "knock 7C 7D 7H | AS 2S 3S".
func (m Move) String() string {
	switch m.Kind {
	case Discard:
		return "discard " + m.Card.String()
	case Knock, Gin, BigGin:
		return m.Kind.String() + " " + SpreadString(&m.Spread)
	}
	return m.Kind.String()
}

// SpreadString writes the melds of sp separated by " | ", or "-" for none.
func SpreadString(sp *meld.Spread) string {
	if sp.N == 0 {
		return "-"
	}
	s := ""
	for i := 0; i < sp.N; i++ {
		if i > 0 {
			s += " | "
		}
		s += sp.Melds[i].String()
	}
	return s
}

// EventKind is the kind of an event in the record of a hand.
type EventKind uint8

// The events.
const (
	// Dealt: Card was dealt to Seat.
	Dealt EventKind = iota
	// Upcard: Card was turned up to start the pile.
	Upcard
	// Passed: Seat passed the upcard Card (the first offer, or the last
	// discard under the 50th-card rule).
	Passed
	// Took: Seat took Card from the pile.
	Took
	// Drew: Seat drew Card from the stock; others see Unknown.
	Drew
	// Discarded: Seat discarded Card.
	Discarded
	// PlayedOn: Seat ended its turn without knocking, whether or not it
	// could have knocked.
	PlayedOn
	// Knocked, WentGin and WentBigGin: Seat ended the hand.
	Knocked
	WentGin
	WentBigGin
	// Died: the hand ended with no score.
	Died
)

var eventNames = [...]string{
	Dealt:      "dealt",
	Upcard:     "upcard",
	Passed:     "passed",
	Took:       "took",
	Drew:       "drew",
	Discarded:  "discarded",
	PlayedOn:   "played-on",
	Knocked:    "knocked",
	WentGin:    "gin",
	WentBigGin: "big-gin",
	Died:       "dead",
}

// verbs are the words the notations write for a seat's events: the
// position notation's history form, the game log's moves and the
// protocol's events all use them.
var verbs = [...]string{
	Passed:     "pass",
	Took:       "take",
	Drew:       "draw",
	Discarded:  "discard",
	PlayedOn:   "playon",
	Knocked:    "knock",
	WentGin:    "gin",
	WentBigGin: "big-gin",
}

// Verb returns the word the notations write for a seat's event of this
// kind, such as "take" for Took, or "" for the events that are no seat's
// move (Dealt, Upcard, Died).
func (k EventKind) Verb() string {
	if int(k) < len(verbs) {
		return verbs[k]
	}
	return ""
}

// ParseVerb reads a seat's event verb, such as "discard".
func ParseVerb(s string) (EventKind, bool) {
	for i, v := range verbs {
		if v != "" && v == s {
			return EventKind(i), true
		}
	}
	return 0, false
}

// String returns the event kind's stable name.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one entry in the record of a hand. Seat is 0 or 1; Card is
// Unknown where the viewer may not see it, and unused for PlayedOn,
// Knocked, WentGin, WentBigGin and Died.
type Event struct {
	Kind EventKind
	Seat notation.Seat
	Card notation.Card
}

func (e Event) String() string {
	switch e.Kind {
	case Upcard:
		return "upcard " + cardString(e.Card)
	case Died:
		return "dead"
	case PlayedOn, Knocked, WentGin, WentBigGin:
		return fmt.Sprintf("%s %s", e.Seat, e.Kind)
	}
	return fmt.Sprintf("%s %s %s", e.Seat, e.Kind, cardString(e.Card))
}

func cardString(c notation.Card) string { return CardText(c) }

// CardText writes a card as the notations do: its name, or "?" for
// Unknown, a card the viewer may not see.
func CardText(c notation.Card) string {
	if c == Unknown {
		return "?"
	}
	return c.String()
}

// SeesEvent returns the event as seat sees it, and false when seat does
// not see it at all: the other seat's dealt cards are hidden, and the card
// the other seat drew from the stock is Unknown.
func SeesEvent(e Event, seat notation.Seat) (Event, bool) {
	if e.Seat == seat {
		return e, true
	}
	switch e.Kind {
	case Dealt:
		return Event{}, false
	case Drew:
		e.Card = Unknown
	}
	return e, true
}
