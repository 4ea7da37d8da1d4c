package lines

import (
	"bufio"
	"bytes"
	"unicode/utf8"
)

// bom is the UTF-8 byte-order mark, which some editors put at the start of
// a text file and which is no part of any format.
const bom = "\uFEFF"

// SkipBOM discards a byte-order mark at the start of br.
func SkipBOM(br *bufio.Reader) {
	if head, _ := br.Peek(len(bom)); string(head) == bom {
		_, _ = br.Discard(len(bom))
	}
}

// Binary says a text input's first bytes are not text: they hold a NUL
// byte or are not UTF-8. A character cut off at the end of head does not
// count.
func Binary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	// Drop the bytes of a character cut off at the end, at most three.
	for i := 0; i < utf8.UTFMax-1 && len(head) > 0; i++ {
		if r, size := utf8.DecodeLastRune(head); r != utf8.RuneError || size != 1 {
			break
		}
		head = head[:len(head)-1]
	}
	return !utf8.Valid(head)
}

// BinaryLine says a whole line, or any input read to its end, is not
// text: it holds a NUL byte or is not UTF-8. Unlike Binary, it forgives
// no character cut off at the end.
func BinaryLine(b []byte) bool {
	return bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b)
}
