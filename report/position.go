package report

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// PositionView is what `position` shows of a position: the seat's view
// and what follows from it, with the fields documented for its --json.
type PositionView struct {
	Seat notation.Seat `json:"seat"`
	// Turn is the seat to move: the seat itself, or the opponent while
	// the seat waits (a position written with turn=). Phase is the
	// phase of the seat to move.
	Turn             notation.Seat    `json:"turn"`
	Phase            game.Phase       `json:"phase"`
	Hand             notation.CardSet `json:"hand"`
	Pile             []notation.Card  `json:"pile"`
	Upcard           *notation.Card   `json:"upcard,omitempty"`
	Stock            int              `json:"stock"`
	OpponentKnown    notation.CardSet `json:"opponent_known"`
	OpponentHidden   int              `json:"opponent_hidden"`
	OpponentTook     notation.CardSet `json:"opponent_took"`
	OpponentPassed   notation.CardSet `json:"opponent_passed"`
	OpponentDiscards []notation.Card  `json:"opponent_discards"`
	Dead             notation.CardSet `json:"dead"`
	Unseen           notation.CardSet `json:"unseen"`
	UnseenCount      int              `json:"unseen_count"`
	KnockLimit       int              `json:"knock_limit"`
	Scores           [2]int           `json:"scores"`
	Dealer           notation.Seat    `json:"dealer"`
	Rules            string           `json:"rules"`
	Number           int              `json:"number"`
	Notation         string           `json:"notation"`
	// History is the history form, when the position holds the whole
	// record of its hand: the complete form, as the advisor's reading of
	// the opponent reads the record, which the short form (Notation) does
	// not carry. Empty otherwise.
	History string `json:"history,omitempty"`
}

// Position returns the view of a position.
func Position(p *game.Position) PositionView {
	f := p.Facts()
	s := p.Setup()
	v := PositionView{
		Seat: f.Seat, Turn: p.Turn(), Phase: f.Phase, Hand: f.Hand, Pile: nonNil(f.Pile),
		Stock: f.StockCount, OpponentKnown: p.OpponentKnown(), OpponentHidden: p.OpponentHidden(),
		OpponentTook: f.OppTook, OpponentPassed: f.OppPassed, OpponentDiscards: nonNil(f.OppDiscards),
		Dead: p.Dead(), Unseen: p.Unseen(), UnseenCount: p.Unseen().Len(),
		KnockLimit: p.KnockLimit(), Scores: s.Scores, Dealer: s.Dealer, Rules: s.Rules.Name, Number: s.Number,
		Notation: position.Format(p),
	}
	if up, ok := p.Upcard(); ok {
		v.Upcard = &up
	}
	v.History, _ = position.FormatHistory(p)
	return v
}

// nonNil keeps an empty list a JSON array.
func nonNil(cs []notation.Card) []notation.Card {
	if cs == nil {
		return []notation.Card{}
	}
	return cs
}
