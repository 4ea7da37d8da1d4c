package importer

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The EAAI framework's verbose lines, as GinRummyGame prints them.
var (
	eaaiDealt     = regexp.MustCompile(`^Player ([01]) is dealt \[(.*)\]\.$`)
	eaaiStarts    = regexp.MustCompile(`^Player ([01]) starts\.$`)
	eaaiUpcard    = regexp.MustCompile(`^The initial face up card is (\S+)\.$`)
	eaaiDeclines  = regexp.MustCompile(`^Player ([01]) declines (\S+)\.$`)
	eaaiDraws     = regexp.MustCompile(`^Player ([01]) draws (\S+)\.$`)
	eaaiDiscards  = regexp.MustCompile(`^Player ([01]) discards (\S+)\.$`)
	eaaiForfeit   = regexp.MustCompile(`^Player ([01]) .* and forfeits\.$`)
	eaaiHas       = regexp.MustCompile(`^Player ([01]) has \[.*\] with (\d+) deadwood\.$`)
	eaaiKnocks    = regexp.MustCompile(`^Player ([01]) melds (\[.*\]) with (\d+) deadwood from \[(.*)\]\.$`)
	eaaiGin       = regexp.MustCompile(`^Player ([01]) goes gin with melds (\[.*\])\.$`)
	eaaiMelds     = regexp.MustCompile(`^Player ([01]) melds (\[.*\])\.$`)
	eaaiLaysOff   = regexp.MustCompile(`^Player ([01]) lays off (\S+) on \[(.*)\]\.$`)
	eaaiLeft      = regexp.MustCompile(`^Player ([01]) has (\d+) deadwood with \[(.*)\]$`)
	eaaiDiff      = regexp.MustCompile(`^Player ([01]) scores the deadwood difference of (\d+)\.$`)
	eaaiUndercut  = regexp.MustCompile(`^Player ([01]) undercuts and scores the undercut bonus of (\d+) plus deadwood difference of (\d+) for (\d+) total points\.$`)
	eaaiGinScore  = regexp.MustCompile(`^Player ([01]) scores the gin bonus of (\d+) plus opponent deadwood (\d+) for (\d+) total points\.$`)
	eaaiScoreRow  = regexp.MustCompile(`^([01])\t(-?\d+)$`)
	eaaiWins      = regexp.MustCompile(`^Player ([01]) wins\.$`)
	eaaiCancelled = "The draw pile was reduced to two cards without knocking, so the hand is cancelled."
	eaaiTable     = "Player\tScore"
)

// maxEAAILine bounds a transcript line; the longest real ones are far
// shorter.
const maxEAAILine = 64 * 1024

// eaaiParser turns one transcript into games, one line at a time.
type eaaiParser struct {
	name    string
	players [2]string
	rules   rules.Rules
	games   []*gamelog.Game
	errs    []*gamelog.Error

	g    *gamelog.Game // the game being read, nil between games
	h    *gamelog.Hand // the hand being read, nil between hands
	top  notation.Card // the top of the pile
	drew int           // stock draws so far in the hand
	// claim is what the hand's scoring line says: the winner and points.
	claimWinner notation.Seat
	claimPoints int
	claimed     bool
	grown       [meld.MaxSpread]notation.CardSet // the knocker's melds as laid off on
	scoreRows   int
	skipping    bool // after an error, until the next game
}

