package arena

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// TestTimeControlString: a time control as its log tag writes it, in the
// terms of the arena's flags; none at all is empty.
func TestTimeControlString(t *testing.T) {
	for _, tt := range []struct {
		tc   TimeControl
		want string
	}{
		{TimeControl{}, ""},
		{TimeControl{Game: 30 * time.Second}, "tc=30"},
		{TimeControl{Game: 60 * time.Second, Inc: 500 * time.Millisecond, Moves: 40}, "tc=40/60+0.5"},
		{TimeControl{Move: 200 * time.Millisecond, Margin: 500 * time.Millisecond}, "st=0.2 margin=0.5"},
		{TimeControl{Game: 3 * time.Second, Move: time.Second}, "tc=3 st=1"},
	} {
		if got := tt.tc.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.tc, got, tt.want)
		}
	}
}

// TestPairingsRefuseWhatIsNoMatch: --from-log reads only a match's or a
// tournament's games, whose games come in mirrored pairs: a simulation's
// games, and a pair dealt from two seeds, are refused rather than
// counted as pairs.
func TestPairingsRefuseWhatIsNoMatch(t *testing.T) {
	game := func(n int, seed uint64, source string) *gamelog.Game {
		return &gamelog.Game{Number: n, Seed: seed, HasSeed: true, Players: [2]string{"a", "b"},
			Tags: []gamelog.Tag{{Key: gamelog.TagSource, Value: source}, {Key: "spec1", Value: "a"}, {Key: "spec2", Value: "b"}}}
	}
	if _, err := Pairings([]*gamelog.Game{game(1, 5, matchSource), game(2, 5, matchSource)}); err != nil {
		t.Fatalf("a mirrored pair: %v", err)
	}
	for _, tt := range []struct {
		name  string
		games []*gamelog.Game
		want  string
	}{
		{"a simulation", []*gamelog.Game{game(1, 5, "ginadvisor simulate"), game(2, 6, "ginadvisor simulate")}, `logged by "ginadvisor simulate"`},
		{"two seeds in a pair", []*gamelog.Game{game(1, 5, matchSource), game(2, 6, matchSource)}, "games 1 and 2 of a against b were dealt from other seeds"},
	} {
		if _, err := Pairings(tt.games); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestCheckLoggedRefusesAnotherOrder: a tournament's log resumed with its
// players in another order, or as a gauntlet of a round robin's log, is
// refused, rather than its games left aside and all played again.
func TestCheckLoggedRefusesAnotherOrder(t *testing.T) {
	logged := func(specs []Spec) []*gamelog.Game {
		var out []*gamelog.Game
		o := TournamentOptions{Players: specs}
		for _, p := range o.pairings() {
			g := &Game{Index: 0, Winner: 0, Forfeiter: -1, Pairing: p.number}
			players := [2]Spec{specs[p.i], specs[p.j]}
			lg, err := g.Log(players, o.Match.Rules)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, lg)
		}
		return out
	}
	games := logged(placed(specsOf(t, "simple", "heuristic", "random")))
	same := TournamentOptions{Players: placed(specsOf(t, "simple", "heuristic", "random")), Logged: games}
	if err := same.CheckLogged("t.log"); err != nil {
		t.Errorf("the same order: %v", err)
	}
	for _, o := range []TournamentOptions{
		{Players: placed(specsOf(t, "random", "simple", "heuristic")), Logged: games},
		{Players: placed(specsOf(t, "simple", "heuristic", "random")), Logged: games, Gauntlet: true},
	} {
		if err := o.CheckLogged("t.log"); err == nil || !strings.Contains(err.Error(), "does not pair in those places") {
			t.Errorf("players %s (gauntlet %v): %v", o.Players[0].Name, o.Gauntlet, err)
		}
	}
}

// TestReadPairingsNamesAMissingLog: a log not there is an error that says
// so, not a log of no games.
func TestReadPairingsNamesAMissingLog(t *testing.T) {
	_, err := ReadPairings([]string{filepath.Join(t.TempDir(), "none.log")})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing log: %v", err)
	}
}

// TestHandLimit: --max-hands as a log tags it; 0 and 1,000, the limit a
// game has without one, are both none.
func TestHandLimit(t *testing.T) {
	for n, want := range map[int]string{0: "", 1: "1", 3: "3", 999: "999", 1000: ""} {
		if got := handLimit(n); got != want {
			t.Errorf("handLimit(%d) = %q, want %q", n, got, want)
		}
	}
}
