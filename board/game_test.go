package board

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/position"
)

// TestPlayOnASetUpPositionKeepsIt: a move on a position set up in the
// short form answers a position that reads back, the discard after the
// draw, and no history form that starts from no deal.
func TestPlayOnASetUpPositionKeepsIt(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	body, _ := json.Marshal(map[string]any{"position": setUpDraw, "events": []string{"p1 draw 2C"}})
	r := post(t, ts, "/api/play", string(body), nil)
	if r.status != http.StatusOK {
		t.Fatalf("%d %s", r.status, r.raw)
	}
	for _, key := range []string{"notation", "history"} {
		text, _ := r.body[key].(string)
		if text == "" && key == "history" {
			continue
		}
		p, err := position.Parse(text)
		if err != nil || p.Phase().String() != "discard" || !strings.Contains(position.Format(&p), "2C") {
			t.Errorf("the answer's %s %q reads back as %v (%v)", key, text, p.Phase(), err)
		}
	}
}

// playOut plays a game through the API to its end, the person making the
// first legal move each time, and returns its last answer.
func playOut(t *testing.T, c *gameClient, a map[string]any) map[string]any {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if over, _ := a["over"].(bool); over {
			return a
		}
		a = c.move(a)
	}
	t.Fatalf("the game did not end in 2,000 moves: %v", a["hands"])
	return nil
}

// TestAFinishedGameFreesItsPlace: more games than maxSessions, each
// played to its end one after the other, all start.
func TestAFinishedGameFreesItsPlace(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	for i := 0; i < maxSessions+4; i++ {
		r := post(t, ts, "/api/game/new", fmt.Sprintf(`{"opponent":"simple","rules":"standard,target=10","seed":%d}`, i+1), nil)
		if r.status != http.StatusOK {
			t.Fatalf("game %d after %d finished: %d %s", i+1, i, r.status, r.raw)
		}
		playOut(t, c, r.body)
	}
}

// TestANewGameEndsThePagesLast: a page that starts a game names its last
// one, which ends; twenty in a row all start, and the last one named is
// no longer in play.
func TestANewGameEndsThePagesLast(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	last := ""
	for i := 0; i < 20; i++ {
		body, _ := json.Marshal(map[string]any{"opponent": "simple", "replaces": last})
		r := post(t, ts, "/api/game/new", string(body), nil)
		if r.status != http.StatusOK {
			t.Fatalf("game %d: %d %s", i+1, r.status, r.raw)
		}
		if last != "" {
			if s := post(t, ts, "/api/game/state", `{"game":"`+last+`"}`, nil); s.status != http.StatusBadRequest {
				t.Errorf("the game replaced is still in play: %d %s", s.status, s.raw)
			}
		}
		last, _ = r.body["game"].(string)
	}
}

// TestGameState: a game's state, asked for again, is the decision it
// waits on, so that a page reloaded goes on with it.
func TestGameState(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	a := c.move(c.start(3))
	s := c.post("/api/game/state", map[string]any{"game": a["game"]})
	want, _ := json.Marshal(a["position"])
	got, _ := json.Marshal(s["position"])
	if string(got) != string(want) || len(s["moves"].([]any)) != len(a["moves"].([]any)) {
		t.Errorf("the state %s, the game's last answer %s", got, want)
	}
	if r := post(t, ts, "/api/game/state", `{"game":"nothing"}`, nil); r.status != http.StatusBadRequest {
		t.Errorf("the state of no game: %d %s", r.status, r.raw)
	}
}

