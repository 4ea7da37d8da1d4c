package gamelog_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// simulate plays games and records them as a log would.
func simulate(t testing.TB, r rules.Rules, games int, seed uint64, tags ...gamelog.Tag) []*gamelog.Game {
	return testgames.Play(t, r, games, seed, tags...)
}

func write(t testing.TB, games []*gamelog.Game) string {
	t.Helper()
	var buf bytes.Buffer
	if err := gamelog.WriteLog(&buf, games); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// readAll reads every game, collecting the errors.
func readAll(text string) ([]*gamelog.Game, []error) {
	lr := gamelog.NewReader(strings.NewReader(text), "test.log")
	var games []*gamelog.Game
	var errs []error
	for {
		g, err := lr.Next()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, preset := range []string{"eaai", "modern", "oklahoma", "straight"} {
		r := rules.Presets()[preset]
		if preset == "oklahoma" {
			r.SpadesDouble, r.FiftiethCard = true, true
		}
		games := simulate(t, r, 6, 11, gamelog.Tag{Key: gamelog.TagSource, Value: "ginadvisor test"}, gamelog.Tag{Key: "event", Value: "Café «Ünïcode» night, table 3"})
		text := write(t, games)
		back, errs := readAll(text)
		if len(errs) > 0 || len(back) != len(games) {
			t.Fatalf("%s: read %d games of %d: %v", preset, len(back), len(games), errs)
		}
		for i := range back {
			if !reflect.DeepEqual(normalize(back[i]), normalize(games[i])) {
				t.Fatalf("%s: game %d differs after the round trip:\n%+v\n%+v", preset, i+1, normalize(back[i]), normalize(games[i]))
			}
		}
		if again := write(t, back); again != text {
			t.Fatalf("%s: writing the parsed log changed it", preset)
		}
	}
}

// normalize clears what reading adds: file lines, and nil against empty.
func normalize(g *gamelog.Game) *gamelog.Game {
	c := *g
	c.Line, c.FinalLine = 0, 0
	c.Hands = append([]gamelog.Hand(nil), g.Hands...)
	for i := range c.Hands {
		h := &c.Hands[i]
		h.Line, h.ResultLine, h.ScoreLine = 0, 0, 0
		h.Moves = append([]gamelog.Move(nil), h.Moves...)
		for j := range h.Moves {
			h.Moves[j].Line = 0
		}
		if len(h.Layoffs) == 0 {
			h.Layoffs = nil
		}
	}
	return &c
}

// edit applies f to the lines of text.
func edit(text string, f func(lines []string) []string) string {
	return strings.Join(f(strings.Split(text, "\n")), "\n")
}

func lineIndex(lines []string, game int, prefix string) int {
	g := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "game ") {
			g++
		}
		if g == game && strings.HasPrefix(l, prefix) {
			return i
		}
	}
	return -1
}

// TestDamagedGamesCostOnlyThemselves damages the second of three games in
// each way a log gets damaged, and checks that the other two are read, and
// that the error names the file and line.
func TestDamagedGamesCostOnlyThemselves(t *testing.T) {
	text := write(t, simulate(t, rules.Presets()["eaai"], 3, 5))
	damage := map[string]func([]string) []string{
		"deleted end line": func(ls []string) []string {
			i := lineIndex(ls, 2, "end")
			return append(ls[:i:i], ls[i+1:]...)
		},
		"cut off mid-hand": func(ls []string) []string {
			i := lineIndex(ls, 2, "p1 discard")
			j := lineIndex(ls, 3, "game ")
			return append(ls[:i:i], ls[j:]...)
		},
		"garbled card": func(ls []string) []string {
			i := lineIndex(ls, 2, "deal p2 ")
			ls[i] = strings.Replace(ls[i], "deal p2 ", "deal p2 ZZ ", 1)
			ls[i] = strings.Join(strings.Fields(ls[i])[:12], " ")
			return ls
		},
		"deleted draw line": func(ls []string) []string {
			i := lineIndex(ls, 2, "p2 draw")
			return append(ls[:i:i], ls[i+1:]...)
		},
		"impossible discard": func(ls []string) []string {
			i := lineIndex(ls, 2, "p1 discard")
			j := lineIndex(ls, 2, "deal p2 ")
			ls[i] = "p1 discard " + strings.Fields(ls[j])[2]
			return ls
		},
		"wrong result": func(ls []string) []string {
			i := lineIndex(ls, 2, "result ")
			ls[i] = regexp.MustCompile(`points \d+`).ReplaceAllString(ls[i], "points 999")
			return ls
		},
	}
	for name, f := range damage {
		broken := edit(text, f)
		games, errs := readAll(broken)
		if len(games) != 2 || games[0].Number != 1 || games[1].Number != 3 {
			t.Errorf("%s: read games %v", name, numbers(games))
		}
		var le *gamelog.Error
		if len(errs) != 1 || !errors.As(errs[0], &le) || !errors.Is(errs[0], gamelog.ErrLog) || !strings.HasPrefix(errs[0].Error(), "test.log:") {
			t.Errorf("%s: errors %v", name, errs)
			continue
		}
		t.Logf("%s: %v", name, errs[0])
	}
}

