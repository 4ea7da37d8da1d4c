package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/render"
)

func positionCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "position",
		Usage:     "validate a position and show what its seat knows, what is dead and what is unseen",
		ArgsUsage: "[POSITION | -]",
		Description: "A position is one line: the short form, or the history form (the seat's\n" +
			"events from the deal). With no argument or -, positions are read from stdin,\n" +
			"one a line. The README gives the grammar.\n\n" +
			"Examples:\n" +
			"  ginadvisor position \"p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1\"\n" +
			"  ginadvisor position \"history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 7S\"",
		Flags: append(append(outputFlags(), &cli.BoolFlag{Name: "symbols", Usage: "write suits as symbols (♣♦♥♠)"}), rulesFlags()...),
		Action: func(c *cli.Context) error {
			pp := positionPrinter{out: env.stdout, json: wantJSON(c), names: env.styleFor(c)}
			return positionsDo(env, c, func(p *game.Position, line int) error {
				return wrote(pp.print(p, line))
			})
		},
	}
}

// positionFailure reports a position that could not be read, with a caret
// under the column at fault.
func positionFailure(input string, err error) error {
	col := 0
	var pe *position.Error
	if errors.As(err, &pe) {
		col = pe.Col
	}
	return &exitError{code: ExitBadInput, err: fmt.Errorf("position: %w", err), detail: caretDetail(input, col)}
}

type positionPrinter struct {
	out   io.Writer
	json  bool
	names render.Style
}

// positionReport is the JSON of a position.
type positionReport struct {
	Line             int      `json:"line,omitempty"`
	Seat             string   `json:"seat"`
	Phase            string   `json:"phase"`
	Hand             []string `json:"hand"`
	Pile             []string `json:"pile"`
	Upcard           string   `json:"upcard,omitempty"`
	Stock            int      `json:"stock"`
	OpponentKnown    []string `json:"opponent_known"`
	OpponentHidden   int      `json:"opponent_hidden"`
	OpponentTook     []string `json:"opponent_took"`
	OpponentPassed   []string `json:"opponent_passed"`
	OpponentDiscards []string `json:"opponent_discards"`
	Dead             []string `json:"dead"`
	Unseen           []string `json:"unseen"`
	UnseenCount      int      `json:"unseen_count"`
	KnockLimit       int      `json:"knock_limit"`
	Scores           [2]int   `json:"scores"`
	Dealer           string   `json:"dealer"`
	Rules            string   `json:"rules"`
	Number           int      `json:"number"`
	Notation         string   `json:"notation"`
}

func cardStrings(cs []notation.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func setStrings(s notation.CardSet) []string { return cardStrings(s.Cards()) }

func reportOf(p *game.Position) positionReport {
	f := p.Facts()
	s := p.Setup()
	r := positionReport{
		Seat: f.Seat.String(), Phase: f.Phase.String(), Hand: setStrings(f.Hand), Pile: cardStrings(f.Pile),
		Stock: f.StockCount, OpponentKnown: setStrings(p.OpponentKnown()), OpponentHidden: p.OpponentHidden(),
		OpponentTook: setStrings(f.OppTook), OpponentPassed: setStrings(f.OppPassed), OpponentDiscards: cardStrings(f.OppDiscards),
		Dead: setStrings(p.Dead()), Unseen: setStrings(p.Unseen()), UnseenCount: p.Unseen().Len(),
		KnockLimit: p.KnockLimit(), Scores: s.Scores, Dealer: s.Dealer.String(), Rules: s.Rules.Name, Number: s.Number,
		Notation: position.Format(p),
	}
	if up, ok := p.Upcard(); ok {
		r.Upcard = up.String()
	}
	return r
}

func (pp positionPrinter) print(p *game.Position, line int) error {
	r := reportOf(p)
	r.Line = line
	if pp.json {
		return render.JSON(pp.out, r)
	}
	n := pp.names
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
		{"to move", fmt.Sprintf("%s, %s phase", r.Seat, strings.ReplaceAll(r.Phase, "-", " "))},
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
	}
	if line > 0 {
		if _, err := fmt.Fprintf(pp.out, "line %d:\n", line); err != nil {
			return err
		}
	}
	if err := pp.names.Tables(pp.out).Render([]string{"What", "Cards"}, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintln(pp.out, r.Notation)
	return err
}

// compact writes a long set grouped by suit, to keep tables narrow.
func compact(s notation.CardSet, symbols bool) string {
	if symbols {
		return s.Symbols()
	}
	return s.Compact()
}
