package report

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestScoreLines(t *testing.T) {
	tests := []struct {
		name      string
		input     string
		read, bad int
		got       string // each line's number, then its deadwood or "bad"
		err       error
	}{
		{"hands, a comment and a blank line", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c\n# a comment\n\nAs 2s 3s 7h 7d 7c Kd Qd Jd 5c\n", 2, 0, "1:4 4:5", nil},
		{"a bad line goes on", "As 2s 3s 7h 7d 7c Kd Qd Jd 4c\nZz\nAs 2s 3s 7h 7d 7c Kd Qd Jd Kc\n", 3, 1, "1:4 2:bad 3:10", nil},
		{"too few cards", "As 2s 3s\n", 1, 1, "1:bad", nil},
		{"too many cards", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ T♠ J♠ Q♠\n", 1, 1, "1:bad", nil},
		{"nothing", "# only a comment\n", 0, 0, "", nil},
		{"binary", "As\x00 2s\n", 0, 0, "", lines.ErrBinary},
	}
	for _, tt := range tests {
		var got []string
		read, bad, err := ScoreLines(strings.NewReader(tt.input), rules.Standard(), rules.Deal{}, func(n int, line string, s *ScoreReport, err error) error {
			if err != nil {
				got = append(got, fmt.Sprintf("%d:bad", n))
			} else {
				got = append(got, fmt.Sprintf("%d:%d", n, s.Deadwood))
			}
			return nil
		}, func() error { return nil })
		if read != tt.read || bad != tt.bad || strings.Join(got, " ") != tt.got || !errors.Is(err, tt.err) {
			t.Errorf("%s: read %d, bad %d, %q, %v; want %d, %d, %q, %v", tt.name, read, bad, strings.Join(got, " "), err, tt.read, tt.bad, tt.got, tt.err)
		}
	}
}
