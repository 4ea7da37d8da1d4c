package render

import (
	"regexp"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// A boxed table fits the terminal by wrapping its cells at spaces, and
// never below the widest word of a column: a word cut in two ("KH|2S" over
// two lines) reads as two cards. A table whose widest words alone are too
// wide falls back to plain columns, which lose the borders, not the words.

// boxOverhead is the width a boxed table adds to its cells: a bar on the
// left, then a space, the cell, a space and a bar for each column.
func boxOverhead(columns int) int { return 1 + 3*columns }

// columnWidths returns, for each of n columns, its natural width (its
// widest line of text) and its least width (its widest word).
func columnWidths(n int, header []string, rows [][]string) (natural, least []int) {
	natural, least = make([]int, n), make([]int, n)
	for _, r := range append([][]string{header}, rows...) {
		for i, cell := range r {
			if i >= n {
				break
			}
			for _, line := range strings.Split(cell, "\n") {
				natural[i] = max(natural[i], twwidth.Width(line))
				for _, word := range strings.Fields(line) {
					least[i] = max(least[i], twwidth.Width(word))
				}
			}
		}
	}
	return natural, least
}

// fitColumns chooses the columns' widths for a boxed table at most width
// wide: their natural widths when they fit (or width is 0, no limit); else
// the widest columns are narrowed to one common cap, the largest that
// fits, each kept to its widest word at the least. ok is false when even
// the widest words do not fit.
func fitColumns(width int, natural, least []int) (widths []int, ok bool) {
	budget := width - boxOverhead(len(natural))
	capped := func(c int) ([]int, int) {
		ws, sum := make([]int, len(natural)), 0
		for i := range natural {
			ws[i] = max(least[i], min(natural[i], c))
			sum += ws[i]
		}
		return ws, sum
	}
	top := 0
	for _, n := range natural {
		top = max(top, n)
	}
	if ws, sum := capped(top); width <= 0 || sum <= budget {
		return ws, true
	}
	if _, sum := capped(0); sum > budget {
		return nil, false
	}
	// The sum grows with the cap: find the largest cap that fits.
	lo, hi := 0, top // capped(lo) fits, capped(hi) does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if _, sum := capped(mid); sum <= budget {
			lo = mid
		} else {
			hi = mid
		}
	}
	ws, _ := capped(lo)
	return ws, true
}

// sgr matches a color escape (Select Graphic Rendition).
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// wrapCell breaks a cell's text into lines at most width wide, at spaces
// only: a word wider than width (which fitColumns never asks for) keeps
// its own line whole. A color open at a line's end is closed there and
// opened again on the next line, so that it does not paint the border.
func wrapCell(cell string, width int) string {
	var out []string
	for _, line := range strings.Split(cell, "\n") {
		if twwidth.Width(line) <= width {
			out = append(out, line)
			continue
		}
		out = append(out, strings.Split(strings.TrimSuffix(Wrap(line, width), "\n"), "\n")...)
	}
	return carryColor(out)
}

// carryColor closes, at the end of each line, a color that is still open
// there, and opens it again at the start of the next line.
func carryColor(lines []string) string {
	open := ""
	for i, line := range lines {
		line = open + line
		for _, code := range sgr.FindAllString(line, -1) {
			if ends(code) {
				open = ""
			} else {
				open += code
			}
		}
		if open != "" {
			line += "\x1b[0m"
		}
		lines[i] = line
	}
	return strings.Join(lines, "\n")
}

// ends reports whether an SGR code only ends attributes (0 resets all;
// 22 to 29 end bold, italics, underline and the like; 39 and 49 the
// colors), as the closing codes of package color do.
func ends(code string) bool {
	params := strings.TrimSuffix(strings.TrimPrefix(code, "\x1b["), "m")
	for _, p := range strings.Split(params, ";") {
		switch p {
		case "", "0", "22", "23", "24", "25", "27", "28", "29", "39", "49":
		default:
			return false
		}
	}
	return true
}

// wrapTable wraps every cell of the header and rows to its column's width.
func wrapTable(widths []int, header []string, rows [][]string) ([]string, [][]string) {
	wrapRow := func(r []string) []string {
		out := make([]string, len(r))
		for i, cell := range r {
			out[i] = cell
			if i < len(widths) {
				out[i] = wrapCell(cell, widths[i])
			}
		}
		return out
	}
	wrapped := make([][]string, len(rows))
	for i, r := range rows {
		wrapped[i] = wrapRow(r)
	}
	return wrapRow(header), wrapped
}
