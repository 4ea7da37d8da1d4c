package gamelog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The position notation writes on one line what one seat can see at one
// of its decisions, as FEN does for chess. The short form:
//
//	p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=25 first=KS
//	  took=7C passed=KS discards=7H score=12-30 dealer=p2 rules=standard
//
// It starts with the seat and the phase (first-offer, draw, discard,
// knock), then keys in any order; cards are separated by commas, "-" is
// none. The history form gives the seat's events from the deal instead:
//
//	history p1 dealer=p2 rules=standard: dealt AC 3C … ; upcard KS ;
//	  p2 pass KS ; p1 pass KS ; p2 draw ? ; p2 discard 7H ; …
//
// See the README for every key.

// ErrPosition is wrapped by every error reading a position.
var ErrPosition = errors.New("bad position")

// PositionError says where a position went wrong: Col is the 1-based
// column, in characters, of the part at fault.
type PositionError struct {
	Col int
	Msg string
}

func (e *PositionError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }
func (e *PositionError) Unwrap() error { return ErrPosition }

// token is a word of the notation and its column.
type token struct {
	text string
	col  int
}

// tokens splits s at white space, keeping each word's column.
func tokens(s string, base int) []token {
	var out []token
	col := base
	start, startCol := -1, 0
	for i, r := range s {
		space := r == ' ' || r == '\t'
		switch {
		case space && start >= 0:
			out = append(out, token{s[start:i], startCol})
			start = -1
		case !space && start < 0:
			start, startCol = i, col
		}
		col++
	}
	if start >= 0 {
		out = append(out, token{s[start:], startCol})
	}
	return out
}

