package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

func fileInputs(t testing.TB, paths ...string) []Input {
	t.Helper()
	var ins []Input
	for _, p := range paths {
		path := p
		ins = append(ins, Input{Name: filepath.Base(path), Open: func() (io.ReadCloser, error) { return os.Open(path) }})
	}
	return ins
}

// openSpielHands is the first n hands of the OpenSpiel sample, one input:
// a real log of a few dozen decisions.
func openSpielHands(t testing.TB, n int) Input {
	t.Helper()
	b, err := os.ReadFile(samples[3])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	return textInput("hands.jsonl", strings.Join(lines[:n], ""))
}

func textInput(name, text string) Input {
	return Input{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
}

var samples = []string{
	"../testdata/eaai/heuristic-vs-simple-001.txt",
	"../testdata/eaai/heuristic-vs-simple-002.txt",
	"../testdata/eaai/heuristic-vs-simple-003.txt",
	"../testdata/openspiel/heuristic-vs-simple.jsonl",
	"../testdata/sample.log",
}

func run(t testing.TB, ins []Input, o Options) Summary {
	t.Helper()
	s, err := Run(context.Background(), ins, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func asJSON(t testing.TB, s Summary) string {
	t.Helper()
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCounts checks the summary against what the sample files hold,
// counted independently: games, hands, decisions and each player's games.
func TestCounts(t *testing.T) {
	s := run(t, fileInputs(t, samples...), Options{Quick: true})
	// Three EAAI games, four OpenSpiel hands (one game each) and the two
	// games of sample.log.
	if s.GamesRead != 9 || s.GamesSkipped != 0 || s.GamesAnalyzed != 9 || len(s.Errors) != 0 {
		t.Fatalf("read %d, skipped %d, analysed %d, errors %v", s.GamesRead, s.GamesSkipped, s.GamesAnalyzed, s.Errors)
	}
	byName := map[string]*Player{}
	for _, p := range s.Players {
		byName[p.Name] = p
	}
	if h := byName["heuristic"]; h == nil || h.Games != 7 || byName["simple"].Games != 9 || byName["random"].Games != 2 {
		t.Fatalf("players %v", asJSON(t, s))
	}
	// Every game is won by one of its players.
	won := 0
	for _, p := range s.Players {
		won += p.GamesWon
	}
	if won > s.GamesAnalyzed {
		t.Errorf("%d games won of %d", won, s.GamesAnalyzed)
	}
	// The decisions are those of the replay: count the draw, discard and
	// offer lines of the EAAI transcripts by hand from their text.
	eaai := run(t, fileInputs(t, samples[:3]...), Options{Quick: true})
	want := 0
	for _, f := range samples[:3] {
		b, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, " discards ") || strings.Contains(l, " declines ") {
				want++
			}
			// Each draw is a decision, except the forced draw after
			// both players declined the first upcard.
			if strings.Contains(l, " draws ") {
				want++
			}
		}
		want -= strings.Count(string(b), "declines") / 2 // the forced draws
		// Knock decisions: every discard after which a knock was legal;
		// counted by the replay, so only bounded here.
	}
	if eaai.Decisions < want {
		t.Errorf("%d decisions, want at least the %d offers, draws and discards", eaai.Decisions, want)
	}
}

// TestDeterministic: the same inputs and seed give the same summary and
// the same decisions, in the same order, at any worker count: the quick
// grading over two real logs, the advisor's over two short games.
func TestDeterministic(t *testing.T) {
	// The advisor's grading, the costly one, reads two short games (some
	// 60 decisions).
	short, err := rules.Apply(rules.Presets()["eaai"], rules.Override{Key: "target", Value: "40"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := gamelog.WriteLog(&b, testgames.Play(t, short, 2, 4)); err != nil {
		t.Fatal(err)
	}
	inputs := map[bool][]Input{true: fileInputs(t, samples[:2]...), false: {textInput("short.log", b.String())}}
	for _, quick := range []bool{true, false} {
		var outs []string
		for _, w := range []int{1, 3} {
			var rows bytes.Buffer
			o := Options{Quick: quick, Samples: 8, Seed: 4, Workers: w, OnDecision: func(d *Graded) error {
				b, _ := json.Marshal(d)
				rows.Write(b)
				return nil
			}}
			s := run(t, inputs[quick], o)
			if rows.Len() == 0 {
				t.Fatalf("quick=%v: no decision graded", quick)
			}
			outs = append(outs, asJSON(t, s)+rows.String())
		}
		if outs[0] != outs[1] {
			t.Errorf("quick=%v: the results differ between 1 and 3 workers", quick)
		}
	}
}

// TestMergeShards: end to end, the shards' summaries of real files,
// damaged ones included, merge into exactly the one-run summary. The
// merge itself is checked on generated summaries by
// TestMergeOfGeneratedSummaries; the advisor's grading is sharded the
// same way (each decision's seed depends on its game, not its shard).
func TestMergeShards(t *testing.T) {
	ins := fileInputs(t, append(samples, "../testdata/eaai/damaged/garbled-card.txt", "../testdata/eaai/damaged/truncated.txt")...)
	ins = append(ins, textInput("empty.txt", ""))
	for _, quick := range []bool{true} {
		o := Options{Quick: quick, Samples: 8, Seed: 9}
		whole := run(t, ins, o)
		whole.Shards = nil
		for _, n := range []int{2, 3} {
			var parts []Summary
			for i := 0; i < n; i++ {
				o.Shard, o.Shards = i, n
				s, _ := Run(context.Background(), ins, o)
				// Through JSON, as the shards' files would be.
				var back Summary
				if err := json.Unmarshal([]byte(asJSON(t, s)), &back); err != nil {
					t.Fatal(err)
				}
				parts = append(parts, back)
			}
			m := Merge(parts...)
			if len(m.Shards) != n {
				t.Errorf("%d shards recorded", len(m.Shards))
			}
			m.Shards = nil
			o.Shard, o.Shards = 0, 0
			w := Merge(whole)
			w.Shards = nil
			if a, b := asJSON(t, w), asJSON(t, m); a != b {
				t.Errorf("quick=%v, %d shards: the merge differs from one run:\n%s\n---\n%s", quick, n, a, b)
			}
		}
	}
}

// TestDamaged: damaged files are reported with file:line and skipped, and
// every other game is still analysed.
func TestDamaged(t *testing.T) {
	ins := fileInputs(t,
		"../testdata/eaai/damaged/truncated.txt",
		"../testdata/eaai/damaged/garbled-card.txt",
		"../testdata/eaai/damaged/missing-draw.txt",
		samples[1], samples[2])
	ins = append(ins,
		textInput("empty.log", ""),
		textInput("binary.bin", "\x00\x01\x02gin"),
		textInput("notes.md", "# my notes\nnothing here\n"))
	s, err := Run(context.Background(), ins, Options{Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.GamesAnalyzed != 2 || s.GamesSkipped != 3 || s.GamesRead != 5 {
		t.Errorf("read %d, skipped %d, analysed %d", s.GamesRead, s.GamesSkipped, s.GamesAnalyzed)
	}
	want := map[string]string{
		"truncated.txt":    "ends in the middle of a line",
		"garbled-card.txt": "is not a card",
		"missing-draw.txt": "",
		"empty.log":        "the input is empty",
		"binary.bin":       "binary data",
		"notes.md":         "is not the start of",
	}
	for _, e := range s.Errors {
		frag, ok := want[e.File]
		if !ok {
			t.Errorf("unexpected error %+v", e)
			continue
		}
		if !strings.Contains(e.Message, frag) {
			t.Errorf("%s: %q does not say %q", e.File, e.Message, frag)
		}
		if strings.HasSuffix(e.File, ".txt") && e.Line == 0 {
			t.Errorf("%s: no line in %+v", e.File, e)
		}
		delete(want, e.File)
	}
	if len(want) > 0 {
		t.Errorf("no error for %v", want)
	}
}

// TestClassify checks the thresholds at their edges.
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		lost float64
		want Class
	}{{0, Good}, {0.0199, Good}, {0.02, Inaccuracy}, {0.0499, Inaccuracy}, {0.05, Mistake}, {0.1, Blunder}, {0.5, Blunder}} {
		if got := Classify(c.lost); got != c.want {
			t.Errorf("Classify(%v) = %v, want %v", c.lost, got, c.want)
		}
	}
	if a := Accuracy(0); a < 99.99 {
		t.Errorf("Accuracy(0) = %v", a)
	}
	if a, b := Accuracy(0.05), Accuracy(0.1); !(a > b && b > 0) {
		t.Errorf("accuracy does not fall with the loss: %v, %v", a, b)
	}
}