func numbers(games []*gamelog.Game) []int {
	var out []int
	for _, g := range games {
		out = append(out, g.Number)
	}
	return out
}

func TestErrorsNameTheLine(t *testing.T) {
	text := write(t, simulate(t, rules.Presets()["eaai"], 1, 8))
	lines := strings.Split(text, "\n")
	tests := []struct {
		name   string
		prefix string
		repl   func(string) string
		want   string
	}{
		{"discard of a card not held", "p1 discard", func(string) string { return "p1 discard " + strings.Fields(lines[lineIndex(lines, 1, "deal p2")])[3] }, "is not in the hand"},
		{"result that does not add up", "result ", func(l string) string {
			return regexp.MustCompile(`points (\d+)`).ReplaceAllString(l, "points 1")
		}, "the rules give: result"},
		{"running score", "score ", func(string) string { return "score p1 1 p2 2" }, "the running score should be"},
		{"final score", "final ", func(string) string { return "final winner p2 p1 0 p2 500" }, "the final score should be"},
		{"out of turn", "p2 draw", func(l string) string { return strings.Replace(l, "p2", "p1", 1) }, "turn"},
	}
	for _, tt := range tests {
		i := lineIndex(lines, 1, tt.prefix)
		broken := append([]string(nil), lines...)
		broken[i] = tt.repl(broken[i])
		_, errs := readAll(strings.Join(broken, "\n"))
		var le *gamelog.Error
		if len(errs) != 1 || !errors.As(errs[0], &le) || !strings.Contains(le.Msg, tt.want) {
			t.Errorf("%s: %v", tt.name, errs)
			continue
		}
		if tt.name != "final score" && tt.name != "running score" && le.Line != i+1 {
			t.Errorf("%s: error at line %d, the bad line is %d: %v", tt.name, le.Line, i+1, errs[0])
		}
	}
}

func TestRulesLine(t *testing.T) {
	text := write(t, simulate(t, rules.Presets()["modern"], 1, 3))
	lines := strings.Split(text, "\n")
	i := lineIndex(lines, 1, "rules ")
	// Any order, missing keys from the preset, unknown keys kept.
	fields := strings.Fields(lines[i])
	kept := []string{"rules", "modern"}
	for j := len(fields) - 1; j >= 2; j-- {
		if j%3 != 0 {
			kept = append(kept, fields[j])
		}
	}
	kept = append(kept, "house_rule=7")
	lines[i] = strings.Join(kept, " ")
	lr := gamelog.NewReader(strings.NewReader(strings.Join(lines, "\n")), "x.log")
	g, err := lr.Next()
	if err != nil {
		t.Fatal(err)
	}
	want := rules.Presets()["modern"]
	if !reflect.DeepEqual(g.Rules, want) || len(g.UnknownRules) != 1 || len(lr.Warnings) != 1 || !strings.Contains(lr.Warnings[0].Error(), "house_rule") {
		t.Fatalf("rules %+v, unknown %v, warnings %v", g.Rules, g.UnknownRules, lr.Warnings)
	}
	// A bad value is an error.
	lines[i] = "rules modern knock_limit=ten"
	if _, err := gamelog.ReadLog(strings.NewReader(strings.Join(lines, "\n"))); err == nil || !strings.Contains(err.Error(), "knock_limit") {
		t.Fatalf("bad value: %v", err)
	}
}

// TestVersion1 reads a log written by the first version of the format.
func TestVersion1(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "sample-v1.log"))
	if err != nil {
		t.Fatal(err)
	}
	lr := gamelog.NewReader(bytes.NewReader(data), "sample-v1.log")
	n := 0
	for {
		g, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if (g.Players != [2]string{"simple", "random"} && g.Players != [2]string{"random", "simple"}) || !g.HasSeed {
			t.Fatalf("game %+v", g)
		}
		n++
	}
	if n != 2 || lr.Version() != 1 {
		t.Fatalf("%d games, version %d", n, lr.Version())
	}
}

