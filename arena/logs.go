package arena

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// seatOf is the seat player k sat in, in game g.
func (g *Game) seatOf(k int) notation.Seat {
	if k == g.First {
		return 0
	}
	return 1
}

// Log returns the game as a ginadvisor log's game, numbered from 1: the
// players by their names in the match, both players' specs as given and
// their places in the field in its tags, in a tournament the pairing it
// belongs to (pairing), under a clock their time (time1,
// time2 and, with a game clock, timeleft1, timeleft2), and a forfeit with
// its reason, after the hands finished before it. Its text is what the
// log's reader reads back: a control character becomes "?".
func (g *Game) Log(specs [2]Spec, r rules.Rules) (*gamelog.Game, error) {
	tags := []gamelog.Tag{{Key: gamelog.TagSource, Value: matchSource}}
	for k, s := range specs {
		tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("player%d", k+1), Value: g.specTag(k, s)})
	}
	for k, s := range specs {
		tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("spec%d", k+1), Value: specText(s)})
	}
	for k, s := range specs {
		if s.Place > 0 {
			tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("place%d", k+1), Value: strconv.Itoa(s.Place)})
		}
	}
	if g.Pairing > 0 {
		tags = append(tags, gamelog.Tag{Key: "pairing", Value: strconv.Itoa(g.Pairing)})
	}
	if g.Clock != "" {
		tags = append(tags, gamelog.Tag{Key: tagClock, Value: g.Clock})
	}
	if v := handLimit(g.MaxHands); v != "" {
		tags = append(tags, gamelog.Tag{Key: tagMaxHands, Value: v})
	}
	tags = append(tags, g.Time.timeTags()...)
	if g.Deck != nil {
		tags = append(tags, gamelog.Tag{Key: TagDeal, Value: DeckText(g.Deck)})
	}
	var players [2]string
	for k := range 2 {
		players[g.seatOf(k)] = logText(specs[k].Name)
	}
	dealer := notation.Seat((g.Index / 2) % 2)
	var lg *gamelog.Game
	var err error
	if rec := g.Record; rec != nil {
		lg, err = gamelog.GameFromStates(g.Index+1, rec.Seed, rec.Rules, players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final, tags...)
	} else {
		lg = &gamelog.Game{Number: g.Index + 1, Seed: g.Seed, HasSeed: true, Rules: r, Players: players, FirstDealer: dealer, Tags: tags}
	}
	if err == nil {
		g.moveTimes(lg)
		g.moveInfos(lg)
	}
	if err != nil || g.Forfeit == nil {
		return lg, err
	}
	seat := g.seatOf(g.Forfeiter)
	lg.Forfeit = &gamelog.Forfeit{Seat: seat, Reason: logText(g.Forfeit.Reason.Error())}
	var totals [2]int
	if n := len(lg.Hands); n > 0 {
		totals = lg.Hands[n-1].Totals
	}
	lg.Final = rules.GameResult{Winner: seat.Other(), Totals: totals}
	return lg, nil
}

// moveTimes annotates each logged move with the time of the decision that
// made it, each seat's moves taken in order with its decisions, less its
// decisions to play on (no move in the log) and its showdowns. Where a
// move and a decision disagree, or a seat's decisions run out, the
// annotations stop.
func (g *Game) moveTimes(lg *gamelog.Game) {
	var queue [2][]decision
	for k := range 2 {
		for _, d := range g.decisions[k] {
			if d.move && d.kind != game.PlayOn {
				queue[g.seatOf(k)] = append(queue[g.seatOf(k)], d)
			}
		}
	}
	annotateMoves(lg, queue, false, func(d decision) game.MoveKind { return d.kind }, func(m *gamelog.Move, d decision) {
		m.Time, m.HasTime = d.used.Truncate(time.Microsecond), true
	})
}

