// Package position reads and writes the position notation: what one seat
// can see at one of its decisions, on one line, as FEN does for chess.
// The short form lists the facts; the history form lists the seat's
// events from the deal. Both carry the full rules, as a preset and the
// fields that differ from it.
package position

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The short form:
//
//	p1 draw hand=2C,3C,4C,5D,8D,9D,6H,7H,JS,KS pile=QC,TH stock=30 took=-
//	  passed=QC discards=TH draws=1 score=12-30 dealer=p1 rules=standard number=3
//
// It starts with the seat and the phase (first-offer, draw, discard,
// knock), then keys in any order; cards are separated by commas, "-" is
// none. The history form gives the seat's events from the deal instead:
//
//	history p1 dealer=p2 rules=standard: dealt AC 3C … ; upcard KS ;
//	  p1 pass KS ; p2 pass KS ; p1 draw 5D ; p1 discard 7H ; …
//
// The rules are a spec of package rules: rules=modern,knock_limit=5.
// docs/notation.md describes every key.

// ErrRulesConflict means a position names rules that differ from the rules
// the caller gave with ParseWith.
var ErrRulesConflict = errors.New("the position's rules differ from the rules given")

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
	return &Error{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// causeErr is posErr with a cause that errors.Is can find.
func causeErr(col int, cause error, format string, args ...any) error {
	return &Error{Col: col, Msg: fmt.Sprintf(format, args...), Err: cause}
}

// cardList reads "-" or cards separated by commas, starting at column col.
// Each card that does not read is a fault at its own column.
func cardList(text string, col int) ([]notation.Card, error) {
	cs, _, err := cardsAt(text, col)
	return cs, err
}

// cardsAt is cardList that gives each card's column too.
func cardsAt(text string, col int) ([]notation.Card, []int, error) {
	if text == "-" || text == "" {
		return nil, nil, nil
	}
	var out []notation.Card
	var cols []int
	var fs faults
	for _, part := range strings.Split(text, ",") {
		c, err := notation.ParseCard(part)
		if err != nil {
			var pe *notation.ParseError
			msg := err.Error()
			if errors.As(err, &pe) {
				msg = pe.Err.Error()
			}
			fs.add(causeErr(col, err, "%q: %s", notation.Clip(part, 20), msg))
		}
		out = append(out, c)
		cols = append(cols, col)
		col += utf8.RuneCountInString(part) + 1
	}
	if fs.any() {
		return nil, nil, fs.err()
	}
	return out, cols, nil
}

// cardSet reads a set of cards as cardList does; a card written twice is
// a fault at its second place.
func cardSet(text string, col int) (notation.CardSet, error) {
	cs, cols, err := cardsAt(text, col)
	if err != nil {
		return 0, err
	}
	var s notation.CardSet
	var fs faults
	for i, c := range cs {
		if s.Has(c) {
			fs.add(causeErr(cols[i], notation.ErrDuplicate, "%s is written twice", c))
		}
		s = s.With(c)
	}
	return s, fs.err()
}

func joinCards(cs []notation.Card) string {
	if len(cs) == 0 {
		return "-"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = game.CardText(c)
	}
	return strings.Join(parts, ",")
}

func joinSet(s notation.CardSet) string { return joinCards(s.Cards()) }

func parseSeat(t token) (notation.Seat, error) {
	s, err := notation.ParseSeat(t.text)
	if err != nil {
		return s, causeErr(t.col, err, "%q is not a seat (p1 or p2)", notation.Clip(t.text, 20))
	}
	return s, nil
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
		r, err := rules.ParseSpec(value)
		if err != nil {
			var se *rules.SpecError
			if errors.As(err, &se) {
				col += utf8.RuneCountInString(value[:se.Offset])
			}
			return true, causeErr(col, err, "%v", err)
		}
		s.Rules = r
		return true, nil
	case "score":
		a, b, ok := strings.Cut(value, "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x > rules.MaxBonus || y > rules.MaxBonus {
			return true, posErr(col, "score %q: want P1-P2, such as 12-30", notation.Clip(value, 20))
		}
		s.Scores = [2]int{x, y}
		return true, nil
	case "number":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxNumber {
			return true, posErr(col, "number %q: want the hand's number, from 1 to %d", notation.Clip(value, 20), MaxNumber)
		}
		s.Number = n
		return true, nil
	}
	return false, nil
}

