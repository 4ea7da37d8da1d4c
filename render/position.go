package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/report"
)

// Position writes what a position shows as a table, and its notation.
func Position(w io.Writer, n Style, p *game.Position, line int) error {
	prose := n.Prose(w)
	r := report.Position(p)
	f := p.Facts()
	count := func(s notation.CardSet) string {
		if s == 0 {
			return "none (0)"
		}
		return fmt.Sprintf("%s (%d)", n.Set(s), s.Len())
	}
	list := func(cs []notation.Card) string {
		if len(cs) == 0 {
			return "none"
		}
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = n.Card(c)
		}
		return strings.Join(parts, " ")
	}
	up := "none"
	if c, ok := p.Upcard(); ok {
		up = n.Card(c)
	}
	s := p.Setup()
	rows := [][]string{
		{"to move", toMove(r)},
		{"hand", count(f.Hand)},
		{"pile, bottom up", list(f.Pile) + fmt.Sprintf(" (%d)", len(f.Pile))},
		{"upcard", up},
		{"opponent holds", count(p.OpponentKnown())},
		{"opponent took", count(f.OppTook)},
		{"opponent passed", count(f.OppPassed)},
		{"its discards", list(f.OppDiscards)},
		{"dead", count(p.Dead())},
		{"unseen", fmt.Sprintf("%d: %d in the stock, %d in the opponent's hand", r.UnseenCount, f.StockCount, p.OpponentHidden())},
		{"unseen cards", compact(p.Unseen(), n.Symbols)},
		{"knock limit", strconv.Itoa(p.KnockLimit())},
		{"score", fmt.Sprintf("p1 %d, p2 %d; %s deals hand %d", s.Scores[0], s.Scores[1], r.Dealer, s.Number)},
		{"rules", s.Rules.Name},
		{"record", recordText(r)},
	}
	if line > 0 {
		if _, err := fmt.Fprintf(prose, "line %d:\n", line); err != nil {
			return err
		}
	}
	if err := n.Tables(w).Render([]string{"What", "Cards"}, rows); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(prose, r.Notation); err != nil || r.History == "" {
		return err
	}
	_, err := fmt.Fprintln(prose, r.History)
	return err
}

// recordText says whether the position carries its hand's record, which
// the advisor reads the opponent from.
func recordText(r report.PositionView) string {
	if r.History != "" {
		return "whole: the history form, last below, carries it"
	}
	return "not held: the short form carries no record to read the opponent by"
}

// compact writes a long set grouped by suit, to keep tables narrow.
func compact(s notation.CardSet, symbols bool) string {
	if symbols {
		return s.Symbols()
	}
	return s.Compact()
}

// toMove names the seat to move and its phase, and the seat whose position
// it is when that seat waits for the opponent.
func toMove(r report.PositionView) string {
	phase := strings.ReplaceAll(r.Phase.String(), "-", " ")
	if r.Turn != r.Seat {
		return fmt.Sprintf("%s, %s phase; %s waits", r.Turn, phase, r.Seat)
	}
	return fmt.Sprintf("%s, %s phase", r.Seat, phase)
}