// moveInfos annotates each logged move of an engine with its last info
// line before the move (--log-info), as moveTimes does its time; a seat
// with no info left (a built-in player's) is passed over.
func (g *Game) moveInfos(lg *gamelog.Game) {
	var queue [2][]moveInfo
	for k := range 2 {
		for _, d := range g.infos[k] {
			if d.kind != game.PlayOn {
				queue[g.seatOf(k)] = append(queue[g.seatOf(k)], d)
			}
		}
	}
	annotateMoves(lg, queue, true, func(d moveInfo) game.MoveKind { return d.kind }, func(m *gamelog.Move, d moveInfo) {
		m.Info = d.text
	})
}

// annotateMoves walks the log's moves in order and gives each the next of
// its seat's queued annotations, by set. A knock and a gin count as the
// same move. It stops where a move and its annotation disagree, and where
// a seat's queue runs out, unless passOver says to pass over that seat's
// moves instead.
func annotateMoves[T any](lg *gamelog.Game, queue [2][]T, passOver bool, kind func(T) game.MoveKind, set func(*gamelog.Move, T)) {
	knock := func(k game.MoveKind) bool { return k == game.Knock || k == game.Gin }
	for h := range lg.Hands {
		for i := range lg.Hands[h].Moves {
			m := &lg.Hands[h].Moves[i]
			q := queue[m.Seat]
			if len(q) == 0 && passOver {
				continue
			}
			if len(q) == 0 || kind(q[0]) != m.Kind && !(knock(kind(q[0])) && knock(m.Kind)) {
				return
			}
			set(m, q[0])
			queue[m.Seat] = q[1:]
		}
	}
}

// specTag is how a log's tag names player k: its spec, for an engine its
// command, the name it gave in its handshake and its options.
func (g *Game) specTag(k int, s Spec) string {
	v := commandText(s)
	if s.Builtin == "" {
		if g.Engines[k] != "" {
			v += " (id name " + g.Engines[k] + ")"
		}
		for _, key := range slices.Sorted(maps.Keys(s.Options)) {
			v += " " + key + "=" + s.Options[key]
		}
	}
	return logText(v)
}

// specText is how a log's spec tags name a player: its spec as given
// ("conf:FILE:NAME" included), so that variants of one engine, which
// share a command, stay apart.
func specText(s Spec) string {
	if s.Given == "" {
		return commandText(s)
	}
	return logText(s.Given)
}

// commandText names a player by what it runs: a built-in player's spec,
// or "engine:COMMAND", as logs before the spec as given named it.
func commandText(s Spec) string {
	if s.Builtin != "" {
		return logText(s.Builtin)
	}
	return logText("engine:" + s.Command)
}

// logText is text as a log may hold it: each control character, which
// the log's reader refuses in a name or tag, becomes "?", as do bytes
// that are not UTF-8.
func logText(s string) string { return printable(s) }

// LogWriter is where a match's games are logged.
type LogWriter interface {
	Write(*gamelog.Game) error
}

// WriteGame writes a counted game to a log, a forfeit too, with its
// reason, so that the log alone gives the match's result.
func WriteGame(lw LogWriter, g *Game, specs [2]Spec, r rules.Rules) error {
	if g.Cancelled || (g.Forfeit != nil && g.Forfeiter < 0) {
		return nil
	}
	lg, err := g.Log(specs, r)
	if err == nil {
		err = lw.Write(lg)
	}
	return err
}

// Resumed is what Resume found in a match's log.
type Resumed struct {
	// Games are the log's games, which the match does not play again.
	Games []*gamelog.Game
	// Whole is the length of the log's whole games, after which the
	// match adds its own. Cut says a game cut short followed them (the
	// run was killed while writing it), at line CutLine: it is cut off,
	// and played again.
	Whole   int64
	Cut     bool
	CutLine int
	// Current says the log is in the format version this package's
	// gamelog writes, so that games may be added to it as it is.
	Current bool
}

