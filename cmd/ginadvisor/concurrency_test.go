package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// loggedGames splits a log into its games, sorted: the log as a set.
func loggedGames(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(data), "\ngame ")
	games := parts[1:]
	for k := range games {
		games[k] = strings.TrimSpace(games[k]) // the file's last game ends with its line break
	}
	slices.Sort(games)
	return games
}

// TestTournamentConcurrencyLog: a tournament at --concurrency 2, whose
// pairings run at once, prints the standings of --concurrency 1 and logs
// the same games (in another order, maybe); --from-log prints them again,
// and --resume from its log cut short completes it to the same games and
// standings.
func TestTournamentConcurrencyLog(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tournament", "--games", "6", "--json", "simple", "heuristic", "cautious", "simple"}
	var want string
	var wantGames []string
	for _, c := range []string{"1", "2"} {
		path := filepath.Join(dir, "t"+c+".log")
		code, got, errOut := runCLI(t, "", append(args, "--concurrency", c, "--log", path)...)
		if code != ExitOK {
			t.Fatalf("--concurrency %s: exit %d, %s", c, code, errOut)
		}
		games := loggedGames(t, path)
		if c == "1" {
			want, wantGames = got, games
			continue
		}
		if got != want {
			t.Errorf("--concurrency 2 prints\n%s\nwant\n%s", got, want)
		}
		if !slices.Equal(games, wantGames) {
			t.Errorf("--concurrency 2 logs other games")
		}
		if code, got, errOut := runCLI(t, "", "tournament", "--from-log", "--json", path); code != ExitOK || got != want {
			t.Errorf("--from-log: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
		}
		data, _ := os.ReadFile(path)
		cut := 0
		for range 9 {
			cut += bytes.Index(data[cut:], []byte("\ngame ")) + 1
		}
		os.WriteFile(path, data[:cut], 0o644)
		code, got, errOut = runCLI(t, "", append(args, "--concurrency", c, "--log", path, "--resume")...)
		if code != ExitOK || got != want {
			t.Fatalf("--resume: exit %d, %s\n%s\nwant %s", code, errOut, got, want)
		}
		if got := loggedGames(t, path); !slices.Equal(got, wantGames) {
			t.Errorf("the resumed log holds other games: %d, want %d", len(got), len(wantGames))
			for k := range min(len(got), len(wantGames)) {
				if got[k] != wantGames[k] {
					t.Errorf("%q\nwant %q", got[k][:min(len(got[k]), 600)], wantGames[k][:min(len(wantGames[k]), 600)])
					break
				}
			}
		}
	}
}
