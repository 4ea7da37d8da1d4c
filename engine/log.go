package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// LogHeader is the first line of a game log.
const LogHeader = "ginadvisor-log 1"

// maxStock is the stock's size after the deal.
const maxStock = notation.NumCards - 21

// WriteGame writes one game in the game log format. See the README for
// the format.
func WriteGame(w io.Writer, g *GameRecord, number int) error {
	b := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(b, format+"\n", args...) }
	p("game %d seed %d first-dealer %s", number, g.Seed, seatName(g.FirstDealer))
	p("rules %s", formatRules(g.Rules))
	p("player p1 %s", g.Players[0])
	p("player p2 %s", g.Players[1])
	for i := range g.Hands {
		h := &g.Hands[i]
		p("hand %d dealer %s", h.Number, seatName(h.Dealer))
		p("deal p1 %s", h.Deal[0])
		p("deal p2 %s", h.Deal[1])
		p("upcard %s", h.Upcard)
		if len(h.Stock) > 0 {
			p("stock %s", cardList(h.Stock))
		}
		for _, m := range h.Moves {
			if m.Kind == Knock || m.Kind == BigGinMove {
				p("%s %s", seatName(m.Seat), m.Kind)
			} else {
				p("%s %s %s", seatName(m.Seat), m.Kind, m.Card)
			}
		}
		if h.Knocker >= 0 {
			k, d := h.Knocker, 1-h.Knocker
			p("melds %s %s", seatName(k), spreadText(&h.Spread))
			p("deadwood %s %s", seatName(k), h.KnockerDeadwood)
			p("melds %s %s", seatName(d), spreadText(&h.DefenderMelds))
			for _, l := range h.Layoffs {
				p("layoff %s %s onto %d", seatName(d), l.Card, l.Meld+1)
			}
			p("deadwood %s %s", seatName(d), h.DefenderDeadwood)
		}
		s := h.Score
		winner := "none"
		if h.Winner >= 0 {
			winner = seatName(h.Winner)
		}
		p("result %s winner %s points %d bonus %d difference %d multiplier %d knocker-deadwood %d defender-deadwood %d",
			s.Outcome, winner, s.Points, s.Bonus, s.Difference, s.Multiplier, s.KnockerDeadwood, s.DefenderDeadwood)
		p("score p1 %d p2 %d", h.Totals[0], h.Totals[1])
	}
	f := g.Final
	winner := "none"
	if f.Winner >= 0 {
		winner = seatName(f.Winner)
	}
	p("final winner %s p1 %d p2 %d", winner, f.Totals[0], f.Totals[1])
	p("end")
	return b.Flush()
}

// WriteLog writes the header and the games.
func WriteLog(w io.Writer, games []*GameRecord) error {
	if _, err := fmt.Fprintln(w, LogHeader); err != nil {
		return err
	}
	for i, g := range games {
		if err := WriteGame(w, g, i+1); err != nil {
			return err
		}
	}
	return nil
}