// ReadWholeLog reads the whole games of a log at path; a game cut short
// at the end of a regular file is left out, and said in the Resumed. A
// missing file is no games. What is not a regular file (a pipe, a FIFO,
// a device) is read once, as a stream, by the log's bounded reader, so
// that a device that never ends is refused at its first line.
func ReadWholeLog(path string) (Resumed, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Resumed{Current: true}, nil
	} else if err != nil {
		return Resumed{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Resumed{}, err
	}
	var r Resumed
	var in io.Reader = f
	if info.Mode().IsRegular() {
		whole, err := gamelog.WrittenGames(f)
		if err == nil {
			_, err = f.Seek(0, io.SeekStart)
		}
		if err != nil {
			return Resumed{}, err
		}
		in = io.LimitReader(f, whole.Bytes)
		r = Resumed{Whole: whole.Bytes, Cut: whole.Cut, CutLine: whole.Line}
	}
	br := bufio.NewReader(in)
	// The same test of text as log check's, so that a device of zeros
	// is refused at once rather than read for ever as one long line.
	if head, _ := br.Peek(512); lines.Binary(head) {
		return Resumed{}, errors.New("binary data, not a game log")
	}
	lr := gamelog.NewReader(br, path)
	for {
		lg, err := lr.Next()
		if err == io.EOF {
			r.Current = lr.Version() == gamelog.Version
			return r, nil
		}
		if err != nil {
			return Resumed{}, err
		}
		r.Games = append(r.Games, lg)
	}
}

// Resume reads the log of an earlier run of the same match, written by
// --log, and sets o.Done to its games, so that Play plays only the rest.
// Each game must be one this match would play: the same players and rules,
// and the deal its number and the seed give. A game cut short at the end
// of the log is left out.
func Resume(path string, o *Options) (Resumed, error) {
	if path == "" {
		return Resumed{}, errors.New("give the match's log with --log")
	}
	r, err := ReadWholeLog(path)
	if err != nil {
		return r, err
	}
	return r, o.resumeGames(path, r.Games)
}

// resumeGames sets o.Done to the games of this match among lgs, and
// refuses any other.
func (o *Options) resumeGames(path string, lgs []*gamelog.Game) error {
	o.Done = map[int]*Game{}
	for _, lg := range lgs {
		g, err := resumedGame(path, lg, o)
		if err != nil {
			return err
		}
		o.Done[g.Index] = g
	}
	return nil
}

// resumedGame checks that a game of the log is one of the match's, and
// returns it as played.
func resumedGame(path string, lg *gamelog.Game, o *Options) (*Game, error) {
	i := lg.Number - 1
	if i < 0 || i >= o.Games || o.Done[i] != nil || !o.Shard.Has(i/2) {
		return nil, fmt.Errorf("%s: game %d is not a game of this match (or of this shard), or comes twice", path, lg.Number)
	}
	if !lg.HasSeed || lg.Seed != o.dealSeed(i/2) || !rules.SameGame(lg.Rules, o.Rules) {
		return nil, fmt.Errorf("%s: game %d was dealt under another seed or other rules", path, lg.Number)
	}
	if !playedBy(lg, o.Players) {
		return nil, fmt.Errorf("%s: game %d was played by %q and %q, not %q and %q", path, lg.Number,
			tagValue(lg, "player1"), tagValue(lg, "player2"), specText(o.Players[0]), specText(o.Players[1]))
	}
	if err := sameSetup(lg, o); err != nil {
		return nil, fmt.Errorf("%s: game %d %w", path, lg.Number, err)
	}
	return gameFromLog(lg), nil
}

// matchSource is the source tag of the games a match or a tournament
// logs.
const matchSource = "ginadvisor match"

// The tags of a game's setup beyond its deal, rules and players.
const (
	tagClock    = "clock"
	tagMaxHands = "maxhands"
)

