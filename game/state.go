package game

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Setup is what a hand starts from besides the cards.
type Setup struct {
	Rules  rules.Rules
	Dealer notation.Seat
	Number int    // the hand's number in its game, from 1
	Scores [2]int // the scores before the hand, by seat
}

// Result is how a hand ended. At a showdown it reveals both hands.
type Result struct {
	Score rules.HandScore
	// Winner and Knocker are seats, or -1 (a dead hand).
	Winner, Knocker notation.Seat
	// Spread and KnockerDeadwood are what the knocker laid down.
	Spread          meld.Spread
	KnockerDeadwood notation.CardSet
	// Layoffs are the cards the defender laid off on the knocker's melds;
	// DefenderMelds gives its own melds and deadwood.
	Layoffs notation.CardSet
	// Hands are both hands at the end, by seat; at a dead hand, only the
	// viewer's own is known to a Position.
	Hands [2]notation.CardSet
	// Totals are the scores after the hand, by seat.
	Totals [2]int
	// Draws counts the draws of the hand by both seats.
	Draws int
}

// DefenderMelds returns the defender's own melds, its first best
// arrangement of the cards it did not lay off, and its deadwood. It is
// worked out on demand: rollouts never need it.
func (r *Result) DefenderMelds() (meld.Spread, notation.CardSet) {
	if r.Knocker == notation.NoSeat {
		return meld.Spread{}, 0
	}
	sp, dead, _ := meld.FirstArrangement(r.Hands[r.Knocker.Other()] &^ r.Layoffs)
	return sp, dead
}

// flow is what both a State and a Position follow: the public table and
// the order of play.
type flow struct {
	setup Setup
	limit int
	deal  rules.Deal
	pile  [notation.NumCards]notation.Card
	npile uint8
	// pileSet holds the cards of the pile, kept with it: the rollouts'
	// policies ask for it on every discard.
	pileSet notation.CardSet
	stock   uint8 // cards left in the stock
	phase   Phase
	turn    notation.Seat
	passes  uint8 // first upcard passes
	drawn   notation.Card
	// fromPile says the card drawn this turn was taken from the pile, so it
	// may not be discarded; lastChance says this is the turn the 50th-card
	// rule allows, after which the hand dies.
	fromPile   bool
	lastChance bool
	// repeats counts the turns in a row that discarded the card just taken
	// from the pile, and takes the takes after the first offer (the
	// RepeatEnds and TakeLimit rules).
	repeats uint8
	takes   uint8
	draws   uint32
	// events is a ring: event i is at i % MaxEvents, and only the latest
	// MaxEvents are kept. nevents counts every event of the hand.
	events  [MaxEvents]Event
	nevents uint32
	next    uint16 // nevents % MaxEvents, kept apart to spare a division

	result Result
}

func (f *flow) record(kind EventKind, seat notation.Seat, c notation.Card) {
	f.events[f.next] = Event{Kind: kind, Seat: seat, Card: c}
	f.nevents++
	if f.next++; f.next == MaxEvents {
		f.next = 0
	}
}

func (f *flow) nonDealer() notation.Seat { return f.setup.Dealer.Other() }

// start opens the hand: the upcard is turned and the non-dealer is offered it.
func (f *flow) start(up notation.Card) {
	f.pile[0], f.npile, f.pileSet = up, 1, up.Set()
	f.stock = StockSize
	f.deal = rules.Deal{Upcard: up, HasUpcard: true}
	f.limit = f.setup.Rules.KnockLimitFor(f.deal)
	f.phase, f.turn = FirstOffer, f.nonDealer()
	f.record(Upcard, 0, up)
}

// pass declines the upcard in the first offer or at the last chance.
func (f *flow) pass() {
	f.record(Passed, f.turn, f.pile[f.npile-1])
	if f.phase == DrawPhase {
		// The last chance declined.
		f.die()
		return
	}
	f.passes++
	if f.passes == 1 {
		f.turn = f.turn.Other()
		return
	}
	// Both passed: the non-dealer must draw from the stock.
	f.turn, f.phase = f.nonDealer(), DrawPhase
}

