package gamelog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// InfoText is an engine's info text as a log holds it and its reader
// reads it back: its words separated by single spaces, a control
// character in them "?".
func InfoText(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
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
			ann := ""
			if m.HasTime {
				ann = " " + moveTimeKey + strconv.FormatFloat(float64(m.Time.Microseconds())/1000, 'f', 3, 64)
			}
			switch m.Kind {
			case game.Knock, game.Gin, game.BigGin:
				p("%s %s%s", seatName(m.Seat), m.Kind, ann)
			default:
				p("%s %s %s%s", seatName(m.Seat), m.Kind, cardText(m.Card), ann)
			}
			if m.Info != "" {
				p("%s %s %s", infoKey, seatName(m.Seat), InfoText(m.Info))
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
	if g.Forfeit != nil {
		p("forfeit %s %s", seatName(g.Forfeit.Seat), strconv.Quote(oneLine(g.Forfeit.Reason)))
	}
	f := g.Final
	winner := "none"
	if f.Winner.Valid() {
		winner = seatName(f.Winner)
	}
	p("final winner %s p1 %d p2 %d", winner, f.Totals[0], f.Totals[1])
	p("end")
}

// oneLine keeps a reason on one line of the log.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// ErrTooLong is returned for a hand whose record outgrew the State (more
// than game.MaxDraws draws, which only rules with no draw limit allow),
// when the events the driver kept (HandFromEvents) are not given.
var ErrTooLong = errors.New("the hand is too long to log")

// ErrEvents is returned for events that are not the hand's own: not as
// many as the state counts, or not ending with its record.
var ErrEvents = errors.New("the events are not the hand's")

// HandFromState records a finished hand from its state, whose record must
// be complete.
func HandFromState(st *game.State) (Hand, error) {
	if !st.RecordComplete() {
		return Hand{}, fmt.Errorf("hand %d: %w: %d draws, more than the %d a record holds", st.Setup().Number, ErrTooLong, st.Draws(), game.MaxDraws)
	}
	return handFrom(st, st.NumEvents(), st.Event), nil
}

// HandFromEvents records a finished hand from its state and its every
// event, in order, as the engine package's driver keeps them: unlike the
// state's own record, they hold a hand of any length. They must be the
// state's: as many as it counts, the latest of them those its record
// keeps.
func HandFromEvents(st *game.State, events []game.Event) (Hand, error) {
	if len(events) != st.NumEvents() {
		return Hand{}, fmt.Errorf("hand %d: %w: %d events for a hand of %d", st.Setup().Number, ErrEvents, len(events), st.NumEvents())
	}
	for i := st.FirstEvent(); i < st.NumEvents(); i++ {
		if events[i] != st.Event(i) {
			return Hand{}, fmt.Errorf("hand %d: %w: event %d is %s, not %s", st.Setup().Number, ErrEvents, i, events[i], st.Event(i))
		}
	}
	return handFrom(st, len(events), func(i int) game.Event { return events[i] }), nil
}

// handFrom records a finished hand from its state and its n events, read
// with event.
func handFrom(st *game.State, n int, event func(int) game.Event) Hand {
	s := st.Setup()
	h := Hand{Number: s.Number, Dealer: s.Dealer, Knocker: notation.NoSeat, Winner: notation.NoSeat}
	for i := range n {
		e := event(i)
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
	return h
}

// sortBySuit puts cards in canonical order, by suit then rank, as a card
// set prints them.
func sortBySuit(cs []notation.Card) {
	copy(cs, notation.SetOf(cs...).Cards())
}

// GameFromStates records a game from its finished hands and, when given
// (one slice a hand, as the engine package's GameRecord keeps them),
// their every event; a hand whose events are nil is recorded from its
// state alone. It fails with ErrTooLong for such a hand whose record is
// not complete, and with ErrEvents for events that are not the hand's.
func GameFromStates(number int, seed uint64, r rules.Rules, players [2]string, firstDealer notation.Seat, hands []game.State, events [][]game.Event, final rules.GameResult, tags ...Tag) (*Game, error) {
	if events != nil && len(events) != len(hands) {
		return nil, fmt.Errorf("game %d: %w: events for %d hands, not %d", number, ErrEvents, len(events), len(hands))
	}
	g := &Game{Number: number, Seed: seed, HasSeed: true, Rules: r, Players: players, FirstDealer: firstDealer, Final: final, Tags: tags}
	for i := range hands {
		var h Hand
		var err error
		if events != nil && events[i] != nil {
			h, err = HandFromEvents(&hands[i], events[i])
		} else {
			h, err = HandFromState(&hands[i])
		}
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
