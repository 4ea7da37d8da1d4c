package gamelog

import (
	"bufio"
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

// ErrLog is wrapped by every error reading a game log.
var ErrLog = errors.New("bad game log")

// Error says which line of a log is wrong, and why.
type Error struct {
	File string // the log's name, if it has one
	Line int
	Text string // the line, shortened
	Msg  string
	// Err is the cause, when there is one: a card that does not parse, a
	// move the rules forbid, a rule value out of range.
	Err error
}

func (e *Error) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.File != "" {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Text == "" {
		return where + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %q", where, e.Msg, e.Text)
}

// Unwrap returns ErrLog and the cause, when there is one, so that
// errors.Is finds notation.ErrUnknownRank or game.ErrIllegal through a log
// error.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrLog}
	}
	return []error{ErrLog, e.Err}
}

// maxLine bounds a log line; the longest, the rules line, is far shorter.
const maxLine = 64 * 1024

// shorten keeps error text readable.
func shorten(s string) string { return notation.Clip(s, 117) }

// Reader reads games from a log one at a time. Each game is read, then
// replayed on a game.State, so that a move the rules forbid or a result
// that does not add up is an error naming its line. After a bad game it
// goes on with the next "game" line, which it never consumes while
// skipping, so one damaged game costs that game only.
//
// A read error ends the log: the game it cut short is an *Error, then Next
// returns the read error once, then io.EOF.
type Reader struct {
	// Name names the log in errors, such as its file name.
	Name string
	// Warnings collects what was read but not understood, such as an
	// unknown rule; it does not stop a game.
	Warnings []error

	r       *bufio.Reader
	failed  bool
	readErr error
	lineNo  int
	pending *line
	header  bool
	version int
}

// NewReader reads a log from r.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{Name: name, r: bufio.NewReaderSize(r, maxLine), version: Version}
}

// Version returns the log's format version, once its header is read.
func (lr *Reader) Version() int { return lr.version }

type line struct {
	f    []string
	n    int
	text string
	r    *Reader
}

func (l *line) fail(format string, args ...any) error {
	return &Error{File: l.r.Name, Line: l.n, Text: shorten(l.text), Msg: fmt.Sprintf(format, args...)}
}

// failWith is fail with the error's cause kept.
func (l *line) failWith(cause error, format string, args ...any) error {
	e := l.fail(format, args...).(*Error)
	e.Err = cause
	return e
}

func (lr *Reader) failAt(n int, format string, args ...any) error {
	return &Error{File: lr.Name, Line: n, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next meaningful line, or nil at the end.
func (lr *Reader) next() (*line, error) {
	if lr.pending != nil {
		l := lr.pending
		lr.pending = nil
		return l, nil
	}
	for !lr.failed {
		b, err := lr.r.ReadSlice('\n')
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			lr.failed = true
			lr.readErr = fmt.Errorf("reading %s after line %d: %w", lr.nameOr("the log"), lr.lineNo, err)
			break
		}
		if len(b) == 0 && err == io.EOF {
			break
		}
		lr.lineNo++
		if err == bufio.ErrBufferFull {
			head := string(b[:40])
			for err == bufio.ErrBufferFull {
				_, err = lr.r.ReadSlice('\n')
			}
			return nil, &Error{File: lr.Name, Line: lr.lineNo, Text: head + "…", Msg: fmt.Sprintf("line longer than %d bytes", maxLine)}
		}
		text := strings.TrimSpace(string(b))
		if lr.lineNo == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		return &line{f: strings.Fields(text), n: lr.lineNo, text: text, r: lr}, nil
	}
	return nil, nil
}

func (lr *Reader) nameOr(s string) string {
	if lr.Name != "" {
		return lr.Name
	}
	return s
}

func (lr *Reader) unread(l *line) { lr.pending = l }

// expect returns the next line of a game. A "game" line there means this
// game was cut short: it is left for the next call to Next.
func (lr *Reader) expect() (*line, error) {
	l, err := lr.next()
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, lr.failAt(lr.lineNo, "the log ends in the middle of a game")
	}
	if l.f[0] == "game" {
		lr.unread(l)
		return nil, l.fail("a new game starts before this one ends")
	}
	return l, nil
}