// mustDraw says the player to move may only draw from the stock: both
// passed the first upcard.
func (f *flow) mustDraw() bool { return f.phase == DrawPhase && f.passes == 2 && f.draws == 0 }

// take takes the upcard. Under the TakeLimit rule the take that reaches
// the limit is recorded but not made, and kills the hand; take then
// returns false.
func (f *flow) take() (notation.Card, bool) {
	c := f.pile[f.npile-1]
	if lim := f.setup.Rules.TakeLimit; lim > 0 && f.phase == DrawPhase {
		f.takes++
		if int(f.takes) >= lim {
			f.record(Took, f.turn, c)
			f.die()
			return c, false
		}
	}
	f.npile--
	f.pileSet = f.pileSet.Without(c)
	f.drawn, f.fromPile = c, true
	f.draws++
	f.record(Took, f.turn, c)
	f.phase = DiscardPhase
	return c, true
}

func (f *flow) drew(c notation.Card) {
	f.stock--
	f.drawn, f.fromPile = c, false
	f.draws++
	f.record(Drew, f.turn, c)
	f.phase = DiscardPhase
}

// discarded puts c on the pile. The discarder then decides whether to
// knock; a PlayedOn event, public whether or not a knock was possible,
// ends the turn.
// Under the RepeatEnds rule, the second turn in a row to discard the card
// it took kills the hand at once.
func (f *flow) discarded(c notation.Card) {
	f.pile[f.npile] = c
	f.npile++
	f.pileSet = f.pileSet.With(c)
	f.record(Discarded, f.turn, c)
	f.phase = KnockPhase
	if f.setup.Rules.RepeatEnds {
		if f.fromPile && c == f.drawn {
			f.repeats++
		} else {
			f.repeats = 0
		}
		if f.repeats >= 2 {
			f.die()
		}
	}
}

// mayDiscardTaken says the card just taken from the pile may be
// discarded again.
func (f *flow) mayDiscardTaken() bool { return f.setup.Rules.RepeatEnds }

func (f *flow) playedOn() {
	f.record(PlayedOn, f.turn, 0)
	f.endTurn()
}

// endTurn passes the turn, or ends a hand whose stock is down to the dead
// size, unless the 50th-card rule gives the next player a last chance.
func (f *flow) endTurn() {
	if f.lastChance || (f.setup.Rules.DrawLimit > 0 && int(f.draws) >= f.setup.Rules.DrawLimit) {
		f.die()
		return
	}
	f.turn = f.turn.Other()
	f.phase = DrawPhase
	if int(f.stock) <= f.setup.Rules.DeadStock {
		if f.setup.Rules.FiftiethCard && f.npile > 0 {
			f.lastChance = true
			return
		}
		f.die()
	}
}

// die ends the hand with no score. The State records the Died event; a
// Position, which follows the same rules, receives it.
func (f *flow) die() {
	f.phase = Over
	f.result.Score = rules.DeadHand()
	f.result.Winner, f.result.Knocker = notation.NoSeat, notation.NoSeat
	f.result.Totals = f.setup.Scores
	f.result.Draws = int(f.draws)
}

// Abandon ends a hand in play as dead, with no score: what a driver does
// to a hand that has gone on past any bound the rules set (EndlessDraws),
// as two players who keep passing the same cards can make one. It does
// nothing to a hand that is over.
func (s *State) Abandon() {
	if s.phase == Over {
		return
	}
	s.die()
	s.record(Died, 0, 0)
	s.result.Hands = s.hands
}

// State is a hand in play, with every card known. It is a value: assign it
// to take an independent snapshot. The zero State is not a hand; start one
// with Deal or FromDeal.
type State struct {
	flow
	hands    [2]notation.CardSet
	stockSeq [StockSize]notation.Card // the stock after the deal, top first
}

// Errors from starting a hand.
var (
	// ErrDeck means the cards given are not a legal deal.
	ErrDeck = errors.New("not a legal deal")
	// ErrSetup means the setup is out of range.
	ErrSetup = errors.New("bad hand setup")
)