func cardList(cs []notation.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

func spreadText(sp *meld.Spread) string {
	if sp.N == 0 {
		return "-"
	}
	parts := make([]string, sp.N)
	for i := 0; i < sp.N; i++ {
		parts[i] = sp.Melds[i].String()
	}
	return strings.Join(parts, " | ")
}

type ruleField struct {
	name string
	i    func(*rules.Rules) *int
	b    func(*rules.Rules) *bool
}

var ruleFields = []ruleField{
	{name: "knock_limit", i: func(r *rules.Rules) *int { return &r.KnockLimit }},
	{name: "gin_bonus", i: func(r *rules.Rules) *int { return &r.GinBonus }},
	{name: "undercut_bonus", i: func(r *rules.Rules) *int { return &r.UndercutBonus }},
	{name: "big_gin", b: func(r *rules.Rules) *bool { return &r.BigGin }},
	{name: "big_gin_bonus", i: func(r *rules.Rules) *int { return &r.BigGinBonus }},
	{name: "tie_is_undercut", b: func(r *rules.Rules) *bool { return &r.TieIsUndercut }},
	{name: "target", i: func(r *rules.Rules) *int { return &r.Target }},
	{name: "game_bonus", i: func(r *rules.Rules) *int { return &r.GameBonus }},
	{name: "box_bonus", i: func(r *rules.Rules) *int { return &r.BoxBonus }},
	{name: "shutout_doubles", b: func(r *rules.Rules) *bool { return &r.ShutoutDoubles }},
	{name: "shutout_bonus", i: func(r *rules.Rules) *int { return &r.ShutoutBonus }},
	{name: "oklahoma", b: func(r *rules.Rules) *bool { return &r.Oklahoma }},
	{name: "spades_double", b: func(r *rules.Rules) *bool { return &r.SpadesDouble }},
	{name: "straight_gin", b: func(r *rules.Rules) *bool { return &r.StraightGin }},
	{name: "dead_stock", i: func(r *rules.Rules) *int { return &r.DeadStock }},
	{name: "fiftieth_card", b: func(r *rules.Rules) *bool { return &r.FiftiethCard }},
	{name: "winner_deals", b: func(r *rules.Rules) *bool { return &r.WinnerDeals }},
	{name: "greedy_layoffs", b: func(r *rules.Rules) *bool { return &r.GreedyLayoffs }},
}

func formatRules(r rules.Rules) string {
	parts := []string{r.Name}
	for _, f := range ruleFields {
		if f.i != nil {
			parts = append(parts, f.name+"="+strconv.Itoa(*f.i(&r)))
		} else {
			parts = append(parts, f.name+"="+strconv.FormatBool(*f.b(&r)))
		}
	}
	return strings.Join(parts, " ")
}

// ErrLog is wrapped by every error reading a game log.
var ErrLog = errors.New("bad game log")

// LogError says which line of a log could not be read, and why.
type LogError struct {
	Line int
	Text string
	Msg  string
}

func (e *LogError) Error() string {
	return fmt.Sprintf("line %d: %s: %q", e.Line, e.Msg, e.Text)
}

func (e *LogError) Unwrap() error { return ErrLog }

// LogReader reads games from a game log one at a time. After a bad game it
// goes on with the next "game" line, so one bad record does not lose the
// rest of a file.
//
// A line too long to be a log line is a *LogError like any other. A read
// error ends the log: the game it cut short is a *LogError, then Next
// returns the read error once, then io.EOF.
type LogReader struct {
	r       *bufio.Reader
	failed  bool  // reading failed; the reader is at its end
	readErr error // why reading failed, until Next reports it
	lineNo  int
	pending []string // a line read ahead, with its number
	pendNo  int
	header  bool
}

// NewLogReader reads a game log from r.
func NewLogReader(r io.Reader) *LogReader {
	return &LogReader{r: bufio.NewReaderSize(r, maxLogLine)}
}

// maxLogLine bounds a log line; the longest, the rules line, is far shorter.
const maxLogLine = 64 * 1024

// next returns the next meaningful line's fields, or nil at the end.
func (lr *LogReader) next() ([]string, int, string, error) {
	if lr.pending != nil {
		f, n := lr.pending, lr.pendNo
		lr.pending = nil
		return f, n, strings.Join(f, " "), nil
	}
	for !lr.failed {
		b, err := lr.r.ReadSlice('\n')
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			// The log ends here; Next reports why.
			lr.failed = true
			lr.readErr = fmt.Errorf("reading the log after line %d: %w", lr.lineNo, err)
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
			return nil, lr.lineNo, "", &LogError{Line: lr.lineNo, Text: head + "…", Msg: fmt.Sprintf("line longer than %d bytes", maxLogLine)}
		}
		text := strings.TrimSpace(string(b))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		return strings.Fields(text), lr.lineNo, text, nil
	}
	return nil, lr.lineNo, "", nil
}

func (lr *LogReader) unread(f []string, n int) { lr.pending, lr.pendNo = f, n }

// Next returns the next game, io.EOF at the end, or a *LogError for a bad
// game; the reader then skips to the next game.
func (lr *LogReader) Next() (*GameRecord, error) {
	if lr.readErr != nil {
		err := lr.readErr
		lr.readErr = nil
		return nil, err
	}
	if !lr.header {
		f, n, text, err := lr.next()
		if err != nil {
			return nil, err
		}
		if f == nil {
			return nil, io.EOF
		}
		lr.header = true
		if text != LogHeader {
			if f[0] != "game" {
				return nil, &LogError{Line: n, Text: text, Msg: "expected the header " + strconv.Quote(LogHeader)}
			}
			lr.unread(f, n)
		}
	}
	f, n, text, err := lr.next()
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, io.EOF
	}
	if f[0] != "game" {
		lr.skip()
		return nil, &LogError{Line: n, Text: text, Msg: "expected a game line"}
	}
	lr.unread(f, n)
	g, err := lr.game()
	if err != nil {
		lr.skip()
		return nil, err
	}
	return g, nil
}

// skip moves to the next "game" line.
func (lr *LogReader) skip() {
	for {
		f, n, _, err := lr.next()
		if err != nil || f == nil {
			return
		}
		if f[0] == "game" {
			lr.unread(f, n)
			return
		}
	}
}