func posErr(col int, format string, args ...any) error {
	return &PositionError{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// cardList reads "-" or cards separated by commas, starting at column col.
func cardList(text string, col int) ([]notation.Card, error) {
	if text == "-" || text == "" {
		return nil, nil
	}
	var out []notation.Card
	for _, part := range strings.Split(text, ",") {
		c, err := notation.ParseCard(part)
		if err != nil {
			var pe *notation.ParseError
			msg := err.Error()
			if errors.As(err, &pe) {
				msg = pe.Err.Error()
			}
			return nil, posErr(col, "%q: %s", part, msg)
		}
		out = append(out, c)
		col += utf8.RuneCountInString(part) + 1
	}
	return out, nil
}

func cardSet(text string, col int) (notation.CardSet, error) {
	cs, err := cardList(text, col)
	if err != nil {
		return 0, err
	}
	var s notation.CardSet
	for _, c := range cs {
		if s.Has(c) {
			return 0, posErr(col, "%s is written twice", c)
		}
		s = s.With(c)
	}
	return s, nil
}

func joinCards(cs []notation.Card) string {
	if len(cs) == 0 {
		return "-"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = cardText(c)
	}
	return strings.Join(parts, ",")
}

func joinSet(s notation.CardSet) string { return joinCards(s.Cards()) }

func parseSeat(t token) (int, error) {
	switch t.text {
	case "p1":
		return 0, nil
	case "p2":
		return 1, nil
	}
	return 0, posErr(t.col, "%q is not a seat (p1 or p2)", t.text)
}

// setupKeys reads the keys shared by both forms into s; it reports
// whether the key was one of them.
func setupKey(s *game.Setup, key, value string, col int) (bool, error) {
	switch key {
	case "dealer":
		d, err := parseSeat(token{value, col})
		s.Dealer = d
		return true, err
	case "rules":
		r, err := rules.Preset(value)
		if err != nil {
			return true, posErr(col, "%v", err)
		}
		s.Rules = r
		return true, nil
	case "score":
		a, b, ok := strings.Cut(value, "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x > rules.MaxBonus*100 || y > rules.MaxBonus*100 {
			return true, posErr(col, "score %q: want P1-P2, such as 12-30", value)
		}
		s.Scores = [2]int{x, y}
		return true, nil
	case "number":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 100000 {
			return true, posErr(col, "number %q: want the hand's number, from 1", value)
		}
		s.Number = n
		return true, nil
	}
	return false, nil
}

// ParsePosition reads a position in either form.
func ParsePosition(s string) (game.Position, error) {
	s = strings.TrimPrefix(s, "\uFEFF")
	if t := tokens(s, 1); len(t) > 0 && t[0].text == "history" {
		return parseHistory(s)
	}
	return parseShort(s)
}

func parseShort(s string) (game.Position, error) {
	toks := tokens(s, 1)
	if len(toks) < 2 {
		return game.Position{}, posErr(1, "a position starts with the seat and the phase, such as \"p1 draw\"")
	}
	seat, err := parseSeat(toks[0])
	if err != nil {
		return game.Position{}, err
	}
	phase, ok := game.ParsePhase(toks[1].text)
	if !ok || phase == game.Over {
		return game.Position{}, posErr(toks[1].col, "%q is not a phase (first-offer, draw, discard, knock)", toks[1].text)
	}
	setup := game.Setup{Rules: rules.Standard(), Dealer: 1 - seat, Number: 1}
	f := game.Facts{Seat: seat, Phase: phase, FirstUpcard: Unknown, StockCount: -1}
	cols := map[string]int{"seat": toks[0].col, "phase": toks[1].col}
	seen := map[string]bool{}
	for _, t := range toks[2:] {
		key, value, ok := strings.Cut(t.text, "=")
		if !ok {
			return game.Position{}, posErr(t.col, "expected key=value, found %q", t.text)
		}
		if seen[key] {
			return game.Position{}, posErr(t.col, "%s is given twice", key)
		}
		seen[key] = true
		vcol := t.col + utf8.RuneCountInString(key) + 1
		cols[key] = vcol
		if done, err := setupKey(&setup, key, value, vcol); done {
			if err != nil {
				return game.Position{}, err
			}
			continue
		}
		var err error
		switch key {
		case "hand":
			f.Hand, err = cardSet(value, vcol)
		case "pile":
			f.Pile, err = cardList(value, vcol)
		case "stock":
			f.StockCount, err = strconv.Atoi(value)
			if err != nil {
				err = posErr(vcol, "stock %q: want the number of cards in the stock", value)
			}
		case "first":
			var cs []notation.Card
			if cs, err = cardList(value, vcol); err == nil {
				if len(cs) != 1 {
					err = posErr(vcol, "first takes one card")
				} else {
					f.FirstUpcard = cs[0]
				}
			}
		case "took":
			f.OppTook, err = cardSet(value, vcol)
		case "holds":
			f.OppKnown, err = cardSet(value, vcol)
		case "passed":
			f.OppPassed, err = cardSet(value, vcol)
		case "discards":
			f.OppDiscards, err = cardList(value, vcol)
		case "drawn", "from-pile":
			var cs []notation.Card
			if cs, err = cardList(value, vcol); err == nil {
				if len(cs) != 1 {
					err = posErr(vcol, "%s takes one card", key)
				} else {
					f.Drawn, f.FromPile = cs[0], key == "from-pile"
				}
			}
		case "draws":
			f.Draws, err = strconv.Atoi(value)
			if err != nil || f.Draws < 0 || f.Draws > game.MaxDraws {
				err = posErr(vcol, "draws %q: want 0 to %d", value, game.MaxDraws)
			}
		default:
			err = posErr(t.col, "unknown key %q", key)
		}
		if err != nil {
			return game.Position{}, err
		}
	}
	for _, need := range []string{"hand", "pile", "stock"} {
		if !seen[need] {
			return game.Position{}, posErr(utf8.RuneCountInString(s)+1, "%s= is missing", need)
		}
	}
	if seen["drawn"] && seen["from-pile"] {
		return game.Position{}, posErr(cols["from-pile"], "give drawn= or from-pile=, not both")
	}
	// A card in two places is named at the later of the two.
	places := []struct {
		key   string
		cards notation.CardSet
	}{{"hand", f.Hand}, {"pile", notation.SetOf(f.Pile...)}}
	if dup := places[0].cards & places[1].cards; dup != 0 {
		return game.Position{}, posErr(max(cols["hand"], cols["pile"]), "%s is in the hand and the pile", dup)
	}
	p, err := game.PositionFromFacts(setup, f)
	if err != nil {
		var fe *game.FactsError
		col := 1
		if errors.As(err, &fe) {
			if c, ok := cols[fe.Field]; ok {
				col = c
			}
		}
		return p, &PositionError{Col: col, Msg: err.Error()}
	}
	return p, nil
}

func seatText(seat int) string { return seatName(seat) }

// FormatPosition writes the position in the short form. ParsePosition
// reads it back to the same position, but for the record of events, which
// the short form does not keep.
func FormatPosition(p *game.Position) string {
	f := p.Facts()
	s := p.Setup()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s hand=%s pile=%s stock=%d", seatText(f.Seat), f.Phase, joinSet(f.Hand), joinCards(f.Pile), f.StockCount)
	if f.FirstUpcard.Valid() {
		fmt.Fprintf(&b, " first=%s", f.FirstUpcard)
	}
	fmt.Fprintf(&b, " took=%s", joinSet(f.OppTook))
	discarded := notation.SetOf(f.OppDiscards...)
	if f.OppKnown != f.OppTook&^discarded {
		fmt.Fprintf(&b, " holds=%s", joinSet(f.OppKnown))
	}
	fmt.Fprintf(&b, " passed=%s discards=%s", joinSet(f.OppPassed), joinCards(f.OppDiscards))
	switch {
	case f.Phase != game.DiscardPhase && f.Phase != game.KnockPhase:
	case f.FromPile:
		fmt.Fprintf(&b, " from-pile=%s", f.Drawn)
	case f.Drawn.Valid():
		fmt.Fprintf(&b, " drawn=%s", f.Drawn)
	}
	fmt.Fprintf(&b, " draws=%d score=%d-%d dealer=%s rules=%s number=%d", f.Draws, s.Scores[0], s.Scores[1], seatText(s.Dealer), strings.TrimSuffix(s.Rules.Name, "+"), s.Number)
	return b.String()
}

// parseHistory reads the history form: "history SEAT KEY=VALUE…:" and
// then the seat's events separated by ";".
func parseHistory(s string) (game.Position, error) {
	head, body, ok := strings.Cut(s, ":")
	if !ok {
		return game.Position{}, posErr(utf8.RuneCountInString(s)+1, "the history form is \"history SEAT keys: events\"")
	}
	toks := tokens(head, 1)
	if len(toks) < 2 {
		return game.Position{}, posErr(1, "history needs the seat")
	}
	seat, err := parseSeat(toks[1])
	if err != nil {
		return game.Position{}, err
	}
	setup := game.Setup{Rules: rules.Standard(), Dealer: 1 - seat, Number: 1}
	for _, t := range toks[2:] {
		key, value, ok := strings.Cut(t.text, "=")
		if !ok {
			return game.Position{}, posErr(t.col, "expected key=value, found %q", t.text)
		}
		done, err := setupKey(&setup, key, value, t.col+len(key)+1)
		if err != nil {
			return game.Position{}, err
		}
		if !done {
			return game.Position{}, posErr(t.col, "unknown key %q", key)
		}
	}
	p := game.NewPosition(seat, setup)
	col := utf8.RuneCountInString(head) + 2
	var pendingPlayOn bool
	var lastDiscarder int
	for _, part := range strings.Split(body, ";") {
		et := tokens(part, col)
		col += utf8.RuneCountInString(part) + 1
		if len(et) == 0 {
			continue
		}
		evs, err := historyEvents(et, seat)
		if err != nil {
			return p, err
		}
		for _, e := range evs {
			// The notation, like the log, leaves a decision not to knock
			// implicit.
			if pendingPlayOn && !((e.Kind == game.Knocked || e.Kind == game.WentGin) && int(e.Seat) == lastDiscarder) {
				if err := p.Observe(game.Event{Kind: game.PlayedOn, Seat: uint8(lastDiscarder)}); err != nil {
					return p, posErr(et[0].col, "%v", err)
				}
			}
			pendingPlayOn = false
			if err := p.Observe(e); err != nil {
				var ee *game.EventError
				if errors.As(err, &ee) {
					return p, posErr(et[0].col, "%s", ee.Reason)
				}
				return p, posErr(et[0].col, "%v", err)
			}
			if e.Kind == game.Discarded {
				pendingPlayOn, lastDiscarder = true, int(e.Seat)
			}
		}
	}
	// The opponent's turn ended with its discard; the seat's own discard
	// leaves it a knock decision only when it can knock.
	if pendingPlayOn && (lastDiscarder != seat || meld.MinDeadwood(p.Hand()) > p.KnockLimit()) {
		if err := p.Observe(game.Event{Kind: game.PlayedOn, Seat: uint8(lastDiscarder)}); err != nil {
			return p, posErr(col, "%v", err)
		}
	}
	switch {
	case !p.Started():
		return p, posErr(col, "the history stops before the deal is done and the upcard turned")
	case p.Phase() == game.Over:
		return p, posErr(col, "the hand is over")
	}
	return p, nil
}

// historyEvents reads one event of the history form.
func historyEvents(et []token, seat int) ([]game.Event, error) {
	switch et[0].text {
	case "dealt":
		var out []game.Event
		for _, t := range et[1:] {
			cs, err := cardList(t.text, t.col)
			if err != nil {
				return nil, err
			}
			for _, c := range cs {
				out = append(out, game.Event{Kind: game.Dealt, Seat: uint8(seat), Card: c})
			}
		}
		return out, nil
	case "upcard":
		if len(et) != 2 {
			return nil, posErr(et[0].col, "upcard takes one card")
		}
		cs, err := cardList(et[1].text, et[1].col)
		if err != nil || len(cs) != 1 {
			return nil, posErr(et[1].col, "upcard takes one card")
		}
		return []game.Event{{Kind: game.Upcard, Card: cs[0]}}, nil
	}
	who, err := parseSeat(et[0])
	if err != nil {
		return nil, posErr(et[0].col, "%q is not an event (dealt, upcard, or a seat's move)", et[0].text)
	}
	if len(et) < 2 {
		return nil, posErr(et[0].col, "a move needs a kind")
	}
	kinds := map[string]game.EventKind{
		"pass": game.Passed, "take": game.Took, "draw": game.Drew, "discard": game.Discarded,
		"knock": game.Knocked, "gin": game.WentGin, "big-gin": game.WentBigGin,
	}
	kind, ok := kinds[et[1].text]
	if !ok {
		return nil, posErr(et[1].col, "unknown move %q", et[1].text)
	}
	e := game.Event{Kind: kind, Seat: uint8(who)}
	switch kind {
	case game.Knocked, game.WentGin, game.WentBigGin:
		if len(et) != 2 {
			return nil, posErr(et[2].col, "%s takes no card", et[1].text)
		}
	default:
		if len(et) != 3 {
			return nil, posErr(et[1].col, "%s takes one card", et[1].text)
		}
		if et[2].text == "?" {
			e.Card = Unknown
		} else {
			cs, err := cardList(et[2].text, et[2].col)
			if err != nil {
				return nil, err
			}
			if len(cs) != 1 {
				return nil, posErr(et[2].col, "one card")
			}
			e.Card = cs[0]
		}
	}
	return []game.Event{e}, nil
}

// FormatHistory writes the position's record of events in the history
// form. A position built from the short form has no record, and gives
// false.
func FormatHistory(p *game.Position) (string, bool) {
	if p.NumEvents() == 0 {
		return "", false
	}
	s := p.Setup()
	var b strings.Builder
	fmt.Fprintf(&b, "history %s dealer=%s rules=%s score=%d-%d number=%d:", seatText(p.Seat()), seatText(s.Dealer),
		strings.TrimSuffix(s.Rules.Name, "+"), s.Scores[0], s.Scores[1], s.Number)
	var dealt []string
	sep := " "
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		switch e.Kind {
		case game.Dealt:
			dealt = append(dealt, e.Card.String())
			continue
		case game.PlayedOn, game.Died:
			continue
		}
		if dealt != nil {
			b.WriteString(sep + "dealt " + strings.Join(dealt, " "))
			sep, dealt = " ; ", nil
		}
		b.WriteString(sep)
		sep = " ; "
		switch e.Kind {
		case game.Upcard:
			b.WriteString("upcard " + e.Card.String())
		default:
			names := map[game.EventKind]string{
				game.Passed: "pass", game.Took: "take", game.Drew: "draw", game.Discarded: "discard",
				game.Knocked: "knock", game.WentGin: "gin", game.WentBigGin: "big-gin",
			}
			b.WriteString(seatText(int(e.Seat)) + " " + names[e.Kind])
			if e.Kind < game.PlayedOn {
				b.WriteString(" " + cardText(e.Card))
			}
		}
	}
	return b.String(), true
}
