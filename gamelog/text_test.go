package gamelog_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// short is a log of two one-hand games, to edit.
func short(t *testing.T) string {
	r := rules.Presets()["modern"]
	r.Target = 25
	return write(t, simulate(t, r, 2, 57))
}

// TestUnsupportedVersionEndsTheLog reads a log whose header names a later
// version: the header is refused, with its line, and no game after it is
// read, since that version may mean anything by its lines.
func TestUnsupportedVersionEndsTheLog(t *testing.T) {
	for _, header := range []string{"ginadvisor-log 99", "ginadvisor-log 0", "ginadvisor-log two"} {
		text := strings.Replace(short(t), gamelog.Header(), header, 1)
		games, errs := readAll(text)
		var le *gamelog.Error
		if len(games) != 0 || len(errs) != 1 || !errors.Is(errs[0], gamelog.ErrVersion) || !errors.As(errs[0], &le) || le.Line != 1 {
			t.Errorf("%s: %d games, errors %v; want no game and the header refused", header, len(games), errs)
		}
		rep, err := gamelog.CheckAll(context.Background(), []gamelog.Source{{Name: "v.log", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(text)), nil
		}}})
		if err != nil || !rep.Failed || rep.GamesRead != 0 || rep.GamesSkipped != 0 || len(rep.Errors) != 1 || rep.Errors[0].Line != 1 {
			t.Errorf("%s: log check %+v, %v; want the file failed on line 1, no game counted", header, rep, err)
		}
	}
}

// TestControlCharactersRefused puts a control character, or bytes that
// are not UTF-8, in each text field of a log, bare or spelt by the quotes:
// the game is refused with the line, the error wraps ErrText and holds no
// control character itself, and the other game is read.
func TestControlCharactersRefused(t *testing.T) {
	tests := []struct {
		name, prefix, line string
	}{
		{"a tag's key", "", "tag \x1b]0;PWNED\x07 \"v\""},
		{"a tag's value, quoted", "", `tag source "\x1b[2J"`},
		{"a tag's value, bare", "", "tag source a\x1bb"},
		{"a player's name, quoted", "player p1", `player p1 "Ann\u0085"`},
		{"a player's name, DEL", "player p1", "player p1 \"A\x7f\""},
		{"a player's name, a newline", "player p2", `player p2 "a\nb"`},
		{"a player's name, not UTF-8", "player p2", `player p2 "\xff"`},
		{"a player's name, bare bytes", "player p2", "player p2 \"\xc3\""},
		{"an unknown rule's key", "rules ", "rules modern knock_limit=10 \x1bkey=1"},
		{"a vertical tab inside a line", "upcard", ""},
	}
	for _, tt := range tests {
		lines := strings.Split(short(t), "\n")
		at := -1
		for i, l := range lines {
			want := tt.prefix
			if want == "" {
				want = "player p2"
			}
			if strings.HasPrefix(l, want) {
				at = i
				break
			}
		}
		if at < 0 {
			t.Fatalf("%s: no line %q", tt.name, tt.prefix)
		}
		if tt.prefix == "" {
			// A tag line of its own, after the players.
			at++
			lines = append(lines[:at], append([]string{""}, lines[at:]...)...)
		}
		if tt.prefix == "rules " {
			tt.line = lines[at] + " \x1bkey=1"
		} else if tt.prefix == "upcard" {
			tt.line = strings.Replace(lines[at], " ", " \x0b", 1)
		}
		lines[at] = tt.line
		games, errs := readAll(strings.Join(lines, "\n"))
		var le *gamelog.Error
		if len(games) != 1 || len(errs) != 1 || !errors.Is(errs[0], gamelog.ErrText) || !errors.As(errs[0], &le) || le.Line != at+1 {
			t.Errorf("%s: %d games, errors %v; want line %d refused", tt.name, len(games), errs, at+1)
			continue
		}
		if msg := errs[0].Error(); strings.ContainsFunc(msg, unicode.IsControl) || !strings.HasPrefix(msg, "test.log:") {
			t.Errorf("%s: the error %q is not one printable line naming the file", tt.name, msg)
		}
	}
}

// TestPrintableTextKept reads what is text: a tab, a control character in
// a comment, and non-ASCII letters.
func TestPrintableTextKept(t *testing.T) {
	text := strings.Replace(short(t), "player p2", "# a comment \x1b may say anything\ntag café\t\"été\tà\"\nplayer p2", 1)
	games, errs := readAll(text)
	if len(games) != 2 || len(errs) != 0 {
		t.Fatalf("%d games, %v", len(games), errs)
	}
}

// TestCheckRefusesUnprintableFields checks a game made by an importer, not
// read from a log: a text field that no log may hold fails Check.
func TestCheckRefusesUnprintableFields(t *testing.T) {
	r := rules.Presets()["modern"]
	r.Target = 25
	tests := []struct {
		name string
		edit func(g *gamelog.Game)
	}{
		{"a name", func(g *gamelog.Game) { g.Players[1] = "bot\x1b[31m" }},
		{"a tag's value", func(g *gamelog.Game) { g.Tags = append(g.Tags, gamelog.Tag{Key: "k", Value: "\u009b"}) }},
		{"a tag's key of two words", func(g *gamelog.Game) { g.Tags = append(g.Tags, gamelog.Tag{Key: "a b", Value: "v"}) }},
		{"an unknown rule", func(g *gamelog.Game) { g.UnknownRules = append(g.UnknownRules, "x=\x07") }},
	}
	for _, tt := range tests {
		g := simulate(t, r, 1, 57)[0]
		if err := gamelog.Check(g); err != nil {
			t.Fatal(err)
		}
		tt.edit(g)
		if err := gamelog.Check(g); !errors.Is(err, gamelog.ErrText) {
			t.Errorf("%s: %v, want ErrText", tt.name, err)
		}
	}
}