// TestUnknownCards hides what one seat could not see, as a log kept by
// that seat would: the other's deal, its stock draws and the stock line.
// The log still reads and replays, and the seat's decisions come back with
// exactly the positions of the full log.
func TestUnknownCards(t *testing.T) {
	games := simulate(t, rules.Presets()["eaai"], 4, 21)
	for _, g := range games {
		hidden := *g
		hidden.Hands = append([]gamelog.Hand(nil), g.Hands...)
		for i := range hidden.Hands {
			h := &hidden.Hands[i]
			h.Deal[1] = []notation.Card{}
			for range 10 {
				h.Deal[1] = append(h.Deal[1], gamelog.Unknown)
			}
			h.Stock = nil
			h.Moves = append([]gamelog.Move(nil), h.Moves...)
			for j := range h.Moves {
				if h.Moves[j].Seat == 1 && h.Moves[j].Kind == game.Draw {
					h.Moves[j].Card = gamelog.Unknown
				}
			}
		}
		text := write(t, []*gamelog.Game{&hidden})
		if !strings.Contains(text, "deal p2 ? ? ?") || !strings.Contains(text, "p2 draw ?") {
			t.Fatalf("unknown cards are not written as ?:\n%s", text)
		}
		back, err := gamelog.ReadLog(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		var full, part []gamelog.Decision
		collect := func(out *[]gamelog.Decision) func(d *gamelog.Decision) bool {
			return func(d *gamelog.Decision) bool {
				if d.Seat == 0 {
					*out = append(*out, *d)
				}
				return true
			}
		}
		if err := g.Replay(collect(&full)); err != nil {
			t.Fatal(err)
		}
		if err := back[0].Replay(collect(&part)); err != nil {
			t.Fatal(err)
		}
		if len(full) != len(part) || len(full) == 0 {
			t.Fatalf("%d decisions of p1, %d with unknown cards", len(full), len(part))
		}
		for i := range full {
			if full[i].Position != part[i].Position || full[i].Move != part[i].Move || part[i].Partial {
				t.Fatalf("decision %d of p1 differs when p2's cards are unknown", i)
			}
			// Only the cards the log does not show are guessed, and
			// never the seat's own.
			if !full[i].Guessed.Empty() || !part[i].Guessed.Intersect(part[i].State.Hand(0)).Empty() {
				t.Fatalf("decision %d of p1: guessed %v with the full log, %v with p2's hidden, p1 holding %v", i, full[i].Guessed, part[i].Guessed, part[i].State.Hand(0))
			}
		}
	}
}

// TestReplayDecisions checks that Replay yields every decision with the
// position the engine gave the player, by replaying recorded games against
// a recorder.
func TestReplayDecisions(t *testing.T) {
	var games []*gamelog.Game
	for _, name := range []string{"modern", "openspiel", "eaai"} {
		games = append(games, simulate(t, rules.Presets()[name], 3, 2)...)
	}
	for _, g := range games {
		n := 0
		err := g.Replay(func(d *gamelog.Decision) bool {
			if d.Position.Seat() != d.Seat || d.Position.Turn() != d.Seat || d.Position.Phase() == game.Over {
				t.Fatalf("decision %d: position of seat %d in %s", n, d.Position.Seat(), d.Position.Phase())
			}
			// The position followed event by event is the one rebuilt
			// from the whole record.
			if d.Position != d.State.Position(d.Seat) {
				t.Fatalf("decision %d: the position differs from the state's", n)
			}
			n++
			return true
		})
		if err != nil || n < 10*len(g.Hands) {
			t.Fatalf("%d decisions over %d hands: %v", n, len(g.Hands), err)
		}
	}
}

// TestREADMEExample reads the log example in the README, so that the two
// cannot drift apart.
func TestDocExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "log-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- log example -->\n```\n(.*?)```").FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/log-format.md has no log example")
	}
	games, errs := readAll(string(m[1]))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("the documented example: %d games, %v", len(games), errs)
	}
	if !games[0].Final.Winner.Valid() {
		t.Fatal("the documented game has no winner")
	}
}

// TestSampleLog reads the sample log, checks that it writes back the same,
// and that it holds the same games as the sample in the first version of
// the format, written by the engine before it was rebuilt on game.State.
func TestSampleLog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	games, errs := readAll(string(data))
	if len(errs) > 0 || len(games) != 2 {
		t.Fatalf("read %d games: %v", len(games), errs)
	}
	if write(t, games) != string(data) {
		t.Error("the sample log does not write back the same")
	}
	old, err := os.ReadFile(filepath.Join("testdata", "sample-v1.log"))
	if err != nil {
		t.Fatal(err)
	}
	v1, errs := readAll(string(old))
	if len(errs) > 0 || len(v1) != 2 {
		t.Fatalf("version 1: %d games, %v", len(v1), errs)
	}
	for i := range games {
		a, b := normalize(games[i]), normalize(v1[i])
		a.Tags = nil
		if !reflect.DeepEqual(a, b) {
			t.Errorf("game %d differs from the version 1 sample", i+1)
		}
	}
}
