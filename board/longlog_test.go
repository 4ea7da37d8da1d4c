package board

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestAGameWithALongHandIsLogged plays, as a game on the board is played,
// an eaai game whose first hand runs far past the State's record: the
// game ends with its log, not an error, and the log reads back with every
// move and is reviewed.
func TestAGameWithALongHandIsLogged(t *testing.T) {
	const draws = 3*game.MaxDraws + 17
	eaai, _ := rules.Preset("eaai")
	seats := [2]*testgames.Cycler{{Player: bot.NewSimple(1), Draws: draws}, {Player: bot.NewSimple(2), Draws: draws}}
	s := &session{turns: make(chan turn)}
	s.play(context.Background(), engine.GameSetup{Rules: eaai, Seed: 3, Record: true}, [2]bot.Player{seats[0], seats[1]})
	if s.err != nil || !s.over {
		t.Fatalf("the game ended with %v, over %v", s.err, s.over)
	}
	games, err := gamelog.ReadLog(strings.NewReader(s.log))
	if err != nil || len(games) != 1 {
		t.Fatalf("the game's log reads back as %d games: %v", len(games), err)
	}
	// Every move of the long hand is in the log: the moves the players
	// made, but the decisions not to knock, which it leaves implicit.
	made := 0
	for _, c := range seats {
		for i, m := range c.Moves {
			if c.Positions[i].Setup().Number == 1 && m.Kind != game.PlayOn {
				made++
			}
		}
	}
	if got := len(games[0].Hands[0].Moves); got != made || made < 2*draws {
		t.Errorf("the long hand logs %d moves; the players made %d", got, made)
	}
	ts := newServer(t, Options{Workers: 1, MaxTime: 10 * time.Minute}, nil)
	q, _ := json.Marshal(map[string]any{"log": s.log, "quick": true})
	r := post(t, ts, "/api/review", string(q), nil)
	if r.status != 200 {
		t.Fatalf("reviewing the game: %d %s", r.status, notationClip(r.raw))
	}
	if ds, _ := r.body["decisions"].([]any); len(ds) < 2*draws {
		t.Errorf("the review has %d decisions; the long hand alone made %d", len(ds), made)
	}
}
