package advise_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
)

// ginInHand is a knock decision with gin in hand: going gin is clear of
// playing on from the first worlds.
const ginInHand = "p1 knock hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS pile=QC,KH stock=30 took=- passed=QC discards=- drawn=TS dealer=p2 draws=1"

// TestAdaptiveStopsWhenClear: on a clear decision the adaptive search
// stops after AdaptiveMinChunks chunks, far inside its budget, timed or
// not; on a close one it plays on past them. The clock never runs out
// here, so the work is bounded by the stop alone.
func TestAdaptiveStopsWhenClear(t *testing.T) {
	tests := []struct {
		name, pos string
		timed     bool
		clear     bool
	}{
		{"gin in hand", ginInHand, false, true},
		{"gin in hand, timed", ginInHand, true, true},
		{"a close discard", midGame, false, false},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.pos)
		o := options(2048, 3, 1)
		o.Adaptive = !tt.timed
		if tt.timed {
			o.Time = time.Hour
			o.Now = func() time.Time { return time.Unix(0, 0) } // never runs out
		}
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		worlds := 0
		for _, c := range a.Candidates {
			worlds = max(worlds, c.Samples)
		}
		if stopped := worlds == advise.AdaptiveMinChunks*advise.ChunkWorlds; stopped != tt.clear {
			t.Errorf("%s: %d worlds, want a stop after %d chunks %v", tt.name, worlds, advise.AdaptiveMinChunks, tt.clear)
		}
		if worlds > 2048 {
			t.Errorf("%s: %d worlds, over the budget of 2048", tt.name, worlds)
		}
	}
}

// TestLeastSpendsBeforeTheStop: with Least, even a clear decision plays
// on until Least has passed, and then stops at once, far inside its time.
// The faked clock moves a millisecond at each reading.
func TestLeastSpendsBeforeTheStop(t *testing.T) {
	p := mustPosition(t, ginInHand)
	for _, least := range []time.Duration{0, 20 * time.Millisecond} {
		var mu sync.Mutex
		now := time.Unix(0, 0)
		o := options(advise.MaxSamples, 3, 1)
		o.Time, o.Least = time.Hour, least
		o.Now = func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			now = now.Add(time.Millisecond)
			return now
		}
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatal(err)
		}
		worlds := 0
		for _, c := range a.Candidates {
			worlds = max(worlds, c.Samples)
		}
		stopped := worlds == advise.AdaptiveMinChunks*advise.ChunkWorlds
		if stopped != (least == 0) {
			t.Errorf("least %v: %d worlds; want a stop after %d chunks %v", least, worlds, advise.AdaptiveMinChunks, least == 0)
		}
		if reads := now.Sub(time.Unix(0, 0)); reads > least+10*time.Millisecond {
			t.Errorf("least %v: played on to %v of the fake clock", least, reads)
		}
	}
}

// TestAdaptiveSameAtAnyWorkerCount: chunks finish out of order on many
// workers, but the adaptive advice is the same for a seed at any count.
func TestAdaptiveSameAtAnyWorkerCount(t *testing.T) {
	for _, pos := range []string{midGame, ginInHand} {
		p := mustPosition(t, pos)
		var got [2]advise.Advice
		for i, w := range []int{1, 3} {
			o := options(1024, 7, w)
			o.Adaptive = true
			a, err := advise.Advise(context.Background(), &p, o)
			if err != nil {
				t.Fatal(err)
			}
			got[i] = a
		}
		for i := range got[0].Candidates {
			if got[0].Candidates[i] != got[1].Candidates[i] {
				t.Fatalf("candidate %d differs: %+v / %+v", i, got[0].Candidates[i], got[1].Candidates[i])
			}
		}
	}
}

// TestTimedAdviceOutOfTimePlaysOneChunk: a clock that has run out by the
// first look after the deadline is set leaves one chunk of worlds, the
// least an answer needs, however large the budget: the work of an answer
// with no time left is bounded, whatever the machine's speed.
func TestTimedAdviceOutOfTimePlaysOneChunk(t *testing.T) {
	p := mustPosition(t, midGame)
	o := options(0, 2, 2)
	o.Time = 5 * time.Millisecond
	var mu sync.Mutex
	calls := 0
	o.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		calls++
		// The deadline is set at the first call; every later one is an
		// hour on.
		return time.Unix(0, 0).Add(time.Duration(min(calls-1, 1)) * time.Hour)
	}
	a, err := advise.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Candidates {
		if c.Samples != advise.ChunkWorlds {
			t.Fatalf("%s: %d worlds, want one chunk of %d", c.Move, c.Samples, advise.ChunkWorlds)
		}
	}
}
