package board

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/batch"
)

// TestGateBoundsTheWaiting: a gate of one slot and a queue of two admits
// one, keeps two waiting and refuses the fourth at once; a waiter whose
// context ends leaves the queue.
func TestGateBoundsTheWaiting(t *testing.T) {
	g := newGate(1, 2)
	leave, err := g.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	admitted := make(chan error, 2)
	for range 2 {
		go func() {
			l, err := g.enter(ctx)
			if err == nil {
				l()
			}
			admitted <- err
		}()
	}
	waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return g.waiting == 2 })
	if _, err := g.enter(context.Background()); !errors.Is(err, errBusy) {
		t.Fatalf("a fourth request with the queue full: %v, want errBusy", err)
	}
	cancel()
	for range 2 {
		if err := <-admitted; !errors.Is(err, context.Canceled) {
			t.Errorf("a waiter whose context ended: %v", err)
		}
	}
	if g.idle() {
		t.Error("idle while a slot is held")
	}
	leave()
	if !g.idle() {
		t.Error("not idle once every slot is back and nobody waits")
	}
}

// waitFor polls cond a bounded number of times: the polls bound the wait.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the condition never held")
}

// TestAnalysesAreBounded is the light version of the load test: with the
// one analysis slot taken, of thirty concurrent requests for advice two
// wait in the queue and the other twenty-eight are refused at once with
// 503 and Retry-After; once the slot is free the two waiting are
// answered. On a board without the bound all thirty run at once.
func TestAnalysesAreBounded(t *testing.T) {
	const n, queue = 30, 2
	ts := httptestBoard(t, Options{Workers: 1, Analyses: 1, Queue: queue})
	b := ts.board
	leave, err := b.heavy.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type answer struct {
		status int
		retry  string
	}
	answers := make(chan answer, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/advise", strings.NewReader(`{"position":"`+drawPosition+`","samples":8}`))
			req.Header.Set("Content-Type", "application/json")
			res, err := ts.Client().Do(req)
			if err != nil {
				answers <- answer{}
				return
			}
			res.Body.Close()
			answers <- answer{res.StatusCode, res.Header.Get("Retry-After")}
		}()
	}
	busy := 0
	for range n - queue {
		a := <-answers
		if a.status != http.StatusServiceUnavailable || a.retry == "" {
			t.Fatalf("with the slot taken and the queue full: status %d, Retry-After %q; want 503 with Retry-After", a.status, a.retry)
		}
		busy++
	}
	waitFor(t, func() bool { b.heavy.mu.Lock(); defer b.heavy.mu.Unlock(); return b.heavy.waiting == queue })
	leave()
	wg.Wait()
	close(answers)
	for a := range answers {
		if a.status != http.StatusOK {
			t.Errorf("a request that waited for the slot: status %d", a.status)
		}
	}
	if busy != n-queue {
		t.Errorf("%d refused at once, want %d", busy, n-queue)
	}
}

// TestOnlyJSONIsAccepted: a body must say it is exactly application/json,
// optionally in UTF-8; anything else, or nothing, is 415.
func TestOnlyJSONIsAccepted(t *testing.T) {
	ts := httptestBoard(t, Options{})
	body := `{"position":"` + drawPosition + `"}`
	for _, tt := range []struct {
		ct     string
		status int
	}{
		{"application/json", 200},
		{"application/json; charset=utf-8", 200},
		{"Application/JSON;charset=UTF-8", 200},
		{"", 415},
		{"application/jsonfoo", 415},
		{"application/json-patch+json", 415},
		{"application/json; charset=latin1", 415},
		{"application/json; boundary=x", 415},
		{"text/plain", 415},
		{"application/json;", 200},
	} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/position", strings.NewReader(body))
		if tt.ct != "" {
			req.Header.Set("Content-Type", tt.ct)
		}
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.status {
			t.Errorf("Content-Type %q: status %d, want %d", tt.ct, res.StatusCode, tt.status)
		}
	}
}