// ReadLog reads every game of a log. It stops at the first error.
func ReadLog(r io.Reader) ([]*GameRecord, error) {
	lr := NewLogReader(r)
	var out []*GameRecord
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

type lineParser struct {
	f    []string
	n    int
	text string
}

func (p *lineParser) fail(format string, args ...any) error {
	return &LogError{Line: p.n, Text: p.text, Msg: fmt.Sprintf(format, args...)}
}

// want checks the line is "key" with n fields.
func (p *lineParser) want(key string, n int) error {
	if p.f[0] != key {
		return p.fail("expected %q", key)
	}
	if n >= 0 && len(p.f) != n {
		return p.fail("%q takes %d fields, found %d", key, n, len(p.f))
	}
	return nil
}

// field returns field i, or an error naming the missing field.
func (p *lineParser) field(i int) (string, error) {
	if i >= len(p.f) {
		return "", p.fail("missing field %d", i+1)
	}
	return p.f[i], nil
}

func (p *lineParser) int(i int) (int, error) {
	if _, err := p.field(i); err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(p.f[i])
	if err != nil {
		return 0, p.fail("%q is not a number", p.f[i])
	}
	return v, nil
}

func (p *lineParser) seat(i int) (int, error) {
	f, err := p.field(i)
	if err != nil {
		return 0, err
	}
	switch f {
	case "p1":
		return 0, nil
	case "p2":
		return 1, nil
	}
	return 0, p.fail("%q is not a seat (p1 or p2)", p.f[i])
}

func (p *lineParser) card(i int) (notation.Card, error) {
	if _, err := p.field(i); err != nil {
		return 0, err
	}
	c, err := notation.ParseCard(p.f[i])
	if err != nil {
		return 0, p.fail("card %q: %v", p.f[i], err)
	}
	return c, nil
}

func (p *lineParser) hand(from int) (notation.CardSet, error) {
	var h notation.CardSet
	for i := from; i < len(p.f); i++ {
		c, err := p.card(i)
		if err != nil {
			return 0, err
		}
		if h.Has(c) {
			return 0, p.fail("card %s twice", c)
		}
		h = h.With(c)
	}
	return h, nil
}

func (p *lineParser) spread(from int) (meld.Spread, error) {
	if from > len(p.f) {
		from = len(p.f)
	}
	rest := strings.Join(p.f[from:], " ")
	if rest == "-" {
		return meld.Spread{}, nil
	}
	sp, err := meld.ParseMelds(rest)
	if err != nil {
		return sp, p.fail("melds: %v", err)
	}
	return sp, nil
}

func (lr *LogReader) line() (*lineParser, error) {
	f, n, text, err := lr.next()
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, &LogError{Line: n, Text: "", Msg: "unexpected end of log"}
	}
	return &lineParser{f: f, n: n, text: text}, nil
}

