package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/urfave/cli/v2"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files in testdata/")
)

func noEnv(string) string { return "" }

// runCLI runs the tool in-process and returns its exit code and output.
func runCLI(t testing.TB, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"ginadvisor"}, args...), strings.NewReader(stdin), &out, &errOut, noEnv)
	return code, out.String(), errOut.String()
}

// golden compares got with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// positionExample is worked by hand: p1 holds 10 cards and the pile 2, so
// 40 are unseen, 10 of them in p2's hand and 30 in the stock; the KS
// under the 7H is dead.
const positionExample = "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1"

// outsExample has one card to gin, worked by hand: the TS extends the
// spade run, and the king goes.
const outsExample = "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1"

// dangerExample: the opponent took two eights and kept them, so an eight
// discarded now is certain to be usable.
const dangerExample = "p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6"

// riskExample is a knock decision from a simulated game.
const riskExample = "p1 knock hand=AC,6C,2D,4D,6D,AH,4H,3S,4S,6S pile=6H,TD,JS,QH,QC,TC,JH,QS,9H,JD,8H,KS,8S,JC,QD,TS,KD,9C,KH,TH,7C,9D,7D,9S,7S,8D,3C stock=5 first=6H took=- passed=7C,QC,7D,QD,KD,6H,8H,9H,JH,KH,7S,8S,JS discards=TD,QH,TC,QS,JD,KS,JC,TS,9C,TH,9D,9S,8D drawn=6S draws=26 score=0-0 dealer=p1 rules=eaai number=1"

func TestGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"score_10", "", []string{"score", "As 2s 3s 4s 5s 6s 7h 7d 7c Kd"}, ExitOK},
		{"score_long_run", "", []string{"score", "s:A23456789 KD"}, ExitOK},
		{"score_long_run_all_splits", "", []string{"score", "--all-splits", "s:A23456789 KD"}, ExitOK},
		{"score_10_json", "", []string{"score", "--json", "As 2s 3s 4s 5s 6s 7h 7d 7c Kd"}, ExitOK},
		{"score_11", "", []string{"score", "3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S"}, ExitOK},
		{"score_11_json", "", []string{"score", "3C 4C 5C 6C 4D 5D 6D 3H 4H 5H 6S", "--json"}, ExitOK},
		{"score_three_kings", "", []string{"score", "KC KD KH AS 2H 3C 4D 5S 6H 8C 9D"}, ExitOK},
		{"score_big_gin", "", []string{"score", "--rules", "modern", "--symbols", "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH"}, ExitOK},
		{"score_no_big_gin_standard", "", []string{"score", "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH"}, ExitOK},
		{"score_unsplit_args", "", []string{"score", "s:A23", "h:789", "KC", "KD", "KH", "QS", "--knock-limit", "5"}, ExitOK},
		{"score_stream", "As 2s 3s 4h 5h 6h 7c 7d 7s 9d\n\n# a comment\nAs Xs\nKC KD KH AS 2H 3C 4D 5S 6H 8C 9D\nAs 2s\n", []string{"score", "-"}, ExitBadInput},
		{"score_stream_json", "As 2s 3s 4h 5h 6h 7c 7d 7s 9d\nAs As\nQS KS AS 2C 3C 4C\n", []string{"score", "--json"}, ExitBadInput},
		{"score_bad_card", "", []string{"score", "As 2s Zz"}, ExitBadInput},
		{"score_empty_argument", "As 2s 3s\n", []string{"score", ""}, ExitBadInput},
		{"score_twelve", "", []string{"score", "s:A23456789TJQ"}, ExitBadInput},
		{"score_bad_flag", "", []string{"score", "As", "--frobnicate"}, ExitUsage},
		{"score_straight", "", []string{"score", "--rules", "straight", "As 2s 3s 4h 5h 6h 7c 7d 7s 9d"}, ExitOK},
		{"score_bad_limit", "", []string{"score", "--knock-limit", "-1", "As"}, ExitUsage},
		{"unknown_command", "", []string{"frob"}, ExitUsage},
		{"knock_best", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"}, ExitOK},
		{"knock_best_json", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD", "--json"}, ExitOK},
		{"knock_given_melds", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD", "--melds", "2H 3H 4H | 7S 8S 9S | JC QC KC"}, ExitOK},
		{"knock_gin_json", "", []string{"knock", "--knocker", "7C 7D 7H 7S 3S 4S 5S 9H TH JH", "--defender", "8H 6S 2S KC KD 2C 3D 4H AC AD", "--json"}, ExitOK},
		{"knock_eleven_cards", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC KH", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"}, ExitOK},
		{"knock_big_gin", "", []string{"knock", "--rules", "modern", "--knocker", "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH", "--defender", "KC KD 2C 3D 4H 6S 8S 9S AC AD"}, ExitOK},
		{"knock_fourth_king", "", []string{"knock", "--knocker", "KC KD KH 2S 3S 4S 5D 6D 7D AH", "--defender", "KS QH QC 9H 9C 8S 8C 3H 4H 5C", "--json"}, ExitOK},
		{"knock_oklahoma_spades", "", []string{"knock", "--rules", "oklahoma", "--spades-double", "--upcard", "5s", "--knocker", "KC KD KH 2S 3S 4S 5D 6D 7D AH", "--defender", "QS QH QC 9H 9C 8S 8C 3H 4H 5C"}, ExitOK},
		{"knock_over_limit", "", []string{"knock", "--knocker", "KC KS KH 2S 3S 4S 5D 6D 8D QH", "--defender", "5H 6H AD 8C 7D 8H TD JD QD KD"}, ExitIllegal},
		{"knock_oklahoma_over", "", []string{"knock", "--rules", "oklahoma", "--upcard", "AS", "--knocker", "KC KD KH 2S 3S 4S 5D 6D 7D AH", "--defender", "QS QH QC 9H 9C 8S 8C 3H 4H 5C"}, ExitIllegal},
		{"knock_shared_card", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "2H 6H AD 8C 8D 8H TD JD QD KD"}, ExitBadInput},
		{"knock_bad_melds", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD", "--melds", "2H 3H 4H | 7S 8S TS"}, ExitBadInput},
		{"knock_missing_defender", "", []string{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC"}, ExitUsage},
		{"layoff", "", []string{"layoff", "--melds", "3C 3D 3S | AH 2H 3H | 8H 9H TH", "--hand", "4H 5H 7H 6H 2C KS KD KC 9C JH"}, ExitOK},
		{"layoff_json", "", []string{"layoff", "--melds", "7D 8D 9D", "--hand", "5D 6D KC QC JC JH QS 2S 3H 4C", "--json"}, ExitOK},
		{"layoff_overlap", "", []string{"layoff", "--melds", "3C 3D 3S", "--hand", "3S 4S 5S"}, ExitBadInput},
		{"rules_modern", "", []string{"rules", "--rules", "modern", "--knock-limit", "7"}, ExitOK},
		{"rules_eaai_json", "", []string{"rules", "--rules", "eaai", "--json"}, ExitOK},
		{"rules_unknown", "", []string{"rules", "--rules", "martian"}, ExitUsage},
		{"simulate_table", "", []string{"simulate", "--p1", "simple", "--p2", "random", "--games", "40", "--seed", "3"}, ExitOK},
		{"simulate_json", "", []string{"simulate", "--games", "200", "--seed", "3", "--rules", "eaai", "--json", "--workers", "1"}, ExitOK},
		{"simulate_bad_player", "", []string{"simulate", "--p1", "genius"}, ExitUsage},
		{"simulate_bad_games", "", []string{"simulate", "--games", "0"}, ExitUsage},
		{"play_input_ends", "n\n", []string{"play", "--seed", "5"}, ExitOK},
		{"play_quit", "n\nquit\n", []string{"play", "--seed", "5"}, ExitOK},
		{"simulate_huge_games", "", []string{"simulate", "--games", "9999999999999"}, ExitUsage},
		{"simulate_bad_log", "", []string{"simulate", "--games", "2", "--log", "/nonexistent/dir/x.log"}, ExitUsage},
		{"rules_gin_bonus_overflow", "", []string{"rules", "--gin-bonus", "9223372036854775807"}, ExitUsage},
		{"position", "", []string{"position", positionExample}, ExitOK},
		{"position_json", "", []string{"position", "--json", positionExample}, ExitOK},
		{"position_history", "", []string{"position", "history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS ; p1 draw 7S"}, ExitOK},
		// Rules flags apply to a position that names none; a position
		// that names other rules is a usage error.
		{"position_rules_flags", "", []string{"position", "--rules", "modern", "--target", "250", positionExample}, ExitOK},
		{"position_rules_conflict", "", []string{"position", "--target", "250", positionExample + " rules=modern"}, ExitUsage},
		{"position_two_places", "", []string{"position", strings.Replace(positionExample, "pile=KS,7H", "pile=KS,AC", 1)}, ExitBadInput},
		{"position_counts", "", []string{"position", strings.Replace(positionExample, "stock=30", "stock=31", 1)}, ExitBadInput},
		{"position_stream", positionExample + "\n# a comment\np1 draw hand=AC\n", []string{"position", "--json"}, ExitBadInput},
		{"score_comment", "\uFEFFAs 2s 3s 7h 7d 7c Kd Qd Jd 4c # kd\n", []string{"score"}, ExitOK},
		{"score_help_anywhere", "", []string{"score", "As", "2s", "3s", "--help"}, ExitOK},
		{"play_symbols", "n\n", []string{"play", "--seed", "5", "--symbols"}, ExitOK},
		{"play_no_json", "", []string{"play", "--json"}, ExitUsage},
		{"did_you_mean", "", []string{"scroe", "As"}, ExitUsage},
		{"did_you_mean_subcommand", "", []string{"log", "chekc"}, ExitUsage},
		{"global_json_flag", "", []string{"--json", "rules", "--rules", "uk"}, ExitOK},
		{"bad_color", "", []string{"rules", "--color", "sometimes"}, ExitUsage},
		{"bad_flag_value", "", []string{"play", "--seed", "x"}, ExitUsage},
		{"outs_single_gin", "", []string{"outs", "--samples", "2000", outsExample}, ExitOK},
		{"outs_mid_hand", "", []string{"outs", positionExample}, ExitOK},
		{"danger_two_eights", "", []string{"danger", "--samples", "2000", dangerExample}, ExitOK},
		{"danger_wrong_phase", "", []string{"danger", outsExample}, ExitBadInput},
		{"risk_example", "", []string{"risk", "--samples", "2000", riskExample}, ExitOK},
		{"outs_bad_samples", "", []string{"outs", "--samples", "0", outsExample}, ExitUsage},
		{"advise_discard", "", []string{"advise", "--samples", "300", "--workers", "1", riskExample}, ExitOK},
		{"advise_certain_undercut", "", []string{"advise", "--samples", "300", "--workers", "1", testpositions.UndercutCertain}, ExitOK},
		{"advise_dead_card", "", []string{"advise", "--samples", "300", "--workers", "1", testpositions.DeadCard}, ExitOK},
		{"advise_late_knock", "", []string{"advise", "--samples", "300", "--workers", "1", testpositions.LateKnock}, ExitOK},
		{"advise_gin_draw", "", []string{"advise", "--samples", "300", "--workers", "1", "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,TS stock=30 took=- passed=QC discards=TS dealer=p1"}, ExitOK},
		{"simulate_advisor", "", []string{"simulate", "--p1", "advisor", "--p2", "random", "--games", "2", "--advisor-samples", "8", "--workers", "1"}, ExitOK},
		{"knock_empty_knocker", "", []string{"knock", "--knocker", "", "--defender", "2H"}, ExitBadInput},
		{"layoff_sixteen_cards", "", []string{"layoff", "--melds", "AS 2S 3S 4S 5S 6S 7S 8S | AH 2H 3H 4H | AD 2D 3D 4D", "--hand", "KC"}, ExitBadInput},
		{"rules_straight_knock_limit", "", []string{"rules", "--rules", "straight", "--knock-limit", "10"}, ExitUsage},
		{"rules_oklahoma_straight", "", []string{"rules", "--oklahoma", "--straight"}, ExitUsage},
		{"rules_spades_without_oklahoma", "", []string{"rules", "--spades-double"}, ExitUsage},
		{"knock_upcard_not_oklahoma", "", []string{"knock", "--upcard", "5s", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"}, ExitUsage},
		{"log_check_sample", "", []string{"log", "check", filepath.Join("..", "..", "testdata", "sample.log")}, ExitOK},
		{"convert_eaai", "", []string{"convert", filepath.Join("..", "..", "testdata", "eaai", "heuristic-vs-simple-001.txt")}, ExitOK},
		{"convert_openspiel_saved", "", []string{"convert", filepath.Join("..", "..", "testdata", "openspiel", "saved.txt")}, ExitOK},
		{"convert_damaged", "", []string{"convert", filepath.Join("..", "..", "testdata", "eaai", "damaged")}, ExitBadInput},
		{"convert_bad_from", "", []string{"convert", "--from", "pgn", "-"}, ExitUsage},
		{"batch_quick", "", []string{"batch", "--quick", "--format", "plain", filepath.Join("..", "..", "testdata", "eaai")}, ExitBadInput},
		{"batch_quick_json", "", []string{"batch", "--quick", "--json", filepath.Join("..", "..", "testdata", "openspiel")}, ExitOK},
		{"batch_advisor", "", []string{"batch", "--samples", "8", "--workers", "1", "--format", "plain", filepath.Join("..", "..", "testdata", "eaai", "heuristic-vs-simple-002.txt")}, ExitOK},
		{"batch_not_a_log", "", []string{"batch", "--quick", filepath.Join("..", "..", "testdata", "hands.txt")}, ExitBadInput},
		{"batch_csv_stdout", "", []string{"batch", "--quick", "--csv", "-", filepath.Join("..", "..", "testdata", "openspiel", "saved.txt")}, ExitOK},
		{"batch_bad_shard", "", []string{"batch", "--shard", "4/3", "-"}, ExitUsage},
		{"merge_not_json", "hello\n", []string{"merge", "-"}, ExitBadInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr: %s", code, tt.code, errOut)
			}
			golden(t, tt.name, out+"--- stderr\n"+errOut)
		})
	}
}

func TestFlagsAfterArguments(t *testing.T) {
	t.Parallel()
	_, before, _ := runCLI(t, "", "score", "--json", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c")
	_, after, _ := runCLI(t, "", "score", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", "--json")
	if before != after || !strings.HasPrefix(after, "{") {
		t.Errorf("flag after the hand was not honoured:\n%s\n%s", before, after)
	}
	_, tight, _ := runCLI(t, "", "score", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c", "--knock-limit=0", "--json")
	if !strings.Contains(tight, `"knock_limit":0`) {
		t.Errorf("--knock-limit=0 after the hand ignored: %s", tight)
	}
}

func TestSimulateLog(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.log")
	code, _, errOut := runCLI(t, "", "simulate", "--games", "5", "--seed", "2", "--log", path, "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "ginadvisor-log 2\ngame 1 seed ") || strings.Count(string(data), "\nend\n") != 5 {
		t.Fatalf("log:\n%.500s", data)
	}
}

func TestStreamLongLine(t *testing.T) {
	t.Parallel()
	input := "As 2s 3s\n" + strings.Repeat("x", 100_000) + "\nKs Kd Kh\nQs Qd Qh"
	code, out, errOut := runCLI(t, input, "score", "--json")
	if code != ExitBadInput || !strings.Contains(errOut, "stdin:2: line longer than") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if lines := strings.Count(out, "\n"); lines != 4 || !strings.Contains(out, `"line":4`) {
		t.Fatalf("output:\n%s", out)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "", "--version")
	if code != ExitOK || !strings.Contains(out, version) {
		t.Errorf("--version: code %d, output %q", code, out)
	}
}

func TestColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		terminal bool
		want     bool
	}{
		{"terminal", nil, nil, true, true},
		{"pipe", nil, nil, false, false},
		{"flag", nil, []string{"--no-color"}, true, false},
		{"NO_COLOR", map[string]string{"NO_COLOR": "1"}, nil, true, false},
		{"dumb terminal", map[string]string{"TERM": "dumb"}, nil, true, false},
		{"--color=never on a terminal", nil, []string{"--color=never"}, true, false},
		{"--color=always in a pipe", nil, []string{"--color", "always"}, false, true},
		{"--color=always over NO_COLOR", map[string]string{"NO_COLOR": "1"}, []string{"--color=always"}, false, true},
		{"--color=auto in a pipe", nil, []string{"--color=auto"}, false, false},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		env := &environment{stdout: &out, stderr: io.Discard, stdin: strings.NewReader(""),
			getenv: func(k string) string { return tt.env[k] }, isTerminal: func(io.Writer) bool { return tt.terminal }}
		a := newAppWith(env)
		args := append([]string{"ginadvisor", "score", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c"}, tt.args...)
		if err := a.Run(cliargs.Reorder(a, args)); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := strings.Contains(out.String(), "\x1b["); got != tt.want {
			t.Errorf("%s: colored = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLogCheck(t *testing.T) {
	t.Parallel()
	sample := filepath.Join("..", "..", "testdata", "sample.log")
	code, out, errOut := runCLI(t, "", "log", "check", sample)
	if code != ExitOK || !strings.Contains(out, "2 games read (6 hands), 0 skipped") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	// A discard of a card p1 does not hold, in the first game.
	broken := strings.Replace(string(data), "p1 discard KD", "p1 discard 5C", 1)
	code, out, _ = runCLI(t, broken, "log", "check", "-", "--json")
	var rep struct {
		GamesRead    int `json:"games_read"`
		GamesSkipped int `json:"games_skipped"`
		Errors       []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if code != ExitBadInput || rep.GamesRead != 2 || rep.GamesSkipped != 1 || len(rep.Errors) != 1 ||
		rep.Errors[0].File != "stdin" || rep.Errors[0].Line != 15 || !strings.Contains(rep.Errors[0].Message, "5C is not in the hand") {
		t.Fatalf("exit %d: %+v", code, rep)
	}
	// batch counts the same games read and skipped (log check counted the
	// damaged game as not read).
	_, out, _ = runCLI(t, broken, "batch", "--quick", "--json", "-")
	var sum struct {
		GamesRead    int `json:"games_read"`
		GamesSkipped int `json:"games_skipped"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.GamesRead != rep.GamesRead || sum.GamesSkipped != rep.GamesSkipped {
		t.Errorf("batch read %d games and skipped %d, log check %d and %d (%v)", sum.GamesRead, sum.GamesSkipped, rep.GamesRead, rep.GamesSkipped, err)
	}
	if code, _, _ := runCLI(t, "", "log", "check", filepath.Join(t.TempDir(), "missing.log")); code != ExitBadInput {
		t.Fatalf("a missing file: exit %d", code)
	}
}

// TestPositionCounts checks the position command's counts against the
// example worked by hand.
func TestPositionCounts(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "", "position", "--json", positionExample)
	var r struct {
		Unseen         []string `json:"unseen"`
		UnseenCount    int      `json:"unseen_count"`
		OpponentHidden int      `json:"opponent_hidden"`
		Stock          int      `json:"stock"`
		Dead           []string `json:"dead"`
		Upcard         string   `json:"upcard"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v: %s %s", code, err, out, errOut)
	}
	if r.UnseenCount != 40 || len(r.Unseen) != 40 || r.OpponentHidden != 10 || r.Stock != 30 || len(r.Dead) != 1 || r.Dead[0] != "KS" || r.Upcard != "7H" {
		t.Fatalf("%+v", r)
	}
	for _, c := range []string{"AC", "KS", "7H", "6S"} {
		if slices.Contains(r.Unseen, c) {
			t.Errorf("%s is seen, yet listed as unseen", c)
		}
	}
}

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrors runs every command against an output that cannot be
// written: each must say so and exit 1.
func TestWriteErrors(t *testing.T) {
	t.Parallel()
	sample := filepath.Join("..", "..", "testdata", "sample.log")
	commands := [][]string{
		{"score", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c"},
		{"score", "--json", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c"},
		{"rules"},
		{"rules", "--json"},
		{"knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"},
		{"knock", "--json", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD"},
		{"layoff", "--melds", "7D 8D 9D", "--hand", "5D 6D KC QC JC JH QS 2S 3H 4C"},
		{"simulate", "--games", "4"},
		{"position", positionExample},
		{"log", "check", sample},
		{"--version"},
	}
	for _, args := range commands {
		var errOut bytes.Buffer
		code := run(append([]string{"ginadvisor"}, args...), strings.NewReader(""), fullWriter{}, &errOut, noEnv)
		if code != ExitFailure || !strings.Contains(errOut.String(), "no space left") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// TestErrorsEscapeAndShortenInput checks that input echoed in an error
// cannot drive the terminal, and that long input is cut around the fault.
func TestErrorsEscapeAndShortenInput(t *testing.T) {
	t.Parallel()
	_, _, errOut := runCLI(t, "", "score", "As 2s \x1b]0;pwned\x07 3s")
	if strings.ContainsAny(errOut, "\x1b\x07") || !strings.Contains(errOut, `\x1b`) {
		t.Errorf("control characters reach the terminal: %q", errOut)
	}
	long := "As " + strings.Repeat(" ", 120000) + "Zz"
	code, _, errOut := runCLI(t, "", "score", long)
	if code != ExitBadInput || len(errOut) > 600 || !strings.Contains(errOut, "Zz") {
		t.Errorf("a 120 KB argument gives %d bytes of error: %.300q", len(errOut), errOut)
	}
	_, _, errOut = runCLI(t, "", "position", "p1 draw hand=\x1b[31m")
	if strings.Contains(errOut, "\x1b") {
		t.Errorf("position echoes control characters: %q", errOut)
	}
}

// TestKnockMeldOrder checks that a spread is written in one order in the
// options table and in the summary line.
func TestKnockMeldOrder(t *testing.T) {
	t.Parallel()
	_, out, _ := runCLI(t, "", "knock", "--knocker", "2H 3H 4H AC 7S 8S 9S JC QC KC", "--defender", "5H 6H AD 8C 8D 8H TD JD QD KD")
	if n := strings.Count(out, "2H 3H 4H | 7S 8S 9S | JC QC KC"); n != 2 {
		t.Errorf("the minimal spread appears %d times in one order:\n%s", n, out)
	}
}

func TestVersionHasBuildInfo(t *testing.T) {
	t.Parallel()
	_, out, _ := runCLI(t, "", "--version")
	// A test binary has build info with the Go version, at least.
	if !strings.Contains(out, version) || !strings.Contains(out, "go1.") {
		t.Errorf("--version: %q", out)
	}
}

// TestHelpHasExamples checks that every command's help shows examples.
func TestHelpHasExamples(t *testing.T) {
	t.Parallel()
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	var check func(prefix string, cmds []*cli.Command)
	check = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			if len(c.Subcommands) > 0 {
				check(prefix+c.Name+" ", c.Subcommands)
				continue
			}
			if !strings.Contains(c.Description, "Examples:") {
				t.Errorf("%s%s has no examples in its help", prefix, c.Name)
			}
		}
	}
	check("", app.Commands)
}

func TestScoreReadsAFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "testdata", "hands.txt")
	code, out, errOut := runCLI(t, "", "score", "--json", path)
	if code != ExitOK || strings.Count(out, "\n") < 3 || errOut != "" {
		t.Fatalf("exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), errOut)
	}
}

// TestProgress checks the progress bar's content, and that a pipe gets
// none.
func TestProgress(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	bar := render.NewProgress(&buf, 100, "games")
	bar.Set(50)
	bar.Set(40) // out of order: ignored
	bar.Finish()
	if out := buf.String(); !strings.Contains(out, "50/100") || !strings.Contains(out, "games/s") {
		t.Errorf("bar: %q", out)
	}
	code, _, errOut := runCLI(t, "", "simulate", "--games", "8")
	if code != ExitOK || errOut != "" {
		t.Errorf("a pipe got progress: %q", errOut)
	}
}

// TestHumanOutputFits80Columns checks that every human-readable golden
// output fits 80 columns. JSON, CSV, game logs, the position notation (one
// line by design) and the terminal game's prompts are left out.
func TestHumanOutputFits80Columns(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	for _, f := range files {
		base := filepath.Base(f)
		if strings.Contains(base, "json") || strings.HasPrefix(base, "position") || strings.HasPrefix(base, "play") ||
			strings.HasPrefix(base, "convert") || strings.Contains(base, "csv") ||
			strings.Contains(base, "help") || base == "knock_fourth_king.golden" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		stdout, _, _ := strings.Cut(string(data), "--- stderr")
		for i, line := range strings.Split(stdout, "\n") {
			if pos := strings.TrimSpace(line); (strings.HasPrefix(pos, "p1 ") || strings.HasPrefix(pos, "p2 ")) && strings.Contains(pos, " hand=") ||
				strings.HasPrefix(pos, "history p") {
				continue // a position, to paste whole
			}
			if w := utf8.RuneCountInString(line); w > 80 {
				t.Errorf("%s:%d is %d columns: %.60q…", base, i+1, w, line)
			}
		}
	}
}

// TestHelpDefaultsOnce checks that no flag's help shows two defaults.
func TestHelpDefaultsOnce(t *testing.T) {
	t.Parallel()
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	for _, c := range app.Commands {
		_, out, _ := runCLI(t, "", c.Name, "--help")
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "(default:") > 1 {
				t.Errorf("%s: %q", c.Name, strings.TrimSpace(line))
			}
		}
	}
}

// TestOutsJSON checks the outs of the worked example through the JSON.
func TestOutsJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "", "outs", "--json", "--samples", "500", outsExample)
	var r struct {
		Count map[string]int `json:"count"`
		Cards []struct {
			Card    string  `json:"card"`
			Kind    string  `json:"kind"`
			Discard string  `json:"discard"`
			Next    float64 `json:"next"`
		} `json:"cards"`
		Reach []struct {
			Draws  int    `json:"draws"`
			Method string `json:"method"`
		} `json:"reach"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v: %s", code, err, errOut)
	}
	sum := 0.0
	for _, c := range r.Cards {
		sum += c.Next
	}
	if r.Count["gin"] != 1 || r.Cards[0].Card != "TS" || r.Cards[0].Discard != "KH" || len(r.Cards) != 40 || sum < 0.999 || sum > 1.001 ||
		len(r.Reach) != 5 || r.Reach[0].Method != "exact" || r.Reach[1].Method != "monte carlo" {
		t.Fatalf("%+v", r)
	}
}

// TestOutputsNeverClobber: a batch whose run fails leaves its output files
// as they were, and an output that is also an input is refused.
func TestOutputsNeverClobber(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keep := filepath.Join(dir, "games.txt")
	if err := os.WriteFile(keep, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, _ := runCLI(t, "", "batch", "--quick", "--jsonl", keep)
	if b, _ := os.ReadFile(keep); string(b) != "precious\n" || code == ExitOK {
		t.Fatalf("exit %d; the file now holds %q", code, b)
	}
	log := filepath.Join("..", "..", "testdata", "sample.log")
	data, _ := os.ReadFile(log)
	in := filepath.Join(dir, "in.log")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "", "batch", "--quick", "--csv", in, in)
	if b, _ := os.ReadFile(in); string(b) != string(data) || code == ExitOK || !strings.Contains(errOut, "also an input") {
		t.Fatalf("exit %d, %s; the input changed: %v", code, errOut, string(b) != string(data))
	}
	code, _, errOut = runCLI(t, "", "convert", "--out", in, in)
	if b, _ := os.ReadFile(in); string(b) != string(data) || code == ExitOK {
		t.Fatalf("convert: exit %d, %s; the input changed: %v", code, errOut, string(b) != string(data))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("%d files in the directory: a temporary file was left", len(entries))
	}
}

// TestEmptyInputFails checks that a stream with nothing to read is bad
// input, as a file with no game is for batch and log check: a silent
// success would hide a broken pipeline.
func TestEmptyInputFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"score"}, "stdin: no hands in it"},
		{"\n# a comment only\n\n", []string{"score", "-"}, "stdin: no hands in it"},
		{"", []string{"position", "-"}, "stdin: no positions in it"},
		{"\n", []string{"outs"}, "stdin: no positions in it"},
		{"\uFEFF\n", []string{"danger", "-"}, "stdin: no positions in it"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(t, tt.stdin, tt.args...)
		if code != ExitBadInput || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v on %q: exit %d, stderr %q; want exit %d and %q", tt.args, tt.stdin, code, stderr, ExitBadInput, tt.want)
		}
	}
}

// linkedBinary gives the command for the tests that run it as a process
// and signal it: this test binary, linked as ginadvisor, which TestMain
// runs as the tool, so that no test pays for a build and a link.
func linkedBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "ginadvisor")
	if err := os.Symlink(self, bin); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
	return bin
}
