package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lines"
)

// LogCheck writes the result of checking logs: each problem with its
// file:line, then the counts.
func LogCheck(w io.Writer, rep *gamelog.CheckReport) error {
	for _, e := range rep.Errors {
		at := Where(e)
		if at != "" {
			at = EscapeControl(at) + ": "
		}
		if _, err := fmt.Fprintf(w, "%s%s\n", at, EscapeControl(e.Message)); err != nil {
			return err
		}
	}
	for _, e := range rep.Warnings {
		fmt.Fprintf(w, "%s: warning: %s\n", EscapeControl(Where(e)), EscapeControl(e.Message))
	}
	_, err := fmt.Fprintf(w, "%s read (%s), %d skipped, in %s.\n",
		Count(rep.GamesRead, "game", "games"), Count(rep.Hands, "hand", "hands"), rep.GamesSkipped, Count(rep.Files, "file", "files"))
	return err
}

// Where writes a problem's place: file:line, or the file alone.
func Where(p gamelog.Problem) string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// Count writes n with its noun, singular for one: "1 card", "2 cards".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Plural picks the word for n things.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// EscapeControl keeps the control characters of input off the terminal,
// writing them as Go escapes (see lines.Escape).
func EscapeControl(s string) string { return lines.Escape(s) }

// Thousands writes n with a comma between each group of three digits, as
// the help texts and messages write bounds: 1,000,000.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}
