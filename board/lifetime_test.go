package board

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/leaktest"
)

// gameClient plays games on a board at base.
type gameClient struct {
	t      *testing.T
	client *http.Client
	base   string
}

func (c *gameClient) post(path string, q any) map[string]any {
	c.t.Helper()
	body, _ := json.Marshal(q)
	res, err := c.client.Post(c.base+path, "application/json", bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		c.t.Fatalf("%s %s: %d %s", path, body, res.StatusCode, raw)
	}
	var a map[string]any
	if err := json.Unmarshal(raw, &a); err != nil {
		c.t.Fatal(err)
	}
	return a
}

// start begins a game against simple.
func (c *gameClient) start(seed int) map[string]any {
	return c.post("/api/game/new", map[string]any{"opponent": "simple", "seed": seed})
}

// move makes the first legal move of the game's answer a.
func (c *gameClient) move(a map[string]any) map[string]any {
	c.t.Helper()
	moves, _ := a["moves"].([]any)
	if len(moves) == 0 {
		c.t.Fatalf("no legal move offered: %v", a)
	}
	m := moves[0].(map[string]any)
	return c.post("/api/game/move", map[string]any{"game": a["game"], "move": m["event"]})
}

// TestNoGoroutineOutlivesTheBoard serves a board, plays games on it (two
// to their end, three in progress, one left alone past the idle limit),
// then stops it: the games' goroutines end with it, and the goroutines
// are back to what they were before it started.
func TestNoGoroutineOutlivesTheBoard(t *testing.T) {
	before := runtime.NumGoroutine()
	ln, err := Listen("")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Workers: 1}
	b := newBoard(ln.Addr(), o, time.Hour, time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- serve(ctx, ln, b, o, io.Discard, false) }()
	transport := &http.Transport{}
	c := &gameClient{t: t, client: &http.Client{Transport: transport}, base: "http://" + ln.Addr().String()}

	for seed := 1; seed <= 2; seed++ {
		a := c.start(seed)
		for i := 0; i < 3000 && a["over"] != true; i++ {
			a = c.move(a)
		}
		if a["over"] != true || !strings.Contains(a["log"].(string), "final winner") {
			t.Fatalf("game %d did not end with a log: %v", seed, a)
		}
	}

	var playing []string
	for seed := 3; seed <= 5; seed++ {
		a := c.start(seed)
		if seed == 5 {
			a = c.move(a)
		}
		playing = append(playing, a["game"].(string))
	}

	// The last game begun is left alone: only the sweeper can end it.
	idle := c.start(6)["game"].(string)
	s, err := b.games.get(idle)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.last = time.Now().Add(-2 * time.Hour)
	s.mu.Unlock()

	// The sweeper forgets the idle game and ends its goroutine; the games
	// in progress go on.
	gone := false
	for i := 0; i < 1000 && !gone; i++ {
		_, err := b.games.get(idle)
		gone = err != nil
		time.Sleep(5 * time.Millisecond)
	}
	if !gone {
		t.Fatal("the game left alone was not swept")
	}
	for i := 0; i < 1000 && gameGoroutines() > len(playing); i++ {
		time.Sleep(5 * time.Millisecond)
	}
	if !s.isOver() {
		t.Fatal("the game left alone did not end")
	}
	for _, id := range playing {
		if _, err := b.games.get(id); err != nil {
			t.Fatalf("a game in progress ended: %v", err)
		}
	}
	// Only the games in progress have goroutines: those of the finished
	// games and of the idle one have returned.
	if n := gameGoroutines(); n != len(playing) {
		t.Fatalf("%d games' goroutines with %d games in progress", n, len(playing))
	}

	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	transport.CloseIdleConnections()
	leaktest.Settle(t, before)
}

// isOver says the game's goroutine has finished with it.
func (s *session) isOver() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.over
}

// gameGoroutines counts the goroutines that play a game.
func gameGoroutines() int {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	return strings.Count(b.String(), "board.(*session).play(")
}

// TestShutdownEndsTheGames: after Shutdown, a move in a game in progress
// is answered with the game's end, and no new game begins.
func TestShutdownEndsTheGames(t *testing.T) {
	ts := httptest.NewUnstartedServer(nil)
	b := NewServer(ts.Listener.Addr(), Options{Workers: 1})
	ts.Config.Handler = b
	ts.Start()
	defer ts.Close()
	r := post(t, ts, "/api/game/new", `{"opponent":"simple","seed":3}`, nil)
	moves, _ := r.body["moves"].([]any)
	if r.status != 200 || len(moves) == 0 {
		t.Fatalf("new game: %d %s", r.status, r.raw)
	}
	if err := b.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(map[string]any{"game": r.body["game"], "move": moves[0].(map[string]any)["event"]})
	if r := post(t, ts, "/api/game/move", string(q), nil); r.status != 200 || r.body["over"] != true || r.body["error"] == nil {
		t.Errorf("a move after shutdown: %d %s", r.status, r.raw)
	}
	if r := post(t, ts, "/api/game/new", `{"opponent":"simple"}`, nil); r.status != 503 {
		t.Errorf("a new game after shutdown: %d %s", r.status, r.raw)
	}
}

// TestPointsCountsOneAsAPoint: a hand's end says "the opponent won 1
// point", not "1 points".
func TestPointsCountsOneAsAPoint(t *testing.T) {
	for n, want := range map[int]string{0: "0 points", 1: "1 point", 2: "2 points", 25: "25 points"} {
		if got := points(n); got != want {
			t.Errorf("points(%d) = %q, want %q", n, got, want)
		}
	}
}
