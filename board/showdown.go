package board

import (
	"fmt"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// HandEnd is one hand's showdown as the table shows it, by seat (p1, the
// person, first): each side's melds and deadwood, the defender's
// lay-offs, the points and why, and the score after. It is derived from
// the game log's record of the hand, and from nothing else.
type HandEnd struct {
	Number int `json:"number"`
	// Outcome is knock, undercut, gin, big_gin or dead.
	Outcome string `json:"outcome"`
	// Knocker and Winner are seats, or empty for a dead hand.
	Knocker string `json:"knocker,omitempty"`
	Winner  string `json:"winner,omitempty"`
	// Melds and Deadwood are each seat's: the knocker's as laid down,
	// the defender's after its lay-offs; at a dead hand, each hand's
	// first best arrangement.
	Melds          [2][][]notation.Card `json:"melds"`
	Deadwood       [2][]notation.Card   `json:"deadwood"`
	DeadwoodPoints [2]int               `json:"deadwood_points"`
	// Layoffs are the defender's cards laid off, each with the index of
	// the knocker's meld it went on.
	Layoffs []Layoff `json:"layoffs"`
	Points  int      `json:"points"`
	// Reason names the outcome in words; Breakdown gives the points'
	// parts, which add up to Points.
	Reason    string       `json:"reason"`
	Breakdown []rules.Line `json:"breakdown"`
	// Score is the running score after the hand, by seat.
	Score [2]int `json:"score"`
	// Text is the hand's end in one sentence, for the person in seat p1.
	Text string `json:"text"`
}

// Layoff is a card the defender laid off and the knocker's meld it went
// on.
type Layoff struct {
	Card notation.Card `json:"card"`
	Meld int           `json:"meld"`
}

// handEnd derives a hand's showdown from its record in the game log.
func handEnd(h *gamelog.Hand) HandEnd {
	e := HandEnd{Number: h.Number, Outcome: h.Score.Outcome.String(), Points: h.Score.Points,
		Reason: h.Score.Outcome.Words(), Breakdown: h.Score.Breakdown(), Score: h.Totals, Layoffs: []Layoff{}}
	if h.Knocker.Valid() {
		k, d := h.Knocker, h.Knocker.Other()
		e.Knocker = k.String()
		e.Melds[k], e.Deadwood[k] = spreadCards(&h.Spread), h.KnockerDeadwood.Cards()
		e.Melds[d], e.Deadwood[d] = spreadCards(&h.DefenderMelds), h.DefenderDeadwood.Cards()
		for _, l := range h.Layoffs {
			e.Layoffs = append(e.Layoffs, Layoff{Card: l.Card, Meld: l.Meld})
		}
	} else {
		for seat := range notation.NumSeats {
			sp, dw, err := meld.FirstArrangement(finalHand(h, seat))
			if err == nil {
				e.Melds[seat], e.Deadwood[seat] = spreadCards(&sp), dw.Cards()
			}
		}
	}
	for seat := range notation.NumSeats {
		if e.Melds[seat] == nil {
			e.Melds[seat] = [][]notation.Card{}
		}
		if e.Deadwood[seat] == nil {
			e.Deadwood[seat] = []notation.Card{}
		}
		e.DeadwoodPoints[seat] = notation.SetOf(e.Deadwood[seat]...).Value()
	}
	if h.Winner.Valid() {
		e.Winner = h.Winner.String()
	}
	e.Text = handText(&e)
	return e
}

// finalHand replays a seat's cards through the hand: its deal, with what
// it took and drew, less what it threw.
func finalHand(h *gamelog.Hand, seat notation.Seat) notation.CardSet {
	hand := notation.SetOf(h.Deal[seat]...)
	for _, m := range h.Moves {
		if m.Seat != seat {
			continue
		}
		switch m.Kind {
		case game.Take, game.Draw:
			hand = hand.With(m.Card)
		case game.Discard:
			hand = hand.Without(m.Card)
		}
	}
	return hand
}

// spreadCards lists a spread's melds, each as its cards.
func spreadCards(sp *meld.Spread) [][]notation.Card {
	out := [][]notation.Card{}
	for i := range sp.N {
		out = append(out, sp.Melds[i].Cards())
	}
	return out
}

// handText says how a hand ended, for the person in seat p1.
func handText(e *HandEnd) string {
	who := func(seat string) string {
		if seat == "p1" {
			return "you"
		}
		return "the opponent"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hand %d: ", e.Number)
	if e.Knocker == "" {
		b.WriteString("a dead hand, no one scores")
	} else {
		fmt.Fprintf(&b, "%s, %s won %s", e.Reason, who(e.Winner), points(e.Points))
		if who(e.Knocker) != who(e.Winner) {
			fmt.Fprintf(&b, " (%s knocked)", who(e.Knocker))
		}
	}
	fmt.Fprintf(&b, "; the score %d-%d", e.Score[0], e.Score[1])
	return b.String()
}

// GameEnd is a finished game's result: the winner's seat (empty on a
// tie) and the final score with its bonuses, as rules.Game.Final sums it.
type GameEnd struct {
	Winner string
	Score  rules.GameResult
}

// gameEnd derives the game's result from its log.
func gameEnd(g *gamelog.Game) GameEnd {
	e := GameEnd{Score: g.Final}
	if g.Final.Winner.Valid() {
		e.Winner = g.Final.Winner.String()
	}
	return e
}

// LastMove is what the opponent did since the person's last decision, as
// the person saw it: lichess's mark of the last move.
type LastMove struct {
	// Passed is the upcard it passed, if it did.
	Passed *notation.Card `json:"passed,omitempty"`
	// From is "stock" or "pile" when it drew; Took is the card it took
	// from the pile (a card drawn from the stock is not seen).
	From string         `json:"from,omitempty"`
	Took *notation.Card `json:"took,omitempty"`
	// Discarded is the card it threw, now the pile's top.
	Discarded *notation.Card `json:"discarded,omitempty"`
	// Text says it in a sentence.
	Text string `json:"text"`
}

// lastMove reads the opponent's events since the seat to move last
// acted, or nil when the opponent has not moved since.
func lastMove(p *game.Position) *LastMove {
	var m LastMove
	any := false
	for i := p.NumEvents() - 1; i >= p.FirstEvent(); i-- {
		e := p.Event(i)
		if e.Seat != p.Seat().Other() || e.Kind == game.Dealt || e.Kind == game.Upcard {
			break
		}
		c := e.Card
		switch e.Kind {
		case game.Passed:
			m.Passed, any = &c, true
		case game.Took:
			m.From, m.Took, any = "pile", &c, true
		case game.Drew:
			m.From, any = "stock", true
		case game.Discarded:
			m.Discarded, any = &c, true
		}
	}
	if !any {
		return nil
	}
	var parts []string
	if m.Passed != nil {
		parts = append(parts, "passed the upcard "+m.Passed.String())
	}
	switch m.From {
	case "stock":
		parts = append(parts, "drew from the stock")
	case "pile":
		parts = append(parts, "took "+m.Took.String()+" from the pile")
	}
	if m.Discarded != nil {
		parts = append(parts, "threw "+m.Discarded.String())
	}
	m.Text = "It " + strings.Join(parts, " and ") + "."
	return &m
}

// GameScore is a finished game's final score by seat, with the lines
// that make it (hand points, the game bonus, the box and shutout
// bonuses).
type GameScore struct {
	Totals    [2]int          `json:"totals"`
	Breakdown [2][]rules.Line `json:"breakdown"`
	Shutout   bool            `json:"shutout"`
}