// Next returns the next game, io.EOF at the end, or an *Error for a bad
// game; the reader then skips to the next game.
func (lr *Reader) Next() (*Game, error) {
	if lr.readErr != nil {
		err := lr.readErr
		lr.readErr = nil
		return nil, err
	}
	if !lr.header {
		l, err := lr.next()
		if err != nil {
			return nil, err
		}
		if l == nil {
			return nil, io.EOF
		}
		lr.header = true
		if strings.HasPrefix(l.text, headerPrefix) {
			v, err := strconv.Atoi(strings.TrimPrefix(l.text, headerPrefix))
			if err != nil || v < 1 || v > Version {
				return nil, l.fail("unsupported log version (this reader knows versions 1 to %d)", Version)
			}
			lr.version = v
		} else if l.f[0] != "game" {
			lr.skip()
			return nil, l.fail("expected the header %q", Header())
		} else {
			lr.unread(l)
		}
	}
	l, err := lr.next()
	if err != nil {
		lr.skip()
		return nil, err
	}
	if l == nil {
		return nil, io.EOF
	}
	if l.f[0] != "game" {
		lr.skip()
		return nil, l.fail("expected a game line")
	}
	lr.unread(l)
	g, err := lr.game()
	if err == nil {
		err = Check(g)
		if e, ok := err.(*Error); ok && e.File == "" {
			e.File = lr.Name
		}
	}
	if err != nil {
		lr.skip()
		return nil, err
	}
	return g, nil
}

// skip moves to the next "game" line and leaves it to be read.
func (lr *Reader) skip() {
	for {
		l, err := lr.next()
		if err != nil {
			continue
		}
		if l == nil {
			return
		}
		if l.f[0] == "game" {
			lr.unread(l)
			return
		}
	}
}

