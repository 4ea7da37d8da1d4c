package gamelog

import (
	"io"
	"strings"
	"testing"
)

// TestWholeGames: the whole part of a log ends after its last end line
// when a game cut short follows; otherwise it is the whole log.
func TestWholeGames(t *testing.T) {
	head := Header() + "\n"
	game := "game 1 seed 1 first-dealer p1\nrules eaai\nend\n"
	tests := []wholeCase{
		{"empty", "", 0, false, 0},
		{"header only", head, len(head), false, 0},
		{"whole", head + game, len(head + game), false, 0},
		{"no final line break", head + strings.TrimSuffix(game, "\n"), len(head+game) - 1, false, 0},
		{"cut mid-line", head + game + "game 2 seed 1 first-dealer p1\nrules ea", len(head + game), true, 5},
		{"cut after a line", head + "game 1 seed 1\n", len(head), true, 2},
		{"cut after blank lines", head + game + "\n\ngame 2 seed", len(head + game), true, 7},
		{"trailing blank lines", head + game + "\n\n", len(head + game + "\n\n"), false, 0},
		{"not a game after", head + game + "rules eaai\n", len(head + game + "rules eaai\n"), false, 0},
		{"torn game line", head + game + "gam", len(head + game), true, 5},
		{"long line cut", head + "game 1 " + strings.Repeat("x", 70000), len(head), true, 2},
	}
	checkWhole(t, WholeGames, tests)
}

// TestWrittenGamesTornTail: in a log that a program grows, a last line
// without its line break was cut by the write, an end line or the header
// too, and so was a last line that is the first bytes of a game line;
// the game it belongs to is cut, to be played again (issue 47).
func TestWrittenGamesTornTail(t *testing.T) {
	head := Header() + "\n"
	game := "game 1 seed 1 first-dealer p1\nrules eaai\nend\n"
	game2 := "game 2 seed 1 first-dealer p1\nrules eaai\nend\n"
	tests := []wholeCase{
		{"whole", head + game, len(head + game), false, 0},
		{"end without its line break", head + game + strings.TrimSuffix(game2, "\n"), len(head + game), true, 5},
		{"only game without end's break", head + strings.TrimSuffix(game, "\n"), len(head), true, 2},
		{"g", head + game + "g", len(head + game), true, 5},
		{"gam", head + game + "gam", len(head + game), true, 5},
		{"game", head + game + "game", len(head + game), true, 5},
		{"torn header", "ginadvisor-lo", 0, true, 1},
		{"header without its break", strings.TrimSuffix(head, "\n"), 0, true, 1},
		{"trailing blank lines", head + game + "\n\n", len(head + game + "\n\n"), false, 0},
	}
	checkWhole(t, WrittenGames, tests)
}

// wholeCase is a log and the whole part a reader of it must find.
type wholeCase struct {
	name  string
	log   string
	bytes int
	cut   bool
	line  int
}

// checkWhole runs whole, WholeGames or WrittenGames, on each case's log.
func checkWhole(t *testing.T, whole func(io.Reader) (Whole, error), tests []wholeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := whole(strings.NewReader(tt.log))
			if err != nil || w.Bytes != int64(tt.bytes) || w.Cut != tt.cut || w.Line != tt.line {
				t.Errorf("got %+v, %v; want %d bytes, cut %v at line %d", w, err, tt.bytes, tt.cut, tt.line)
			}
		})
	}
}