// MaxNumber bounds a hand's number= in the notation: far more hands than
// a game to the largest target needs, so that every game's hands can be
// written. The protocol's newhand refuses a number beyond it.
const MaxNumber = 100_000

// MaxHandDraws bounds the draws= of the short form: any count a hand can
// reach, as rules with no draw limit let a hand go on without end (the
// engine package's driver abandons one at game.EndlessDraws, a controller
// of the protocol may not).
const MaxHandDraws = math.MaxInt32

// MaxLen bounds a position's text. The longest position a hand can reach,
// in the history form with every event, is far shorter.
const MaxLen = 16 << 10

// Parse reads a position in either form, with the rules it names.
func Parse(s string) (game.Position, error) {
	return ParseWith(s, nil)
}

// ParseWith reads a position in either form under the rules r, such as
// the ones a command's flags set. When the position names no rules, r
// applies (nil: the standard rules); when it names rules that play a
// different game from r, the error wraps ErrRulesConflict.
func ParseWith(s string, r *rules.Rules) (game.Position, error) {
	p, err := parseWith(s, r)
	if err != nil || r == nil {
		return p, err
	}
	if named := p.Setup().Rules; !rules.SameGame(named, *r) {
		col := strings.Index(s, "rules=")
		return game.Position{}, causeErr(utf8.RuneCountInString(s[:max(col, 0)])+1, ErrRulesConflict,
			"rules=%s, but the rules given are %s", rules.FormatSpec(named), rules.FormatSpec(*r))
	}
	return p, nil
}

func parseWith(s string, defaults *rules.Rules) (game.Position, error) {
	if len(s) > MaxLen {
		return game.Position{}, posErr(1, "a position of %d bytes; the longest accepted is %d", len(s), MaxLen)
	}
	if !utf8.ValidString(s) {
		return game.Position{}, posErr(1, "the position is not valid UTF-8")
	}
	s = strings.TrimPrefix(s, "\uFEFF")
	base := rules.Standard()
	if defaults != nil {
		base = *defaults
	}
	if t := tokens(s, 1); len(t) > 0 && t[0].text == "history" {
		return parseHistory(s, base)
	}
	return parseShort(s, base)
}

// checkScores refuses scores at or past the target, where the game is
// over, and scores no game has by the hand's number, such as any score at
// hand 1 (game.Setup.CheckScores).
func checkScores(s *game.Setup, col int) error {
	if err := s.CheckScores(); err != nil {
		return causeErr(col, err, "%v", err)
	}
	return nil
}

func parseShort(s string, base rules.Rules) (game.Position, error) {
	toks := tokens(s, 1)
	if len(toks) > 0 {
		if _, err := notation.ParseSeat(toks[0].text); err != nil {
			if hand, err := notation.ParseHand(s); err == nil {
				return game.Position{}, handError(hand)
			}
		}
	}
	if len(toks) < 2 {
		return game.Position{}, posErr(1, "a position starts with the seat and the phase, such as \"p1 draw\"")
	}
	// Every fault is gathered; the facts are checked together only when
	// each part reads.
	var fs faults
	sp := newShortParser(toks, base, &fs)
	for _, t := range toks[2:] {
		fs.add(sp.pair(t))
	}
	sp.check(utf8.RuneCountInString(s)+1, &fs)
	if fs.any() {
		return game.Position{}, fs.err()
	}
	p, err := game.PositionFromFacts(sp.setup, sp.f)
	if err != nil {
		return p, sp.factsErr(err)
	}
	return p, nil
}

// shortParser reads the short form's key=value pairs into the facts of a
// position, remembering the column of each value for errors.
type shortParser struct {
	setup game.Setup
	f     game.Facts
	cols  map[string]int // each key's value column; seat and phase their own
	seen  map[string]bool
	// failed marks the keys whose values did not read.
	failed map[string]bool
}

