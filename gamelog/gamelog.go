// Package gamelog reads and writes ginadvisor's game log: a versioned,
// line-oriented record of whole games, and replays it on game.State, so
// that each decision of a game comes back as the position the deciding
// seat saw and the move it made. It is to ginadvisor what PGN is to chess.
//
// The format is described in the README. The reader reports a damaged
// game with its file line and goes on with the next game.
package gamelog

import (
	"time"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Version is the format version this package writes.
const Version = 2

// Header is the first line of a log, with its version.
const headerPrefix = "ginadvisor-log "

// Unknown is a card the log's source could not see, written "?".
const Unknown = game.Unknown

// Tag is a piece of game metadata: the source, the date, or any free tag.
type Tag struct {
	Key, Value string
}

// Well-known tag keys.
const (
	TagSource = "source"
	TagDate   = "date"
)

// Game is one game of a log.
type Game struct {
	// Number is the game's number in its log.
	Number int
	// Seed dealt the game, when HasSeed.
	Seed    uint64
	HasSeed bool
	// Rules are the rules the game was played under.
	Rules rules.Rules
	// UnknownRules keeps rules-line entries this version does not know,
	// as written ("key=value"); the reader reports them as warnings.
	UnknownRules []string
	Players      [2]string
	FirstDealer  notation.Seat
	Tags         []Tag
	Hands        []Hand
	Final        rules.GameResult
	// Forfeit, when set, says the game ended early because a seat
	// forfeited it (an engine that misbehaved): the other seat won, at the
	// scores of the hands finished before.
	Forfeit *Forfeit
	// Line and FinalLine are the file lines of the game's first line and
	// of its final score, when read.
	Line, FinalLine int
}

// Forfeit is the forfeit that ended a game: the seat that lost it by
// misbehaving, and why, as one line of text.
type Forfeit struct {
	Seat   notation.Seat
	Reason string
	Line   int
}

// Move is one move line of a hand.
type Move struct {
	Seat notation.Seat
	Kind game.MoveKind
	// Card is the card passed, taken, drawn or discarded; Unknown for a
	// draw the source did not see.
	Card notation.Card
	Line int
	// Time, when HasTime, is the time the decision took, to the
	// microsecond: the optional annotation "ms=MILLISECONDS" at the end
	// of the move's line, which the arena writes under a clock.
	Time    time.Duration
	HasTime bool
	// Info, when not empty, is the engine's last info line before the
	// decision's bestmove, without its "info": the optional line
	// "info P TEXT" after the move's, which the arena writes with
	// --log-info. The replay ignores it.
	Info string
}

// Hand is one hand of a game, as the log records it.
type Hand struct {
	Number int
	Dealer notation.Seat
	// Deal holds the cards dealt to each seat, Unknown where the source
	// did not see them.
	Deal   [2][]notation.Card
	Upcard notation.Card
	// Stock is the stock after the deal, top first, as far as the source
	// knew it: it may be short, or hold Unknown cards.
	Stock []notation.Card
	Moves []Move
	// Knocker is the seat that ended the hand, or notation.NoSeat for a
	// dead hand.
	Knocker notation.Seat
	// Spread and KnockerDeadwood are what the knocker laid down.
	Spread          meld.Spread
	KnockerDeadwood notation.CardSet
	// DefenderMelds and DefenderDeadwood are the defender's after its
	// lay-offs; Layoffs are the cards it laid off, each with the index of
	// the knocker's meld it went on.
	DefenderMelds    meld.Spread
	DefenderDeadwood notation.CardSet
	Layoffs          []meld.Placement
	// Score is the settled hand; Winner is a seat, or notation.NoSeat.
	Score  rules.HandScore
	Winner notation.Seat
	// Totals are the running scores after the hand, by seat.
	Totals [2]int
	// Lines of the hand's parts in the file, when read.
	Line, ResultLine, ScoreLine int
}

func seatName(seat notation.Seat) string { return seat.String() }