// sameSetup says why a logged game was not played under o's time control
// and --max-hands, or nil when it was. A game with no clock tag but its
// players' times was logged before the tag was, under a clock unknown:
// it is taken as played under o's, as it was before.
func sameSetup(lg *gamelog.Game, o *Options) error {
	hands := handLimit(o.MaxHands)
	if got := tagValue(lg, tagMaxHands); got != hands {
		return fmt.Errorf("was played with --max-hands %s, not %s", orNone(got), orNone(hands))
	}
	got, want := tagValue(lg, tagClock), o.Time.String()
	if got == "" && want != "" && timeFromLog(lg) != nil {
		return nil
	}
	if got != want {
		return fmt.Errorf("was played under the clock %q, not %q", orNone(got), orNone(want))
	}
	return nil
}

// handLimit is --max-hands as the maxhands tag gives it: "" for none,
// which is 0 and also 1,000, the limit a game has without one.
func handLimit(n int) string {
	if n <= 0 || n >= 1000 {
		return ""
	}
	return strconv.Itoa(n)
}

// orNone is s, or "none" for the empty setting.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// gameFromLog is a logged game as the match counts it: its winner, its
// forfeit, its hands and points, and its time when logged, by player.
func gameFromLog(lg *gamelog.Game) *Game {
	i := lg.Number - 1
	g := &Game{Index: i, First: i % 2, Winner: -1, Forfeiter: -1, Resumed: true, Seed: lg.Seed, Time: timeFromLog(lg)}
	if n, err := strconv.Atoi(tagValue(lg, "pairing")); err == nil && n > 0 {
		g.Pairing = n
	}
	player := func(seat notation.Seat) int {
		if seat == 0 {
			return g.First
		}
		return 1 - g.First
	}
	if w := lg.Final.Winner; w.Valid() {
		g.Winner = player(w)
	}
	if f := lg.Forfeit; f != nil {
		g.Forfeiter = player(f.Seat)
		g.Forfeit = &Forfeit{Engine: lg.Players[f.Seat], Reason: errors.New(f.Reason)}
	}
	for _, h := range lg.Hands {
		g.resumedHands++
		if h.Winner.Valid() {
			g.resumedPoints[player(h.Winner)] += h.Score.Points
		}
	}
	return g
}

// playedBy says a logged game is one of the players': its spec tags are
// theirs exactly (or, in a log older than the spec as given, their
// commands), its place tags, when there, their places, and, in a log
// older than the spec tags, its player tags begin with their commands.
func playedBy(lg *gamelog.Game, specs [2]Spec) bool {
	for k, s := range specs {
		if v := tagValue(lg, fmt.Sprintf("spec%d", k+1)); v != "" {
			if v != specText(s) && v != commandText(s) {
				return false
			}
		} else if !strings.HasPrefix(tagValue(lg, fmt.Sprintf("player%d", k+1)), commandText(s)) {
			return false
		}
		if v := tagValue(lg, fmt.Sprintf("place%d", k+1)); v != "" && s.Place > 0 && v != strconv.Itoa(s.Place) {
			return false
		}
	}
	return true
}

func tagValue(lg *gamelog.Game, key string) string {
	for _, t := range lg.Tags {
		if t.Key == key {
			return t.Value
		}
	}
	return ""
}

// Bounds on a deals file: its size, its lines and its seeds (a match
// plays at most 1,000,000 games, 500,000 pairs of deals).
const (
	maxDealsFile = 256 << 20
	maxDealsLine = 4 << 10
	maxDeals     = 500_000
)

// TagDeal is the tag of a game played on an explicit deal: its line in
// the deals file, the first hand's deck top first.
const TagDeal = "deal"

// Deal is a pair's deal: a seed, or an explicit deck of the first hand
// with the seed, derived from it, that shuffles the hands after it.
type Deal struct {
	Seed uint64
	// Deck, when set, is the first hand's deck, top first, as game.Deal
	// deals it: the cards 1 to 20 go one at a time to the two seats, the
	// dealer's opponent first; card 21 is the upcard; the rest, the
	// stock, top first.
	Deck *[notation.NumCards]notation.Card
}

