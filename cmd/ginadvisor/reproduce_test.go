package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestAdviseReproducesAGrade grades a sample log and asks `advise --full`
// for the rows' positions with the samples, seed and particles each row
// gives: the advised move and the equity the move played lost must come
// out as the row says.
func TestAdviseReproducesAGrade(t *testing.T) {
	code, out, errOut := runCLI(t, "", "batch", "--quiet", "--samples", "128", "--jsonl", "-", "--json", "../../testdata/openspiel/heuristic-vs-simple.jsonl")
	if code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	type row struct {
		Kind, Move, Best, Position string
		EquityLost                 float64 `json:"equity_lost"`
		Samples, Particles         int
		Seed                       uint64
	}
	checked := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && checked < 4 {
		var r row
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Position == "" || r.EquityLost == 0 || !strings.HasPrefix(r.Move, "discard") {
			continue
		}
		checked++
		code, out, errOut := runCLI(t, "", "advise", "--json", "--full", "--samples", fmt.Sprint(r.Samples), "--seed", fmt.Sprint(r.Seed),
			"--particles", fmt.Sprint(r.Particles), r.Position)
		if code != 0 {
			t.Fatalf("advise: exit %d: %s", code, errOut)
		}
		var a struct {
			Recommended string
			Candidates  []struct {
				Move      string
				Advantage float64
			}
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		adv := map[string]float64{}
		for _, c := range a.Candidates {
			adv[c.Move] = c.Advantage
		}
		lost := adv[r.Best] - adv[r.Move]
		if a.Recommended != r.Best || math.Abs(lost-r.EquityLost) > 1e-6 {
			t.Errorf("%s: advise recommends %s, %s losing %.6f; the row says %s, %.6f", r.Position, a.Recommended, r.Move, lost, r.Best, r.EquityLost)
		}
	}
	if checked == 0 {
		t.Fatal("no row to check")
	}
}
