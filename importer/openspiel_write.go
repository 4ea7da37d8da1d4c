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
	h.Actions = append(append(append(h.Actions, deal[0]...), deal[1]...), up)
	stock := game.StockSize
	for i, e := range events {
		next := game.Event{Kind: game.Died}
		if i+1 < len(events) {
			next = events[i+1]
		}
		switch e.Kind {
		case game.Passed:
			h.Actions = append(h.Actions, osPass)
		case game.Took:
			// At the wall the take is the knock itself.
			if stock <= st.Rules().DeadStock {
				if !res.Knocker.Valid() {
					return h, fmt.Errorf("%w: a take at the wall without a knock", ErrNotOpenSpiel)
				}
				h.Actions = append(h.Actions, osKnock)
			} else {
				h.Actions = append(h.Actions, osDrawUpcard)
			}
		case game.Drew:
			stock--
			h.Actions = append(h.Actions, osDrawStock, osCardIDs[e.Card])
		case game.Discarded:
			if (next.Kind == game.Knocked || next.Kind == game.WentGin) && stock > st.Rules().DeadStock {
				h.Actions = append(h.Actions, osKnock)
			}
			h.Actions = append(h.Actions, osCardIDs[e.Card])
		case game.WentBigGin:
			return h, fmt.Errorf("%w: big gin", ErrNotOpenSpiel)
		}
	}
	if res.Knocker.Valid() {
		for _, m := range res.Spread.Melds[:res.Spread.N] {
			h.Actions = append(h.Actions, osMeldActions(m)...)
		}
		h.Actions = append(h.Actions, osPass)
		if res.KnockerDeadwood != 0 {
			// Each lay-off must fit as it is made: a run grows one card
			// at a time.
			grown := res.Spread.Melds
			left := res.Layoffs
			for left != 0 {
				placed := false
				for c := range left.All() {
					for k := 0; k < res.Spread.N && !placed; k++ {
						if meld.Classify(grown[k].With(c)) != meld.NotMeld {
							grown[k] = grown[k].With(c)
							left = left.Without(c)
							h.Actions = append(h.Actions, osCardIDs[c])
							placed = true
						}
					}
					if placed {
						break
					}
				}
				if !placed {
					return h, fmt.Errorf("%w: lay-offs that fit no meld", ErrNotOpenSpiel)
				}
			}
			h.Actions = append(h.Actions, osPass)
		}
		dm, _ := res.DefenderMelds()
		for _, m := range dm.Melds[:dm.N] {
			h.Actions = append(h.Actions, osMeldActions(m)...)
		}
		h.Actions = append(h.Actions, osPass)
	}
	h.Returns = []float64{0, 0}
	if res.Winner.Valid() {
		pts := float64(res.Score.Points)
		h.Returns[res.Winner], h.Returns[res.Winner.Other()] = pts, -pts
	}
	return h, nil
}
