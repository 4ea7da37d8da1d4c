package render

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/calibrate"
	"github.com/ginadvisor/ginadvisor/probability"
)

func TestVersion(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-23T00:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	tests := []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "0.1"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "0.1, go1.26.8"},
		{info, "0.1 (module v1.2.3), commit 0123456789ab (modified) of 2026-11-23T00:00:00Z, go1.26.8"},
	}
	for _, tt := range tests {
		if got := Version("0.1", tt.info); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}

func TestJSONLine(t *testing.T) {
	var b strings.Builder
	if err := JSONLine(&b, 3, map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	if err := JSONLine(&b, 4, struct{}{}); err != nil {
		t.Fatal(err)
	}
	if err := JSONLine(&b, 0, []int{1}); err != nil {
		t.Fatal(err)
	}
	if err := JSONLine(&b, 5, []int{1}); err != nil {
		t.Fatal(err)
	}
	want := "{\"line\":3,\"a\":1}\n{\"line\":4}\n[1]\n{\"line\":5,\"value\":[1]}\n"
	if b.String() != want {
		t.Fatalf("%q, want %q", b.String(), want)
	}
}

func TestSuggest(t *testing.T) {
	known := []string{"score", "simulate", "advise"}
	for in, want := range map[string]string{"scroe": "score", "ADVICE": "advise", "xyzzy": "", "simulat": "simulate"} {
		if got := Suggest(in, known); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCaret(t *testing.T) {
	if got := Caret("As 2s 1s", 7); got != "  As 2s 1s\n        ^" {
		t.Errorf("%q", got)
	}
	long := strings.Repeat("a", 100) + "X" + strings.Repeat("b", 100)
	got := Caret(long, 101)
	parts := strings.Split(got, "\n")
	col := func(s, sub string) int { return utf8.RuneCountInString(s[:strings.Index(s, sub)]) }
	if !strings.HasPrefix(got, "  …") || len(parts) != 2 || col(parts[1], "^") != col(parts[0], "X") {
		t.Errorf("%q", got)
	}
	if Caret("abc", 0) != "" {
		t.Error("a caret with no column")
	}
}

// TestBatchEscapesNames: a player name with escape sequences, as a hostile
// log may hold, reaches the terminal escaped.
func TestBatchEscapesNames(t *testing.T) {
	s := batch.Summary{Players: []*batch.Player{{Name: "Evil\x1b]0;pwned\x07\x1b[2J", Worst: []batch.BlunderRecord{{File: "f\x1b[2J", Position: "p"}}}}}
	var b strings.Builder
	if err := Batch(&b, Style{Format: "plain"}, &s); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\x1b\x07") {
		t.Fatalf("raw control bytes in %q", b.String())
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 cards", 1: "1 card", 2: "2 cards"} {
		if got := Count(n, "card", "cards"); got != want {
			t.Errorf("Count(%d) = %q", n, got)
		}
	}
}

func TestTableWidth(t *testing.T) {
	var b strings.Builder
	for columns, want := range map[string]int{"": 80, "120": 120, "abc": 80, "5": 80} {
		if got := TableWidth(&b, columns); got != want {
			t.Errorf("COLUMNS=%q: %d, want %d", columns, got, want)
		}
	}
}

func TestWrapHelp(t *testing.T) {
	in := "   --rules value  rules preset (eaai, modern, oklahoma, openspiel, standard, straight, uk), or a spec such as modern,target=250 (default: \"standard\")\nshort line\n"
	got := WrapHelp(in, 80)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) < 3 || lines[len(lines)-1] != "short line" {
		t.Fatalf("%q", got)
	}
	for _, l := range lines {
		if len(l) > 80 {
			t.Errorf("a line of %d: %q", len(l), l)
		}
	}
	if !strings.HasPrefix(lines[1], strings.Repeat(" ", 18)) || strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(in), " ") {
		t.Errorf("the wrapped text differs or is not indented under the description:\n%s", got)
	}
}

func TestWrapHelpKeepsExamples(t *testing.T) {
	long := strings.Repeat("word ", 20)
	tests := []struct {
		line  string
		whole bool
	}{
		{"     ginadvisor score --rules modern --symbols \"s:A23 h:777 d:JQK 4c\" --json --all-splits", true},
		{"     ginadvisor score - --json --all-splits --rules modern --symbols --format plain --color never", true},
		{"   ginadvisor score - show the best ways to meld a hand, its deadwood and the verdict", false},
		{"   " + long, false},
	}
	for _, tt := range tests {
		got := WrapHelp(tt.line+"\n", 80)
		if whole := got == tt.line+"\n"; whole != tt.whole {
			t.Errorf("WrapHelp(%q) = %q, kept whole %v, want %v", tt.line, got, whole, tt.whole)
		}
	}
}

func TestUseColor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		mode     string
		getenv   func(string) string
		terminal bool
		want     bool
	}{
		{"auto", env(), true, true},
		{"auto", env(), false, false},
		{"auto", env("NO_COLOR", "1"), true, false},
		{"auto", env("TERM", "dumb"), true, false},
		{"always", env("NO_COLOR", "1", "TERM", "dumb"), false, true}, // the flag wins
		{"never", env(), true, false},
	}
	for _, tt := range tests {
		if got := UseColor(tt.mode, tt.getenv, tt.terminal); got != tt.want {
			t.Errorf("UseColor(%q, terminal %v) = %v, want %v", tt.mode, tt.terminal, got, tt.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {100000, "100,000"}, {1000000, "1,000,000"}, {-1234567, "-1,234,567"}} {
		if got := Thousands(c.n); got != c.want {
			t.Errorf("Thousands(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestUnwrapParagraphs(t *testing.T) {
	in := "A hand-wrapped\nparagraph ends:\nhere.\n\nExamples:\n  ginadvisor score As\n  ginadvisor score \\\n    Ks"
	want := "A hand-wrapped paragraph ends:\nhere.\n\nExamples:\n  ginadvisor score As\n  ginadvisor score \\\n    Ks"
	if got := UnwrapParagraphs(in); got != want {
		t.Errorf("UnwrapParagraphs:\n%q\nwant\n%q", got, want)
	}
}

func TestFitted(t *testing.T) {
	var b strings.Builder
	m := probability.DefaultModel()
	if err := Fitted(&b, calibrate.Fitted{Model: m, LogLoss: 0.123456}); err != nil {
		t.Fatal(err)
	}
	// Each factor by its --json name, the JSON's value to four places:
	// checked against the model's own JSON, an independent writer.
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var byName map[string]float64
	if err := json.Unmarshal(js, &byName); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "Fitted model (log-loss 0.12346 on the games it was fitted to):" || len(lines)-1 != len(byName) {
		t.Fatalf("%q", b.String())
	}
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		v, ok := byName[f[0]]
		if len(f) != 2 || !ok || f[1] != fmt.Sprintf("%.4f", v) {
			t.Errorf("line %q: the JSON says %s is %v", l, f[0], v)
		}
	}
}
