package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testpositions"
)

// TestAdviseTiesAndWhy: on a discard whose best moves are equal within
// the noise, advise --json marks each candidate's tie with the
// recommendation, with its loss and the loss's error, and says why; the
// table marks the same moves = and prints the same sentence.
func TestAdviseTiesAndWhy(t *testing.T) {
	t.Parallel()
	args := []string{"advise", "--samples", "256", "--seed", "1", "--workers", "1", testpositions.NearTie}
	code, out, errOut := runCLI(t, "", append(args, "--json")...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var a struct {
		Recommended string `json:"recommended"`
		Why         string `json:"why"`
		Candidates  []struct {
			Move   string   `json:"move"`
			Tie    *bool    `json:"tie"`
			Loss   *float64 `json:"loss"`
			LossSE *float64 `json:"loss_se"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	var ties []string
	for i, c := range a.Candidates {
		if c.Tie == nil || c.Loss == nil || c.LossSE == nil {
			t.Fatalf("%s: tie, loss or loss_se missing in %s", c.Move, out)
		}
		if i == 0 && (*c.Tie || *c.Loss != 0 || *c.LossSE != 0) {
			t.Errorf("the recommendation %s: tie %v, loss %v ± %v; want no tie and no loss", c.Move, *c.Tie, *c.Loss, *c.LossSE)
		}
		if *c.Tie {
			ties = append(ties, c.Move)
			if *c.Loss > 1.5**c.LossSE {
				t.Errorf("%s is marked a tie %v ± %v behind", c.Move, *c.Loss, *c.LossSE)
			}
		}
	}
	if len(ties) == 0 {
		t.Fatalf("no tie in %s", out)
	}
	if !strings.HasPrefix(a.Why, a.Recommended+" and ") || !strings.Contains(a.Why, "equal within the noise") {
		t.Errorf("why: %q; want %s said equal to a tie", a.Why, a.Recommended)
	}
	_, table, _ := runCLI(t, "", args...)
	for _, m := range ties {
		if !strings.Contains(table, "\n"+m+"=") && !strings.Contains(table, "\n"+m+"*=") {
			t.Errorf("the table does not mark %s =:\n%s", m, table)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(table), " "), a.Why) {
		t.Errorf("the table does not say %q:\n%s", a.Why, table)
	}
}

// TestAdviseSamplesBound: advise takes at most advise.MaxSamples worlds
// and says so; a larger --samples is a usage error, not a budget cut
// silently (it was: 300,000 played as 100,000). The probability
// commands keep their own, larger bound.
func TestAdviseSamplesBound(t *testing.T) {
	pos := "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1"
	code, _, errOut := runCLI(t, "", "advise", "--samples", "100001", pos)
	if code != ExitUsage || !strings.Contains(errOut, "--samples must be from 1 to 100,000, not 100001") {
		t.Errorf("advise --samples 100001: exit %d, %q; want a usage error naming 100,000", code, errOut)
	}
	code, out, _ := runCLI(t, "", "advise", "--help")
	if code != ExitOK || !strings.Contains(out, "sampled worlds, 1 to 100,000") {
		t.Errorf("advise --help does not give the bound: %q", out)
	}
	code, _, errOut = runCLI(t, "", "outs", "--samples", "1000001", pos)
	if code != ExitUsage || !strings.Contains(errOut, "from 1 to 1,000,000") {
		t.Errorf("outs --samples 1000001: exit %d, %q", code, errOut)
	}
}
