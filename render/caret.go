package render

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// window is how many characters of input an error shows on each side of
// the column at fault.
const window = 30

// Quote quotes input for an error message, escaping control
// characters, and shortens long input to a window around col.
func Quote(input string, col int) string {
	runes := []rune(input)
	if len(runes) <= 2*window {
		return strconv.Quote(input)
	}
	start := max(0, min(col-1, len(runes))-window)
	end := min(len(runes), start+2*window)
	q := strconv.Quote(string(runes[start:end]))
	if start > 0 {
		q = "…" + q
	}
	if end < len(runes) {
		q += "…"
	}
	return q
}

// Caret shows the input around column col, with control characters
// escaped, and a caret under the column; it is empty when col is unknown.
func Caret(input string, col int) string {
	runes := []rune(input)
	if col < 1 || col > len(runes)+1 {
		return ""
	}
	start := max(0, col-1-window)
	end := min(len(runes), col-1+window)
	var b strings.Builder
	caret := 0
	if start > 0 {
		b.WriteString("…")
		caret++
	}
	for i := start; i < end; i++ {
		shown := EscapeControl(string(runes[i]))
		if i < col-1 {
			caret += utf8.RuneCountInString(shown)
		}
		b.WriteString(shown)
	}
	if end < len(runes) {
		b.WriteString("…")
	}
	return "  " + b.String() + "\n  " + strings.Repeat(" ", caret) + "^"
}

// Fault is one fault of an input: its column and what is wrong there.
type Fault struct {
	Col int
	Msg string
}

// Faults shows each fault of one input, in the order given: a line naming
// its column and what is wrong, and the input around it with a caret
// under the column; more counts the faults found past those listed.
func Faults(input string, faults []Fault, more int) string {
	var b strings.Builder
	for i, f := range faults {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("column " + strconv.Itoa(f.Col) + ": " + EscapeControl(f.Msg))
		if c := Caret(input, f.Col); c != "" {
			b.WriteString("\n" + c)
		}
	}
	if more > 0 {
		b.WriteString("\nand " + strconv.Itoa(more) + " more")
	}
	return b.String()
}
