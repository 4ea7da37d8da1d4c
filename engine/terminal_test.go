package engine

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// answerer plays the person at the terminal: it reads the last prompt
// written and answers it, taking the hint for discards.
type answerer struct {
	out     *bytes.Buffer
	pending []byte
	turns   int
	limit   int
}

var hint = regexp.MustCompile(`Hint: discarding (\w\w)`)

func (a *answerer) Read(p []byte) (int, error) {
	if len(a.pending) == 0 {
		if a.turns >= a.limit {
			return 0, io.EOF
		}
		a.turns++
		text := a.out.String()
		switch {
		case strings.HasSuffix(text, "Discard which card? "):
			m := hint.FindAllStringSubmatch(text, -1)
			a.pending = []byte(m[len(m)-1][1] + "\n")
		case strings.HasSuffix(text, "[y]es / [n]o, pass: "):
			a.pending = []byte("n\n")
		case strings.HasSuffix(text, "from the [s]tock? "):
			a.pending = []byte("s\n")
		case strings.HasSuffix(text, "[y/n] "):
			a.pending = []byte("y\n")
		default:
			a.pending = []byte("what?\n")
		}
	}
	n := copy(p, a.pending)
	a.pending = a.pending[n:]
	return n, nil
}

func TestTerminalPlaysAGame(t *testing.T) {
	var out bytes.Buffer
	human := NewTerminal(&answerer{out: &out, limit: 100000}, &out)
	st, _, err := PlayGame(GameSetup{Rules: rules.Presets["eaai"], Seed: 4}, [2]Player{human, NewSimple(9)})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if st.Hands == 0 || !strings.Contains(out.String(), "Your hand:") || !strings.Contains(out.String(), "Knock with") {
		t.Fatalf("game of %d hands; output:\n%s", st.Hands, out.String())
	}
}

func TestTerminalInputEnds(t *testing.T) {
	var out bytes.Buffer
	human := NewTerminal(&answerer{out: &out, limit: 3}, &out)
	_, _, err := PlayGame(GameSetup{Rules: rules.Presets["eaai"], Seed: 4}, [2]Player{human, NewSimple(9)})
	if !errors.Is(err, ErrInputEnded) {
		t.Fatalf("err = %v", err)
	}
}

func TestTerminalRejectsBadDiscards(t *testing.T) {
	var out bytes.Buffer
	v := &View{Hand: mustCards(t, "AS 2S 3S 4H 5H 6H 7C 8C 9C TD JD")}
	v.Drawn = mustCards(t, "JD").Cards()[0]
	v.DrewFromPile = true
	p := NewTerminal(strings.NewReader("zz\nQS\nJD\nTD\n"), &out)
	c := p.Discard(v)
	if c.String() != "TD" || !strings.Contains(out.String(), "You do not hold QS") || !strings.Contains(out.String(), "just took it from the pile") {
		t.Fatalf("discard %v; output:\n%s", c, out.String())
	}
}
