package gamelog

import (
	"bufio"
	"io"
	"strings"
)

// Whole is the part of a log that holds whole games, and what follows it
// when that is a game cut short: the remains of a writer stopped while
// writing it, or of a disk that filled.
type Whole struct {
	// Bytes is the whole part's length: the header and every game to its
	// end line; the whole log when nothing was cut.
	Bytes int64
	// Cut says a game cut short follows: text that starts with a game
	// line and has no end line. Line is that game line's number.
	Cut  bool
	Line int
}

// WholeGames reads a log to find its whole games. Only the header, game
// and end lines matter; the games are not read, which Reader does.
func WholeGames(r io.Reader) (Whole, error) {
	br := bufio.NewReader(r)
	var w Whole
	var offset int64
	line, first := 0, 0 // first: the first line with text after w.Bytes
	startsGame := false
	for {
		text, n, err := readLine(br)
		if err != nil && err != io.EOF {
			return w, err
		}
		if n == 0 {
			break
		}
		offset += n
		line++
		t := strings.TrimRight(text, "\r\n")
		if line == 1 {
			t = strings.TrimPrefix(t, "\ufeff")
		}
		switch {
		case t == "end" || (line == 1 && strings.HasPrefix(t, headerPrefix)):
			w.Bytes, first, startsGame = offset, 0, false
		case first == 0 && strings.TrimSpace(t) != "":
			first, startsGame = line, strings.HasPrefix(t, "game ")
		}
		if err == io.EOF {
			break
		}
	}
	if first != 0 && startsGame {
		w.Cut, w.Line = true, first
		return w, nil
	}
	w.Bytes = offset
	return w, nil
}

// readLine reads a line, keeping only its first 64 bytes (enough to tell
// the lines WholeGames looks for), and returns its length in the input.
func readLine(br *bufio.Reader) (string, int64, error) {
	var head []byte
	var n int64
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if len(head) < 64 {
			head = append(head, chunk[:min(len(chunk), 64-len(head))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return string(head), n, err
	}
}
