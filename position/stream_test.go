package position_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/position"
)

func TestStream(t *testing.T) {
	const good = "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1"
	in := strings.Join([]string{
		good + " # a comment",
		"",
		"# only a comment",
		"p1 draw hand=AC",
		strings.Repeat("x", position.MaxLen+1),
		good,
		good + " score=3-4 number=3",
	}, "\n")
	var seen, bad []int
	read, failed, err := position.Stream(strings.NewReader(in), nil, func(p *game.Position, line int) error {
		seen = append(seen, line)
		if p.Setup().Scores[0] == 3 {
			return errors.New("refused")
		}
		return nil
	}, func(line int, text string, err error) error {
		bad = append(bad, line)
		return nil
	})
	if err != nil || read != 5 || failed != 3 {
		t.Fatalf("read %d, failed %d, err %v; want 5, 3, nil", read, failed, err)
	}
	if fmt.Sprint(seen) != "[1 6 7]" || fmt.Sprint(bad) != "[4 5 7]" {
		t.Fatalf("positions at %v, bad lines %v", seen, bad)
	}
	// ErrStop ends the stream with the error given.
	stop := fmt.Errorf("%w: out of disk", position.ErrStop)
	_, _, err = position.Stream(strings.NewReader(good+"\n"+good+"\n"), nil, func(*game.Position, int) error { return stop }, nil)
	if !errors.Is(err, stop) {
		t.Fatalf("err %v, want the stop", err)
	}
}
