package arena

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestTournamentLogsPairing: each game of a tournament's log carries a
// pairing tag, the number of its pairing in the order played, which
// Pairings reads back; a log older than the tag (the tag stripped) gives
// the same standings, its pairings unnumbered.
func TestTournamentLogsPairing(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	var specs []Spec
	for i, n := range []string{"simple", "heuristic", "cautious"} {
		s, err := ParseSpec(n)
		if err != nil {
			t.Fatal(err)
		}
		s.Place = i + 1
		specs = append(specs, s)
	}
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
