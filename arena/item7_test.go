package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestTournamentLogsPairing: each game of a tournament's log carries a
// pairing tag, the number of its pairing in the order played, which
// Pairings reads back; a log older than the tag (the tag stripped) gives
// the same standings, its pairings unnumbered.
func TestTournamentLogsPairing(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	specs := placed(specsOf(t, "simple", "heuristic", "cautious"))
	lw := &memLog{}
	o := TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 2, Seed: 3}}
	o.OnGame = func(_, _ int, players [2]Spec, g *Game) error { return WriteGame(lw, g, players, eaai) }
	s, err := Tournament(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"1": "1 2", "2": "1 3", "3": "2 3"}
	for _, lg := range lw.games {
		n := tagValue(lg, "pairing")
		if want[n] == "" || want[n] != tagValue(lg, "place1")+" "+tagValue(lg, "place2") {
			t.Errorf("game %d: pairing %q, places %s %s", lg.Number, n, tagValue(lg, "place1"), tagValue(lg, "place2"))
		}
	}
	p, err := Pairings(lw.games)
	if err != nil || len(p) != 3 {
		t.Fatalf("%d pairings, %v", len(p), err)
	}
	for k, pr := range p {
		if pr.Number != k+1 {
			t.Errorf("pairing %d read back as %d", k+1, pr.Number)
		}
	}
	var old []*gamelog.Game
	for _, lg := range lw.games {
		c := *lg
		c.Tags = slices.DeleteFunc(slices.Clone(lg.Tags), func(tg gamelog.Tag) bool { return tg.Key == "pairing" })
		old = append(old, &c)
	}
	po, err := Pairings(old)
	if err != nil || len(po) != 3 || po[0].Number != 0 {
		t.Fatalf("an older log: %d pairings, %v", len(po), err)
	}
	if got := StandingsFromLog(po, nil); !reflect.DeepEqual(got, s) {
		t.Errorf("an older log's standings %+v\nprinted %+v", got, s)
	}
}

