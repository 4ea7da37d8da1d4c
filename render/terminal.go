package render

import (
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Width returns the width of the terminal w is, or 0 when w is none.
func Width(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}

// TableWidth is the width boxed tables fit: the terminal's, else COLUMNS
// (the shell's variable, given as text), else 80.
func TableWidth(w io.Writer, columns string) int {
	if n := Width(w); n > 0 {
		return n
	}
	if n, err := strconv.Atoi(strings.TrimSpace(columns)); err == nil && n >= 20 && n <= 1000 {
		return n
	}
	return 80
}
