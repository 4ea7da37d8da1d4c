package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"unicode"
)

// realShards runs the quick grading over the files (the samples when none
// is given) in n shards and returns each shard's summary as JSON, as its
// file would hold it.
func realShards(t testing.TB, n int, files ...string) []string {
	t.Helper()
	if len(files) == 0 {
		files = samples
	}
	ins := fileInputs(t, files...)
	var out []string
	for i := 0; i < n; i++ {
		s, err := Run(context.Background(), ins, Options{Quick: true, Shard: i, Shards: n})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// mergeTexts reads, checks and merges summaries given as JSON texts, as
// the merge command does.
func mergeTexts(texts ...string) (Summary, error) {
	var ins []Input
	for i, text := range texts {
		ins = append(ins, textInput(fmt.Sprintf("part-%d.json", i+1), text))
	}
	parts, err := ReadSummaries(ins)
	if err == nil {
		err = CheckMergeable(parts, false)
	}
	if err != nil {
		return Summary{}, err
	}
	return Merge(parts...), nil
}

// edited is a summary's JSON after edit has changed its decoded form.
func edited(t testing.TB, text string, edit func(s *Summary)) string {
	t.Helper()
	var s Summary
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		t.Fatal(err)
	}
	edit(&s)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkRefusal checks a merge's error is the refusal it should be: one
// printable line of bounded length, wrapping ErrSummary.
func checkRefusal(t *testing.T, name string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: merged, want %q", name, want)
		return
	}
	msg := err.Error()
	if !errors.Is(err, ErrSummary) || !strings.Contains(msg, want) {
		t.Errorf("%s: %.300s, want %q", name, msg, want)
	}
	if len(msg) > maxMessage+len("…") || strings.ContainsFunc(msg, unicode.IsControl) {
		t.Errorf("%s: the error is not one short line: %d bytes: %.300q", name, len(msg), msg)
	}
}

// TestRealShardsMerge checks what runs write passes every check.
func TestRealShardsMerge(t *testing.T) {
	parts := realShards(t, 3)
	m, err := mergeTexts(parts...)
	if err != nil {
		t.Fatal(err)
	}
	if m.Decisions == 0 || len(m.Players) == 0 {
		t.Fatalf("an empty merge: %+v", m)
	}
}

// TestAdvisorShardsMerge checks that what the advisor's grading writes,
// uncertain grades and luck included, passes every check and merges into
// the one-run summary; and that a luck that does not add up is refused.
func TestAdvisorShardsMerge(t *testing.T) {
	// The gradings of TestGradeDependsOnTheDecisionAlone: two OpenSpiel
	// hands (-long, more), whole and in two shards.
	runs, err := orderRuns()
	if err != nil {
		t.Fatal(err)
	}
	var whole Summary
	if err := json.Unmarshal(runs[0].summary, &whole); err != nil {
		t.Fatal(err)
	}
	whole.finish()
	parts := []string{string(runs[1].summary), string(runs[2].summary)}
	m, err := mergeTexts(parts...)
	if err != nil {
		t.Fatal(err)
	}
	uncertain := 0
	for _, p := range m.Players {
		uncertain += p.Uncertain
		if p.Luck == nil {
			t.Errorf("%s: no luck after the merge", p.Name)
		}
	}
	if uncertain == 0 {
		t.Error("no uncertain grade at 64 worlds: the test no longer covers them")
	}
	m.Shards, whole.Shards = nil, nil
	w := Merge(whole)
	w.Shards = nil
	if a, b := asJSON(t, w), asJSON(t, m); a != b {
		t.Errorf("the merge differs from one run:\n%s\n---\n%s", a, b)
	}
	_, err = mergeTexts(edited(t, parts[0], func(s *Summary) { s.Players[0].Luck.SkillMicro -= 5 }), parts[1])
	checkRefusal(t, "a luck that does not add up", err, "players[0].luck adds up to")
	_, err = mergeTexts(edited(t, parts[0], func(s *Summary) { s.Players[0].Luck.KindMicro["weather"] = 1 }), parts[1])
	checkRefusal(t, "a kind of luck that is none", err, "names \"weather\", no kind of luck")
	_, err = mergeTexts(edited(t, parts[0], func(s *Summary) { s.Players[0].Luck = nil }), parts[1])
	checkRefusal(t, "no luck under the advisor's grading", err, "players[0].luck is missing")
	_, err = mergeTexts(edited(t, parts[0], func(s *Summary) {
		l := s.Players[0].Luck
		l.SkillMicro -= 7
		l.KindMicro["deal"] += 7
	}), parts[1])
	checkRefusal(t, "a skill that is not the equity lost", err, "players[0].luck.skill_micro is")
}

// worstOf is the first worst decision of the summary's first player that
// has one.
func worstOf(t *testing.T, s *Summary) *BlunderRecord {
	t.Helper()
	for _, p := range s.Players {
		if len(p.Worst) > 0 {
			return &p.Worst[0]
		}
	}
	t.Fatal("no player has a worst decision")
	return nil
}

// TestImpossibleSummariesRefused edits real shard summaries into ones no
// run writes: each merge is refused, naming the field, in one short line.
func TestImpossibleSummariesRefused(t *testing.T) {
	parts := realShards(t, 2)
	zeros := func(n int) string { return "[" + strings.Repeat("0,", n-1) + "0]" }
	// longList puts a list of n zeros in the first player's field.
	longList := func(field string, n int) string {
		return strings.Replace(parts[0], `"`+field+`":[`, `"`+field+`":`+zeros(n)+`,"x":[`, 1)
	}
	both := func(edit func(s *Summary)) []string {
		return []string{edited(t, parts[0], edit), edited(t, parts[1], edit)}
	}
	shards := func(sh ...string) []string {
		return []string{edited(t, parts[0], func(s *Summary) { s.Shards = sh })}
	}
	tests := []struct {
		name  string
		texts []string
		want  string
	}{
		{"equity lost at 2^63-1 in two shards", both(func(s *Summary) { s.Players[0].LostMicro = math.MaxInt64 }),
			"players[0].equity_lost_micro is 9223372036854775807, not 0 to"},
		{"points that add past the bound", both(func(s *Summary) { s.Players[0].Points = MaxCount }),
			"the merged points of player"},
		{"a 100,000-bin histogram", []string{longList("lost_histogram", 100_000), parts[1]},
			"players[0].lost_histogram has more than 7 entries"},
		{"a 1,000-turn series", []string{longList("deadwood_by_turn_sum", 1000), parts[1]},
			"players[0].deadwood_by_turn_sum has more than 30 entries"},
		{"a histogram one bin short", both(func(s *Summary) { s.Players[0].LostHistogram = s.Players[0].LostHistogram[:6] }),
			"players[0].lost_histogram has 6 entries, not 7"},
		{"a histogram that does not sum", both(func(s *Summary) { s.Players[0].LostHistogram[0]++ }),
			"players[0].lost_histogram sums to"},
		{"blunders not in their bins", both(func(s *Summary) { s.Players[0].Blunders++ }), "players[0].blunders is"},
		{"losses of 0.02 and more in no class", both(func(s *Summary) {
			p := s.Players[0]
			p.LostHistogram[0]--
			p.LostHistogram[4]++
		}), "players[0].uncertain is 0, fewer than"},
		{"kinds that do not add up", both(func(s *Summary) { s.Players[0].ByKind[0].Matched = 0; s.Players[0].ByKind[0].Decisions++ }),
			"players[0].by_kind counts"},
		{"deadwood past ten cards", both(func(s *Summary) {
			s.Players[0].DeadwoodSum[0] = 101 * s.Players[0].DeadwoodCount[0]
			s.Players[0].DeadwoodCount[0] = max(1, s.Players[0].DeadwoodCount[0])
		}),
			"deadwood_by_turn_"},
		{"games no game gave", both(func(s *Summary) { s.Players[0].Games++ }), "played"},
		{"every game won by both", both(func(s *Summary) {
			for _, p := range s.Players {
				p.GamesWon = p.Games
			}
		}), "players won"},
		{"every hand won by both", both(func(s *Summary) {
			for _, p := range s.Players {
				p.HandsWon = p.Hands
			}
		}), "hands in all, more than"},
		{"a worst decision at line -5", both(func(s *Summary) { worstOf(t, s).Line = -5 }), "worst[0].line is -5"},
		{"a worst decision in game 10^10+1", both(func(s *Summary) { worstOf(t, s).Game = MaxCount + 1 }), "worst[0].game is 10000000001"},
		{"a worst decision of no kind", both(func(s *Summary) { worstOf(t, s).Kind = "shuffle" }), `worst[0].kind is "shuffle"`},
		{"a worst decision that lost nothing", both(func(s *Summary) { worstOf(t, s).EquityLost = 0 }), "worst[0].equity_lost is 0"},
		{"a worst decision's error below 0", both(func(s *Summary) { worstOf(t, s).EquityLostSE = -1 }), "worst[0].equity_lost_se is -1"},
		{"a count past the bound", both(func(s *Summary) { s.Hands = MaxCount + 1 }), "hands is 10000000001"},
		{"a player twice", both(func(s *Summary) { s.Players = append(s.Players, s.Players[0]) }), "repeats the name"},
		{"4e18 shards", shards("1/4000000000000000000"), "takes at most 100000 shares"},
		{"the most shards an int holds", shards("1/9223372036854775807"), "takes at most 100000 shares"},
		{"a million shards", shards("1/1000000"), "takes at most 100000 shares"},
		{"a shard of a long text", shards(strings.Repeat("9", 100_000) + "/1"), "takes i/n"},
		{"most shards missing", shards("1/100000"), "shards missing: 2/100000, 3/100000"},
		{"a long name, quoted and cut", both(func(s *Summary) {
			s.Players[0].Name = strings.Repeat("\x1b]0;x\x07", 1_000)
			s.Players = append(s.Players, s.Players[0])
		}), "repeats the name"},
	}
	for _, tt := range tests {
		_, err := mergeTexts(tt.texts...)
		checkRefusal(t, tt.name, err, tt.want)
	}
}

// TestSummaryBytesBounded refuses a source over MaxSummaryBytes rather
// than reading it, or reading it cut short.
// The summary is read as it is made, not built as a 16 MiB text first.
func TestSummaryBytesBounded(t *testing.T) {
	big := Input{Name: "big.json", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(io.MultiReader(strings.NewReader(`{"grading":"quick","shards":["1/1"],"x":"`),
			io.LimitReader(letters{}, MaxSummaryBytes), strings.NewReader(`"}`))), nil
	}}
	_, err := ReadSummaries([]Input{big})
	checkRefusal(t, "a summary over the bound", err, "more than 16 MiB")
}

