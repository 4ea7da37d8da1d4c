package importer

import (
	"fmt"
	"math"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// osDealActions is the deal's length: seat 0's ten cards, seat 1's, then
// the upcard.
const osDealActions = 21

// ConvertOpenSpiel turns one OpenSpiel history into a one-hand game of
// the log, replayed under the rules its game string gives, with OpenSpiel's
// endings: the wall, the repeated upcard and the upcard limit. A recorded
// result (Returns) must match the one the rules give.
func ConvertOpenSpiel(h *OpenSpielHistory, number int) (*gamelog.Game, *gamelog.Error) {
	c, e := newOSConverter(h)
	if e != nil {
		return nil, e
	}
	if e := c.play(); e != nil {
		return nil, e
	}
	c.score()
	if e := c.checkReturns(); e != nil {
		return nil, e
	}
	return c.game(number)
}

// osConverter replays one OpenSpiel history on a game.State, recording
// the hand as the log writes it.
type osConverter struct {
	h     *OpenSpielHistory
	rules rules.Rules
	hand  gamelog.Hand
	st    game.State
	i     int // the action being read
	// knocking says the mover has announced its knock, before the
	// discard that makes it.
	knocking bool
}

// newOSConverter reads the history's rules and deal, and deals the hand.
func newOSConverter(h *OpenSpielHistory) (*osConverter, *gamelog.Error) {
	r, err := OpenSpielRules(h.Game)
	if err != nil {
		return nil, &gamelog.Error{Line: h.Line, Msg: err.Error()}
	}
	if len(h.Actions) < osDealActions {
		return nil, &gamelog.Error{Line: h.Line, Msg: fmt.Sprintf("%d actions do not finish the deal", len(h.Actions))}
	}
	// Seat 0 always moves first, so seat 1 deals.
	c := &osConverter{h: h, rules: r, hand: gamelog.Hand{Number: 1, Dealer: 1, Knocker: notation.NoSeat, Winner: notation.NoSeat, Line: h.Line, ResultLine: h.Line, ScoreLine: h.Line}}
	dealt, e := c.deal()
	if e != nil {
		return nil, e
	}
	stock, e := c.stock(dealt)
	if e != nil {
		return nil, e
	}
	setup := game.Setup{Rules: r, Dealer: 1, Number: 1}
	hands := [2]notation.CardSet{notation.SetOf(c.hand.Deal[0]...), notation.SetOf(c.hand.Deal[1]...)}
	if c.st, err = game.FromDeal(setup, hands, c.hand.Upcard, stock); err != nil {
		return nil, &gamelog.Error{Line: h.Line, Msg: err.Error()}
	}
	return c, nil
}

// cardAt reads action i as a card.
func (c *osConverter) cardAt(i int) (notation.Card, *gamelog.Error) {
	card, ok := osCard(c.h.Actions[i])
	if !ok {
		return 0, osError(c.h, i, "not a card")
	}
	return card, nil
}

// deal reads the dealt cards and the upcard, and returns them.
func (c *osConverter) deal() (notation.CardSet, *gamelog.Error) {
	var dealt notation.CardSet
	for i := 0; i < osDealActions; i++ {
		card, e := c.cardAt(i)
		if e != nil {
			return 0, e
		}
		if dealt.Has(card) {
			return 0, osError(c.h, i, "%s is dealt twice", card)
		}
		dealt = dealt.With(card)
		switch {
		case i < 10:
			c.hand.Deal[0] = append(c.hand.Deal[0], card)
		case i < 20:
			c.hand.Deal[1] = append(c.hand.Deal[1], card)
		default:
			c.hand.Upcard = card
		}
	}
	return dealt, nil
}

// stock returns the whole stock. Its order is known only as far as it was
// drawn: each draw from the stock is followed by a chance action naming
// the card. The rest is filled with the cards never seen.
func (c *osConverter) stock(dealt notation.CardSet) ([]notation.Card, *gamelog.Error) {
	var drawn []notation.Card
	seen := dealt
	for i := osDealActions; i < len(c.h.Actions); i++ {
		if c.h.Actions[i] == osDrawStock && i+1 < len(c.h.Actions) {
			card, e := c.cardAt(i + 1)
			if e != nil {
				return nil, e
			}
			if seen.Has(card) {
				return nil, osError(c.h, i+1, "%s is drawn, but it is not in the stock", card)
			}
			seen = seen.With(card)
			drawn = append(drawn, card)
			i++
		}
	}
	full := append([]notation.Card(nil), drawn...)
	for card := range (notation.FullDeck &^ seen).All() {
		full = append(full, card)
	}
	if len(full) != game.StockSize {
		return nil, &gamelog.Error{Line: c.h.Line, Msg: "the deal and the draws do not leave a 31-card stock"}
	}
	c.hand.Stock = drawn
	return full, nil
}

// apply makes move m, read at action i, and records it in the hand.
func (c *osConverter) apply(i int, m game.Move) *gamelog.Error {
	seat := c.st.Turn()
	implicit := m.Kind == game.PlayOn // the log leaves playing on unsaid
	card := m.Card
	switch m.Kind {
	case game.Take, game.Pass:
		card, _ = c.st.Upcard()
	case game.Draw:
		card = c.st.Stock()[0]
	}
	if err := c.st.Apply(m); err != nil {
		return osError(c.h, i, "%v", err)
	}
	switch {
	case implicit:
	case m.Kind != game.Knock && m.Kind != game.Gin:
		c.hand.Moves = append(c.hand.Moves, gamelog.Move{Seat: seat, Kind: m.Kind, Card: card, Line: c.h.lineOf(i)})
	default:
		c.hand.Moves = append(c.hand.Moves, gamelog.Move{Seat: seat, Kind: m.Kind, Line: c.h.lineOf(i)})
	}
	return nil
}

// play reads the actions after the deal, phase by phase, until the hand
// is over, and checks it ends with them.
func (c *osConverter) play() *gamelog.Error {
	for c.i = osDealActions; c.i < len(c.h.Actions) && c.st.Phase() != game.Over; c.i++ {
		a := c.h.Actions[c.i]
		var e *gamelog.Error
		switch c.st.Phase() {
		case game.FirstOffer:
			e = c.firstOffer(a)
		case game.DrawPhase:
			e = c.drawPhase(a)
		case game.DiscardPhase:
			e = c.discardPhase(a)
		case game.KnockPhase:
			e = c.showdown()
			c.i-- // the showdown reads its own actions; undo the loop's increment
		}
		if e != nil {
			return e
		}
	}
	return c.finished()
}

// firstOffer reads a take or a pass of the first upcard.
func (c *osConverter) firstOffer(a int) *gamelog.Error {
	switch a {
	case osDrawUpcard:
		return c.apply(c.i, game.TakeMove())
	case osPass:
		return c.apply(c.i, game.PassMove())
	}
	return osError(c.h, c.i, "the first upcard may only be taken or passed")
}

// drawPhase reads a draw, or at the wall a pass or a knock.
func (c *osConverter) drawPhase(a int) *gamelog.Error {
	switch {
	case c.st.LastChance() && a == osPass:
		return c.apply(c.i, game.PassMove())
	case c.st.LastChance() && a == osKnock:
		// At the wall a knock takes the upcard.
		if e := c.apply(c.i, game.TakeMove()); e != nil {
			return e
		}
		c.knocking = true
		return nil
	case a == osDrawUpcard:
		return c.apply(c.i, game.TakeMove())
	case a == osDrawStock:
		if e := c.apply(c.i, game.DrawMove()); e != nil {
			return e
		}
		c.i++ // the chance action, read by stock
		return nil
	}
	return osError(c.h, c.i, "not a move of the %s phase", c.st.Phase())
}

// discardPhase reads a knock's announcement or a discard. OpenSpiel
// leaves a decision not to knock unsaid, which the state makes.
func (c *osConverter) discardPhase(a int) *gamelog.Error {
	if a == osKnock && !c.knocking {
		c.knocking = true
		return nil
	}
	card, e := c.cardAt(c.i)
	if e != nil {
		return osError(c.h, c.i, "not a move of the discard phase")
	}
	if e := c.apply(c.i, game.DiscardMove(card)); e != nil {
		return e
	}
	if c.st.Phase() == game.KnockPhase && !c.knocking {
		if e := c.apply(c.i, game.PlayOnMove()); e != nil {
			return e
		}
	}
	if c.knocking && c.st.Phase() != game.KnockPhase {
		return osError(c.h, c.i, "the knock cannot be made with this discard")
	}
	return nil
}

// finished checks the hand is over, and that no action follows it.
func (c *osConverter) finished() *gamelog.Error {
	if c.st.Phase() != game.Over {
		if c.knocking && c.st.Phase() == game.KnockPhase {
			return &gamelog.Error{Line: c.h.Line, Msg: "the history stops before the knocker's melds"}
		}
		return &gamelog.Error{Line: c.h.Line, Msg: fmt.Sprintf("the history stops in the %s phase, before the hand ends", c.st.Phase())}
	}
	if c.i < len(c.h.Actions) {
		return osError(c.h, c.i, "an action after the hand is over")
	}
	return nil
}

// score scores the hand by the rules from what was laid down.
func (c *osConverter) score() {
	hand, r := &c.hand, c.rules
	res, _ := c.st.Result()
	if !res.Knocker.Valid() {
		hand.Score = rules.DeadHand()
		return
	}
	hand.Score = r.ScoreKnock(hand.KnockerDeadwood.Value(), hand.DefenderDeadwood.Value(), false, r.Multiplier(c.st.FirstUpcard()))
	switch hand.Score.Winner {
	case rules.Knocker:
		hand.Winner = hand.Knocker
	case rules.Defender:
		hand.Winner = hand.Knocker.Other()
	}
	hand.Totals[hand.Winner] = hand.Score.Points
}

// checkReturns checks the history's recorded returns, if any, are the
// score the rules give.
func (c *osConverter) checkReturns() *gamelog.Error {
	h, hand := c.h, &c.hand
	if len(h.Returns) == 0 {
		return nil
	}
	var want [2]float64
	if hand.Winner.Valid() {
		want[hand.Winner] = float64(hand.Score.Points)
		want[hand.Winner.Other()] = -float64(hand.Score.Points)
	}
	if len(h.Returns) != 2 || math.Abs(h.Returns[0]-want[0]) > 1e-9 || math.Abs(h.Returns[1]-want[1]) > 1e-9 {
		return &gamelog.Error{Line: h.Line, Msg: fmt.Sprintf("the rules give returns %v, but the history records %v", want, h.Returns)}
	}
	return nil
}

// game makes the one-hand game, named by the history's agents when it
// has them, and checks it as the log's reader would.
func (c *osConverter) game(number int) (*gamelog.Game, *gamelog.Error) {
	h, r := c.h, c.rules
	players := [2]string{"seat0", "seat1"}
	if len(h.Agents) == 2 && h.Agents[0] != "" && h.Agents[1] != "" {
		players = [2]string{h.Agents[0], h.Agents[1]}
	}
	g := &gamelog.Game{Number: number, Rules: r, Players: players, FirstDealer: 1, Line: h.Line, FinalLine: h.Line,
		Tags:  []gamelog.Tag{{Key: gamelog.TagSource, Value: "OpenSpiel " + strings.TrimSpace(h.Game)}},
		Hands: []gamelog.Hand{c.hand}}
	tally := rules.NewGame(r)
	tally.Score = c.hand.Totals
	g.Final = tally.Final()
	if err := gamelog.Check(g); err != nil {
		if e, ok := err.(*gamelog.Error); ok {
			return nil, e
		}
		return nil, &gamelog.Error{Line: h.Line, Msg: err.Error()}
	}
	return g, nil
}

// showdown reads the knocker's melds and pass, then the defender's
// lay-offs and melds, from the action being read on; the knocker has just
// discarded. It leaves c.i after the hand's last action.
func (c *osConverter) showdown() *gamelog.Error {
	knocker := c.st.Turn()
	other := c.st.Hand(knocker.Other())
	start := c.i
	melds, rest, e := c.meldsUntilPass(c.st.Hand(knocker))
	if e != nil {
		return e
	}
	sp, err := meld.NewSpread(melds...)
	if err != nil {
		return osError(c.h, start, "the knocker's melds: %v", err)
	}
	m := game.KnockMove(sp)
	if rest == 0 {
		m = game.GinMove(sp)
	}
	if e := c.apply(start, m); e != nil {
		return e
	}
	c.hand.Knocker, c.hand.Spread, c.hand.KnockerDeadwood = knocker, sp, rest
	// Against gin there are no lay-offs: the defender only melds.
	if rest != 0 {
		if other, e = c.layoffs(sp, other); e != nil {
			return e
		}
	}
	dm, left, e := c.meldsUntilPass(other)
	if e != nil {
		return e
	}
	dsp, err := meld.NewSpread(dm...)
	if err != nil {
		return &gamelog.Error{Line: c.h.Line, Msg: "the defender's melds: " + err.Error()}
	}
	c.hand.DefenderMelds, c.hand.DefenderDeadwood = dsp, left
	return nil
}

// meldsUntilPass reads melds from the cards of from up to a pass, and
// returns them and the cards left.
func (c *osConverter) meldsUntilPass(from notation.CardSet) ([]notation.CardSet, notation.CardSet, *gamelog.Error) {
	var out []notation.CardSet
	for ; c.i < len(c.h.Actions); c.i++ {
		a := c.h.Actions[c.i]
		if a == osPass {
			c.i++
			return out, from, nil
		}
		m, ok := osMeld(a - osMeldBase)
		if !ok {
			return nil, 0, osError(c.h, c.i, "not a meld")
		}
		if m&^from != 0 {
			return nil, 0, osError(c.h, c.i, "the meld's %s is not in the hand", m&^from)
		}
		from &^= m
		out = append(out, m)
	}
	return nil, 0, &gamelog.Error{Line: c.h.Line, Msg: "the history stops while melds are laid"}
}

// layoffs reads the defender's lay-offs onto the knocker's spread up to
// the pass that ends them, and returns the defender's cards left.
func (c *osConverter) layoffs(sp meld.Spread, other notation.CardSet) (notation.CardSet, *gamelog.Error) {
	grown := sp.Melds
	for ; c.i < len(c.h.Actions) && c.h.Actions[c.i] != osPass; c.i++ {
		card, ok := osCard(c.h.Actions[c.i])
		if !ok || !other.Has(card) {
			return 0, osError(c.h, c.i, "not a card the defender can lay off")
		}
		k := layOffMeld(&grown, sp.N, card)
		if k < 0 {
			return 0, osError(c.h, c.i, "%s fits none of the knocker's melds", card)
		}
		c.hand.Layoffs = append(c.hand.Layoffs, meld.Placement{Card: card, Meld: k})
		other = other.Without(card)
	}
	if c.i >= len(c.h.Actions) {
		return 0, &gamelog.Error{Line: c.h.Line, Msg: "the history stops during the lay-offs"}
	}
	c.i++ // the pass that ends the lay-offs
	return other, nil
}

// layOffMeld lays card off on the first of the n melds it fits, and
// returns that meld's index, or -1.
func layOffMeld(melds *[meld.MaxSpread]notation.CardSet, n int, card notation.Card) int {
	for k := 0; k < n; k++ {
		if meld.Classify(melds[k].With(card)) != meld.NotMeld {
			melds[k] = melds[k].With(card)
			return k
		}
	}
	return -1
}