// ReadEAAI reads the verbose transcripts of the EAAI framework's
// GinRummyGame: one or more whole games. Each game is replayed under the
// eaai rules, so every result and running score is checked against what
// the transcript says. A damaged game is reported with its line, and the
// reading goes on with the next game. players names the two seats.
func ReadEAAI(r io.Reader, name string, players [2]string) ([]*gamelog.Game, []*gamelog.Error) {
	p := &eaaiParser{name: name, players: players, rules: rules.Presets()["eaai"]}
	br := bufio.NewReader(r)
	n := 0
	var readErr error
	for {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			readErr = err
			break
		}
		if line == "" {
			break
		}
		n++
		if len(line) > maxEAAILine {
			p.fail(lineErr(n, "a line of %d bytes is too long for a transcript", len(line)))
			continue
		}
		text := strings.TrimRight(line, "\r\n")
		if !strings.HasSuffix(line, "\n") && strings.TrimSpace(text) != "" && !p.skipping {
			// The last line is cut short: a truncated transcript.
			p.fail(lineErr(n, "the transcript ends in the middle of a line: %q", shorten(text)))
			break
		}
		if p.skipping {
			if eaaiWins.MatchString(text) {
				p.skipping = false
			}
			continue
		}
		if err := p.line(n, text); err != nil {
			p.fail(err)
		}
	}
	if readErr != nil {
		p.errs = append(p.errs, &gamelog.Error{File: name, Line: n + 1, Msg: readErr.Error()})
	} else if p.g != nil && !p.skipping {
		p.fail(&gamelog.Error{Line: n, Msg: "the transcript ends in the middle of a game"})
	}
	return p.games, p.errs
}

// fail records an error and drops the game it is in.
func (p *eaaiParser) fail(err error) {
	e, ok := err.(*gamelog.Error)
	if !ok {
		e = &gamelog.Error{Msg: err.Error()}
	}
	e.File = p.name
	if p.g != nil {
		p.skipping = true
	}
	p.errs = append(p.errs, e)
	p.g, p.h = nil, nil
}

func lineErr(n int, format string, args ...any) error {
	return &gamelog.Error{Line: n, Msg: fmt.Sprintf(format, args...)}
}

