package importer

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// osIDs maps each card and each meld of 3 to 5 cards to its OpenSpiel id.
var osCardIDs, osMeldIDs = func() (map[notation.Card]int, map[notation.CardSet]int) {
	cards := map[notation.Card]int{}
	for id := 0; id < 52; id++ {
		c, _ := osCard(id)
		cards[c] = id
	}
	melds := map[notation.CardSet]int{}
	for id := 0; id < osMelds; id++ {
		m, _ := osMeld(id)
		melds[m] = id
	}
	return cards, melds
}()

// ErrNotOpenSpiel means a hand cannot be written as an OpenSpiel history.
var ErrNotOpenSpiel = errors.New("not expressible as an OpenSpiel history")

// osMeldActions lays a meld as OpenSpiel does: a run longer than five
// cards goes down as runs of three to five.
func osMeldActions(m notation.CardSet) []int {
	if id, ok := osMeldIDs[m]; ok {
		return []int{osMeldBase + id}
	}
	cs := m.Cards() // a long run, in rank order
	n := len(cs)
	cut := 3
	if n-3 > 5 {
		cut = n - 5
	}
	return append(osMeldActions(notation.SetOf(cs[:cut]...)), osMeldActions(notation.SetOf(cs[cut:]...))...)
}

// OpenSpielFromState writes a finished hand, played under the openspiel
// rules with seat 1 dealing, as an OpenSpiel history with its returns.
func OpenSpielFromState(st *game.State, gameString string) (OpenSpielHistory, error) {
	h := OpenSpielHistory{Game: gameString}
	res, over := st.Result()
	if !over || st.Setup().Dealer != 1 || st.Rules().Name != "openspiel" {
		return h, fmt.Errorf("%w: the hand must be over, under the openspiel rules, with seat 1 dealing", ErrNotOpenSpiel)
	}
	if !st.RecordComplete() {
		return h, fmt.Errorf("%w: the hand outgrew its record (%d draws)", ErrNotOpenSpiel, st.Draws())
	}
	actions, events := osDeal(st)
	actions, err := osPlay(actions, events, st.Rules().DeadStock, res.Knocker.Valid())
	h.Actions = actions
	if err != nil {
		return h, err
	}
	if res.Knocker.Valid() {
		if h.Actions, err = osShowdown(h.Actions, &res); err != nil {
			return h, err
		}
	}
	h.Returns = []float64{0, 0}
	if res.Winner.Valid() {
		pts := float64(res.Score.Points)
		h.Returns[res.Winner], h.Returns[res.Winner.Other()] = pts, -pts
	}
	return h, nil
}

// osDeal returns the deal's actions, seat 0's cards, seat 1's, then the
// upcard, and the hand's events after the deal.
func osDeal(st *game.State) ([]int, []game.Event) {
	var deal [2][]int
	var up int
	var events []game.Event
	for i := 0; i < st.NumEvents(); i++ {
		e := st.Event(i)
		switch e.Kind {
		case game.Dealt:
			deal[e.Seat] = append(deal[e.Seat], osCardIDs[e.Card])
		case game.Upcard:
			up = osCardIDs[e.Card]
		default:
			events = append(events, e)
		}
	}
	var actions []int
	return append(append(append(actions, deal[0]...), deal[1]...), up), events
}

// osPlay appends the actions of the play, from the events after the deal.
// OpenSpiel announces a knock before its discard, and at the wall (a stock
// of deadStock cards) a take is the knock itself.
func osPlay(actions []int, events []game.Event, deadStock int, knocked bool) ([]int, error) {
	stock := game.StockSize
	for i, e := range events {
		next := game.Event{Kind: game.Died}
		if i+1 < len(events) {
			next = events[i+1]
		}
		switch e.Kind {
		case game.Passed:
			actions = append(actions, osPass)
		case game.Took:
			if stock > deadStock {
				actions = append(actions, osDrawUpcard)
				break
			}
			if !knocked {
				return actions, fmt.Errorf("%w: a take at the wall without a knock", ErrNotOpenSpiel)
			}
			actions = append(actions, osKnock)
		case game.Drew:
			stock--
			actions = append(actions, osDrawStock, osCardIDs[e.Card])
		case game.Discarded:
			if (next.Kind == game.Knocked || next.Kind == game.WentGin) && stock > deadStock {
				actions = append(actions, osKnock)
			}
			actions = append(actions, osCardIDs[e.Card])
		case game.WentBigGin:
			return actions, fmt.Errorf("%w: big gin", ErrNotOpenSpiel)
		}
	}
	return actions, nil
}

// osShowdown appends the knocker's melds and pass, the defender's
// lay-offs and pass unless against gin, then its melds and pass.
func osShowdown(actions []int, res *game.Result) ([]int, error) {
	for _, m := range res.Spread.Melds[:res.Spread.N] {
		actions = append(actions, osMeldActions(m)...)
	}
	actions = append(actions, osPass)
	if res.KnockerDeadwood != 0 {
		var err error
		if actions, err = osLayoffs(actions, res); err != nil {
			return actions, err
		}
		actions = append(actions, osPass)
	}
	dm, _ := res.DefenderMelds()
	for _, m := range dm.Melds[:dm.N] {
		actions = append(actions, osMeldActions(m)...)
	}
	return append(actions, osPass), nil
}

// osLayoffs appends the defender's lay-offs in an order in which each fits
// as it is made: a run grows one card at a time.
func osLayoffs(actions []int, res *game.Result) ([]int, error) {
	grown := res.Spread.Melds
	left := res.Layoffs
	for left != 0 {
		c, ok := osNextLayoff(&grown, res.Spread.N, left)
		if !ok {
			return actions, fmt.Errorf("%w: lay-offs that fit no meld", ErrNotOpenSpiel)
		}
		left = left.Without(c)
		actions = append(actions, osCardIDs[c])
	}
	return actions, nil
}

// osNextLayoff lays off the lowest card of left that fits one of the n
// melds, on the first it fits.
func osNextLayoff(melds *[meld.MaxSpread]notation.CardSet, n int, left notation.CardSet) (notation.Card, bool) {
	for c := range left.All() {
		if layOffMeld(melds, n, c) >= 0 {
			return c, true
		}
	}
	return 0, false
}
