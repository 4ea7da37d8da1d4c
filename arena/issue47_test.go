package arena

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestLogTextReadsBack: a game whose names, engine's id name, options and
// forfeit reason hold control characters is logged as its reader reads
// it back, each control character as "?".
func TestLogTextReadsBack(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	a := Spec{Name: "bad\x01bot", Command: "./bot", Options: map[string]string{"style": "x\x02y"}, Named: true}
	b := Spec{Name: "simple", Builtin: "simple"}
	// The engine is never started: the log's writer escapes what it writes.
	specs := []Spec{a, b}
	g := &Game{Index: 0, Winner: 1, Forfeiter: 0, Seed: 7, Engines: [2]string{"id\x1bname", ""},
		Forfeit: &Forfeit{Engine: specs[0].Name, Reason: errors.New("illegal move \"\x07\"")}}
	lg, err := g.Log([2]Spec{specs[0], specs[1]}, eaai)
	if err != nil {
		t.Fatal(err)
	}
	text := gamelog.Header() + "\n" + string(gamelog.GameText(lg))
	games, err := gamelog.ReadLog(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("the log does not read back: %v\n%s", err, text)
	}
	if got := games[0].Players[0]; got != "bad?bot" {
		t.Errorf("player p1 %q", got)
	}
	if !playedBy(games[0], [2]Spec{specs[0], specs[1]}) {
		t.Errorf("the logged game is not the players': %+v", games[0].Tags)
	}
}

// TestTournamentOfOneSpecTwice: a tournament with one built-in player
// twice rebuilds its standings from its log, and resumes from it.
func TestTournamentOfOneSpecTwice(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	specs := placed(specsOf(t, "simple", "simple", "heuristic"))
	specs, err := ResolveNames(context.Background(), specs, eaai, 0)
	if err != nil {
		t.Fatal(err)
	}
	lw := &memLog{}
	o := TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 4, Seed: 4}}
	o.OnGame = func(_, _ int, players [2]Spec, g *Game) error { return WriteGame(lw, g, players, eaai) }
	s, err := Tournament(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Pairings(lw.games)
	if err != nil || len(p) != 3 {
		t.Fatalf("%d pairings, %v", len(p), err)
	}
	if got := StandingsFromLog(p, nil); !reflect.DeepEqual(got, s) {
		t.Errorf("from the log %+v\nprinted %+v", got, s)
	}
	played := 0
	o.Logged = lw.games[:6]
	o.OnGame = func(int, int, [2]Spec, *Game) error { played++; return nil }
	again, err := Tournament(context.Background(), o)
	if err != nil || played != 6 || !reflect.DeepEqual(again, s) {
		t.Errorf("resumed: played %d, %v\n%+v\n%+v", played, err, again, s)
	}
}
