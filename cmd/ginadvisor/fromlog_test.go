package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFromLogForeignAndMissing: match --from-log names a log of another
// match (another seed, other players) and how it differs, with exit 3 (2
// for other players, as for a tournament's logs); with a shard's log
// missing it prints the result of the games the logs hold, names the
// missing games on stderr and exits 3. Before, another seed's log was
// "game 1 … comes twice", and a missing shard passed with exit 0 and no
// word.
func TestFromLogForeignAndMissing(t *testing.T) {
	dir := t.TempDir()
	log := func(name string, args ...string) string {
		path := filepath.Join(dir, name)
		if code, _, errText := runCLI(t, "", append([]string{"match", "--games", "12", "--log", path}, args...)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errText)
		}
		return path
	}
	var shards []string
	for _, i := range []string{"1/3", "2/3", "3/3"} {
		shards = append(shards, log("shard"+i[:1]+".log", "--p1", "heuristic", "--p2", "simple", "--seed", "11", "--shard", i))
	}
	other := log("other-match.log", "--p1", "heuristic", "--p2", "simple", "--seed", "12", "--shard", "1/3")
	players := log("players.log", "--p1", "cautious", "--p2", "simple", "--seed", "11", "--shard", "2/3")
	for _, tt := range []struct {
		name   string
		logs   []string
		code   int
		stdout bool
		want   string
	}{
		{"the shards", shards, 0, true, ""},
		{"another seed", []string{shards[0], other}, 3, false,
			"ginadvisor: --from-log: " + other + " is from another match than " + shards[0] + " (both of heuristic against simple): its game 1 was dealt from seed 10682531704454680323, and " + shards[0] + "'s from seed 5833679380957638813: another --seed or --deals\n"},
		{"other players", []string{shards[0], players}, 2, false,
			"(heuristic against simple in " + shards[0] + "; cautious against simple in " + players + "); a match is one: a log of another match is among them"},
		{"a shard missing", []string{shards[0], shards[2]}, 3, true,
			"ginadvisor: --from-log: games 3-4, 9-10 of heuristic against simple are in none of the logs (a shard's log not given, or a run stopped early?); the result is over the games the logs hold\n"},
	} {
		code, out, errText := runCLI(t, "", append([]string{"match", "--from-log"}, tt.logs...)...)
		if code != tt.code || (out != "") != tt.stdout || !strings.Contains(errText, tt.want) || tt.want == "" && errText != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.name, code, out, errText, tt.code, tt.want)
		}
	}
	// A tournament's logs with a pairing's shard missing say the same.
	code, out, errText := runCLI(t, "", "tournament", "--from-log", shards[0], shards[2])
	if code != 3 || out == "" || !strings.Contains(errText, "games 3-4, 9-10 of heuristic against simple are in none of the logs") {
		t.Errorf("tournament: exit %d, stdout %q, stderr %q", code, out, errText)
	}
}