func (lr *LogReader) game() (*GameRecord, error) {
	g := &GameRecord{}
	p, err := lr.line()
	if err != nil {
		return nil, err
	}
	if err := p.want("game", 6); err != nil {
		return nil, err
	}
	if p.f[2] != "seed" || p.f[4] != "first-dealer" {
		return nil, p.fail("expected game N seed S first-dealer P")
	}
	seed, err := strconv.ParseUint(p.f[3], 10, 64)
	if err != nil {
		return nil, p.fail("bad seed %q", p.f[3])
	}
	g.Seed = seed
	if g.FirstDealer, err = p.seat(5); err != nil {
		return nil, err
	}
	if p, err = lr.line(); err != nil {
		return nil, err
	}
	if err := p.want("rules", len(ruleFields)+2); err != nil {
		return nil, err
	}
	g.Rules.Name = p.f[1]
	for i, rf := range ruleFields {
		k, v, ok := strings.Cut(p.f[i+2], "=")
		if !ok || k != rf.name {
			return nil, p.fail("expected %s=VALUE", rf.name)
		}
		if rf.i != nil {
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, p.fail("%s: %q is not a number", k, v)
			}
			*rf.i(&g.Rules) = n
		} else {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return nil, p.fail("%s: %q is not true or false", k, v)
			}
			*rf.b(&g.Rules) = b
		}
	}
	if err := g.Rules.Validate(); err != nil {
		return nil, p.fail("rules: %v", err)
	}
	for seat := 0; seat < 2; seat++ {
		if p, err = lr.line(); err != nil {
			return nil, err
		}
		if err := p.want("player", 3); err != nil {
			return nil, err
		}
		if s, err := p.seat(1); err != nil || s != seat {
			return nil, p.fail("expected player %s", seatName(seat))
		}
		g.Players[seat] = p.f[2]
	}
	game := rules.NewGame(g.Rules)
	for {
		if p, err = lr.line(); err != nil {
			return nil, err
		}
		switch p.f[0] {
		case "hand":
			lr.unread(p.f, p.n)
			h, err := lr.hand()
			if err != nil {
				return nil, err
			}
			if h.Number != len(g.Hands)+1 {
				return nil, &LogError{Line: p.n, Text: p.text, Msg: fmt.Sprintf("hand %d out of order", h.Number)}
			}
			game.Record(h.Winner, h.Score.Points)
			if game.Score != h.Totals {
				return nil, &LogError{Line: p.n, Text: p.text, Msg: fmt.Sprintf("hand %d: running score %v does not add up (expected %v)", h.Number, h.Totals, game.Score)}
			}
			g.Hands = append(g.Hands, *h)
		case "final":
			if err := p.want("final", 7); err != nil {
				return nil, err
			}
			g.Final = game.Final()
			winner := -1
			if p.f[2] != "none" {
				if winner, err = p.seat(2); err != nil {
					return nil, err
				}
			}
			a, err1 := p.int(4)
			b, err2 := p.int(6)
			if err := errors.Join(err1, err2); err != nil {
				return nil, err
			}
			if p.f[1] != "winner" || p.f[3] != "p1" || p.f[5] != "p2" {
				return nil, p.fail("expected final winner P p1 N p2 N")
			}
			if winner != g.Final.Winner || [2]int{a, b} != g.Final.Totals {
				return nil, p.fail("final score does not match the hands (expected winner %d, totals %v)", g.Final.Winner, g.Final.Totals)
			}
			if p, err = lr.line(); err != nil {
				return nil, err
			}
			if err := p.want("end", 1); err != nil {
				return nil, err
			}
			return g, nil
		default:
			return nil, p.fail("expected hand or final")
		}
	}
}

