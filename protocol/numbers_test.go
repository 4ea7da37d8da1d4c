package protocol

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/position"
)

// numbersDeal is a deal for the tests of the numbers newhand takes.
const numbersDeal = "hand AC 3C 4C TD KD AH 5H TH JH 6S upcard 5S"

// setUpHand sends the rules' target, the scores and a newhand with the
// given number (0: none) to a fresh engine, and returns it with the
// replies to the newhand.
func setUpHand(t testing.TB, target, a, b, number int) (*Engine, *bytes.Buffer, string) {
	t.Helper()
	var out bytes.Buffer
	e := New(&out, "x")
	ctx := context.Background()
	e.Handle(ctx, "setoption name rules value eaai")
	e.Handle(ctx, fmt.Sprintf("setoption name target value %d", target))
	e.Handle(ctx, fmt.Sprintf("scores %d %d", a, b))
	_ = e.flush()
	out.Reset()
	line := "newhand seat p1 dealer p2 " + numbersDeal
	if number != 0 {
		line = fmt.Sprintf("newhand seat p1 dealer p2 number %d %s", number, numbersDeal)
	}
	e.Handle(ctx, line)
	_ = e.flush()
	reply := out.String()
	out.Reset()
	return e, &out, reply
}

// TestNewhandNumbersRoundTrip checks that every hand number and score
// newhand accepts, show writes as a position that reads back, and that
// newhand refuses a number beyond the position notation's bound, naming
// the bound. Before, number 100001 was accepted and shown as a position
// the notation's reader refuses.
func TestNewhandNumbersRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name          string
		target, a, b  int
		number        int
		refused, says string
	}{
		{name: "first hand", target: 100, number: 1},
		{name: "the derived number", target: 100, a: 40, b: 30},
		{name: "the largest number", target: 100, number: position.MaxNumber},
		{name: "one past the largest", target: 100, number: position.MaxNumber + 1, refused: "number", says: "100000"},
		{name: "far past the largest", target: 100, number: 1 << 40, refused: "number", says: "100000"},
		{name: "the largest scores", target: 100000, a: 99999, b: 99999, number: position.MaxNumber},
		{name: "the largest scores, number derived", target: 100000, a: 99999, b: 99999},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, out, reply := setUpHand(t, c.target, c.a, c.b, c.number)
			if c.refused != "" {
				if !strings.HasPrefix(reply, "error ") || !strings.Contains(reply, c.refused) || !strings.Contains(reply, c.says) {
					t.Fatalf("newhand number %d: %q, want an error naming %s and %s", c.number, reply, c.refused, c.says)
				}
				if e.have {
					t.Fatalf("newhand number %d: refused, yet the engine holds a hand", c.number)
				}
				return
			}
			if reply != "" {
				t.Fatalf("newhand: %q", reply)
			}
			checkShow(t, e, out)
		})
	}
}

// FuzzNewhandNumbers sends a target, scores and a hand number: newhand
// either refuses them with one error line, or takes them, and then show
// writes a position that reads back to the same.
func FuzzNewhandNumbers(f *testing.F) {
	f.Add(100, 0, 0, 1)
	f.Add(100, 40, 30, 0)
	f.Add(100, 0, 0, 100001)
	f.Add(100000, 99999, 99999, 100000)
	f.Add(1, 0, 0, -1)
	f.Fuzz(func(t *testing.T, target, a, b, number int) {
		e, out, reply := setUpHand(t, target, a, b, number)
		if reply != "" {
			if !strings.HasPrefix(reply, "error ") || strings.Count(reply, "\n") != 1 {
				t.Fatalf("newhand: %q, want nothing or one error line", reply)
			}
			return
		}
		checkShow(t, e, out)
	})
}