// ReadLog reads every game of a log. It stops at the first error.
func ReadLog(r io.Reader) ([]*Game, error) {
	lr := NewReader(r, "")
	var out []*Game
	for {
		g, err := lr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
}

// want checks the line is key with n fields (any number if n < 0).
func (l *line) want(key string, n int) error {
	if l.f[0] != key {
		return l.fail("expected %q", key)
	}
	if n >= 0 && len(l.f) != n {
		return l.fail("%q takes %d fields, found %d", key, n, len(l.f))
	}
	return nil
}

func (l *line) field(i int) (string, error) {
	if i >= len(l.f) {
		return "", l.fail("missing field %d", i+1)
	}
	return l.f[i], nil
}

func (l *line) int(i int) (int, error) {
	f, err := l.field(i)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(f)
	if err != nil {
		return 0, l.fail("%q is not a number", f)
	}
	return v, nil
}

func (l *line) seat(i int) (notation.Seat, error) {
	f, err := l.field(i)
	if err != nil {
		return notation.NoSeat, err
	}
	s, err := notation.ParseSeat(f)
	if err != nil || f != s.String() {
		return notation.NoSeat, l.fail("%q is not a seat (p1 or p2)", shorten(f))
	}
	return s, nil
}

// card reads field i as a card, or "?" where unknown is allowed.
func (l *line) card(i int, unknown bool) (notation.Card, error) {
	f, err := l.field(i)
	if err != nil {
		return 0, err
	}
	if f == "?" {
		if !unknown {
			return 0, l.fail("a card must be known here, not ?")
		}
		return Unknown, nil
	}
	c, err := notation.ParseCard(f)
	if err != nil {
		return 0, l.failWith(err, "card %q: %v", f, errors.Unwrap(err))
	}
	return c, nil
}

// cards reads the fields from i on as distinct cards, "?" allowed where
// unknown is.
func (l *line) cards(from int, unknown bool) ([]notation.Card, error) {
	var out []notation.Card
	var seen notation.CardSet
	for i := from; i < len(l.f); i++ {
		c, err := l.card(i, unknown)
		if err != nil {
			return nil, err
		}
		if c != Unknown {
			if seen.Has(c) {
				return nil, l.fail("card %s twice", c)
			}
			seen = seen.With(c)
		}
		out = append(out, c)
	}
	return out, nil
}

func (l *line) set(from int) (notation.CardSet, error) {
	cs, err := l.cards(from, false)
	return notation.SetOf(cs...), err
}

func (l *line) spread(from int) (meld.Spread, error) {
	rest := strings.Join(l.f[min(from, len(l.f)):], " ")
	if rest == "-" {
		return meld.Spread{}, nil
	}
	sp, err := meld.ParseMelds(rest)
	if err != nil {
		return sp, l.failWith(err, "melds: %v", err)
	}
	return sp, nil
}

// quoted reads the rest of the line from field i: a Go-quoted string, or
// in version 1 the bare words.
func (l *line) quoted(i int) (string, error) {
	if i >= len(l.f) {
		return "", l.fail("missing field %d", i+1)
	}
	// The rest of the line as written, spaces included.
	rest := l.text
	for j := 0; j < i; j++ {
		rest = strings.TrimLeft(rest, " \t")
		rest = rest[len(l.f[j]):]
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, `"`) {
		s, err := strconv.Unquote(rest)
		if err != nil {
			return "", l.failWith(err, "bad quoted text: %v", err)
		}
		return s, nil
	}
	return rest, nil
}

func (lr *Reader) game() (*Game, error) {
	g := &Game{}
	l, err := lr.next()
	if err != nil {
		return nil, err
	}
	g.Line = l.n
	if err := l.want("game", 6); err != nil {
		return nil, err
	}
	if g.Number, err = l.int(1); err != nil {
		return nil, err
	}
	if l.f[2] != "seed" || l.f[4] != "first-dealer" {
		return nil, l.fail("expected game N seed S first-dealer P")
	}
	if l.f[3] != "-" {
		if g.Seed, err = strconv.ParseUint(l.f[3], 10, 64); err != nil {
			return nil, l.fail("bad seed %q", l.f[3])
		}
		g.HasSeed = true
	}
	if g.FirstDealer, err = l.seat(5); err != nil {
		return nil, err
	}
	// The game's header lines, in any order, until the first hand.
	var haveRules bool
	var havePlayer [2]bool
	for {
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
		switch l.f[0] {
		case "rules":
			if haveRules {
				return nil, l.fail("a second rules line")
			}
			if err := lr.rules(l, g); err != nil {
				return nil, err
			}
			haveRules = true
			continue
		case "player":
			seat, err := l.seat(1)
			if err != nil {
				return nil, err
			}
			if havePlayer[seat] {
				return nil, l.fail("a second player line for %s", seatName(seat))
			}
			if g.Players[seat], err = l.quoted(2); err != nil {
				return nil, err
			}
			havePlayer[seat] = true
			continue
		case "tag":
			if len(l.f) < 2 {
				return nil, l.fail("expected tag KEY VALUE")
			}
			v := ""
			if len(l.f) > 2 {
				if v, err = l.quoted(2); err != nil {
					return nil, err
				}
			}
			g.Tags = append(g.Tags, Tag{Key: l.f[1], Value: v})
			continue
		}
		break
	}
	if !haveRules {
		return nil, l.fail("the game has no rules line before its first hand")
	}
	if !havePlayer[0] || !havePlayer[1] {
		return nil, l.fail("the game names no player for each seat")
	}
	for {
		switch l.f[0] {
		case "hand":
			lr.unread(l)
			h, err := lr.hand()
			if err != nil {
				return nil, err
			}
			if h.Number != len(g.Hands)+1 {
				return nil, lr.failAt(h.Line, "hand %d out of order (expected %d)", h.Number, len(g.Hands)+1)
			}
			g.Hands = append(g.Hands, *h)
		case "final":
			if err := l.want("final", 7); err != nil {
				return nil, err
			}
			if l.f[1] != "winner" || l.f[3] != "p1" || l.f[5] != "p2" {
				return nil, l.fail("expected final winner P p1 N p2 N")
			}
			winner := notation.NoSeat
			if l.f[2] != "none" {
				if winner, err = l.seat(2); err != nil {
					return nil, err
				}
			}
			a, err := l.int(4)
			if err != nil {
				return nil, err
			}
			b, err := l.int(6)
			if err != nil {
				return nil, err
			}
			g.Final = rules.GameResult{Winner: winner, Totals: [2]int{a, b}}
			finalLine := l
			if l, err = lr.expect(); err != nil {
				return nil, err
			}
			if err := l.want("end", 1); err != nil {
				lr.unread(l)
				return nil, err
			}
			g.FinalLine = finalLine.n
			return g, nil
		default:
			return nil, l.fail("expected hand or final")
		}
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
	}
}

// rules reads a rules line: a preset's name, then key=value in any order.
// A missing key keeps the preset's value; an unknown key is kept and
// reported as a warning.
func (lr *Reader) rules(l *line, g *Game) error {
	if len(l.f) < 2 {
		return l.fail("expected rules PRESET key=value …")
	}
	name := l.f[1]
	base := strings.TrimSuffix(name, "+")
	r, err := rules.Preset(base)
	if err != nil {
		return l.failWith(err, "%v", err)
	}
	r.Name = name
	seen := map[string]bool{}
	for _, kv := range l.f[2:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return l.fail("expected key=value, found %q", kv)
		}
		if seen[k] {
			return l.fail("rule %s given twice", k)
		}
		seen[k] = true
		f, known := rules.FieldByKey(k)
		if !known {
			g.UnknownRules = append(g.UnknownRules, kv)
			lr.Warnings = append(lr.Warnings, &Error{File: lr.Name, Line: l.n, Msg: fmt.Sprintf("unknown rule %q kept but not applied", k)})
			continue
		}
		if err := f.Set(&r, v); err != nil {
			return l.failWith(err, "%v", err)
		}
	}
	if err := r.Validate(); err != nil {
		return l.failWith(err, "rules: %v", err)
	}
	g.Rules = r
	return nil
}

