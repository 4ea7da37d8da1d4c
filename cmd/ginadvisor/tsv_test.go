package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTSVHasOnlyRows runs every command that prints tables with --format
// tsv: standard output holds tab-separated rows alone, with no heading,
// note or verdict (every table here has two columns or more). The
// commands that print no table refuse tsv as a usage error.
func TestTSVHasOnlyRows(t *testing.T) {
	const sampleLog = "../../testdata/sample.log"
	code, summary, _ := runCLI(t, "", "batch", "--json", "--quick", sampleLog)
	if code != ExitOK {
		t.Fatalf("batch --json: exit %d", code)
	}
	merged := filepath.Join(t.TempDir(), "summary.json")
	if err := os.WriteFile(merged, []byte(summary), 0o644); err != nil {
		t.Fatal(err)
	}
	knockAt := "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai"
	discardAt := "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"
	tests := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"score", "3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S"}},
		{"As 2s 3s 4h 5h 6h 7c 7d 7s 9d\nKC KD KH AS 2H 3C 4D 5S 6H 8C 9D\n", []string{"score", "-"}},
		{"", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"}},
		{"", []string{"layoff", "--melds", "3C 3D 3S | AH 2H 3H | 8H 9H TH", "--hand", "4H 5H 7H 6H 2C KS KD KC 9C JH"}},
		{"", []string{"rules"}},
		{"", []string{"position", positionExample}},
		{"", []string{"outs", positionExample}},
		{"", []string{"danger", "--samples", "100", discardAt}},
		{"", []string{"risk", "--samples", "100", knockAt}},
		{"", []string{"advise", "--samples", "100", knockAt}},
		{"", []string{"calibrate", "--games", "2"}},
		{"", []string{"simulate", "--games", "4"}},
		{"", []string{"batch", "--quick", sampleLog}},
		{"", []string{"merge", merged}},
		{"", []string{"tournament", "--games", "2", "simple", "heuristic"}},
	}
	for _, tt := range tests {
		name := strings.Join(tt.args[:1], " ")
		code, out, errText := runCLI(t, tt.stdin, append([]string{"--format", "tsv"}, tt.args...)...)
		if code != ExitOK || out == "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errText)
			continue
		}
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if !strings.Contains(line, "\t") {
				t.Errorf("%s: line %d is no row: %q", name, i+1, line)
			}
		}
	}
	for _, args := range [][]string{
		{"match", "--p1", "simple", "--p2", "heuristic", "--games", "2"},
		{"log", "check", sampleLog},
		{"check-engine", "engine:ginadvisor engine"},
		{"calibrate", "--fit", "--games", "2"},
	} {
		code, out, errText := runCLI(t, "", append(args, "--format", "tsv")...)
		if code != ExitUsage || out != "" || !strings.Contains(errText, "--format tsv") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a usage error", args[0], code, out, errText)
		}
	}
}