// TestServesWhatItListensOn: every loopback address Listen accepts is one
// whose requests the board answers (127.0.0.2 was refused with 403 to
// every request); an address off loopback is refused at the start.
func TestServesWhatItListensOn(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:0", "127.0.0.2:0", "localhost:0", "[::1]:0"} {
		ln, err := Listen(addr)
		if err != nil {
			if addr == "[::1]:0" {
				continue // no IPv6 loopback on this machine
			}
			t.Fatalf("Listen(%q): %v", addr, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- Serve(ctx, ln, Options{Workers: 1}, new(strings.Builder), false) }()
		res, err := http.Post("http://"+ln.Addr().String()+"/api/position", "application/json", strings.NewReader(`{"position":"`+drawPosition+`"}`))
		if err != nil {
			t.Fatalf("%s: %v", addr, err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("listening on %s (%v): status %d", addr, ln.Addr(), res.StatusCode)
		}
		cancel()
		if err := <-served; err != nil {
			t.Errorf("%s: Serve: %v", addr, err)
		}
	}
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "example.com:0", "10.0.0.1:0"} {
		if ln, err := Listen(addr); !errors.Is(err, ErrNotLoopback) {
			if err == nil {
				ln.Close()
			}
			t.Errorf("Listen(%q): %v, want ErrNotLoopback", addr, err)
		}
	}
}

// TestAllowedHost: the names the guard serves, port 80 left out as a
// browser leaves it out.
func TestAllowedHost(t *testing.T) {
	for _, tt := range []struct {
		port, host string
		ok         bool
	}{
		{"8080", "127.0.0.1:8080", true},
		{"8080", "127.0.0.2:8080", true},
		{"8080", "[::1]:8080", true},
		{"8080", "localhost:8080", true},
		{"8080", "127.0.0.1:8081", false},
		{"8080", "attacker.example:8080", false},
		{"8080", "10.0.0.1:8080", false},
		{"80", "127.0.0.1", true},
		{"80", "localhost", true},
		{"80", "[::1]", true},
		{"8080", "127.0.0.1", false},
		{"80", "attacker.example", false},
	} {
		s := &server{port: tt.port}
		if got := s.allowedHost(tt.host); got != tt.ok {
			t.Errorf("port %s, Host %q: %v, want %v", tt.port, tt.host, got, tt.ok)
		}
	}
}

// boardServer is a test server with its board at hand.
type boardServer struct {
	URL    string
	board  *Server
	client *http.Client
}

func (b *boardServer) Client() *http.Client { return b.client }

// httptestBoard starts a board on a loopback port, keeping the board.
func httptestBoard(t *testing.T, o Options) *boardServer {
	t.Helper()
	var b *Server
	ts := newServer(t, o, func(h http.Handler) http.Handler { b = h.(*Server); return h })
	return &boardServer{URL: ts.URL, board: b, client: ts.Client()}
}

// checkAccuracies: a review's summary gives each player's accuracy under
// advisor grading, the figure batch prints for the same grading, and none
// under quick grading, which batch does not rate.
func checkAccuracies(t *testing.T, grading string, sum map[string]any) {
	t.Helper()
	players, _ := sum["players"].([]any)
	if len(players) != 2 {
		t.Fatalf("%s: %d players in %v", grading, len(players), notationClip(fmt.Sprint(sum)))
	}
	for _, p := range players {
		p := p.(map[string]any)
		if grading == "quick" {
			if acc, ok := p["accuracy"]; !ok || acc != nil {
				t.Errorf("quick: %v: accuracy %v, want null", p["name"], acc)
			}
			continue
		}
		acc, ok := p["accuracy"].(float64)
		want := batch.AccuracyFitFor("advisor").Of(p["mean_equity_lost"].(float64))
		if !ok || math.Abs(acc-want) > 1e-9 {
			t.Errorf("%v: accuracy %v, want %v", p["name"], p["accuracy"], want)
		}
	}
}