func (lr *Reader) hand() (*Hand, error) {
	h := &Hand{Knocker: notation.NoSeat, Winner: notation.NoSeat}
	l, err := lr.expect()
	if err != nil {
		return nil, err
	}
	h.Line = l.n
	if err := l.want("hand", 4); err != nil {
		return nil, err
	}
	if h.Number, err = l.int(1); err != nil {
		return nil, err
	}
	if l.f[2] != "dealer" {
		return nil, l.fail("expected hand N dealer P")
	}
	if h.Dealer, err = l.seat(3); err != nil {
		return nil, err
	}
	var seen notation.CardSet
	place := func(l *line, cs []notation.Card) error {
		for _, c := range cs {
			if c == Unknown {
				continue
			}
			if seen.Has(c) {
				return l.fail("card %s is in two places", c)
			}
			seen = seen.With(c)
		}
		return nil
	}
	for seat := range notation.NumSeats {
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
		if err := l.want("deal", 12); err != nil {
			return nil, err
		}
		if s, err := l.seat(1); err != nil || s != seat {
			return nil, l.fail("expected deal %s", seatName(seat))
		}
		if h.Deal[seat], err = l.cards(2, true); err != nil {
			return nil, err
		}
		if err := place(l, h.Deal[seat]); err != nil {
			return nil, err
		}
	}
	if l, err = lr.expect(); err != nil {
		return nil, err
	}
	if err := l.want("upcard", 2); err != nil {
		return nil, err
	}
	if h.Upcard, err = l.card(1, false); err != nil {
		return nil, err
	}
	if err := place(l, []notation.Card{h.Upcard}); err != nil {
		return nil, err
	}
	// The stock line is optional, and may name only the top of the stock.
	if l, err = lr.expect(); err != nil {
		return nil, err
	}
	if l.f[0] == "stock" {
		if len(l.f)-1 > game.StockSize {
			return nil, l.fail("the stock holds at most %d cards, found %d", game.StockSize, len(l.f)-1)
		}
		if h.Stock, err = l.cards(1, true); err != nil {
			return nil, err
		}
		if err := place(l, h.Stock); err != nil {
			return nil, err
		}
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
	}
	// Moves, then the showdown, then the result.
	for l.f[0] == "p1" || l.f[0] == "p2" {
		seat, _ := l.seat(0)
		if len(l.f) < 2 {
			return nil, l.fail("a move needs a kind")
		}
		kind, ok := game.ParseMoveKind(l.f[1])
		if !ok {
			return nil, l.fail("unknown move %q", l.f[1])
		}
		m := Move{Seat: seat, Kind: kind, Line: l.n}
		switch kind {
		case game.Knock, game.Gin, game.BigGin:
			if len(l.f) != 2 {
				return nil, l.fail("%s takes no card", l.f[1])
			}
		default:
			if len(l.f) != 3 {
				return nil, l.fail("%s takes one card", l.f[1])
			}
			if m.Card, err = l.card(2, kind == game.Draw); err != nil {
				return nil, err
			}
		}
		h.Moves = append(h.Moves, m)
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
	}
	if l.f[0] == "melds" {
		if h.Knocker, err = l.seat(1); err != nil {
			return nil, err
		}
		if h.Spread, err = l.spread(2); err != nil {
			return nil, err
		}
		k, d := h.Knocker, h.Knocker.Other()
		steps := []struct {
			key  string
			seat notation.Seat
			do   func(l *line) error
		}{
			{"deadwood", k, func(l *line) (err error) { h.KnockerDeadwood, err = l.set(2); return }},
			{"melds", d, func(l *line) (err error) { h.DefenderMelds, err = l.spread(2); return }},
		}
		for _, st := range steps {
			if l, err = lr.expect(); err != nil {
				return nil, err
			}
			if err := l.want(st.key, -1); err != nil {
				return nil, err
			}
			if s, err := l.seat(1); err != nil || s != st.seat {
				return nil, l.fail("expected %s %s", st.key, seatName(st.seat))
			}
			if err := st.do(l); err != nil {
				return nil, err
			}
		}
		for {
			if l, err = lr.expect(); err != nil {
				return nil, err
			}
			if l.f[0] != "layoff" {
				break
			}
			if len(l.f) != 5 || l.f[3] != "onto" {
				return nil, l.fail("expected layoff P CARD onto N")
			}
			if s, err := l.seat(1); err != nil || s != d {
				return nil, l.fail("expected layoff %s", seatName(d))
			}
			c, err := l.card(2, false)
			if err != nil {
				return nil, err
			}
			n, err := l.int(4)
			if err != nil {
				return nil, err
			}
			if n < 1 || n > h.Spread.N {
				return nil, l.fail("meld %d does not exist", n)
			}
			h.Layoffs = append(h.Layoffs, meld.Placement{Card: c, Meld: n - 1})
		}
		if err := l.want("deadwood", -1); err != nil {
			return nil, err
		}
		if s, err := l.seat(1); err != nil || s != d {
			return nil, l.fail("expected deadwood %s", seatName(d))
		}
		if h.DefenderDeadwood, err = l.set(2); err != nil {
			return nil, err
		}
		if l, err = lr.expect(); err != nil {
			return nil, err
		}
	}
	if h.Knocker.Valid() && h.KnockerDeadwood == 0 && len(h.Moves) > 0 {
		// Version 1 writes gin as a knock with no deadwood.
		if last := &h.Moves[len(h.Moves)-1]; last.Kind == game.Knock {
			last.Kind = game.Gin
		}
	}
	if err := l.want("result", 16); err != nil {
		return nil, err
	}
	h.ResultLine = l.n
	outcome := -1
	for i := rules.Knock; i <= rules.Dead; i++ {
		if i.String() == l.f[1] {
			outcome = int(i)
		}
	}
	if outcome < 0 {
		return nil, l.fail("unknown result %q", l.f[1])
	}
	s := &h.Score
	s.Outcome = rules.Outcome(outcome)
	if l.f[3] != "none" {
		if h.Winner, err = l.seat(3); err != nil {
			return nil, err
		}
	}
	keys := []string{"winner", "points", "bonus", "difference", "multiplier", "knocker-deadwood", "defender-deadwood"}
	dst := []*int{nil, &s.Points, &s.Bonus, &s.Difference, &s.Multiplier, &s.KnockerDeadwood, &s.DefenderDeadwood}
	for i, key := range keys {
		if l.f[2+2*i] != key {
			return nil, l.fail("expected %q", key)
		}
		if dst[i] != nil {
			if *dst[i], err = l.int(3 + 2*i); err != nil {
				return nil, err
			}
		}
	}
	s.Winner = rules.NoSide
	if h.Winner.Valid() {
		if s.Outcome == rules.Dead || !h.Knocker.Valid() {
			return nil, l.fail("a winner with no knock")
		}
		s.Winner = rules.Knocker
		if h.Winner != h.Knocker {
			s.Winner = rules.Defender
		}
	} else if s.Outcome != rules.Dead {
		return nil, l.fail("a %s needs a winner", s.Outcome)
	}
	if l, err = lr.expect(); err != nil {
		return nil, err
	}
	if err := l.want("score", 5); err != nil {
		return nil, err
	}
	h.ScoreLine = l.n
	if l.f[1] != "p1" || l.f[3] != "p2" {
		return nil, l.fail("expected score p1 N p2 N")
	}
	if h.Totals[0], err = l.int(2); err != nil {
		return nil, err
	}
	if h.Totals[1], err = l.int(4); err != nil {
		return nil, err
	}
	return h, nil
}