// newShortParser reads the seat and the phase that start the short form,
// adding their faults to fs; a seat at fault is taken as p1 so that the
// rest is read on.
func newShortParser(toks []token, base rules.Rules, fs *faults) *shortParser {
	seat, err := parseSeat(toks[0])
	if err != nil {
		fs.add(err)
		seat = notation.P1
	}
	phase, ok := game.ParsePhase(toks[1].text)
	if !ok || phase == game.Over {
		fs.add(posErr(toks[1].col, "%q is not a phase (first-offer, draw, discard, knock)", notation.Clip(toks[1].text, 20)))
	}
	return &shortParser{
		setup:  game.Setup{Rules: base, Dealer: seat.Other(), Number: 1},
		f:      game.Facts{Seat: seat, Phase: phase, FirstUpcard: game.Unknown, Drawn: game.Unknown, StockCount: -1},
		cols:   map[string]int{"seat": toks[0].col, "phase": toks[1].col},
		seen:   map[string]bool{},
		failed: map[string]bool{},
	}
}

// pair reads one key=value token: a key of the setup, or a fact.
func (sp *shortParser) pair(t token) error {
	key, value, ok := strings.Cut(t.text, "=")
	if !ok {
		return posErr(t.col, "expected key=value, found %q", notation.Clip(t.text, 20))
	}
	if sp.seen[key] {
		return posErr(t.col, "%s is given twice", key)
	}
	sp.seen[key] = true
	vcol := t.col + utf8.RuneCountInString(key) + 1
	sp.cols[key] = vcol
	done, err := setupKey(&sp.setup, key, value, vcol)
	if !done {
		err = sp.fact(key, value, vcol, t.col)
	}
	sp.failed[key] = err != nil
	return err
}

// fact reads the value of a key that is a fact of the position; col is
// the key's column, vcol its value's.
func (sp *shortParser) fact(key, value string, vcol, col int) error {
	f := &sp.f
	var err error
	switch key {
	case "hand":
		f.Hand, err = cardSet(value, vcol)
	case "pile":
		f.Pile, err = cardList(value, vcol)
	case "stock":
		if f.StockCount, err = strconv.Atoi(value); err != nil {
			err = posErr(vcol, "stock %q: want the number of cards in the stock", notation.Clip(value, 20))
		}
	case "first":
		f.FirstUpcard, err = oneCard(value, vcol, "first")
	case "took":
		f.OppTook, err = cardSet(value, vcol)
	case "holds":
		f.OppKnown, err = cardSet(value, vcol)
	case "passed":
		f.OppPassed, err = cardSet(value, vcol)
	case "discards":
		f.OppDiscards, err = cardList(value, vcol)
	case "drawn", "from-pile":
		var c notation.Card
		if c, err = oneCard(value, vcol, key); err == nil {
			f.Drawn, f.FromPile = c, key == "from-pile"
		}
	case "draws":
		f.Draws, err = strconv.Atoi(value)
		if err != nil || f.Draws < 0 || f.Draws > MaxHandDraws {
			err = posErr(vcol, "draws %q: want 0 to %d", notation.Clip(value, 20), MaxHandDraws)
		}
	case "earlier":
		f.OppEarlier, err = cardSet(value, vcol)
	case "turn":
		var to notation.Seat
		if to, err = parseSeat(token{value, vcol}); err == nil {
			f.Waiting = to != f.Seat
		}
	default:
		err = posErr(col, "unknown key %q", notation.Clip(key, 20))
	}
	return err
}

// oneCard reads a value that is one card, for key.
func oneCard(value string, vcol int, key string) (notation.Card, error) {
	cs, err := cardList(value, vcol)
	if err != nil {
		return 0, err
	}
	if len(cs) != 1 {
		return 0, posErr(vcol, "%s takes one card", key)
	}
	return cs[0], nil
}

