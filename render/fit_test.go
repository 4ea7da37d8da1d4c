package render

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// meldRows is a table like risk's: one long column of words.
var meldHeader = []string{"Spread", "Melds", "Dw", "Undercut", "Win", "Points"}
var meldRows = [][]string{
	{"asked", "7C 7D 7H | KC KD KH | 2S 3S 4S", "1", "0.0%", "100.0%", "+36.2 ±0.0"},
	{"most points", "7C 7D 7H | KC KD KH | 2S 3S 4S", "1", "0.0%", "100.0%", "+36.2 ±0.0"},
}

// words returns the words of a table's cells, as a sorted list.
func words(header []string, rows [][]string) []string {
	var out []string
	for _, r := range append([][]string{header}, rows...) {
		for _, c := range r {
			out = append(out, strings.Fields(sgr.ReplaceAllString(c, ""))...)
		}
	}
	slices.Sort(out)
	return out
}

// outputWords returns the words of a rendered table, borders dropped.
func outputWords(out string) []string {
	var got []string
	for _, line := range strings.Split(sgr.ReplaceAllString(out, ""), "\n") {
		for _, f := range strings.Fields(line) {
			if strings.ContainsAny(f, "│┌┐└┘├┤┬┴┼─") {
				continue
			}
			got = append(got, f)
		}
	}
	slices.Sort(got)
	return got
}

func widest(out string) int {
	w := 0
	for _, line := range strings.Split(out, "\n") {
		w = max(w, twwidth.Width(line))
	}
	return w
}

func TestTableFits(t *testing.T) {
	tests := []struct {
		name   string
		width  int
		header []string
		rows   [][]string
		boxed  bool
		lines  int // lines of the table, or 0 for any
	}{
		{"no limit", 0, meldHeader, meldRows, true, 6},
		{"fits as it is", 86, meldHeader, meldRows, true, 6},
		{"wraps at spaces", 80, meldHeader, meldRows, true, 8},
		{"narrow, words whole", 56, meldHeader, meldRows, true, 0},
		{"widest words fit exactly", 1 + 3*6 + 6 + 5 + 2 + 8 + 6 + 6, meldHeader, meldRows, true, 0},
		{"widest words do not fit", 1 + 3*6 + 6 + 5 + 2 + 8 + 6 + 5, meldHeader, meldRows, false, 3},
		{"one long word", 30, []string{"Position"}, [][]string{{"p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S"}}, false, 2},
		{"colored", 30, []string{"#", "Melds"}, [][]string{{"1", "\x1b[32m7C 7D 7H\x1b[0m | \x1b[32mKC KD KH\x1b[0m | \x1b[1m2S 3S 4S\x1b[22m"}}, true, 0},
		{"a color over two lines", 24, []string{"#", "Deadwood"}, [][]string{{"1", "\x1b[31mAC 2D 3H 5S 9C TD JH QS KC\x1b[0m"}}, true, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := (Style{Width: tt.width}).Tables(&b).Render(tt.header, tt.rows); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if boxed := strings.Contains(out, "┌"); boxed != tt.boxed {
				t.Fatalf("boxed %v, want %v:\n%s", boxed, tt.boxed, out)
			}
			if tt.boxed && tt.width > 0 && widest(out) > tt.width {
				t.Errorf("%d wide, more than %d:\n%s", widest(out), tt.width, out)
			}
			if n := strings.Count(out, "\n"); tt.lines > 0 && n != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", n, tt.lines, out)
			}
			if got, want := outputWords(out), words(tt.header, tt.rows); !slices.Equal(got, want) {
				t.Errorf("a word was broken:\n%s\nwords %q, want %q", out, got, want)
			}
			for _, line := range strings.Split(out, "\n") {
				if i := strings.LastIndex(line, "\x1b["); i >= 0 && !strings.HasPrefix(line[i:], "\x1b[0m") && !strings.HasPrefix(line[i:], "\x1b[22m") {
					t.Errorf("a color is left open at a line's end: %q", line)
				}
			}
		})
	}
}

// TestTableNeverSplitsWords renders tables of random words at random
// widths: whether boxed or plain, every word comes out whole, and a boxed
// table fits the width.
func TestTableNeverSplitsWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 3))
	word := func() string { return strings.Repeat(string(rune('a'+rng.IntN(26))), 1+rng.IntN(9)) }
	for i := range 300 {
		cols := 1 + rng.IntN(6)
		header := make([]string, cols)
		for c := range header {
			header[c] = word()
		}
		rows := make([][]string, 1+rng.IntN(4))
		for r := range rows {
			rows[r] = make([]string, cols)
			for c := range rows[r] {
				ws := make([]string, rng.IntN(8))
				for k := range ws {
					ws[k] = word()
				}
				rows[r][c] = strings.Join(ws, " ")
			}
		}
		width := 20 + rng.IntN(80)
		var b strings.Builder
		if err := (Style{Width: width}).Tables(&b).Render(header, rows); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if got, want := outputWords(out), words(header, rows); !slices.Equal(got, want) {
			t.Fatalf("table %d at width %d broke a word:\n%s", i, width, out)
		}
		if strings.Contains(out, "┌") && widest(out) > width {
			t.Fatalf("table %d is %d wide, more than %d:\n%s", i, widest(out), width, out)
		}
	}
}

func TestFitColumns(t *testing.T) {
	tests := []struct {
		width          int
		natural, least []int
		want           []int
	}{
		{0, []int{5, 30}, []int{5, 2}, []int{5, 30}},
		{1 + 6 + 35, []int{5, 30}, []int{5, 2}, []int{5, 30}},
		// The widest column gives way first, down to the cap that fits.
		{1 + 6 + 25, []int{5, 30}, []int{5, 2}, []int{5, 20}},
		{1 + 9 + 24, []int{10, 30, 4}, []int{3, 2, 4}, []int{10, 10, 4}},
		{1 + 9 + 15, []int{10, 30, 4}, []int{3, 2, 4}, []int{5, 5, 4}},
		{1 + 9 + 8, []int{10, 30, 4}, []int{3, 2, 4}, nil},
	}
	for _, tt := range tests {
		got, ok := fitColumns(tt.width, tt.natural, tt.least)
		if !slices.Equal(got, tt.want) || ok != (tt.want != nil) {
			t.Errorf("fitColumns(%d, %v, %v) = %v, %v; want %v", tt.width, tt.natural, tt.least, got, ok, tt.want)
		}
	}
}

func ExampleTables_Render() {
	var b strings.Builder
	_ = (Style{Width: 40}).Tables(&b).Render([]string{"Move", "Equity"}, [][]string{{"knock 7C 7D 7H|KC KD KH|2S 3S 4S", "70.8%"}})
	fmt.Print(b.String())
	// Output:
	// ┌────────────────────────────┬────────┐
	// │ Move                       │ Equity │
	// ├────────────────────────────┼────────┤
	// │ knock 7C 7D 7H|KC KD KH|2S │ 70.8%  │
	// │ 3S 4S                      │        │
	// └────────────────────────────┴────────┘
}
