package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// rawMove posts a move and returns the status and body, whatever they are.
func rawMove(t *testing.T, c *gameClient, game any, move string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"game": game, "move": move})
	res, err := c.client.Post(c.base+"/api/game/move", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}

// discards are the discard events a game's answer offers.
func discards(a map[string]any) []string {
	var out []string
	moves, _ := a["moves"].([]any)
	for _, m := range moves {
		if e, _ := m.(map[string]any)["event"].(string); strings.Contains(e, "discard") {
			out = append(out, e)
		}
	}
	return out
}

// TestTwoMovesAtOnce: two discards sent at the same moment, as two tabs
// or a retry would, are taken one at a time: one is played, the other is
// refused as not legal at the decision the first left, and the game goes
// on. Before, both were checked against the same decision, the second
// reached the next one, and the game ended in an error.
func TestTwoMovesAtOnce(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	tried, last := 0, ""
	for seed := 1; seed <= 150; seed++ {
		// Each game replaces the last, within the board's places.
		a := c.post("/api/game/new", map[string]any{"opponent": "simple", "seed": seed, "replaces": last})
		last, _ = a["game"].(string)
		for i := 0; i < 40 && len(discards(a)) < 2; i++ {
			if over, _ := a["over"].(bool); over {
				break
			}
			a = c.move(a)
		}
		ds := discards(a)
		if len(ds) < 2 {
			continue
		}
		tried++
		var wg sync.WaitGroup
		status := make([]int, 2)
		ready := make(chan struct{})
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-ready
				status[i], _ = rawMove(t, c, a["game"], ds[i])
			}()
		}
		close(ready)
		wg.Wait()
		if !(status[0] == 200 && status[1] == 400 || status[0] == 400 && status[1] == 200) {
			t.Errorf("seed %d: two discards at once answered %v, want one played and one refused", seed, status)
		}
		s := c.post("/api/game/state", map[string]any{"game": a["game"]})
		if e, _ := s["error"].(string); e != "" {
			t.Errorf("seed %d: the game ended in an error: %s", seed, e)
		}
	}
	if tried < 100 {
		t.Fatalf("only %d games reached a discard: the test checks too little", tried)
	}
}

// TestAMoveWhoseClientLeft: a move whose request is dropped at once (a
// reload, a lost connection) is either played or not, and the game's
// state says which: the next move from that state is answered. Before,
// a move played after its client left was not recorded, and the next
// move waited until the analysis limit (503), the game stuck for good.
func TestAMoveWhoseClientLeft(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	c := &gameClient{t: t, client: ts.Client(), base: ts.URL}
	u, err := url.Parse(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	tried, last := 0, ""
	// The advisor takes a while over its move, so that the client is gone
	// before the move's answer is ready.
	for seed := 1; seed <= 8; seed++ {
		a := c.post("/api/game/new", map[string]any{"opponent": "advisor", "seed": seed, "replaces": last})
		last, _ = a["game"].(string)
		for i := 0; i < 3; i++ {
			a = c.move(a)
		}
		moves, _ := a["moves"].([]any)
		if len(moves) == 0 {
			continue
		}
		body, _ := json.Marshal(map[string]any{"game": a["game"], "move": moves[0].(map[string]any)["event"]})
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/game/move HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", u.Host, len(body), body)
		conn.Close()
		// Whether the dropped move is played depends on when the server
		// reads it, so a state read too soon may be overtaken by it: a
		// move from that state is then refused (400) and tried again from
		// the next state. A game stuck behind the dropped move answers
		// neither (it waited, then 503).
		tried++
		played := false
		for try := 0; try < 50 && !played; try++ {
			s := c.post("/api/game/state", map[string]any{"game": a["game"]})
			if over, _ := s["over"].(bool); over {
				played = true
				break
			}
			next, _ := s["moves"].([]any)
			if len(next) == 0 {
				t.Fatalf("seed %d: the state after a dropped move offers no move: %v", seed, s)
			}
			code, raw := rawMove(t, c, a["game"], next[0].(map[string]any)["event"].(string))
			switch code {
			case http.StatusOK:
				played = true
			case http.StatusBadRequest:
				time.Sleep(10 * time.Millisecond)
			default:
				t.Fatalf("seed %d: the move after a dropped one: %d %s", seed, code, raw)
			}
		}
		if !played {
			t.Errorf("seed %d: no move was taken after a dropped one", seed)
		}
	}
	if tried < 5 {
		t.Fatalf("only %d games tried: the test checks too little", tried)
	}
}
