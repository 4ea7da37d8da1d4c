package protocol

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// shown sends show and returns the notation it writes.
func shown(t *testing.T, e *Engine, out *bytes.Buffer) string {
	t.Helper()
	out.Reset()
	e.Handle(context.Background(), "show")
	_ = e.flush()
	line := strings.TrimSpace(out.String())
	text, ok := strings.CutPrefix(line, "position ")
	if !ok {
		t.Fatalf("show: %q", line)
	}
	return text
}

// checkShow checks that what show writes reads back to the position the
// engine holds (with the opponent's discard played on, as show and go
// take it), and that sending it back as a position shows the same.
func checkShow(t *testing.T, e *Engine, out *bytes.Buffer) {
	t.Helper()
	p := e.pos
	if p.Phase() == game.KnockPhase && p.Turn() != p.Seat() {
		_ = p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Turn()})
	}
	if p.Phase() == game.Over {
		// The opponent's discard ended the hand: show says so.
		out.Reset()
		e.Handle(context.Background(), "show")
		_ = e.flush()
		if !strings.HasPrefix(out.String(), "error ") {
			t.Fatalf("show of a hand that is over: %q", out.String())
		}
		return
	}
	text := shown(t, e, out)
	q, err := position.Parse(text)
	if err != nil {
		t.Fatalf("show wrote %s\nwhich does not read back: %v", text, err)
	}
	if !reflect.DeepEqual(p.Facts(), q.Facts()) || p.Turn() != q.Turn() || p.Phase() != q.Phase() {
		t.Fatalf("show wrote %s\nwhich reads back as another position:\n%+v\n%+v", text, p.Facts(), q.Facts())
	}
	back := New(out, "x")
	back.Handle(context.Background(), "position "+text)
	if again := shown(t, back, out); again != text {
		t.Fatalf("position then show:\n%s\n%s", text, again)
	}
}

// TestShowReadsBack follows both seats of random hands under every preset
// and some overrides, and of an eaai hand past game.MaxDraws draws,
// through the protocol's events, and checks every show after every event.
func TestShowReadsBack(t *testing.T) {
	var out bytes.Buffer
	var engines [2]*Engine
	n := 0
	each := func(s testhands.Step) {
		st := s.State
		for seat := range notation.NumSeats {
			if s.State.Event(s.From).Kind == game.Upcard {
				engines[seat] = New(&out, "x")
				p := s.Positions[seat]
				h, ok := position.FormatHistory(&p)
				if !ok {
					t.Fatal("no history at the deal")
				}
				engines[seat].Handle(context.Background(), "position "+h)
			} else {
				for i := s.From; i < s.To; i++ {
					ev, ok := game.SeesEvent(st.Event(i), notation.Seat(seat))
					if !ok || ev.Kind == game.PlayedOn || ev.Kind == game.Died {
						continue
					}
					out.Reset()
					engines[seat].Handle(context.Background(), "event "+eventLine(ev))
					_ = engines[seat].flush()
					if out.Len() > 0 {
						t.Fatalf("event %s: %s", eventLine(ev), out.String())
					}
				}
			}
			if s.Positions[seat].Phase() != game.Over {
				checkShow(t, engines[seat], &out)
				n++
			}
		}
	}
	hands := 1 // a preset, thousands of shows in all; -long plays 6
	if longtest.Enabled() {
		hands = 6
	}
	testhands.Random(t, hands, 9, each)
	draws := game.MaxDraws + 24 // past MaxDraws; -long goes twice as far
	if longtest.Enabled() {
		draws = 2*game.MaxDraws + 30
	}
	testhands.Long(t, draws, each)
	t.Logf("%d shows read back", n)
}

// eventLine writes an event as the protocol's event command takes it.
func eventLine(e game.Event) string {
	switch e.Kind {
	case game.Drew:
		if e.Card == game.Unknown {
			return e.Seat.String() + " draw"
		}
	case game.Knocked, game.WentGin, game.WentBigGin:
		return e.Seat.String() + " " + e.Kind.Verb()
	}
	return e.Seat.String() + " " + e.Kind.Verb() + " " + e.Card.String()
}

// TestShowWaitingSeat: the two shows the issue found, of a seat waiting
// for the opponent, read back, and go refuses to decide for it.
func TestShowWaitingSeat(t *testing.T) {
	for _, lines := range [][]string{
		{"newhand seat p1 dealer p2 hand AC 3C 4C TD KD AH 5H TH JH 6S upcard 5S", "event p1 pass 5S"},
		{"newhand seat p2 dealer p2 hand AC 3C 4C TD KD AH 5H TH JH 6S upcard 5S", "event p1 pass 5S", "event p2 pass 5S", "event p1 draw"},
	} {
		var out bytes.Buffer
		e := New(&out, "x")
		for _, l := range lines {
			e.Handle(context.Background(), l)
		}
		checkShow(t, e, &out)
		out.Reset()
		e.Handle(context.Background(), "position "+shown(t, e, &out))
		out.Reset()
		e.Handle(context.Background(), "go")
		_ = e.flush()
		if !strings.HasPrefix(out.String(), "error ") {
			t.Errorf("%v: go answers %q for a seat not to move", lines, out.String())
		}
	}
}