// DeckText is the deck as a deals file's line: its card codes, top
// first, separated by spaces.
func DeckText(d *[notation.NumCards]notation.Card) string {
	var b strings.Builder
	for i, c := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseDeal reads a deals file's line: a seed, or 52 distinct card codes,
// the first hand's deck top first. An explicit deal's seed, for the hands
// after the first, is the 64-bit FNV-1a hash of DeckText of the deck.
func ParseDeal(line string) (Deal, error) {
	if s, err := strconv.ParseUint(line, 10, 64); err == nil {
		return Deal{Seed: s}, nil
	}
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return Deal{}, fmt.Errorf("%q is not a deal's seed, nor %d cards", notation.Clip(line, 40), notation.NumCards)
	}
	if len(fields) != notation.NumCards {
		return Deal{}, fmt.Errorf("a deal of %d cards, not %d", len(fields), notation.NumCards)
	}
	var deck [notation.NumCards]notation.Card
	var seen notation.CardSet
	for i, f := range fields {
		c, err := notation.ParseCard(f)
		if err != nil {
			return Deal{}, fmt.Errorf("card %d: %q is not a card", i+1, notation.Clip(f, 10))
		}
		if seen.Has(c) {
			return Deal{}, fmt.Errorf("card %d: %s is dealt twice", i+1, c)
		}
		seen = seen.With(c)
		deck[i] = c
	}
	h := fnv.New64a()
	h.Write([]byte(DeckText(&deck)))
	return Deal{Seed: h.Sum64(), Deck: &deck}, nil
}

// ReadDeals reads fixed deals: a file of deals, one a line (blank lines
// and "#" comments skipped, a byte order mark ignored), each a seed, as
// --save-deals writes it, or an explicit deal (see ParseDeal), or a
// ginadvisor log, whose games' deals are taken pair by pair (games 1, 3,
// 5, …): their seeds, or their explicit deals (tag deal). What it reads is
// bounded: a file past 256 MiB, a line past 4 KiB, or more than 500,000
// deals is refused, naming the file and the line.
func ReadDeals(path string) ([]Deal, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(io.LimitReader(f, maxDealsFile+1), 64<<10)
	head, _ := br.Peek(len("\uFEFF") + len("ginadvisor-log "))
	if bytes.HasPrefix(head, []byte("\uFEFF")) {
		_, _ = br.Discard(len("\uFEFF"))
		head = head[len("\uFEFF"):]
	}
	if bytes.HasPrefix(head, []byte("ginadvisor-log ")) {
		data, err := io.ReadAll(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(data) > maxDealsFile {
			return nil, fmt.Errorf("%s: more than %d MiB: too long for deals", path, maxDealsFile>>20)
		}
		games, err := gamelog.ReadLog(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		deals := map[int]Deal{}
		for _, g := range games {
			if !g.HasSeed || g.Number%2 != 1 {
				continue
			}
			d := Deal{Seed: g.Seed}
			for _, t := range g.Tags {
				if t.Key != TagDeal {
					continue
				}
				if d, err = ParseDeal(t.Value); err != nil || d.Deck == nil {
					return nil, fmt.Errorf("%s: game %d: tag deal: %v", path, g.Number, err)
				}
			}
			deals[(g.Number-1)/2] = d
		}
		var out []Deal
		for k := 0; ; k++ {
			d, ok := deals[k]
			if !ok {
				break
			}
			out = append(out, d)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: no game 1 with its seed", path)
		}
		return out, nil
	}
	if head, _ := br.Peek(512); lines.Binary(head) {
		return nil, fmt.Errorf("%s:1: %w, not deals (a seed or 52 cards a line, or a ginadvisor log)", path, lines.ErrBinary)
	} else if f, err := importer.Detect(head); err == nil && f != importer.Ginadvisor {
		return nil, fmt.Errorf("%s: an %s, not deals (a seed or 52 cards a line, or a ginadvisor log): convert it with ginadvisor convert and give the log", path, formatName(f))
	}
	var out []Deal
	total := 0
	for n := 1; ; n++ {
		raw, err := readBoundedLine(br, maxDealsLine)
		if lines.BinaryLine([]byte(raw)) {
			return nil, fmt.Errorf("%s:%d: %w, not deals", path, n, lines.ErrBinary)
		}
		if errors.Is(err, errLineTooLong) {
			return nil, fmt.Errorf("%s:%d: a line longer than %d bytes is no deal", path, n, maxDealsLine)
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if total += len(raw) + 1; total > maxDealsFile {
			return nil, fmt.Errorf("%s:%d: more than %d MiB: too long for deals", path, n, maxDealsFile>>20)
		}
		line, _, _ := strings.Cut(raw, "#")
		if line = strings.TrimSpace(line); line != "" {
			d, perr := ParseDeal(line)
			if perr != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, perr)
			}
			if len(out) == maxDeals {
				return nil, fmt.Errorf("%s:%d: more than %d deals", path, n, maxDeals)
			}
			out = append(out, d)
		}
		if err == io.EOF {
			break
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no deals", path)
	}
	return out, nil
}

// formatName names a record's format for people.
func formatName(f importer.Format) string {
	if f == importer.EAAI {
		return "EAAI transcript"
	}
	return "OpenSpiel history"
}

// errLineTooLong means a line passed its bound.
var errLineTooLong = errors.New("line too long")

// readBoundedLine reads a line without its end, at most max bytes of it;
// a longer line is errLineTooLong. At the end of the input it returns
// the last line with io.EOF.
func readBoundedLine(br *bufio.Reader, max int) (string, error) {
	var b []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			return string(b), err
		}
		if len(b)+len(chunk) > max {
			return "", errLineTooLong
		}
		b = append(b, chunk...)
		if !isPrefix {
			return string(b), nil
		}
	}
}

