package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/board"
)

// TestAdviseAgreesWithTheBoard asks `advise --json` and the board's
// /api/advise for the same position at the same budget, each at its
// default seed, and requires the same advice, candidate by candidate.
func TestAdviseAgreesWithTheBoard(t *testing.T) {
	const pos = "p1 draw hand=AC,3C,4C,7D,7H,7S,5H,5D,5S,KD pile=KS,QH stock=30 took=- passed=KS discards=QH dealer=p1"
	code, out, errOut := runCLI(t, "", "advise", "--json", "--samples", "256", pos)
	if code != 0 {
		t.Fatalf("advise: exit %d: %s", code, errOut)
	}
	var cli map[string]any
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}

	ts := httptest.NewUnstartedServer(nil)
	b := board.NewServer(ts.Listener.Addr(), board.Options{Workers: 1})
	ts.Config.Handler = b
	ts.Start()
	defer func() {
		b.Shutdown(context.Background())
		ts.Close()
	}()
	body, _ := json.Marshal(map[string]any{"position": pos, "samples": 256})
	resp, err := http.Post(ts.URL+"/api/advise", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/api/advise: %d %s", resp.StatusCode, raw)
	}
	var api map[string]any
	if err := json.Unmarshal(raw, &api); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"recommended", "candidates", "equity_before"} {
		if !reflect.DeepEqual(cli[k], api[k]) {
			t.Errorf("%s: advise gives %v, the board %v", k, cli[k], api[k])
		}
	}
}