// TestInlineEngineOptions: "engine:CMD option.NAME=VALUE …", as cutechess
// takes options, cuts the settings off the command and sends each with
// setoption after the handshake, as a configuration file's options go;
// the log's player tag names them.
func TestInlineEngineOptions(t *testing.T) {
	s, err := ParseSpec(`engine:./bot --level 3 option.samples=64  option.style=a=b`)
	if err != nil || s.Command != "./bot --level 3" || s.Name != "bot" ||
		!reflect.DeepEqual(s.Options, map[string]string{"samples": "64", "style": "a=b"}) {
		t.Fatalf("%+v %v", s, err)
	}
	if s, err := ParseSpec(`engine:"./my bot option.x=1"`); err != nil || s.Command != `"./my bot option.x=1"` || s.Options != nil {
		t.Errorf("a quoted word is the command's: %+v %v", s, err)
	}
	for _, bad := range []string{"engine:option.samples=8", "engine:./bot option.=1", "engine:./bot option.samples", "engine:./bot option.a=1 option.a=2"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// The match is clockInfoMatches' first.
	m := clockInfoMatches()[0]
	if m.err != nil {
		t.Fatal(m.err)
	}
	ex := m.exchange
	if i, j := strings.Index(ex, "< ginrummyok"), strings.Index(ex, "> setoption name samples value 8\n"); i < 0 || j < i {
		t.Errorf("samples not set after the handshake:\n%s", ex)
	}
	if strings.Contains(ex, "nosuch") {
		t.Errorf("an undeclared option was sent:\n%s", ex)
	}
	if tag := tagValue(m.games[0], "player1"); !strings.Contains(tag, " samples=8") || strings.Contains(tag, "option.") {
		t.Errorf("player1 tag %q", tag)
	}
}

// TestDealsInferGames: --deals without --games plays each deal once, a
// pair of games each; more games than the deals give is refused, unless
// --deals-repeat plays the deals again, in order.
func TestDealsInferGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deals.txt")
	if err := os.WriteFile(path, []byte("11\n22\n33\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := Config{P1: "simple", P2: "simple", Rules: "eaai", Concurrency: 1, Deals: path}
	o, err := c.Options()
	if err != nil || o.Games != 6 {
		t.Fatalf("games %d, %v: want twice the 3 deals", o.Games, err)
	}
	c.Games = 10
	if _, err := c.Options(); err == nil || !strings.Contains(err.Error(), "--deals-repeat") {
		t.Errorf("10 games of 3 deals: %v", err)
	}
	c.DealsRepeat = true
	if o, err = c.Options(); err != nil || o.Games != 10 {
		t.Fatalf("games %d, %v", o.Games, err)
	}
	var got []uint64
	for k := range 5 {
		got = append(got, o.dealSeed(k))
	}
	if !reflect.DeepEqual(got, []uint64{11, 22, 33, 11, 22}) {
		t.Errorf("repeated deals %v", got)
	}
	c.Deals = ""
	if _, err := c.Options(); err == nil {
		t.Error("--deals-repeat without --deals accepted")
	}
}

// loggedMatch is one match of the info helper against simple, a hand a
// game, logged through the log's text, with player 1's exchange in the
// first game.
type loggedMatch struct {
	players  [2]Spec
	games    []*gamelog.Game
	exchange string
	err      error
}

// clockInfoMatches are two such matches, shared by TestMoveTimesLogged
// and TestInfoLogged: the first under a move bound of 30 s (a clock) with
// LogInfo, the second with neither. The first is TestInlineEngineOptions'
// and TestAgreeingRulesOptionSentOnce's too: the helper is given, inline,
// the match's own rules, samples and an option it does not declare (the
// options are sent at a game's start).
var clockInfoMatches = sync.OnceValue(func() (m [2]loggedMatch) {
	p, err := rules.Preset("eaai")
	inline, err1 := ParseSpec(helper("info") + " option.rules=eaai option.samples=8 option.nosuch=1")
	a, err2 := ParseSpec(helper("info"))
	simple, err3 := ParseSpec("simple")
	dir, err4 := os.MkdirTemp("", "arena-info-")
	if err = errors.Join(err, err1, err2, err3, err4); err != nil {
		m[0].err, m[1].err = err, err
		return m
	}
	defer os.RemoveAll(dir)
	a.Options = map[string]string{"samples": "8"}
	for k := range m {
		lw := &memLog{}
		o := Options{Rules: p, Games: 2, Seed: 9, MaxHands: 1, Players: [2]Spec{a, simple}, LogInfo: k == 0}
		if k == 0 {
			o.Time.Move = 30 * time.Second
			o.Players[0], o.StderrDir = inline, dir
		}
		o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, p) }
		r, err := Play(context.Background(), o)
		if err == nil && r.Forfeits != [2]int{} {
			err = fmt.Errorf("forfeits: %+v", r)
		}
		m[k] = loggedMatch{players: o.Players, games: lw.games, err: err}
		if err == nil && k == 0 {
			b, err := os.ReadFile(filepath.Join(dir, "game000001-player1.exchange"))
			m[k].exchange, m[k].err = string(b), err
		}
	}
	return m
})

// TestMoveTimesLogged: under a clock every move of the log carries its
// decision's time (ms=), an engine's and a built-in player's, read back
// by the log's reader; without a clock none does.
func TestMoveTimesLogged(t *testing.T) {
	for k, m := range clockInfoMatches() {
		clocked := k == 0
		if m.err != nil {
			t.Fatal(m.err)
		}
		timed, moves := 0, 0
		for _, lg := range m.games {
			for _, h := range lg.Hands {
				for _, m := range h.Moves {
					moves++
					if m.HasTime {
						timed++
					}
				}
			}
		}
		if clocked && (moves == 0 || timed != moves) || !clocked && timed != 0 {
			t.Errorf("clocked %v: %d of %d moves timed", clocked, timed, moves)
		}
	}
}