// WriteDeals writes the seeds of the match's pairs of deals, one a line,
// for --deals.
func WriteDeals(w io.Writer, o *Options) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# ginadvisor deals: one seed (or explicit deal) a pair of mirrored games, in order\n")
	for k := 0; k < o.Games/2; k++ {
		if d := o.deal(k); d.Deck != nil {
			fmt.Fprintln(bw, DeckText(d.Deck))
		} else {
			fmt.Fprintln(bw, d.Seed)
		}
	}
	return bw.Flush()
}

// ReadEngines reads a configuration file naming engines, as cutechess's
// engines.json does: a JSON array of objects with "name", "command" and
// "options" (setoption names and values, strings).
func ReadEngines(path string) ([]Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var raw []struct {
		Name    string            `json:"name"`
		Command string            `json:"command"`
		Options map[string]string `json:"options"`
	}
	d := json.NewDecoder(io.LimitReader(f, 1<<20))
	d.DisallowUnknownFields()
	if err := d.Decode(&raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []Spec
	for i, r := range raw {
		if r.Name == "" || r.Command == "" {
			return nil, fmt.Errorf("%s: engine %d needs a name and a command", path, i+1)
		}
		if _, err := SplitCommand(r.Command); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, r.Name, err)
		}
		for k, v := range r.Options {
			if strings.ContainsAny(k+v, " \n\r") && k != "" {
				return nil, fmt.Errorf("%s: %s: option %q: no spaces or line breaks", path, r.Name, notation.Clip(k, 40))
			}
		}
		out = append(out, Spec{Name: r.Name, Command: r.Command, Options: r.Options, Named: true})
	}
	return out, nil
}

// printable keeps a name's control characters, which could drive a
// terminal, out of text for people: each becomes "?".
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
}