func (lr *LogReader) hand() (*HandRecord, error) {
	h := &HandRecord{Knocker: -1, Winner: -1}
	p, err := lr.line()
	if err != nil {
		return nil, err
	}
	if err := p.want("hand", 4); err != nil {
		return nil, err
	}
	if h.Number, err = p.int(1); err != nil {
		return nil, err
	}
	if p.f[2] != "dealer" {
		return nil, p.fail("expected hand N dealer P")
	}
	if h.Dealer, err = p.seat(3); err != nil {
		return nil, err
	}
	var seen notation.CardSet
	for seat := 0; seat < 2; seat++ {
		if p, err = lr.line(); err != nil {
			return nil, err
		}
		if err := p.want("deal", 12); err != nil {
			return nil, err
		}
		if s, err := p.seat(1); err != nil || s != seat {
			return nil, p.fail("expected deal %s", seatName(seat))
		}
		if h.Deal[seat], err = p.hand(2); err != nil {
			return nil, err
		}
		if both := seen & h.Deal[seat]; both != 0 {
			return nil, p.fail("%s dealt twice", both)
		}
		seen |= h.Deal[seat]
	}
	if p, err = lr.line(); err != nil {
		return nil, err
	}
	if err := p.want("upcard", 2); err != nil {
		return nil, err
	}
	if h.Upcard, err = p.card(1); err != nil {
		return nil, err
	}
	if seen.Has(h.Upcard) {
		return nil, p.fail("upcard %s was dealt", h.Upcard)
	}
	seen = seen.With(h.Upcard)
	// The stock line is optional, and may name only the top of the stock:
	// a source that saw only the cards drawn cannot say more.
	if p, err = lr.line(); err != nil {
		return nil, err
	}
	if p.f[0] == "stock" {
		if len(p.f)-1 > maxStock {
			return nil, p.fail("the stock holds at most %d cards, found %d", maxStock, len(p.f)-1)
		}
		for i := 1; i < len(p.f); i++ {
			c, err := p.card(i)
			if err != nil {
				return nil, err
			}
			if seen.Has(c) {
				return nil, p.fail("card %s is in two places", c)
			}
			seen = seen.With(c)
			h.Stock = append(h.Stock, c)
		}
	} else {
		lr.unread(p.f, p.n)
	}
	// Moves, then the showdown, then the result.
	for {
		if p, err = lr.line(); err != nil {
			return nil, err
		}
		if p.f[0] == "p1" || p.f[0] == "p2" {
			seat, _ := p.seat(0)
			if len(p.f) < 2 {
				return nil, p.fail("a move needs a kind")
			}
			kind := -1
			for k, name := range moveNames {
				if name == p.f[1] {
					kind = k
				}
			}
			if kind < 0 {
				return nil, p.fail("unknown move %q", p.f[1])
			}
			m := Move{Seat: seat, Kind: MoveKind(kind)}
			if m.Kind == Knock || m.Kind == BigGinMove {
				if len(p.f) != 2 {
					return nil, p.fail("%s takes no card", p.f[1])
				}
			} else {
				if len(p.f) != 3 {
					return nil, p.fail("%s takes one card", p.f[1])
				}
				if m.Card, err = p.card(2); err != nil {
					return nil, err
				}
			}
			h.Moves = append(h.Moves, m)
			continue
		}
		break
	}
	if p.f[0] == "melds" {
		if h.Knocker, err = p.seat(1); err != nil {
			return nil, err
		}
		if h.Spread, err = p.spread(2); err != nil {
			return nil, err
		}
		k, d := h.Knocker, 1-h.Knocker
		steps := []struct {
			key  string
			seat int
			do   func(p *lineParser) error
		}{
			{"deadwood", k, func(p *lineParser) (err error) { h.KnockerDeadwood, err = p.hand(2); return }},
			{"melds", d, func(p *lineParser) (err error) { h.DefenderMelds, err = p.spread(2); return }},
		}
		for _, st := range steps {
			if p, err = lr.line(); err != nil {
				return nil, err
			}
			if err := p.want(st.key, -1); err != nil {
				return nil, err
			}
			if s, err := p.seat(1); err != nil || s != st.seat {
				return nil, p.fail("expected %s %s", st.key, seatName(st.seat))
			}
			if err := st.do(p); err != nil {
				return nil, err
			}
		}
		for {
			if p, err = lr.line(); err != nil {
				return nil, err
			}
			if p.f[0] != "layoff" {
				break
			}
			if len(p.f) != 5 || p.f[3] != "onto" {
				return nil, p.fail("expected layoff P CARD onto N")
			}
			c, err := p.card(2)
			if err != nil {
				return nil, err
			}
			n, err := p.int(4)
			if err != nil {
				return nil, err
			}
			if n < 1 || n > h.Spread.N {
				return nil, p.fail("meld %d does not exist", n)
			}
			h.Layoffs = append(h.Layoffs, meld.Placement{Card: c, Meld: n - 1})
		}
		if err := p.want("deadwood", -1); err != nil {
			return nil, err
		}
		if s, err := p.seat(1); err != nil || s != d {
			return nil, p.fail("expected deadwood %s", seatName(d))
		}
		if h.DefenderDeadwood, err = p.hand(2); err != nil {
			return nil, err
		}
		if p, err = lr.line(); err != nil {
			return nil, err
		}
	}
	if err := p.want("result", 16); err != nil {
		return nil, err
	}
	outcome := -1
	for i := rules.Knock; i <= rules.Dead; i++ {
		if i.String() == p.f[1] {
			outcome = int(i)
		}
	}
	if outcome < 0 {
		return nil, p.fail("unknown result %q", p.f[1])
	}
	s := &h.Score
	s.Outcome = rules.Outcome(outcome)
	if p.f[3] != "none" {
		if h.Winner, err = p.seat(3); err != nil {
			return nil, err
		}
	}
	keys := []string{"winner", "points", "bonus", "difference", "multiplier", "knocker-deadwood", "defender-deadwood"}
	dst := []*int{nil, &s.Points, &s.Bonus, &s.Difference, &s.Multiplier, &s.KnockerDeadwood, &s.DefenderDeadwood}
	for i, key := range keys {
		if p.f[2+2*i] != key {
			return nil, p.fail("expected %q", key)
		}
		if dst[i] != nil {
			if *dst[i], err = p.int(3 + 2*i); err != nil {
				return nil, err
			}
		}
	}
	s.Winner = rules.NoSide
	if h.Winner >= 0 {
		if (s.Outcome == rules.Dead) || h.Knocker < 0 {
			return nil, p.fail("a winner with no knock")
		}
		s.Winner = rules.Knocker
		if h.Winner != h.Knocker {
			s.Winner = rules.Defender
		}
	} else if s.Outcome != rules.Dead {
		return nil, p.fail("a %s needs a winner", s.Outcome)
	}
	if p, err = lr.line(); err != nil {
		return nil, err
	}
	if err := p.want("score", 5); err != nil {
		return nil, err
	}
	if p.f[1] != "p1" || p.f[3] != "p2" {
		return nil, p.fail("expected score p1 N p2 N")
	}
	if h.Totals[0], err = p.int(2); err != nil {
		return nil, err
	}
	if h.Totals[1], err = p.int(4); err != nil {
		return nil, err
	}
	return h, nil
}