// Deal starts a hand from a deck order, top first: the dealer deals ten
// cards each, one at a time starting with the other seat, then turns the
// next card up; the rest is the stock.
func Deal(s Setup, deck *[notation.NumCards]notation.Card) (st State, err error) {
	// Built in place: a State is 1.7 KB, and copying it out of FromDeal
	// was a tenth of a whole hand's playout.
	err = st.dealCards(s, deck)
	return st, err
}

// Redeal makes st the hand Deal would start, in place: a loop that plays
// many hands spares copying a State out of Deal for each. On an error st
// is the zero State.
func (st *State) Redeal(s Setup, deck *[notation.NumCards]notation.Card) error {
	*st = State{}
	return st.dealCards(s, deck)
}

// dealCards is Deal on a zero State.
func (st *State) dealCards(s Setup, deck *[notation.NumCards]notation.Card) error {
	var hands [2]notation.CardSet
	first := s.Dealer.Other()
	for i := 0; i < 20; i++ {
		seat := first
		if i%2 == 1 {
			seat = s.Dealer
		}
		hands[seat] = hands[seat].With(deck[i])
	}
	return st.fromDeal(s, hands, deck[20], deck[21:])
}

// FromDeal starts a hand from the two hands dealt, the upcard and the
// stock, top first. The 52 cards must each be in exactly one place.
func FromDeal(s Setup, hands [2]notation.CardSet, upcard notation.Card, stock []notation.Card) (st State, err error) {
	err = st.fromDeal(s, hands, upcard, stock)
	return st, err
}

// fromDeal is FromDeal on a zero State.
func (st *State) fromDeal(s Setup, hands [2]notation.CardSet, upcard notation.Card, stock []notation.Card) error {
	if !s.Dealer.Valid() {
		return fmt.Errorf("%w: dealer %s is not p1 or p2", ErrSetup, s.Dealer)
	}
	if err := s.Rules.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrSetup, err)
	}
	for seat, h := range hands {
		if !h.Valid() {
			return fmt.Errorf("%w: seat %d is dealt cards that are not in the deck", ErrDeck, seat+1)
		}
		if h.Len() != 10 {
			return fmt.Errorf("%w: seat %d is dealt %d cards, not 10", ErrDeck, seat+1, h.Len())
		}
	}
	if both := hands[0] & hands[1]; both != 0 {
		return fmt.Errorf("%w: %s dealt to both seats", ErrDeck, both)
	}
	seen := hands[0] | hands[1]
	if !upcard.Valid() || seen.Has(upcard) {
		return fmt.Errorf("%w: upcard %s is not a free card", ErrDeck, cardString(upcard))
	}
	seen = seen.With(upcard)
	if len(stock) != StockSize {
		return fmt.Errorf("%w: the stock holds %d cards, not %d", ErrDeck, len(stock), StockSize)
	}
	// The stock's cards at once; only a bad deal is walked card by card,
	// to name the first card at fault.
	var stocked notation.CardSet
	valid := true
	for _, c := range stock {
		valid = valid && c.Valid()
		stocked |= c.Set()
	}
	if !valid || stocked&seen != 0 || stocked.Len() != StockSize {
		for _, c := range stock {
			if !c.Valid() || seen.Has(c) {
				return fmt.Errorf("%w: stock card %s is unknown or in two places", ErrDeck, cardString(c))
			}
			seen = seen.With(c)
		}
	}
	st.setup = s
	st.hands = hands
	copy(st.stockSeq[:], stock)
	// The deal, one card at a time from the non-dealer, as the record of
	// the hand shows it: each seat's cards in card order.
	first := s.Dealer.Other()
	a, b := uint64(hands[first]), uint64(hands[s.Dealer])
	for i := 0; i < 10; i++ {
		st.record(Dealt, first, notation.Card(bits.TrailingZeros64(a)))
		st.record(Dealt, s.Dealer, notation.Card(bits.TrailingZeros64(b)))
		a &= a - 1
		b &= b - 1
	}
	st.start(upcard)
	return nil
}

// Phase returns the phase of the hand.
func (f *flow) Phase() Phase { return f.phase }

