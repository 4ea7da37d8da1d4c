package lines

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape writes each control character of s, and each byte that is not
// UTF-8, as Go would escape it in a quoted string, so that text from the
// input (a path, a name, a line) shown in a message cannot move the
// cursor or clear the screen.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) || r == utf8.RuneError {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
