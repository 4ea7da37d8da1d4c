package report

import (
	"errors"
	"fmt"
	"sort"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// PlacementReport is a card laid off on the knocker's meld with index Meld.
type PlacementReport struct {
	Card string `json:"card"`
	Meld int    `json:"meld"`
}

// KnockReport is everything `ginadvisor knock` says about a showdown.
type KnockReport struct {
	Rules      string `json:"rules"`
	KnockLimit int    `json:"knock_limit"`
	// MeldsChosen says where the knocker's melds came from: "given", or
	// "best against this defender".
	MeldsChosen string `json:"melds_chosen"`
	// Discard is the card an 11-card knocker discards before knocking.
	Discard               string            `json:"discard,omitempty"`
	KnockerMelds          [][]string        `json:"knocker_melds"`
	KnockerDeadwoodCards  []string          `json:"knocker_deadwood_cards"`
	KnockerDeadwood       int               `json:"knocker_deadwood"`
	DefenderMelds         [][]string        `json:"defender_melds"`
	DefenderDeadwoodCards []string          `json:"defender_deadwood_cards"`
	DefenderBefore        int               `json:"defender_deadwood_before_layoffs"`
	DefenderDeadwood      int               `json:"defender_deadwood"`
	Layoffs               []string          `json:"layoffs"`
	Placements            []PlacementReport `json:"placements"`
	Result                string            `json:"result"`
	Winner                string            `json:"winner"`
	Points                int               `json:"points"`
	Multiplier            int               `json:"multiplier"`
	Breakdown             []rules.Line      `json:"breakdown"`
	Automatic             *AutomaticKnock   `json:"automatic,omitempty"`
	// Options lists every spread within the knock limit, best for the
	// knocker first, when the melds were not given.
	Options             []SpreadOption `json:"options,omitempty"`
	Notes               []string       `json:"notes"`
	spread              meld.Spread
	score               rules.HandScore
	defenderArrangement meld.Arrangement
}

// AutomaticKnock is the result had the knocker laid down its first
// minimal arrangement without regard to the defender.
type AutomaticKnock struct {
	KnockerMelds [][]string `json:"knocker_melds"`
	Layoffs      []string   `json:"layoffs"`
	Result       string     `json:"result"`
	Winner       string     `json:"winner"`
	Points       int        `json:"points"`
}

// SpreadOption is one spread the knocker could lay down, and what it
// would bring.
type SpreadOption struct {
	KnockerMelds     [][]string `json:"knocker_melds"`
	KnockerDeadwood  int        `json:"knocker_deadwood"`
	Layoffs          []string   `json:"layoffs"`
	DefenderDeadwood int        `json:"defender_deadwood"`
	Result           string     `json:"result"`
	Winner           string     `json:"winner"`
	Points           int        `json:"points"`
	// KnockerNet is the points to the knocker, negative when it loses.
	KnockerNet int `json:"knocker_net"`
}

// Spread returns the melds the knocker laid down.
func (k *KnockReport) Spread() meld.Spread { return k.spread }

// Score returns the settled hand.
func (k *KnockReport) Score() rules.HandScore { return k.score }

// DefenderArrangement returns the defender's melds and deadwood after
// lay-offs.
func (k *KnockReport) DefenderArrangement() meld.Arrangement { return k.defenderArrangement }

// Knock settles a showdown. With a spread, the knocker lays down those
// melds; without one (nil), it lays down the spread best against this
// defender, and the report also gives the automatic minimal arrangement's
// result.
//
// A knocker with 11 cards that is not big gin discards first: the report
// takes the discard that is best for the knocker and names it in Discard.
func Knock(r rules.Rules, knocker, defender notation.CardSet, given *meld.Spread, d rules.Deal) (*KnockReport, error) {
	if knocker.Len() == MaxHandSize && !r.CanDeclare(rules.DeclareBigGin, knocker, 0) {
		return knockAfterDiscard(r, knocker, defender, given, d)
	}
	var s rules.Showdown
	var err error
	rep := &KnockReport{Rules: r.Name, KnockLimit: r.KnockLimitFor(d), Notes: []string{}}
	if given != nil {
		rep.MeldsChosen = "given"
		s, err = r.KnockWith(*given, knocker, defender, d)
	} else {
		rep.MeldsChosen = "best against this defender"
		s, err = r.BestKnock(knocker, defender, d)
	}
	if err != nil {
		return nil, err
	}
	rep.fill(s, defender)
	if given == nil {
		rep.Options = spreadOptions(r, knocker, defender, rep.KnockLimit, d)
		auto, err := r.AutoKnock(knocker, defender, d)
		if err != nil {
			return nil, err
		}
		rep.Automatic = &AutomaticKnock{
			KnockerMelds: spreadStrings(&auto.Spread),
			Layoffs:      auto.Layoffs.Strings(),
			Result:       auto.Score.Outcome.String(),
			Winner:       auto.Score.Winner.String(),
			Points:       auto.Score.Points,
		}
		if net, autoNet := s.Score.KnockerNet(), auto.Score.KnockerNet(); net > autoNet {
			note := fmt.Sprintf("the minimal arrangement would give the %s %d (%s); this spread gives the %s %d (%s)",
				auto.Score.Winner, auto.Score.Points, auto.Score.Outcome.Words(), s.Score.Winner, s.Score.Points, s.Score.Outcome.Words())
			if auto.Score.Outcome == rules.Undercut {
				note = fmt.Sprintf("the minimal arrangement would have handed the defender an undercut worth %d; this spread gives the %s %d (%s)",
					auto.Score.Points, s.Score.Winner, s.Score.Points, s.Score.Outcome.Words())
			}
			rep.Notes = append(rep.Notes, note)
		}
	}
	return rep, nil
}

// spreadOptions settles every spread the knocker could lay down within
// the limit against this defender, best for the knocker first; ties put
// less knocker deadwood, then fewer melds, first.
func spreadOptions(r rules.Rules, knocker, defender notation.CardSet, limit int, d rules.Deal) []SpreadOption {
	bigGin := knocker.Len() == MaxHandSize
	if bigGin {
		limit = 0
	}
	type option struct {
		SpreadOption
		melds int
	}
	var opts []option
	meld.KnockSpreads(knocker, limit, func(sp meld.Spread, dead notation.CardSet) bool {
		s := r.Settle(&sp, dead, defender, bigGin, d)
		opts = append(opts, option{SpreadOption{
			KnockerMelds:     sortedSpreadStrings(sp),
			KnockerDeadwood:  s.Score.KnockerDeadwood,
			Layoffs:          s.Layoffs.Strings(),
			DefenderDeadwood: s.Score.DefenderDeadwood,
			Result:           s.Score.Outcome.String(),
			Winner:           s.Score.Winner.String(),
			Points:           s.Score.Points,
			KnockerNet:       s.Score.KnockerNet(),
		}, sp.N})
		return true
	})
	sort.SliceStable(opts, func(i, j int) bool {
		a, b := opts[i], opts[j]
		if a.KnockerNet != b.KnockerNet {
			return a.KnockerNet > b.KnockerNet
		}
		if a.KnockerDeadwood != b.KnockerDeadwood {
			return a.KnockerDeadwood < b.KnockerDeadwood
		}
		return a.melds < b.melds
	})
	out := make([]SpreadOption, len(opts))
	for i, o := range opts {
		out[i] = o.SpreadOption
	}
	return out
}

// knockAfterDiscard tries every discard of an 11-card knocker and keeps
// the one whose knock is best for the knocker.
func knockAfterDiscard(r rules.Rules, knocker, defender notation.CardSet, given *meld.Spread, d rules.Deal) (*KnockReport, error) {
	var best *KnockReport
	var bestCard notation.Card
	var firstErr error
	for c := range knocker.All() {
		if given != nil && given.Cards().Has(c) {
			continue
		}
		rep, err := Knock(r, knocker.Without(c), defender, given, d)
		if err != nil {
			if firstErr == nil || errors.Is(firstErr, rules.ErrOverLimit) && !errors.Is(err, rules.ErrOverLimit) {
				firstErr = err
			}
			continue
		}
		if best == nil || rep.score.KnockerNet() > best.score.KnockerNet() ||
			rep.score.KnockerNet() == best.score.KnockerNet() && c.Value() > bestCard.Value() {
			best, bestCard = rep, c
		}
	}
	if best == nil && firstErr == nil {
		// The given melds hold every card: there is nothing to discard.
		return nil, fmt.Errorf("the melds use all 11 cards and big gin is not allowed: %w", rules.ErrKnockerSize)
	}
	if best == nil {
		var over *rules.OverLimitError
		if errors.As(firstErr, &over) {
			// Say how close the best discard comes.
			_, dw, _ := meld.BestDiscard(knocker)
			return nil, &rules.OverLimitError{Deadwood: dw, Limit: over.Limit}
		}
		return nil, firstErr
	}
	best.Discard = bestCard.String()
	best.Notes = append([]string{fmt.Sprintf("the knocker discards %s first", bestCard)}, best.Notes...)
	return best, nil
}

// sortedSpreadStrings lists a spread's melds in the canonical order.
func sortedSpreadStrings(sp meld.Spread) [][]string {
	meld.SortSpread(&sp)
	return spreadStrings(&sp)
}

func spreadStrings(sp *meld.Spread) [][]string {
	out := make([][]string, 0, sp.N)
	for i := 0; i < sp.N; i++ {
		out = append(out, sp.Melds[i].Strings())
	}
	return out
}

func (k *KnockReport) fill(s rules.Showdown, defender notation.CardSet) {
	// One order for the melds everywhere they are shown, and for the
	// indices of the lay-offs.
	meld.SortSpread(&s.Spread)
	k.spread = s.Spread
	k.score = s.Score
	k.KnockerMelds = spreadStrings(&s.Spread)
	k.KnockerDeadwoodCards = s.KnockerDeadwood.Strings()
	k.KnockerDeadwood = s.Score.KnockerDeadwood
	k.DefenderBefore = meld.MinDeadwood(defender)
	k.DefenderDeadwood = s.Score.DefenderDeadwood
	k.Layoffs = s.Layoffs.Strings()
	k.Placements = []PlacementReport{}
	for _, p := range meld.Placements(&s.Spread, s.Layoffs) {
		k.Placements = append(k.Placements, PlacementReport{Card: p.Card.String(), Meld: p.Meld})
	}
	a := meld.Arrangements(defender &^ s.Layoffs)[0]
	k.defenderArrangement = a
	k.DefenderMelds = [][]string{}
	for _, m := range a.Melds {
		k.DefenderMelds = append(k.DefenderMelds, m.Cards.Strings())
	}
	k.DefenderDeadwoodCards = a.Deadwood.Strings()
	k.Result = s.Score.Outcome.String()
	k.Winner = s.Score.Winner.String()
	k.Points = s.Score.Points
	k.Multiplier = s.Score.Multiplier
	k.Breakdown = s.Score.Breakdown()
}

// CandidateReport is a card that can be laid off.
type CandidateReport struct {
	Card  string   `json:"card"`
	Meld  int      `json:"meld"`
	Needs []string `json:"needs"`
}

// LayoffOptionReport is one best way to lay off.
type LayoffOptionReport struct {
	Layoffs       []string          `json:"layoffs"`
	Placements    []PlacementReport `json:"placements"`
	Melds         [][]string        `json:"melds"`
	DeadwoodCards []string          `json:"deadwood_cards"`
}

// LayoffReport is everything `ginadvisor layoff` says.
type LayoffReport struct {
	Melds          [][]string           `json:"melds"`
	Hand           []string             `json:"hand"`
	Candidates     []CandidateReport    `json:"candidates"`
	DeadwoodBefore int                  `json:"deadwood_before_layoffs"`
	Deadwood       int                  `json:"deadwood"`
	Saved          int                  `json:"saved"`
	Options        []LayoffOptionReport `json:"options"`
}

// Layoff reports what hand can lay off on the spread.
func Layoff(sp meld.Spread, hand notation.CardSet) (*LayoffReport, error) {
	if both := sp.Cards() & hand; both != 0 {
		return nil, fmt.Errorf("%s is in the hand and in the melds: %w", both, meld.ErrOverlap)
	}
	if n := hand.Len(); n > MaxHandSize {
		return nil, fmt.Errorf("%d cards: %w", n, ErrHandSize)
	}
	rep := &LayoffReport{Melds: spreadStrings(&sp), Hand: hand.Strings(), Candidates: []CandidateReport{}}
	for _, c := range meld.Candidates(&sp, hand) {
		rep.Candidates = append(rep.Candidates, CandidateReport{Card: c.Card.String(), Meld: c.Meld, Needs: c.Needs.Strings()})
	}
	rep.DeadwoodBefore = meld.MinDeadwood(hand)
	dw, opts := meld.LayoffOptions(&sp, hand)
	rep.Deadwood = dw
	rep.Saved = rep.DeadwoodBefore - dw
	for _, o := range opts {
		or := LayoffOptionReport{Layoffs: o.Layoffs.Strings(), Placements: []PlacementReport{}}
		for _, p := range o.Placements {
			or.Placements = append(or.Placements, PlacementReport{Card: p.Card.String(), Meld: p.Meld})
		}
		for _, a := range o.Arrangements {
			melds := [][]string{}
			for _, m := range a.Melds {
				melds = append(melds, m.Cards.Strings())
			}
			o2 := or
			o2.Melds = melds
			o2.DeadwoodCards = a.Deadwood.Strings()
			rep.Options = append(rep.Options, o2)
		}
	}
	return rep, nil
}