// check checks what the pairs say together, adding each fault to fs: the
// keys that must be given (missing, named at column end), the scores, and
// no card in two places.
func (sp *shortParser) check(end int, fs *faults) {
	var missing []string
	for _, need := range []string{"hand", "pile", "stock"} {
		if !sp.seen[need] {
			missing = append(missing, need+"=")
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		fs.add(posErr(end, "%s is missing", missing[0]))
	default:
		last := len(missing) - 1
		fs.add(posErr(end, "%s and %s are missing", strings.Join(missing[:last], ", "), missing[last]))
	}
	// The scores are checked against the rules and the number only when
	// all three read.
	if !sp.failed["score"] && !sp.failed["rules"] && !sp.failed["number"] {
		fs.add(checkScores(&sp.setup, sp.cols["score"]))
	}
	switch {
	case sp.seen["drawn"] && sp.seen["from-pile"]:
		fs.add(posErr(sp.cols["from-pile"], "give drawn= or from-pile=, not both"))
	case sp.f.Phase == game.DiscardPhase && !sp.f.Waiting && !sp.seen["drawn"] && !sp.seen["from-pile"]:
		fs.add(posErr(end, "drawn= (or from-pile=) is missing: the discard phase names the card drawn this turn"))
	}
	// A card in two places is named at the later of the two.
	if dup := sp.f.Hand & notation.SetOf(sp.f.Pile...); dup != 0 {
		fs.add(posErr(max(sp.cols["hand"], sp.cols["pile"]), "%s is in the hand and the pile", dup))
	}
}

// factFallback names, for a fact that may be left out, the keys that fix
// its default: the draws follow from the discards, the turn is the seat's
// unless turn= says otherwise.
var factFallback = map[string][]string{
	"draws": {"discards", "phase"},
	"turn":  {"phase"},
	"first": {"pile"},
	"holds": {"took"},
}

// factsErr names the column of the fact the position's check rejects.
func (sp *shortParser) factsErr(err error) error {
	var fe *game.FactsError
	col := 1
	if errors.As(err, &fe) {
		// A fact left to its default is named where it comes from.
		for _, key := range append([]string{fe.Field}, factFallback[fe.Field]...) {
			if c, ok := sp.cols[key]; ok {
				col = c
				break
			}
		}
	}
	return &Error{Col: col, Msg: err.Error(), Err: err}
}

// Format writes the position in the short form. Parse reads it back to
// the same position, rules included, but for the record of events, which
// the short form does not keep. A seat that waits while the opponent
// decides is written with turn= naming the opponent; a hand longer than
// game.MaxDraws draws keeps its draws exact, the latest game.MaxDraws of
// the opponent's discards in order and the cards it discarded before them
// in earlier=.
func Format(p *game.Position) string {
	f := p.Facts()
	s := p.Setup()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", f.Seat, f.Phase)
	if f.Waiting {
		fmt.Fprintf(&b, " turn=%s", f.Seat.Other())
	}
	fmt.Fprintf(&b, " hand=%s pile=%s stock=%d", joinSet(f.Hand), joinCards(f.Pile), f.StockCount)
	if f.FirstUpcard.Valid() {
		fmt.Fprintf(&b, " first=%s", f.FirstUpcard)
	}
	fmt.Fprintf(&b, " took=%s", joinSet(f.OppTook))
	discarded := notation.SetOf(f.OppDiscards...)
	if f.OppKnown != f.OppTook&^discarded {
		fmt.Fprintf(&b, " holds=%s", joinSet(f.OppKnown))
	}
	fmt.Fprintf(&b, " passed=%s discards=%s", joinSet(f.OppPassed), joinCards(f.OppDiscards))
	if f.OppEarlier != 0 {
		fmt.Fprintf(&b, " earlier=%s", joinSet(f.OppEarlier))
	}
	switch {
	case f.Phase != game.DiscardPhase && f.Phase != game.KnockPhase:
	case f.FromPile:
		fmt.Fprintf(&b, " from-pile=%s", f.Drawn)
	case f.Drawn.Valid():
		fmt.Fprintf(&b, " drawn=%s", f.Drawn)
	}
	fmt.Fprintf(&b, " draws=%d score=%d-%d dealer=%s rules=%s number=%d", f.Draws, s.Scores[0], s.Scores[1], s.Dealer, rules.FormatSpec(s.Rules), s.Number)
	return b.String()
}

// parseHistory reads the history form: "history SEAT KEY=VALUE…:" and
// then the seat's events separated by ";". Every event that does not
// read is a fault; the events are played until the first fault, as what
// follows it cannot be checked.
func parseHistory(s string, base rules.Rules) (game.Position, error) {
	head, body, ok := strings.Cut(s, ":")
	if !ok {
		return game.Position{}, posErr(utf8.RuneCountInString(s)+1, "the history form is \"history SEAT keys: events\"")
	}
	var fs faults
	seat, setup := historyHead(head, base, &fs)
	hr := &historyReplay{p: game.NewPosition(seat, setup), seat: seat}
	col := utf8.RuneCountInString(head) + 2
	for _, part := range strings.Split(body, ";") {
		et := tokens(part, col)
		col += utf8.RuneCountInString(part) + 1
		if len(et) == 0 {
			continue
		}
		evs, err := historyEvents(et, seat)
		fs.add(err)
		for _, e := range evs {
			if fs.any() {
				break
			}
			fs.add(hr.observe(e, et[0].col))
		}
	}
	if !fs.any() {
		fs.add(hr.finish(col))
	}
	return hr.p, fs.err()
}

// historyHead reads "history SEAT key=value…", the part before the colon,
// adding its faults to fs.
func historyHead(head string, base rules.Rules, fs *faults) (notation.Seat, game.Setup) {
	toks := tokens(head, 1)
	setup := game.Setup{Rules: base, Dealer: notation.P2, Number: 1}
	if len(toks) < 2 {
		fs.add(posErr(1, "history needs the seat"))
		return 0, setup
	}
	seat, err := parseSeat(toks[1])
	if err != nil {
		fs.add(err)
		seat = notation.P1
	}
	setup.Dealer = seat.Other()
	scoreCol := 1
	before := len(fs.list) + fs.more
	for _, t := range toks[2:] {
		key, value, ok := strings.Cut(t.text, "=")
		if !ok {
			fs.add(posErr(t.col, "expected key=value, found %q", notation.Clip(t.text, 20)))
			continue
		}
		vcol := t.col + utf8.RuneCountInString(key) + 1
		if key == "score" {
			scoreCol = vcol
		}
		done, err := setupKey(&setup, key, value, vcol)
		fs.add(err)
		if !done {
			fs.add(posErr(t.col, "unknown key %q", notation.Clip(key, 20)))
		}
	}
	if len(fs.list)+fs.more == before {
		fs.add(checkScores(&setup, scoreCol))
	}
	return seat, setup
}

// historyReplay shows a history's events to the seat's position. The
// notation, like the log, leaves a decision not to knock implicit: after
// a discard, any event but the discarder's knock means it played on.
type historyReplay struct {
	p             game.Position
	seat          notation.Seat
	pendingPlayOn bool
	lastDiscarder notation.Seat
}

// observe shows event e, written at column col, to the position.
func (hr *historyReplay) observe(e game.Event, col int) error {
	if hr.pendingPlayOn && !((e.Kind == game.Knocked || e.Kind == game.WentGin) && e.Seat == hr.lastDiscarder) {
		if err := hr.p.Observe(game.Event{Kind: game.PlayedOn, Seat: hr.lastDiscarder}); err != nil {
			return posErr(col, "%v", err)
		}
	}
	hr.pendingPlayOn = false
	if err := hr.p.Observe(e); err != nil {
		var ee *game.EventError
		if errors.As(err, &ee) {
			return posErr(col, "%s", ee.Reason)
		}
		return posErr(col, "%v", err)
	}
	if e.Kind == game.Discarded {
		hr.pendingPlayOn, hr.lastDiscarder = true, e.Seat
	}
	return nil
}

// finish settles the last discard's knock decision and checks the
// history leaves the hand in play; col is the history's end.
func (hr *historyReplay) finish(col int) error {
	// The opponent's turn ended with its discard; the seat's own discard
	// leaves it a knock decision only when it can knock.
	if hr.pendingPlayOn && (hr.lastDiscarder != hr.seat || !hr.p.Rules().CanDeclare(rules.DeclareKnock, hr.p.Hand(), hr.p.KnockLimit())) {
		if err := hr.p.Observe(game.Event{Kind: game.PlayedOn, Seat: hr.lastDiscarder}); err != nil {
			return posErr(col, "%v", err)
		}
	}
	switch {
	case !hr.p.Started():
		return posErr(col, "the history stops before the deal is done and the upcard turned")
	case hr.p.Phase() == game.Over:
		return posErr(col, "the hand is over")
	}
	return nil
}

// ParseEvent reads one event of the history form, such as "p1 discard KH"
// or "upcard 7D", for a position of seat; a "dealt" event gives one event a
// card. Columns in its errors count from the event's start.
func ParseEvent(text string, seat notation.Seat) ([]game.Event, error) {
	et := tokens(text, 1)
	if len(et) == 0 {
		return nil, posErr(1, "no event")
	}
	return historyEvents(et, seat)
}

// historyEvents reads one event of the history form.
func historyEvents(et []token, seat notation.Seat) ([]game.Event, error) {
	switch et[0].text {
	case "dealt":
		var out []game.Event
		var fs faults
		for _, t := range et[1:] {
			cs, err := cardList(t.text, t.col)
			fs.add(err)
			for _, c := range cs {
				out = append(out, game.Event{Kind: game.Dealt, Seat: seat, Card: c})
			}
		}
		if fs.any() {
			return nil, fs.err()
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
		return nil, posErr(et[0].col, "%q is not an event (dealt, upcard, or a seat's move)", notation.Clip(et[0].text, 20))
	}
	if len(et) < 2 {
		return nil, posErr(et[0].col, "a move needs a kind")
	}
	kind, ok := game.ParseVerb(et[1].text)
	if !ok || kind == game.PlayedOn {
		return nil, posErr(et[1].col, "unknown move %q", notation.Clip(et[1].text, 20))
	}
	e := game.Event{Kind: kind, Seat: who}
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
			e.Card = game.Unknown
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
// form, with the rules as Format writes them. A position built from the
// short form has no record from the deal, and one whose hand outgrew its
// record (see game.MaxDraws) has lost the start of it: both give false.
// So does a position the history would not read back to, as the form
// leaves a decision not to knock implicit: the short form writes it
// exactly.
func FormatHistory(p *game.Position) (string, bool) {
	// A position read from the short form and played on has a record
	// that starts after the deal.
	if p.NumEvents() == 0 || !p.RecordComplete() || p.Event(0).Kind != game.Dealt {
		return "", false
	}
	text := formatHistory(p)
	// The history form leaves a decision not to knock implicit, so a
	// knock decision pending (the opponent's, or the seat's when it
	// cannot knock) and the seat's own play on, ending the history, read
	// back otherwise: those are written in the short form only.
	if q, err := Parse(text); err != nil || q.Turn() != p.Turn() || q.Phase() != p.Phase() || !sameFacts(p, &q) {
		return "", false
	}
	return text, true
}

// sameFacts says p and q show the same facts.
func sameFacts(p, q *game.Position) bool {
	a, b := p.Facts(), q.Facts()
	return reflect.DeepEqual(a, b)
}

// formatHistory writes the history form of a position whose record is
// complete from the deal.
func formatHistory(p *game.Position) string {
	s := p.Setup()
	var b strings.Builder
	fmt.Fprintf(&b, "history %s dealer=%s rules=%s score=%d-%d number=%d:", p.Seat(), s.Dealer,
		rules.FormatSpec(s.Rules), s.Scores[0], s.Scores[1], s.Number)
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
			b.WriteString(e.Seat.String() + " " + e.Kind.Verb())
			if e.Kind < game.PlayedOn {
				b.WriteString(" " + game.CardText(e.Card))
			}
		}
	}
	return b.String()
}
