package engine

import (
	"errors"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// MoveKind is the kind of a move in a hand.
type MoveKind uint8

// The moves.
const (
	// Pass declines the first upcard.
	Pass MoveKind = iota
	// Take takes the upcard from the pile.
	Take
	// Draw draws the top card of the stock.
	Draw
	// Discard puts a card on the pile.
	Discard
	// Knock ends the hand after the discard.
	Knock
	// BigGinMove ends the hand with all 11 cards melded, without a discard.
	BigGinMove
)

var moveNames = [...]string{"pass", "take", "draw", "discard", "knock", "big-gin"}

func (k MoveKind) String() string {
	if int(k) < len(moveNames) {
		return moveNames[k]
	}
	return "unknown"
}

// Move is one move by the player in Seat. Card is the card passed, taken,
// drawn or discarded; Knock and BigGinMove have none.
type Move struct {
	Seat int
	Kind MoveKind
	Card notation.Card
}

// HandRecord is the full record of one hand, as the game log keeps it.
type HandRecord struct {
	Number int
	Dealer int
	Deal   [2]notation.CardSet
	Upcard notation.Card
	// Stock is the stock after the deal, top first.
	Stock []notation.Card
	Moves []Move
	// Knocker is the seat that knocked, or -1 for a dead hand.
	Knocker int
	// Spread and KnockerDeadwood are what the knocker laid down.
	Spread          meld.Spread
	KnockerDeadwood notation.CardSet
	// DefenderMelds and DefenderDeadwood are the defender's after lay-offs;
	// Layoffs are the cards it laid off, with the index of the knocker's
	// meld each went on.
	DefenderMelds    meld.Spread
	DefenderDeadwood notation.CardSet
	Layoffs          []meld.Placement
	// Score is the settled hand; Winner is a seat, or -1.
	Score  rules.HandScore
	Winner int
	// Totals are the running scores after the hand, by seat.
	Totals [2]int
}

// HandResult is what PlayHand returns.
type HandResult struct {
	Score   rules.HandScore
	Winner  int // seat, or -1 for a dead hand
	Knocker int // seat, or -1
	Draws   int
}

// table is the hidden state of a hand in play.
type table struct {
	rules  rules.Rules
	deal   rules.Deal
	limit  int
	hands  [2]notation.CardSet
	stock  [notation.NumCards]notation.Card
	top    int // index of the stock's top card
	end    int // one past the stock's last card
	pile   [notation.NumCards]notation.Card
	npile  int
	took   [2]notation.CardSet // taken from the pile, by seat
	passed [2]notation.CardSet // upcards declined, by seat
	thrown [2]notation.CardSet // discarded, by seat
	draws  int
	views  [2]View
	rec    *HandRecord
	scores [2]int
	number int
	dealer int
}

func (t *table) stockCount() int { return t.end - t.top }

// view refreshes and returns the seat's view.
func (t *table) view(seat int) *View {
	v := &t.views[seat]
	opp := 1 - seat
	*v = View{
		Seat: seat, Rules: t.rules, KnockLimit: t.limit, HandNumber: t.number, Dealer: t.dealer,
		Scores: t.scores, Hand: t.hands[seat], StockCount: t.stockCount(), Draws: t.draws,
		OpponentTook: t.took[opp], OpponentDeclined: t.passed[opp], OpponentDiscards: t.thrown[opp],
	}
	copy(v.pile[:], t.pile[:t.npile])
	v.Pile = v.pile[:t.npile]
	return v
}

func (t *table) record(seat int, kind MoveKind, c notation.Card) {
	if t.rec != nil {
		t.rec.Moves = append(t.rec.Moves, Move{Seat: seat, Kind: kind, Card: c})
	}
}

func shuffle(deck *[notation.NumCards]notation.Card, rng *rand.Rand) {
	for i := range deck {
		deck[i] = notation.CardAt(i)
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// HandSetup is what a hand starts from.
type HandSetup struct {
	Rules  rules.Rules
	Dealer int
	Number int    // hand number within the game, for views and logs
	Scores [2]int // scores before the hand, by seat
	// Deck, if not nil, is the order of the cards; otherwise Rng shuffles.
	Deck *[notation.NumCards]notation.Card
	Rng  *rand.Rand
	// Record, if not nil, receives the full record of the hand.
	Record *HandRecord
}

// PlayHand plays one hand between the players, by seat. The dealer deals
// ten cards each, one at a time starting with the other player, and turns
// the next card up.
func PlayHand(s HandSetup, players [2]Player) (HandResult, error) {
	t := &table{rules: s.Rules, rec: s.Record, scores: s.Scores, number: s.Number, dealer: s.Dealer}
	var deck [notation.NumCards]notation.Card
	switch {
	case s.Deck != nil:
		deck = *s.Deck
		if notation.SetOf(deck[:]...) != notation.FullDeck {
			return HandResult{}, errors.New("the deck given is not the 52 cards")
		}
	case s.Rng != nil:
		shuffle(&deck, s.Rng)
	default:
		return HandResult{}, errors.New("a hand needs a deck or a random source")
	}
	first := 1 - s.Dealer
	for i := 0; i < 20; i++ {
		seat := first
		if i%2 == 1 {
			seat = s.Dealer
		}
		t.hands[seat] = t.hands[seat].With(deck[i])
	}
	t.pile[0] = deck[20]
	t.npile = 1
	copy(t.stock[:], deck[21:])
	t.top, t.end = 0, notation.NumCards-21
	t.deal = rules.Deal{Upcard: deck[20], HasUpcard: true}
	t.limit = s.Rules.KnockLimitFor(t.deal)
	if t.rec != nil {
		*t.rec = HandRecord{Number: s.Number, Dealer: s.Dealer, Deal: t.hands, Upcard: deck[20], Knocker: -1, Winner: -1}
		t.rec.Stock = append([]notation.Card(nil), deck[21:]...)
	}
	for seat := 0; seat < 2; seat++ {
		players[seat].StartHand(t.view(seat))
	}

	// The first upcard: the non-dealer, then the dealer, may take it.
	seat := first
	taken := false
	for k := 0; k < 2 && !taken; k++ {
		v := t.view(seat)
		v.FirstOffer = true
		take := players[seat].TakeUpcard(v)
		if err := playerErr(players[seat]); err != nil {
			return HandResult{}, err
		}
		if take {
			taken = true
			res, done, err := t.turn(players, seat, true)
			if err != nil || done {
				return res, err
			}
			seat = 1 - seat
			break
		}
		t.passed[seat] = t.passed[seat].With(t.pile[t.npile-1])
		t.record(seat, Pass, t.pile[t.npile-1])
		seat = 1 - seat
	}
	if !taken {
		// Both passed: the non-dealer must draw from the stock.
		seat = first
		res, done, err := t.turn(players, seat, false)
		if err != nil || done {
			return res, err
		}
		seat = 1 - seat
	}
	for {
		if t.stockCount() <= s.Rules.DeadStock {
			return t.deadOrFiftieth(players, seat)
		}
		take := players[seat].TakeUpcard(t.view(seat))
		if err := playerErr(players[seat]); err != nil {
			return HandResult{}, err
		}
		res, done, err := t.turn(players, seat, take)
		if err != nil || done {
			return res, err
		}
		seat = 1 - seat
	}
}

// deadOrFiftieth ends a hand whose stock is down to the dead size. Under
// the 50th-card rule the player to move may still take the last discard to
// knock.
func (t *table) deadOrFiftieth(players [2]Player, seat int) (HandResult, error) {
	if t.rules.FiftiethCard && t.npile > 0 {
		v := t.view(seat)
		if players[seat].TakeUpcard(v) {
			res, done, err := t.turn(players, seat, true)
			if err != nil || done {
				return res, err
			}
		}
	}
	res := HandResult{Score: rules.DeadHand(), Winner: -1, Knocker: -1, Draws: t.draws}
	if t.rec != nil {
		t.rec.Score = res.Score
		t.rec.Totals = t.scores
	}
	return res, nil
}

// turn plays one draw-and-discard turn and any knock. done reports that
// the hand ended.
func (t *table) turn(players [2]Player, seat int, fromPile bool) (HandResult, bool, error) {
	p := players[seat]
	var drawn notation.Card
	if fromPile {
		t.npile--
		drawn = t.pile[t.npile]
		t.took[seat] = t.took[seat].With(drawn)
		t.record(seat, Take, drawn)
	} else {
		if t.npile > 0 {
			t.passed[seat] = t.passed[seat].With(t.pile[t.npile-1])
		}
		drawn = t.stock[t.top]
		t.top++
		t.record(seat, Draw, drawn)
	}
	t.draws++
	t.hands[seat] = t.hands[seat].With(drawn)

	if t.rules.BigGin && meld.MinDeadwood(t.hands[seat]) == 0 {
		t.record(seat, BigGinMove, 0)
		return t.showdown(seat, meld.Arrangements(t.hands[seat])[0].Spread(), 0, true), true, nil
	}

	v := t.view(seat)
	v.Drawn, v.DrewFromPile = drawn, fromPile
	c := p.Discard(v)
	if err := playerErr(p); err != nil {
		return HandResult{}, true, err
	}
	if !t.hands[seat].Has(c) {
		return HandResult{}, true, &MoveError{Player: p.Name(), Seat: seat, Move: "discards " + c.String() + ", which it does not hold"}
	}
	if fromPile && c == drawn {
		return HandResult{}, true, &MoveError{Player: p.Name(), Seat: seat, Move: "discards " + c.String() + ", just taken from the pile"}
	}
	t.hands[seat] = t.hands[seat].Without(c)
	t.pile[t.npile] = c
	t.npile++
	t.thrown[seat] = t.thrown[seat].With(c)
	t.record(seat, Discard, c)

	v = t.view(seat)
	sp, knock := p.Knock(v)
	if err := playerErr(p); err != nil {
		return HandResult{}, true, err
	}
	if !knock {
		return HandResult{}, false, nil
	}
	if extra := sp.Cards() &^ t.hands[seat]; extra != 0 {
		return HandResult{}, true, &MoveError{Player: p.Name(), Seat: seat, Move: "lays down " + extra.String() + ", which it does not hold"}
	}
	if _, err := meld.NewSpread(sp.Melds[:sp.N]...); err != nil {
		return HandResult{}, true, &MoveError{Player: p.Name(), Seat: seat, Move: "lays down bad melds: " + err.Error()}
	}
	dead := t.hands[seat] &^ sp.Cards()
	if dead.Value() > t.limit {
		return HandResult{}, true, &MoveError{Player: p.Name(), Seat: seat, Move: "knocks with " + dead.String() + ", over the limit"}
	}
	t.record(seat, Knock, 0)
	return t.showdown(seat, sp, dead, false), true, nil
}

// playerErr returns the error of a player that can fail, such as one that
// reads its moves from a terminal.
func playerErr(p Player) error {
	if f, ok := p.(interface{ Err() error }); ok {
		return f.Err()
	}
	return nil
}

func (t *table) showdown(knocker int, sp meld.Spread, dead notation.CardSet, bigGin bool) HandResult {
	defender := 1 - knocker
	s := t.rules.Settle(&sp, dead, t.hands[defender], bigGin, t.deal)
	winner := knocker
	if s.Score.Winner == rules.Defender {
		winner = defender
	}
	t.scores[winner] += s.Score.Points
	if r := t.rec; r != nil {
		r.Knocker, r.Winner = knocker, winner
		r.Spread, r.KnockerDeadwood = sp, dead
		r.Layoffs = meld.Placements(&sp, s.Layoffs)
		a := meld.Arrangements(t.hands[defender] &^ s.Layoffs)[0]
		r.DefenderMelds = a.Spread()
		r.DefenderDeadwood = a.Deadwood
		r.Score = s.Score
		r.Totals = t.scores
	}
	return HandResult{Score: s.Score, Winner: winner, Knocker: knocker, Draws: t.draws}
}
