package rank

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/position"
)

// Verdict is one decision and what the advisor at a high budget made of
// each of its candidates: its equity and the equity's standard error.
type Verdict struct {
	Position game.Position
	Moves    []game.Move
	Equity   []float64
	SE       []float64
}

// The bounds of a verdicts file: a line's bytes and its candidates.
const (
	maxLine  = 1 << 16
	maxMoves = 64
)

// WriteVerdict writes v as one line: the position, then for each
// candidate its move, equity and standard error, separated by tabs.
// ReadVerdicts reads it back equal.
func WriteVerdict(w io.Writer, v *Verdict) error {
	text, ok := position.FormatHistory(&v.Position)
	if !ok {
		text = position.Format(&v.Position)
	}
	var b strings.Builder
	b.WriteString(text)
	for i, m := range v.Moves {
		fmt.Fprintf(&b, "\t%s\t%s\t%s", m, strconv.FormatFloat(v.Equity[i], 'g', -1, 64), strconv.FormatFloat(v.SE[i], 'g', -1, 64))
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// ErrVerdict is the error of a line that is not a verdict.
var ErrVerdict = errors.New("not a verdict")

// ReadVerdicts reads the verdicts of r, one a line, and says the line of
// the first that does not read.
func ReadVerdicts(r io.Reader) ([]Verdict, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var out []Verdict
	for n := 1; sc.Scan(); n++ {
		v, err := parseVerdict(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("line %d: %w: longer than %d bytes", len(out)+1, ErrVerdict, maxLine)
	} else if err != nil {
		return nil, err
	}
	return out, nil
}

func parseVerdict(line string) (Verdict, error) {
	f := strings.Split(line, "\t")
	if len(f) < 4 || (len(f)-1)%3 != 0 || (len(f)-1)/3 > maxMoves {
		return Verdict{}, fmt.Errorf("%w: %d fields, want a position and three for each of 1 to %d moves", ErrVerdict, len(f), maxMoves)
	}
	p, err := position.Parse(f[0])
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Position: p}
	legal := p.Legal(nil)
	for i := 1; i < len(f); i += 3 {
		m, err := game.ParseMove(f[i])
		if err != nil {
			return Verdict{}, err
		}
		if !isLegal(m, legal) {
			return Verdict{}, fmt.Errorf("%w: %s is not legal at the position", ErrVerdict, m)
		}
		eq, err1 := strconv.ParseFloat(f[i+1], 64)
		se, err2 := strconv.ParseFloat(f[i+2], 64)
		if err := errors.Join(err1, err2); err != nil || !(eq >= 0 && eq <= 1) || !(se >= 0 && se <= 1) {
			return Verdict{}, fmt.Errorf("%w: %s: equity %q and error %q, want chances", ErrVerdict, m, f[i+1], f[i+2])
		}
		v.Moves, v.Equity, v.SE = append(v.Moves, m), append(v.Equity, eq), append(v.SE, se)
	}
	return v, nil
}

func isLegal(m game.Move, legal []game.Move) bool {
	for _, l := range legal {
		if m.Same(l) {
			return true
		}
	}
	return false
}