// cards reads a comma-separated list of cards.
func eaaiCards(n int, s string) ([]notation.Card, error) {
	var out []notation.Card
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		c, err := eaaiCard(n, f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// eaaiCard reads one card in the framework's form: a rank then a suit.
func eaaiCard(n int, s string) (notation.Card, error) {
	if len(s) != 2 {
		return 0, lineErr(n, "%q is not a card", s)
	}
	c, err := notation.ParseCard(s)
	if err != nil {
		return 0, lineErr(n, "%q is not a card", s)
	}
	return c, nil
}

// eaaiMeldList reads "[[AC, 2C, 3C], [..]]" or "[]".
func eaaiMeldList(n int, s string) (meld.Spread, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return meld.Spread{}, lineErr(n, "%q is not a list of melds", s)
	}
	inner := strings.TrimSpace(s[1 : len(s)-1])
	var melds []notation.CardSet
	for inner != "" {
		if inner[0] != '[' {
			return meld.Spread{}, lineErr(n, "%q is not a list of melds", s)
		}
		end := strings.IndexByte(inner, ']')
		if end < 0 {
			return meld.Spread{}, lineErr(n, "%q is not a list of melds", s)
		}
		cs, err := eaaiCards(n, inner[1:end])
		if err != nil {
			return meld.Spread{}, err
		}
		set := notation.SetOf(cs...)
		if set.Len() != len(cs) {
			return meld.Spread{}, lineErr(n, "a meld repeats a card")
		}
		melds = append(melds, set)
		inner = strings.TrimLeft(inner[end+1:], ", ")
	}
	sp, err := meld.NewSpread(melds...)
	if err != nil {
		return sp, lineErr(n, "%v", err)
	}
	return sp, nil
}

func seatOf(s string) notation.Seat { return notation.Seat(s[0] - '0') }

// line reads one line of a transcript: a deal starts a game or a hand,
// "wins" ends a game, and every other line belongs to the hand being read.
func (p *eaaiParser) line(n int, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if m := eaaiDealt.FindStringSubmatch(text); m != nil {
		return p.dealt(n, seatOf(m[1]), m[2])
	}
	if p.g == nil {
		return lineErr(n, "not an EAAI transcript line where a game should start: %q", shorten(text))
	}
	if p.h == nil {
		if m := eaaiWins.FindStringSubmatch(text); m != nil {
			return p.won(n, seatOf(m[1]))
		}
		return lineErr(n, "unexpected line between hands: %q", shorten(text))
	}
	return p.handLine(n, text)
}

// eaaiHandLine is a kind of line within a hand, and how to read it: read
// takes the line's number and its submatches.
type eaaiHandLine struct {
	re   *regexp.Regexp
	read func(p *eaaiParser, n int, m []string) error
}

// eaaiHandLines are the lines within a hand, in the order they are tried.
var eaaiHandLines = [...]eaaiHandLine{
	{eaaiScoreRow, func(p *eaaiParser, n int, m []string) error { return p.scoreRow(n, seatOf(m[1]), m[2]) }},
	{eaaiStarts, (*eaaiParser).starts},
	{eaaiUpcard, (*eaaiParser).upcard},
	{eaaiDeclines, (*eaaiParser).declines},
	{eaaiDraws, (*eaaiParser).draws},
	{eaaiDiscards, (*eaaiParser).discards},
	{eaaiForfeit, func(_ *eaaiParser, n int, _ []string) error {
		return lineErr(n, "a forfeit by an illegal play cannot be imported")
	}},
	// The framework's running report of a hand; the replay recomputes it.
	{eaaiHas, func(*eaaiParser, int, []string) error { return nil }},
	{eaaiKnocks, func(p *eaaiParser, n int, m []string) error { return p.knock(n, seatOf(m[1]), m[2], m[4], false) }},
	{eaaiGin, func(p *eaaiParser, n int, m []string) error { return p.knock(n, seatOf(m[1]), m[2], "", true) }},
	{eaaiMelds, (*eaaiParser).defenderMelds},
	{eaaiLaysOff, func(p *eaaiParser, n int, m []string) error { return p.layOff(n, seatOf(m[1]), m[2], m[3]) }},
	{eaaiLeft, (*eaaiParser).defenderDeadwood},
	{eaaiDiff, claimAt(2)},
	{eaaiUndercut, claimAt(4)},
	{eaaiGinScore, claimAt(4)},
}

// handLine reads a line of the hand being read.
func (p *eaaiParser) handLine(n int, text string) error {
	switch text {
	case eaaiTable:
		if !p.claimed && p.h.Knocker.Valid() {
			return lineErr(n, "the score table comes before the hand's scoring line")
		}
		p.scoreRows = 0
		return nil
	case eaaiCancelled:
		if p.h.Knocker.Valid() {
			return lineErr(n, "the hand is canceled after a knock")
		}
		p.h.ResultLine = n
		p.claimed, p.claimWinner, p.claimPoints = true, notation.NoSeat, 0
		return nil
	}
	for _, l := range eaaiHandLines {
		if m := l.re.FindStringSubmatch(text); m != nil {
			return l.read(p, n, m)
		}
	}
	return lineErr(n, "not an EAAI transcript line: %q", shorten(text))
}

// starts reads who moves first, which says who dealt.
func (p *eaaiParser) starts(_ int, m []string) error {
	p.h.Dealer = seatOf(m[1]).Other()
	if len(p.g.Hands) == 1 {
		p.g.FirstDealer = p.h.Dealer
	}
	return nil
}

func (p *eaaiParser) upcard(n int, m []string) error {
	c, err := eaaiCard(n, m[1])
	if err != nil {
		return err
	}
	p.h.Upcard, p.top = c, c
	return nil
}

func (p *eaaiParser) declines(n int, m []string) error {
	c, err := eaaiCard(n, m[2])
	if err != nil {
		return err
	}
	p.h.Moves = append(p.h.Moves, gamelog.Move{Seat: seatOf(m[1]), Kind: game.Pass, Card: c, Line: n})
	return nil
}

// draws reads a draw, which is a take exactly when it draws the top of
// the pile.
func (p *eaaiParser) draws(n int, m []string) error {
	h := p.h
	c, err := eaaiCard(n, m[2])
	if err != nil {
		return err
	}
	mv := gamelog.Move{Seat: seatOf(m[1]), Kind: game.Draw, Card: c, Line: n}
	if c == p.top {
		mv.Kind = game.Take
		p.top = notation.Card(0xFF)
	} else {
		if p.drew < len(h.Stock) {
			h.Stock[p.drew] = c
		}
		p.drew++
	}
	h.Moves = append(h.Moves, mv)
	return nil
}

func (p *eaaiParser) discards(n int, m []string) error {
	c, err := eaaiCard(n, m[2])
	if err != nil {
		return err
	}
	p.h.Moves = append(p.h.Moves, gamelog.Move{Seat: seatOf(m[1]), Kind: game.Discard, Card: c, Line: n})
	p.top = c
	return nil
}

func (p *eaaiParser) defenderMelds(n int, m []string) error {
	h := p.h
	seat := seatOf(m[1])
	if !h.Knocker.Valid() || seat == h.Knocker {
		return lineErr(n, "melds by player %d, who is not the defender", seat)
	}
	sp, err := eaaiMeldList(n, m[2])
	if err != nil {
		return err
	}
	h.DefenderMelds = sp
	return nil
}

// defenderDeadwood reads the defender's deadwood after its lay-offs, and
// checks the count the line gives.
func (p *eaaiParser) defenderDeadwood(n int, m []string) error {
	h := p.h
	cs, err := eaaiCards(n, m[3])
	if err != nil {
		return err
	}
	if !h.Knocker.Valid() || seatOf(m[1]) == h.Knocker {
		return lineErr(n, "a defender's count with no knock before it")
	}
	h.DefenderDeadwood = notation.SetOf(cs...)
	if want, _ := strconv.Atoi(m[2]); h.DefenderDeadwood.Value() != want {
		return lineErr(n, "the cards %s count %d, not %d", h.DefenderDeadwood, h.DefenderDeadwood.Value(), want)
	}
	return nil
}

// claimAt reads a scoring line whose points are submatch i.
func claimAt(i int) func(p *eaaiParser, n int, m []string) error {
	return func(p *eaaiParser, n int, m []string) error {
		pts, _ := strconv.Atoi(m[i])
		return p.claim(n, seatOf(m[1]), pts)
	}
}

// dealt starts a game or a hand at the first deal line, and records the
// second.
func (p *eaaiParser) dealt(n int, seat notation.Seat, list string) error {
	cs, err := eaaiCards(n, list)
	if err != nil {
		return err
	}
	if len(cs) != 10 {
		return lineErr(n, "player %d is dealt %d cards, not 10", seat, len(cs))
	}
	if p.h != nil && len(p.h.Deal[seat]) == 0 && len(p.h.Moves) == 0 && p.h.Upcard == gamelog.Unknown {
		p.h.Deal[seat] = cs
		return nil
	}
	if p.h != nil {
		return lineErr(n, "a new deal before the hand's score table")
	}
	if p.g == nil {
		p.g = &gamelog.Game{Number: len(p.games) + len(p.errs) + 1, Rules: p.rules, Players: p.players,
			Tags: []gamelog.Tag{{Key: gamelog.TagSource, Value: "EAAI transcript " + printable(p.name)}}, Line: n}
	}
	h := gamelog.Hand{Number: len(p.g.Hands) + 1, Line: n, Knocker: notation.NoSeat, Winner: notation.NoSeat, Upcard: gamelog.Unknown}
	h.Deal[seat] = cs
	// The stock is known only as far as it is drawn; settle cuts it there.
	h.Stock = make([]notation.Card, game.StockSize)
	for i := range h.Stock {
		h.Stock[i] = gamelog.Unknown
	}
	p.g.Hands = append(p.g.Hands, h)
	p.h = &p.g.Hands[len(p.g.Hands)-1]
	p.drew, p.claimed, p.scoreRows = 0, false, 0
	return nil
}

func (p *eaaiParser) knock(n int, seat notation.Seat, melds, deadwood string, gin bool) error {
	h := p.h
	sp, err := eaaiMeldList(n, melds)
	if err != nil {
		return err
	}
	var dw []notation.Card
	if !gin {
		if dw, err = eaaiCards(n, deadwood); err != nil {
			return err
		}
	}
	h.Knocker, h.Spread, h.KnockerDeadwood = seat, sp, notation.SetOf(dw...)
	kind := game.Knock
	if gin {
		kind = game.Gin
	}
	h.Moves = append(h.Moves, gamelog.Move{Seat: seat, Kind: kind, Line: n})
	p.grown = sp.Melds
	return nil
}

func (p *eaaiParser) layOff(n int, seat notation.Seat, card, onto string) error {
	h := p.h
	if !h.Knocker.Valid() || seat == h.Knocker {
		return lineErr(n, "a lay-off with no knock before it")
	}
	c, err := eaaiCard(n, card)
	if err != nil {
		return err
	}
	cs, err := eaaiCards(n, onto)
	if err != nil {
		return err
	}
	target := notation.SetOf(cs...)
	for i := 0; i < h.Spread.N; i++ {
		if p.grown[i] == target {
			p.grown[i] = p.grown[i].With(c)
			h.Layoffs = append(h.Layoffs, meld.Placement{Card: c, Meld: i})
			return nil
		}
	}
	return lineErr(n, "[%s] is not one of the knocker's melds", onto)
}

func (p *eaaiParser) claim(n int, seat notation.Seat, points int) error {
	if !p.h.Knocker.Valid() {
		return lineErr(n, "a score with no knock before it")
	}
	p.h.ResultLine = n
	p.claimed, p.claimWinner, p.claimPoints = true, seat, points
	return nil
}

// scoreRow reads a row of the score table; the second ends the hand.
func (p *eaaiParser) scoreRow(n int, seat notation.Seat, total string) error {
	h := p.h
	if !p.claimed {
		return lineErr(n, "a score row before the hand's result")
	}
	if int(seat) != p.scoreRows {
		return lineErr(n, "the score table's rows are out of order")
	}
	v, err := strconv.Atoi(total)
	if err != nil {
		return lineErr(n, "%q is not a score", total)
	}
	h.Totals[seat] = v
	p.scoreRows++
	if p.scoreRows < 2 {
		return nil
	}
	h.ScoreLine = n
	return p.settle(n)
}

// settle scores the finished hand by the rules from what the transcript
// laid down, and checks the transcript's claim and running totals.
func (p *eaaiParser) settle(n int) error {
	h, g := p.h, p.g
	var before [2]int
	if len(g.Hands) > 1 {
		before = g.Hands[len(g.Hands)-2].Totals
	}
	if !h.Knocker.Valid() {
		h.Score, h.Winner = rules.DeadHand(), notation.NoSeat
	} else {
		h.Score = g.Rules.ScoreKnock(h.KnockerDeadwood.Value(), h.DefenderDeadwood.Value(), false, 1)
		switch h.Score.Winner {
		case rules.Knocker:
			h.Winner = h.Knocker
		case rules.Defender:
			h.Winner = h.Knocker.Other()
		}
		if h.Winner != p.claimWinner || h.Score.Points != p.claimPoints {
			return lineErr(h.ResultLine, "the rules give player %d %d points, not player %d %d", h.Winner, h.Score.Points, p.claimWinner, p.claimPoints)
		}
	}
	want := before
	if h.Winner.Valid() {
		want[h.Winner] += h.Score.Points
	}
	if want != h.Totals {
		return lineErr(n, "the running score should be %d to %d", want[0], want[1])
	}
	// Only the stock cards drawn are known; resolve fills the rest.
	h.Stock = h.Stock[:p.drew]
	p.h = nil
	return nil
}

// won ends the game and replays it.
func (p *eaaiParser) won(n int, seat notation.Seat) error {
	g := p.g
	g.FinalLine = n
	last := g.Hands[len(g.Hands)-1].Totals
	tally := rules.NewGame(g.Rules)
	tally.Score = last
	g.Final = tally.Final()
	if g.Final.Winner != seat {
		return lineErr(n, "the scores make player %d the winner", g.Final.Winner)
	}
	if err := gamelog.Check(g); err != nil {
		return err
	}
	p.games = append(p.games, g)
	p.g = nil
	return nil
}

func shorten(s string) string { return notation.Clip(s, 57) }