// Turn returns the seat to move.
func (f *flow) Turn() notation.Seat { return f.turn }

// Setup returns the hand's rules, dealer, number and scores before it.
func (f *flow) Setup() Setup { return f.setup }

// Rules returns the rules of the hand.
func (f *flow) Rules() *rules.Rules { return &f.setup.Rules }

// KnockLimit returns the knock limit in force for this hand.
func (f *flow) KnockLimit() int { return f.limit }

// FirstUpcard returns the deal as the rules see it: its first upcard.
func (f *flow) FirstUpcard() rules.Deal { return f.deal }

// Upcard returns the top of the pile.
func (f *flow) Upcard() (notation.Card, bool) {
	if f.npile == 0 {
		return 0, false
	}
	return f.pile[f.npile-1], true
}

// PileLen returns the number of cards in the pile.
func (f *flow) PileLen() int { return int(f.npile) }

// PileCard returns the i-th card of the pile, from the bottom.
func (f *flow) PileCard(i int) notation.Card { return f.pile[i] }

// PileSet returns the cards of the pile.
func (f *flow) PileSet() notation.CardSet { return f.pileSet }

// StockCount returns the number of cards left in the stock.
func (f *flow) StockCount() int { return int(f.stock) }

// Drawn returns the card drawn this turn, and whether it came from the
// pile, during the discard and knock phases.
func (f *flow) Drawn() (notation.Card, bool) { return f.drawn, f.fromPile }

// Draws returns the draws made so far by both seats.
func (f *flow) Draws() int { return int(f.draws) }

// LastChance says the player to move may take the last discard under the
// 50th-card rule, or pass and end the hand.
func (f *flow) LastChance() bool { return f.lastChance }

// NumEvents returns the number of events of the hand so far.
func (f *flow) NumEvents() int { return int(f.nevents) }

// FirstEvent returns the index of the earliest event still in the record:
// 0 unless the hand has outgrown it (more than MaxEvents events, possible
// only where the rules set no draw limit).
func (f *flow) FirstEvent() int { return max(0, int(f.nevents)-MaxEvents) }

// RecordComplete says the record holds every event of the hand.
func (f *flow) RecordComplete() bool { return f.FirstEvent() == 0 }

// Event returns the i-th event of the hand, for FirstEvent() <= i <
// NumEvents().
func (f *flow) Event(i int) Event { return f.events[i%MaxEvents] }

// Result returns how the hand ended, once it is over.
func (f *flow) Result() (Result, bool) { return f.result, f.phase == Over }

// Hand returns the cards seat holds.
func (s *State) Hand(seat notation.Seat) notation.CardSet { return s.hands[seat&1] }

// Stock returns the cards left in the stock, top first.
func (s *State) Stock() []notation.Card {
	return append([]notation.Card(nil), s.stockSeq[StockSize-int(s.stock):]...)
}

// StockCard returns the card i places below the top of the stock (0 is
// the top), if the stock holds that many; it allocates nothing, as Stock
// does.
func (s *State) StockCard(i int) (notation.Card, bool) {
	if i < 0 || i >= int(s.stock) {
		return 0, false
	}
	return s.stockSeq[StockSize-int(s.stock)+i], true
}

// InitialStock returns the stock as it was after the deal, top first.
func (s *State) InitialStock() [StockSize]notation.Card { return s.stockSeq }

// Position returns what seat knows of the hand now, built from the events
// seat has seen. It needs the whole record (RecordComplete): a hand that may
// outgrow it is followed event by event instead, as the engine package's
// driver does.
func (s *State) Position(seat notation.Seat) Position {
	p := NewPosition(seat, s.setup)
	for i := s.FirstEvent(); i < int(s.nevents); i++ {
		if e, ok := SeesEvent(s.Event(i), seat); ok {
			// The record of a legal hand is consistent, so this cannot fail.
			_ = p.Observe(e)
		}
	}
	if s.phase == Over {
		_ = p.Reveal(s.result)
	}
	return p
}

// MustDraw says the player to move may only draw from the stock: both
// passed the first upcard.
func (f *flow) MustDraw() bool { return f.mustDraw() }