// TestAGameToItsEnd plays a whole game against random through the API,
// the first legal move each time: every hand ends in a showdown that
// waits for the next hand and shows both sides' melds and deadwood, the
// lay-offs, the points and why, and the score after; the game ends with
// its winner and final score.
func TestAGameToItsEnd(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	a := c.post("/api/game/new", map[string]any{"opponent": "random", "rules": "standard,target=10", "seed": 3})
	showdowns, lastMoves := 0, 0
	for i := 0; i < 20000; i++ {
		if over, _ := a["over"].(bool); over {
			break
		}
		if sd, _ := a["showdown"].(bool); sd {
			showdowns++
			hands := a["hands"].([]any)
			if a["position"] != nil || len(hands) != showdowns {
				t.Fatalf("showdown %d: position %v, %d hands", showdowns, a["position"], len(hands))
			}
		}
		if a["last"] != nil {
			lastMoves++
			if text, _ := a["last"].(map[string]any)["text"].(string); !strings.HasPrefix(text, "It ") {
				t.Errorf("the last move reads %q", text)
			}
		}
		a = c.move(a)
	}
	if over, _ := a["over"].(bool); !over {
		t.Fatalf("the game did not end: %v", a["hands"])
	}
	hands := a["hands"].([]any)
	if len(hands) < 2 || showdowns != len(hands)-1 || lastMoves == 0 {
		t.Errorf("%d hands, %d showdowns waited for the next hand, %d last moves shown", len(hands), showdowns, lastMoves)
	}
	var last []any
	for i, h := range hands {
		h := h.(map[string]any)
		for _, key := range []string{"melds", "deadwood", "deadwood_points", "layoffs", "points", "reason", "breakdown", "score", "text"} {
			if _, ok := h[key]; !ok {
				t.Errorf("hand %d has no %s: %v", i+1, key, h)
			}
		}
		melds, _ := h["melds"].([]any)
		deadwood, _ := h["deadwood"].([]any)
		if len(melds) != 2 || len(deadwood) != 2 {
			t.Fatalf("hand %d: melds %v, deadwood %v, not by seat", i+1, h["melds"], h["deadwood"])
		}
		for seat := range 2 {
			n := len(deadwood[seat].([]any))
			for _, m := range melds[seat].([]any) {
				n += len(m.([]any))
			}
			layoffs := 0
			if h["knocker"] != nil && h["knocker"] != fmt.Sprintf("p%d", seat+1) {
				layoffs = len(h["layoffs"].([]any))
			}
			if n+layoffs < 10 {
				t.Errorf("hand %d, seat %d: %d cards in melds and deadwood and %d laid off: %v", i+1, seat+1, n, layoffs, h)
			}
		}
		last, _ = h["score"].([]any)
	}
	winner, _ := a["winner"].(string)
	score, _ := a["score"].(map[string]any)
	if winner == "" || score == nil {
		t.Fatalf("the game's end names no winner or score: %v %v", a["winner"], a["score"])
	}
	totals, _ := score["totals"].([]any)
	w := map[string]int{"p1": 0, "p2": 1}[winner]
	if len(totals) != 2 || totals[w].(float64) <= totals[1-w].(float64) || totals[w].(float64) < last[w].(float64) {
		t.Errorf("the winner %s, the final score %v, the last hand's score %v", winner, totals, last)
	}
	if r := post(t, ts, "/api/game/move", fmt.Sprintf(`{"game":%q,"move":"next hand"}`, a["game"]), nil); r.status == http.StatusOK {
		t.Errorf("a move after the game's end: %s", r.raw)
	}
}

// TestAFinishedGameStaysReadable: once a game is over, its state still
// answers with its end and its log, so that a page reloaded after the
// last move shows them; a move is refused as the game being over. Before,
// the game was gone at once ("no game in play").
func TestAFinishedGameStaysReadable(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	a := c.post("/api/game/new", map[string]any{"opponent": "random", "rules": "standard,target=10", "seed": 3})
	for i := 0; i < 20000; i++ {
		if over, _ := a["over"].(bool); over {
			break
		}
		a = c.move(a)
	}
	if over, _ := a["over"].(bool); !over {
		t.Fatal("the game did not end")
	}
	s := c.post("/api/game/state", map[string]any{"game": a["game"]})
	if over, _ := s["over"].(bool); !over || s["log"] != a["log"] || s["log"] == nil || s["winner"] == nil || s["winner"] != a["winner"] {
		t.Errorf("the state of the game over: over %v, log %v, winner %v", s["over"], s["log"] != nil, s["winner"])
	}
	body, _ := json.Marshal(map[string]any{"game": a["game"], "move": "p1 draw"})
	if r := post(t, ts, "/api/game/move", string(body), nil); r.status != http.StatusBadRequest || !strings.Contains(r.raw, "over") {
		t.Errorf("a move in the game over: %d %s", r.status, r.raw)
	}
}
