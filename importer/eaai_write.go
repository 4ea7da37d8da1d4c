package importer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrNotEAAI means a game's rules are not the EAAI framework's, which its
// transcripts cannot express.
var ErrNotEAAI = errors.New("the EAAI framework cannot express these rules")

// EAAIExpresses reports whether a transcript can say a game under r: the
// rules must be eaai's in every field. The error names the first field
// that differs.
func EAAIExpresses(r rules.Rules) error {
	eaai := rules.Presets()["eaai"]
	for _, f := range rules.Fields() {
		if got, want := f.Format(&r), f.Format(&eaai); got != want {
			return fmt.Errorf("%w: %s is %s, and the framework plays %s", ErrNotEAAI, f.Key, got, want)
		}
	}
	return nil
}

// WriteEAAI prints a game the way the EAAI framework's verbose
// GinRummyGame does, line for line, so that transcripts can be made from
// ginadvisor's own games (for tests, samples and benchmarks). The game
// must be played under the eaai rules, with every card known.
func WriteEAAI(w io.Writer, g *gamelog.Game) error {
	if err := EAAIExpresses(g.Rules); err != nil {
		return fmt.Errorf("game %d: %w", g.Number, err)
	}
	b := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(b, format+"\n", args...) }
	for hi := range g.Hands {
		h := &g.Hands[hi]
		if err := eaaiPlay(p, h); err != nil {
			return fmt.Errorf("game %d hand %d: %w", g.Number, h.Number, err)
		}
		if !h.Knocker.Valid() {
			p("%s", eaaiCancelled)
		} else {
			eaaiShowdown(p, h)
		}
		p("Player\tScore\n0\t%d\n1\t%d", h.Totals[0], h.Totals[1])
	}
	winner := g.Final.Winner
	if !winner.Valid() {
		// The framework gives a tied game to player 1.
		winner = notation.P2
	}
	p("Player %d wins.", winner)
	return b.Flush()
}

// A transcript cannot print a card its log does not know.
var (
	errUnknownCard = errors.New("an unknown card cannot be printed")
	errUnknownDraw = errors.New("an unknown draw cannot be printed")
)

// eaaiPlay prints a hand's deal and moves, with the framework's report of
// the mover's hand after each discard.
func eaaiPlay(p func(string, ...any), h *gamelog.Hand) error {
	var hands [2]notation.CardSet
	for seat := range notation.NumSeats {
		for _, c := range h.Deal[seat] {
			if c == gamelog.Unknown {
				return errUnknownCard
			}
		}
		hands[seat] = notation.SetOf(h.Deal[seat]...)
		p("Player %d is dealt %s.", seat, eaaiList(h.Deal[seat]))
	}
	p("Player %d starts.", h.Dealer.Other())
	p("The initial face up card is %s.", h.Upcard)
	for _, m := range h.Moves {
		switch m.Kind {
		case game.Pass:
			p("Player %d declines %s.", m.Seat, m.Card)
		case game.Take, game.Draw:
			if m.Card == gamelog.Unknown {
				return errUnknownDraw
			}
			hands[m.Seat] = hands[m.Seat].With(m.Card)
			p("Player %d draws %s.", m.Seat, m.Card)
		case game.Discard:
			hands[m.Seat] = hands[m.Seat].Without(m.Card)
			p("Player %d discards %s.", m.Seat, m.Card)
			eaaiReport(p, m.Seat, hands[m.Seat])
		}
	}
	return nil
}

// eaaiReport prints the framework's report of a seat's hand: its first
// arrangement and its deadwood.
func eaaiReport(p func(string, ...any), seat notation.Seat, hand notation.CardSet) {
	sp, dead, _ := meld.FirstArrangement(hand)
	if sp.N == 0 {
		p("Player %d has %s with %d deadwood.", seat, eaaiSet(dead), dead.Value())
	} else {
		p("Player %d has [%s, %s] with %d deadwood.", seat, eaaiMeldText(sp.Melds[:sp.N]), eaaiSet(dead), dead.Value())
	}
}

// eaaiShowdown prints a knocked hand's melds, lay-offs and scoring line.
func eaaiShowdown(p func(string, ...any), h *gamelog.Hand) {
	k, d := h.Knocker, h.Knocker.Other()
	melds := "[" + eaaiMeldText(h.Spread.Melds[:h.Spread.N]) + "]"
	if h.KnockerDeadwood == 0 {
		p("Player %d goes gin with melds %s.", k, melds)
	} else {
		p("Player %d melds %s with %d deadwood from %s.", k, melds, h.KnockerDeadwood.Value(), eaaiSet(h.KnockerDeadwood))
	}
	p("Player %d melds [%s].", d, eaaiMeldText(h.DefenderMelds.Melds[:h.DefenderMelds.N]))
	grown := h.Spread.Melds
	for _, l := range h.Layoffs {
		p("Player %d lays off %s on %s.", d, l.Card, eaaiSet(grown[l.Meld]))
		grown[l.Meld] = grown[l.Meld].With(l.Card)
	}
	p("Player %d has %d deadwood with %s", d, h.DefenderDeadwood.Value(), eaaiSet(h.DefenderDeadwood))
	s := h.Score
	switch s.Outcome {
	case rules.Gin:
		p("Player %d scores the gin bonus of %d plus opponent deadwood %d for %d total points.", h.Winner, s.Bonus, s.Difference, s.Points)
	case rules.Undercut:
		p("Player %d undercuts and scores the undercut bonus of %d plus deadwood difference of %d for %d total points.", h.Winner, s.Bonus, s.Difference, s.Points)
	default:
		p("Player %d scores the deadwood difference of %d.", h.Winner, s.Points)
	}
}

func eaaiList(cs []notation.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func eaaiSet(s notation.CardSet) string { return eaaiList(s.Cards()) }

func eaaiMeldText(ms []notation.CardSet) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = eaaiSet(m)
	}
	return strings.Join(parts, ", ")
}
