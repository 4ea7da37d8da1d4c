package gamelog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Header returns the first line of a log in this version.
func Header() string { return headerPrefix + strconv.Itoa(Version) }

// Writer writes games to a log, the header first.
type Writer struct {
	w      *bufio.Writer
	header bool
}

// NewWriter returns a writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Write writes one game and flushes it.
func (lw *Writer) Write(g *Game) error {
	if !lw.header {
		lw.header = true
		fmt.Fprintln(lw.w, Header())
	}
	writeGame(lw.w, g)
	return lw.w.Flush()
}

// WriteLog writes the header and the games.
func WriteLog(w io.Writer, games []*Game) error {
	lw := NewWriter(w)
	if len(games) == 0 {
		_, err := fmt.Fprintln(w, Header())
		return err
	}
	for _, g := range games {
		if err := lw.Write(g); err != nil {
			return err
		}
	}
	return nil
}

func cardText(c notation.Card) string {
	if c == Unknown {
		return "?"
	}
	return c.String()
}

func cardsText(cs []notation.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = cardText(c)
	}
	return strings.Join(parts, " ")
}

func rulesText(r *rules.Rules, unknown []string) string {
	parts := []string{r.Name}
	// A reader fills a missing key from the preset, so a zero is left out
	// only where the preset's value is zero too.
	base, err := rules.Preset(strings.TrimSuffix(r.Name, "+"))
	fs := rules.Fields()
	for i := range fs {
		f := &fs[i]
		v := f.Format(r)
		if f.OmitZero && (v == "0" || v == "false") && err == nil && f.Format(&base) == v {
			continue
		}
		parts = append(parts, f.Key+"="+v)
	}
	parts = append(parts, unknown...)
	return strings.Join(parts, " ")
}

func writeGame(b *bufio.Writer, g *Game) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format+"\n", args...) }
	seed := "-"
	if g.HasSeed {
		seed = strconv.FormatUint(g.Seed, 10)
	}
	p("game %d seed %s first-dealer %s", g.Number, seed, seatName(g.FirstDealer))
	p("rules %s", rulesText(&g.Rules, g.UnknownRules))
	for seat := range notation.NumSeats {
		p("player %s %s", seatName(seat), strconv.Quote(g.Players[seat]))
	}
	for _, t := range g.Tags {
		p("tag %s %s", t.Key, strconv.Quote(t.Value))
	}
	for i := range g.Hands {
		h := &g.Hands[i]
		p("hand %d dealer %s", h.Number, seatName(h.Dealer))
		p("deal p1 %s", cardsText(h.Deal[0]))
		p("deal p2 %s", cardsText(h.Deal[1]))
		p("upcard %s", cardText(h.Upcard))
		if len(h.Stock) > 0 {
			p("stock %s", cardsText(h.Stock))
		}
		for _, m := range h.Moves {
			switch m.Kind {
			case game.Knock, game.Gin, game.BigGin:
				p("%s %s", seatName(m.Seat), m.Kind)
			default:
				p("%s %s %s", seatName(m.Seat), m.Kind, cardText(m.Card))
			}
		}
		if h.Knocker.Valid() {
			k, d := h.Knocker, h.Knocker.Other()
			p("melds %s %s", seatName(k), game.SpreadString(&h.Spread))
			p("deadwood %s %s", seatName(k), h.KnockerDeadwood)
			p("melds %s %s", seatName(d), game.SpreadString(&h.DefenderMelds))
			for _, l := range h.Layoffs {
				p("layoff %s %s onto %d", seatName(d), l.Card, l.Meld+1)
			}
			p("deadwood %s %s", seatName(d), h.DefenderDeadwood)
		}
		s := h.Score
		winner := "none"
		if h.Winner.Valid() {
			winner = seatName(h.Winner)
		}
		p("result %s winner %s points %d bonus %d difference %d multiplier %d knocker-deadwood %d defender-deadwood %d",
			s.Outcome, winner, s.Points, s.Bonus, s.Difference, s.Multiplier, s.KnockerDeadwood, s.DefenderDeadwood)
		p("score p1 %d p2 %d", h.Totals[0], h.Totals[1])
	}
	f := g.Final
	winner := "none"
	if f.Winner.Valid() {
		winner = seatName(f.Winner)
	}
	p("final winner %s p1 %d p2 %d", winner, f.Totals[0], f.Totals[1])
	p("end")
}

// ErrTooLong is returned for a hand whose record outgrew the State (more
// than game.MaxDraws draws, which only rules with no draw limit allow).
var ErrTooLong = errors.New("the hand is too long to log")

// HandFromState records a finished hand from its state, whose record must
// be complete.
func HandFromState(st *game.State) (Hand, error) {
	if !st.RecordComplete() {
		return Hand{}, fmt.Errorf("hand %d: %w: %d draws, more than the %d a record holds", st.Setup().Number, ErrTooLong, st.Draws(), game.MaxDraws)
	}
	s := st.Setup()
	h := Hand{Number: s.Number, Dealer: s.Dealer, Knocker: notation.NoSeat, Winner: notation.NoSeat}
	for i := 0; i < st.NumEvents(); i++ {
		e := st.Event(i)
		seat := e.Seat
		switch e.Kind {
		case game.Dealt:
			h.Deal[seat] = append(h.Deal[seat], e.Card)
		case game.Upcard:
			h.Upcard = e.Card
		case game.Passed:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Pass, Card: e.Card})
		case game.Took:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Take, Card: e.Card})
		case game.Drew:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Draw, Card: e.Card})
		case game.Discarded:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Discard, Card: e.Card})
		case game.Knocked:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Knock})
		case game.WentGin:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.Gin})
		case game.WentBigGin:
			h.Moves = append(h.Moves, Move{Seat: seat, Kind: game.BigGin})
		}
	}
	for seat := range h.Deal {
		sortBySuit(h.Deal[seat])
	}
	stock := st.InitialStock()
	h.Stock = append([]notation.Card(nil), stock[:]...)
	res, _ := st.Result()
	h.Score, h.Winner, h.Knocker, h.Totals = res.Score, res.Winner, res.Knocker, res.Totals
	if res.Knocker.Valid() {
		h.Spread, h.KnockerDeadwood = res.Spread, res.KnockerDeadwood
		h.DefenderMelds, h.DefenderDeadwood = res.DefenderMelds()
		h.Layoffs = meld.Placements(&res.Spread, res.Layoffs)
	}
	return h, nil
}

// sortBySuit puts cards in canonical order, by suit then rank, as a card
// set prints them.
func sortBySuit(cs []notation.Card) {
	copy(cs, notation.SetOf(cs...).Cards())
}

// GameFromStates records a game from its finished hands. It fails with
// ErrTooLong for a hand whose record is not complete.
func GameFromStates(number int, seed uint64, r rules.Rules, players [2]string, firstDealer notation.Seat, hands []game.State, final rules.GameResult, tags ...Tag) (*Game, error) {
	g := &Game{Number: number, Seed: seed, HasSeed: true, Rules: r, Players: players, FirstDealer: firstDealer, Final: final, Tags: tags}
	for i := range hands {
		h, err := HandFromState(&hands[i])
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", number, err)
		}
		g.Hands = append(g.Hands, h)
	}
	return g, nil
}

// GameText returns one game as a log holds it, without the header, for a
// writer that puts each game down in one piece.
func GameText(g *Game) []byte {
	var buf bytes.Buffer
	b := bufio.NewWriter(&buf)
	writeGame(b, g)
	b.Flush()
	return buf.Bytes()
}
