package gamelog_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// TestLongHandFromEvents records a hand far longer than the State's record
// from the events the driver kept, and refuses to record it from the
// state alone or from events that are not its own.
func TestLongHandFromEvents(t *testing.T) {
	rec, _ := testgames.PlayLong(t, 2*game.MaxDraws+40, 11)
	st := &rec.Hands[0]
	if st.RecordComplete() {
		t.Fatalf("a hand of %d draws fits the record; the test needs one that does not", st.Draws())
	}
	events := rec.Events[0]
	last := len(events) - 1
	changed := slices.Clone(events)
	changed[last].Kind = game.Upcard
	tests := []struct {
		name   string
		events [][]game.Event
		want   error
	}{
		{"every event", rec.Events, nil},
		{"the state alone", nil, gamelog.ErrTooLong},
		{"no events for the long hand", append([][]game.Event{nil}, rec.Events[1:]...), gamelog.ErrTooLong},
		{"one event short", append([][]game.Event{events[:last]}, rec.Events[1:]...), gamelog.ErrEvents},
		{"the last event changed", append([][]game.Event{changed}, rec.Events[1:]...), gamelog.ErrEvents},
		{"events for one hand fewer", rec.Events[:len(rec.Events)-1], gamelog.ErrEvents},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, tt.events, rec.Final)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err %v; want %v", err, tt.want)
			}
			if err != nil {
				return
			}
			// A take and a discard at every draw, and a move for the first
			// offer at least.
			if moves := len(g.Hands[0].Moves); moves < 2*st.Draws() {
				t.Errorf("the hand of %d draws logs %d moves", st.Draws(), moves)
			}
			back, errs := readAll(write(t, []*gamelog.Game{g}))
			if len(errs) > 0 || len(back) != 1 || len(back[0].Hands) != len(rec.Hands) {
				t.Fatalf("read back %d games, errors %v", len(back), errs)
			}
			if got, want := len(back[0].Hands[0].Moves), len(g.Hands[0].Moves); got != want {
				t.Errorf("read back %d moves of the long hand; wrote %d", got, want)
			}
		})
	}
}