// letters reads as an endless run of the letter a.
type letters struct{}

func (letters) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// FuzzMerge merges fuzzed summaries: the merge is accepted, or refused
// with ErrSummary in one short line; it never panics. When accepted, no
// merged count is negative.
func FuzzMerge(f *testing.F) {
	// One short log keeps the seeds small, and the fuzzer fast.
	parts := realShards(f, 2, "../testdata/eaai/heuristic-vs-simple-001.txt")
	f.Add(parts[0], parts[1])
	f.Add(strings.Replace(parts[0], `"shards":["1/2"]`, `"shards":["1/4000000000000000000"]`, 1), "")
	f.Add(strings.Replace(parts[0], `"shards":["1/2"]`, `"shards":["1/9223372036854775807"]`, 1), parts[1])
	f.Add(strings.Replace(parts[0], `"equity_lost_micro":`, `"equity_lost_micro":9223372036854775807,"x":`, 1), parts[1])
	f.Add(strings.Replace(parts[0], `"lost_histogram":[`, `"lost_histogram":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,`, 1), parts[1])
	f.Add(`{"shards":["1/1"],"players":[{},{},{}]}`, "")
	f.Add("", "[]")
	f.Fuzz(func(t *testing.T, a, b string) {
		texts := []string{a}
		if b != "" {
			texts = append(texts, b)
		}
		m, err := mergeTexts(texts...)
		if err != nil {
			msg := err.Error()
			if !errors.Is(err, ErrSummary) || len(msg) > maxMessage+len("…") || strings.ContainsFunc(msg, unicode.IsControl) {
				t.Fatalf("not one short line of ErrSummary: %T %.300q", err, msg)
			}
			return
		}
		for _, p := range m.Players {
			if p.Games < 0 || p.Decisions < 0 || p.LostMicro < 0 || p.Points < 0 {
				t.Fatalf("a merged count is negative: %+v", p)
			}
		}
	})
}
