package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestMatchDealsInferGames: match --deals without --games plays each deal
// once (twice the deals in games); --deals-repeat plays them again when
// --games asks for more.
func TestMatchDealsInferGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deals.txt")
	if err := os.WriteFile(path, []byte("5\n9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args  []string
		games int
	}{
		{nil, 4},
		{[]string{"--games", "6", "--deals-repeat"}, 6},
	} {
		args := append([]string{"match", "--json", "--p1", "simple", "--p2", "random", "--deals", path}, tt.args...)
		code, out, errText := runCLI(t, "", args...)
		var r struct{ Games int }
		if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Games != tt.games {
			t.Errorf("%v: exit %d, %d games (want %d), %v\n%s", tt.args, code, r.Games, tt.games, err, errText)
		}
	}
}