// TestExplicitDeal: a deals file's line of 52 cards deals exactly those
// cards, top first, in the first hand of both games of the pair (the
// dealer's opponent dealt first, then the upcard, then the stock); its
// log carries the deal (tag deal) and reads back as the same deals. A
// line with a card twice, or short of cards, is refused with its file
// and line.
func TestExplicitDeal(t *testing.T) {
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.CardAt((i*7 + 3) % notation.NumCards)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "deals.txt")
	if err := os.WriteFile(path, []byte("# a hand-made deal\n"+DeckText(&deck)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eaai, _ := rules.Preset("eaai")
	c := Config{P1: "simple", P2: "simple", Rules: "eaai", Concurrency: 1, Deals: path}
	o, err := c.Options()
	if err != nil || o.Games != 2 || o.Deals[0].Deck == nil || *o.Deals[0].Deck != deck {
		t.Fatalf("games %d, %v", o.Games, err)
	}
	lw := &memLog{}
	o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, eaai) }
	if _, err := Play(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if len(lw.games) != 2 {
		t.Fatalf("%d games logged", len(lw.games))
	}
	for _, lg := range lw.games {
		h := lg.Hands[0]
		other := h.Dealer.Other()
		var want [2]notation.CardSet
		for i := range 20 {
			seat := other
			if i%2 == 1 {
				seat = h.Dealer
			}
			want[seat] = want[seat].With(deck[i])
		}
		for seat := range 2 {
			if got := notation.SetOf(h.Deal[seat]...); got != want[seat] {
				t.Errorf("game %d: seat %d dealt %v, want %v", lg.Number, seat+1, got, want[seat])
			}
		}
		if h.Upcard != deck[20] || !reflect.DeepEqual(h.Stock, deck[21:]) {
			t.Errorf("game %d: upcard %v, stock %v", lg.Number, h.Upcard, h.Stock)
		}
		tag := ""
		for _, t := range lg.Tags {
			if t.Key == TagDeal {
				tag = t.Value
			}
		}
		if tag != DeckText(&deck) {
			t.Errorf("game %d: tag deal %q", lg.Number, tag)
		}
	}
	logPath := filepath.Join(dir, "log")
	if err := os.WriteFile(logPath, []byte(gamelog.Header()+"\n"+string(gamelog.GameText(lw.games[0]))), 0o644); err != nil {
		t.Fatal(err)
	}
	if back, err := ReadDeals(logPath); err != nil || len(back) != 1 || back[0].Deck == nil || *back[0].Deck != deck || back[0].Seed != o.Deals[0].Seed {
		t.Errorf("the log's deals: %v, %v", back, err)
	}

	dup := deck
	dup[51] = dup[0]
	short := DeckText(&deck)[:3*51-1]
	for name, line := range map[string]string{"twice": DeckText(&dup), "short": short} {
		bad := filepath.Join(dir, name)
		if err := os.WriteFile(bad, []byte("7\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadDeals(bad)
		if err == nil || !strings.Contains(err.Error(), bad+":2:") {
			t.Errorf("%s: %v", name, err)
		}
		if name == "twice" && err != nil && !strings.Contains(err.Error(), deck[0].String()+" is dealt twice") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestInfoLogged: with LogInfo (--log-info) each move of an engine's in
// the log carries the engine's last info line before its bestmove (the
// helper sends two, so never its first), read
// back by the log's reader, and a built-in player's none; without it no
// move does. (The match with LogInfo is clockInfoMatches' clocked one.)
func TestInfoLogged(t *testing.T) {
	for k, m := range clockInfoMatches() {
		keep := k == 0
		if m.err != nil {
			t.Fatal(m.err)
		}
		players, lw := m.players, m
		engineMoves, withInfo, other := 0, 0, 0
		for _, lg := range lw.games {
			engineSeat := notation.Seat(0)
			if lg.Players[1] == players[0].Name {
				engineSeat = 1
			}
			for _, h := range lg.Hands {
				for _, m := range h.Moves {
					switch {
					case m.Seat != engineSeat:
						if m.Info != "" {
							other++
						}
					default:
						engineMoves++
						if strings.HasPrefix(m.Info, "depth 1 ") {
							t.Errorf("info %q: not the last line", m.Info)
						}
						if m.Info != "" {
							withInfo++
						}
					}
				}
			}
		}
		if engineMoves == 0 || keep && withInfo != engineMoves || !keep && withInfo != 0 || other != 0 {
			t.Errorf("log info %v: %d of the engine's %d moves with info, %d of the other's", keep, withInfo, engineMoves, other)
		}
	}
}
