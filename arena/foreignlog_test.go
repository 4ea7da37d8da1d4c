package arena

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/rules"
)

// shardLog plays shard i of n of a match of heuristic against simple and
// returns its games as the log at file holds them.
func shardLog(t *testing.T, file, ruleSpec string, games int, seed uint64, i, n int, tc TimeControl) []LoggedGame {
	t.Helper()
	r, err := rules.ParseSpec(ruleSpec)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ParseSpec("heuristic")
	b, _ := ParseSpec("simple")
	lw := &memLog{}
	o := Options{Rules: r, Games: games, Seed: seed, Players: [2]Spec{a, b}, Shard: Shard{I: i, N: n}, Time: tc}
	o.OnGame = func(g *Game) error { return WriteGame(lw, g, o.Players, o.Rules) }
	if _, err := Play(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	var out []LoggedGame
	for _, lg := range lw.games {
		out = append(out, LoggedGame{Game: lg, File: file})
	}
	return out
}

// TestForeignLogsAndMissingShards: logs given to --from-log that hold
// another match's games (another seed, whether or not game numbers meet,
// other rules or clock) are refused with the file that is from another match and
// how it differs; a log given twice is named as such; the games a missing
// shard leaves out are named. Before, another seed's log was "game 1 …
// comes twice", and a missing shard passed without a word.
func TestForeignLogsAndMissingShards(t *testing.T) {
	a1 := shardLog(t, "a1.log", "eaai", 12, 11, 1, 3, TimeControl{})
	a2 := shardLog(t, "a2.log", "eaai", 12, 11, 2, 3, TimeControl{})
	a3 := shardLog(t, "a3.log", "eaai", 12, 11, 3, 3, TimeControl{})
	b1 := shardLog(t, "b1.log", "eaai", 12, 12, 1, 3, TimeControl{})
	b2 := shardLog(t, "b2.log", "eaai", 12, 12, 2, 3, TimeControl{})
	s2 := shardLog(t, "s2.log", "standard", 12, 11, 2, 3, TimeControl{})
	c2 := shardLog(t, "c2.log", "eaai", 12, 11, 2, 3, TimeControl{Move: time.Second})
	join := func(logs ...[]LoggedGame) []LoggedGame {
		var out []LoggedGame
		for _, l := range logs {
			out = append(out, l...)
		}
		return out
	}
	again := append([]LoggedGame(nil), a1...)
	for i := range again {
		again[i].File = "a1-copy.log"
	}
	for _, tt := range []struct {
		name    string
		games   []LoggedGame
		refused string
		missing string
	}{
		{name: "the shards of one match", games: join(a1, a2, a3)},
		{name: "another seed, games meeting", games: join(a1, b1),
			refused: "b1.log is from another match than a1.log (both of heuristic against simple): its game 1 was dealt from seed " + uintText(engine.GameSeed(12, 0)) + ", and a1.log's from seed " + uintText(engine.GameSeed(11, 0)) + ": another --seed or --deals"},
		{name: "another seed, no game meeting", games: join(a1, b2, a3),
			refused: "b2.log is from another match than a1.log (both of heuristic against simple): its games were dealt from --seed 12, and a1.log's from --seed 11"},
		{name: "other rules", games: join(a1, s2),
			refused: "s2.log is from another match than a1.log (both of heuristic against simple): its game 3 was played under the rules standard, and a1.log's game 1 eaai"},
		{name: "another clock", games: join(a1, c2),
			refused: "c2.log is from another match than a1.log (both of heuristic against simple): its game 3 was played under the clock st=1, and a1.log's game 1 none"},
		{name: "a log given twice", games: join(a1, again),
			refused: "game 1 of heuristic against simple comes twice: in both a1.log and a1-copy.log (a log or a shard given twice?)"},
		{name: "a shard missing", games: join(a1, a3),
			missing: "games 3-4, 9-10 of heuristic against simple are in none of the logs (a shard's log not given, or a run stopped early?); the result is over the games the logs hold"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := PairingsOf(tt.games)
			if tt.refused != "" {
				if err == nil || err.Error() != tt.refused {
					t.Fatalf("%v\nwant %s", err, tt.refused)
				}
				return
			}
			if err != nil || len(p) != 1 {
				t.Fatalf("%d pairings, %v", len(p), err)
			}
			if got := p[0].MissingNote(); got != tt.missing {
				t.Errorf("missing: %q\nwant %q", got, tt.missing)
			}
		})
	}
}

// TestMatchSeedInvertsGameSeed: the seed a pair's games were dealt from
// gives back the match's --seed.
func TestMatchSeedInvertsGameSeed(t *testing.T) {
	for _, seed := range []uint64{0, 1, 11, 1 << 63, ^uint64(0)} {
		for _, k := range []int{0, 1, 7, 499_999} {
			if got := matchSeed(engine.GameSeed(seed, k), k); got != seed {
				t.Errorf("seed %d, pair %d: %d", seed, k, got)
			}
		}
	}
}

func uintText(u uint64) string { return strconv.FormatUint(u, 10) }
