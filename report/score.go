// Package report holds the typed results that commands render: the
// verdict on a hand and its discards, a knock and its lay-offs, and the
// advisor's view of a decision with danger and outs (which package
// analyze makes). Text, JSON and the protocol's info lines are renderings
// of the same values.
package report

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// MaxHandSize is the most cards a hand can hold: ten, plus the card drawn
// before the discard.
const MaxHandSize = 11

// ErrHandSize is returned for a hand with more than MaxHandSize cards.
var ErrHandSize = fmt.Errorf("a gin rummy hand holds at most %d cards", MaxHandSize)

// ErrShortHand is returned for a hand of fewer than ten cards, which no
// rule scores: a verdict on it would read as one on a hand.
var ErrShortHand = fmt.Errorf("a gin rummy hand holds 10 cards, or %d before its discard", MaxHandSize)

// MeldReport is one meld in a report.
type MeldReport struct {
	Kind  string   `json:"kind"`
	Cards []string `json:"cards"`
}

// ArrangementReport is one minimal arrangement in a report.
type ArrangementReport struct {
	Melds         [][]string `json:"melds"`
	DeadwoodCards []string   `json:"deadwood_cards"`
	Deadwood      int        `json:"deadwood"`
	meld          meld.Arrangement
}

// Arrangement returns the solver's arrangement behind the report.
func (a ArrangementReport) Arrangement() meld.Arrangement { return a.meld }

// DiscardReport is the deadwood left by one discard.
type DiscardReport struct {
	Card     string `json:"card"`
	Deadwood int    `json:"deadwood"`
	Gin      bool   `json:"gin"`
	CanKnock bool   `json:"can_knock"`
}

// ScoreReport is everything `ginadvisor score` says about one hand.
//
// For an 11-card hand, Deadwood is the minimum before the discard, while
// Gin, CanKnock and BestDeadwood are about the hand after the best discard.
type ScoreReport struct {
	Cards        []string            `json:"cards"`
	Deadwood     int                 `json:"deadwood"`
	Arrangements []ArrangementReport `json:"arrangements"`
	Gin          bool                `json:"gin"`
	CanKnock     bool                `json:"can_knock"`
	KnockLimit   int                 `json:"knock_limit"`
	BigGin       *bool               `json:"big_gin,omitempty"`
	BestDeadwood *int                `json:"best_deadwood,omitempty"`
	Discards     []DiscardReport     `json:"discards,omitempty"`
	Verdict      string              `json:"verdict"`

	hand notation.CardSet
}

// Hand returns the hand the report is about.
func (r *ScoreReport) Hand() notation.CardSet { return r.hand }

// Score analyses a hand of 10 or 11 cards under the rules and the deal:
// their knock limit (under Oklahoma the first upcard's, which must be
// given: rules.ErrNoUpcard) and whether big gin is allowed. A hand of
// more cards is an error wrapping ErrHandSize, of fewer one wrapping
// ErrShortHand.
func Score(hand notation.CardSet, r0 rules.Rules, d rules.Deal) (*ScoreReport, error) {
	if err := r0.CheckDeal(d); err != nil {
		return nil, err
	}
	knockLimit := r0.KnockLimitFor(d)
	n := hand.Len()
	if n > MaxHandSize {
		return nil, fmt.Errorf("%d cards: %w", n, ErrHandSize)
	}
	if n < MaxHandSize-1 {
		return nil, fmt.Errorf("%s: %w", cardCount(n), ErrShortHand)
	}
	r := &ScoreReport{Cards: hand.Strings(), KnockLimit: knockLimit, hand: hand}
	r.Deadwood = meld.MinDeadwood(hand)
	for _, a := range meld.Arrangements(hand) {
		ar := ArrangementReport{Melds: [][]string{}, DeadwoodCards: a.Deadwood.Strings(), Deadwood: a.Points(), meld: a}
		for _, m := range a.Melds {
			ar.Melds = append(ar.Melds, m.Cards.Strings())
		}
		r.Arrangements = append(r.Arrangements, ar)
	}
	after := r.Deadwood
	if n == MaxHandSize {
		big := r0.CanDeclare(rules.DeclareBigGin, hand, 0)
		r.BigGin = &big
		for _, d := range meld.Discards(hand) {
			r.Discards = append(r.Discards, DiscardReport{
				Card:     d.Card.String(),
				Deadwood: d.Deadwood,
				Gin:      rules.DeclareGin.AllowsDeadwood(d.Deadwood, knockLimit),
				CanKnock: rules.DeclareKnock.AllowsDeadwood(d.Deadwood, knockLimit),
			})
		}
		after = r.Discards[0].Deadwood
		r.BestDeadwood = &after
	}
	if n >= 10 {
		r.Gin = rules.DeclareGin.AllowsDeadwood(after, knockLimit)
		r.CanKnock = rules.DeclareKnock.AllowsDeadwood(after, knockLimit)
	}
	r.Verdict = verdict(r, after)
	return r, nil
}

// cardCount writes a count of cards, singular for one.
func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

func verdict(r *ScoreReport, after int) string {
	if r.BigGin != nil && *r.BigGin {
		return "big gin: all 11 cards meld"
	}
	suffix := ""
	if len(r.Discards) > 0 {
		suffix = " after discarding " + r.Discards[0].Card
	}
	switch {
	case r.Gin:
		return "gin" + suffix
	case r.CanKnock:
		return fmt.Sprintf("may knock with %d%s", after, suffix)
	default:
		return fmt.Sprintf("%d over the knock limit of %d (deadwood %d%s)", after-r.KnockLimit, r.KnockLimit, after, suffix)
	}
}
