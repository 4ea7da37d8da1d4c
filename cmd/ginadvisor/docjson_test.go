package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testpositions"
)

// TestDocumentedJSONFields reads each command's documented JSON fields
// and runs the command with --json: every field the documents name must
// appear in the output, as a key or a value, so that a field dropped from
// the output, or renamed, fails here.
func TestDocumentedJSONFields(t *testing.T) {
	t.Parallel()
	const pos = "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1"
	const knockPos = "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai"
	log := filepath.Join("..", "..", "testdata", "sample.log")
	tests := []struct {
		doc, from, to string
		args          []string
		// values are documented words that are values of a mode the
		// command does not show here, such as another grading.
		values []string
	}{
		// A short form holds no record: no history form to give.
		{"notation.md", "`--json` fields:", "streamed input", []string{"position", "--json", pos}, []string{"history"}},
		{"notation.md", "`--json` fields:", "streamed input", []string{"position", "--json", "history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 7S"}, nil},
		{"analysis.md", "JSON fields: `rules`, `knock_limit`", "are listed in one order", []string{"knock", "--json", "--knocker", "7C 7D 7H 8S 9S TS AC 2C 3D 4D", "--defender", "8C 9C TC 5H 5D 5S KD QD JD 2H"},
			// meld is a key of placements, empty here; the others are values.
			[]string{"given", "big_gin", "gin", "undercut", "defender", "discard", "meld", "knock", "knocker"}},
		{"analysis.md", "JSON fields: `melds`, `hand`, `candidates`", "## What the seat", []string{"layoff", "--json", "--melds", "3C 3D 3S | AH 2H 3H | 8H 9H TH", "--hand", "4H 5H 7H 6H 2C KS KD KC 9C JH"}, nil},
		{"analysis.md", "JSON fields: `outs`:", "`danger`:", []string{"outs", "--json", "--samples", "500", pos}, nil},
		{"analysis.md", "`danger`: `hand`", "`risk`:", []string{"danger", "--json", "--samples", "200", "p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6"}, nil},
		{"analysis.md", "`risk`: `hand`", "`calibrate`:", []string{"risk", "--json", "--samples", "200", knockPos}, nil},
		{"analysis.md", "`calibrate`: `stages`", "## `ginadvisor advise", []string{"calibrate", "--json", "--games", "2"}, nil},
		{"analysis.md", "`--json`: `phase`", "Every\ncandidate", []string{"advise", "--json", "--samples", "64", pos}, []string{"danger", "outs_knock", "outs_gin", "melds", "undercut", "fixed_undercut"}},
		// A knock decision has the knocks' fields instead of the discards'.
		{"analysis.md", "`--json`: `phase`", "Every\ncandidate", []string{"advise", "--json", "--samples", "64", testpositions.UndercutCertain}, []string{"danger", "outs_knock", "outs_gin"}},
		{"play.md", "`--json` fields:", "The `heuristic` player", []string{"simulate", "--json", "--games", "4", "--quiet", "--mirrored"}, []string{"interrupted"}},
		{"batch.md", "`--json` fields:", "\n\n", []string{"batch", "--json", "--quick", log}, []string{"advisor", "message", "null", "luck"}},
		{"log-format.md", "`--json` prints one object:", "```", []string{"log", "check", "--json", log}, nil},
		{"arena.md", "| `--json` | the result as JSON:", " |\n", []string{"match", "--json", "--p1", "simple", "--p2", "random", "--games", "2", "--sprt", "elo0=0 elo1=10"},
			// Present only for a dropped game, under a clock; null is a value.
			[]string{"null", "dropped_games", "timed_games", "time_a_game_ms", "max_time_a_game_ms", "least_left_ms"}},
		// Two games a pairing are too few pairs: no_interval is there.
		{"arena.md", "`--json` gives `players`", "Ctrl-C stops a tournament", []string{"tournament", "--json", "--games", "2", "simple", "random"}, []string{"null"}},
	}
	word := regexp.MustCompile("`([a-z][a-z0-9_]*)`")
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		i := strings.Index(text, tt.from)
		if i < 0 {
			t.Errorf("%s: no %q", tt.doc, tt.from)
			continue
		}
		j := strings.Index(text[i+len(tt.from):], tt.to)
		if j < 0 {
			t.Errorf("%s: no %q after %q", tt.doc, tt.to, tt.from)
			continue
		}
		section := text[i : i+len(tt.from)+j]
		code, out, errOut := runCLI(t, "", tt.args...)
		if code != ExitOK && code != ExitBadInput {
			t.Errorf("%s: exit %d: %s", tt.args[0], code, errOut)
			continue
		}
		n := 0
		for _, m := range word.FindAllStringSubmatch(section, -1) {
			field := m[1]
			skip := false
			for _, v := range tt.values {
				skip = skip || v == field
			}
			if skip || field == tt.args[0] {
				continue
			}
			n++
			if !strings.Contains(out, `"`+field+`"`) {
				t.Errorf("%s --json: the documented field %q is not in the output", tt.args[0], field)
			}
		}
		if n < 3 {
			t.Errorf("%s: only %d documented fields found", tt.args[0], n)
		}
	}
}
