package board

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestPlayAnswersAPosition plays the seat's draw and the discard of the
// card drawn, which leaves the opponent to move: the notation answered is
// one /api/position reads, as the same position.
func TestPlayAnswersAPosition(t *testing.T) {
	ts := newServer(t, Options{Workers: 1}, nil)
	r := post(t, ts, "/api/play", `{"position":"`+drawPosition+`","events":["p1 draw 2C","p1 discard 2C"]}`, nil)
	if r.status != 200 {
		t.Fatalf("play: %d %s", r.status, r.raw)
	}
	text, _ := r.body["notation"].(string)
	body, _ := json.Marshal(map[string]string{"position": text})
	back := post(t, ts, "/api/position", string(body), nil)
	if back.status != 200 {
		t.Fatalf("/api/play answered %s, which /api/position refuses: %s", text, back.raw)
	}
	if back.body["notation"] != text || back.body["phase"] != r.body["phase"] || back.body["stock"] != r.body["stock"] {
		t.Fatalf("read back as another position:\n%s\n%s", r.raw, back.raw)
	}
}

// playedText writes an event as /api/play takes it.
func playedText(e game.Event) string {
	switch e.Kind {
	case game.Drew:
		if e.Card == game.Unknown {
			return e.Seat.String() + " draw ?"
		}
	case game.Knocked, game.WentGin, game.WentBigGin:
		return e.Seat.String() + " " + e.Kind.Verb()
	}
	return e.Seat.String() + " " + e.Kind.Verb() + " " + game.CardText(e.Card)
}

// TestBoardPositionsReadBack follows both seats of random hands under every
// preset and some overrides, and of an eaai hand past game.MaxDraws draws,
// as the page does: each move's events are sent to /api/play with the
// notation the board answered last (its URL: the history form when there
// is one, else the short form), and each answer reads back, through
// /api/position's reading, as the position the seat holds.
func TestBoardPositionsReadBack(t *testing.T) {
	s := &server{}
	var texts [2]string
	n := 0
	each := func(step testhands.Step) {
		st := step.State
		for seat := range notation.NumSeats {
			p := step.Positions[seat]
			if step.State.Event(step.From).Kind == game.Upcard {
				texts[seat], _ = position.FormatHistory(&p)
				continue
			}
			var events []string
			for i := step.From; i < step.To; i++ {
				if e, ok := game.SeesEvent(st.Event(i), notation.Seat(seat)); ok && e.Kind != game.PlayedOn && e.Kind != game.Died {
					events = append(events, playedText(e))
				}
			}
			if len(events) == 0 || p.Phase() == game.Over {
				continue // playing on is implicit, in the page as in the notation
			}
			body, _ := json.Marshal(map[string]any{"position": texts[seat], "events": events})
			a, err := s.play(context.Background(), body)
			// The board settles the seat's discard that cannot knock.
			if p.Phase() == game.KnockPhase && p.Turn() == p.Seat() && len(p.Legal(nil)) == 1 {
				_ = p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Seat()})
			}
			if p.Phase() == game.Over {
				if err == nil {
					t.Fatalf("play %v on %s: a position of a hand that is over", events, texts[seat])
				}
				continue
			}
			if err != nil {
				t.Fatalf("play %v on %s: %v", events, texts[seat], err)
			}
			pa := a.(PositionAnswer)
			for _, text := range []string{pa.Notation, pa.History} {
				if text == "" {
					continue
				}
				q, err := (&positionRequest{Position: text}).parse()
				if err != nil {
					t.Fatalf("/api/play answered %s, which /api/position refuses: %v", text, err)
				}
				if q.Phase() == game.KnockPhase && q.Turn() != q.Seat() && p.Phase() != game.KnockPhase {
					// The opponent's discard, its play on implicit.
					_ = q.Observe(game.Event{Kind: game.PlayedOn, Seat: q.Turn()})
				}
				if !reflect.DeepEqual(p.Facts(), q.Facts()) || p.Turn() != q.Turn() || p.Phase() != q.Phase() {
					t.Fatalf("%s reads back as another position:\n%+v\n%+v", text, p.Facts(), q.Facts())
				}
				n++
			}
			texts[seat] = pa.Notation
			if pa.History != "" {
				texts[seat] = pa.History
			}
		}
	}
	hands, draws := 1, game.MaxDraws+24 // -long: 3 hands a preset, a hand twice past MaxDraws
	if longtest.Enabled() {
		hands, draws = 3, 2*game.MaxDraws+30
	}
	testhands.Random(t, hands, 13, each)
	testhands.Long(t, draws, each)
	t.Logf("%d answers read back", n)
}
