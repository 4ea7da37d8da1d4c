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
	// line, or with what a game line's first bytes may be at the end of
	// the log ("g", "gam"), and has no end line. Line is that line's
	// number.
	Cut  bool
	Line int
}

// WholeGames reads a log to find its whole games. Only the header, game
// and end lines matter; the games are not read, which Reader does. A last
// end line without its line break ends its game, as a person may leave
// it; see WrittenGames for a log that a program grows.
func WholeGames(r io.Reader) (Whole, error) { return wholeGames(r, false) }

// WrittenGames is WholeGames for a log that a program grows by whole
// games, each written in one write that ends with the end line's line
// break, as the arena's and simulate's logs are: a last line without its
// line break, an end line or the header too, was cut short by the write,
// and the game it belongs to is cut.
func WrittenGames(r io.Reader) (Whole, error) { return wholeGames(r, true) }

func wholeGames(r io.Reader, written bool) (Whole, error) {
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
		// broken: the line lacks its line break, the log's last.
		broken := err == io.EOF
		t := strings.TrimRight(text, "\r\n")
		if line == 1 {
			t = strings.TrimPrefix(t, "\ufeff")
		}
		ends := t == "end" || (line == 1 && strings.HasPrefix(t, headerPrefix))
		switch {
		case ends && !(written && broken):
			w.Bytes, first, startsGame = offset, 0, false
		case first == 0 && strings.TrimSpace(t) != "":
			first, startsGame = line, strings.HasPrefix(t, "game ") || (broken && startOfGame(t, line, written))
		}
		if broken {
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

// startOfGame says a last line cut short, t, may be the first bytes of a
// game line (or, in a written log, of the header on line 1).
func startOfGame(t string, line int, written bool) bool {
	header := strings.HasPrefix(headerPrefix, t) || strings.HasPrefix(t, headerPrefix)
	return strings.HasPrefix("game ", t) || (written && line == 1 && header)
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
