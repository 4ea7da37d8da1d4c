package advise

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/position"
)

// firstLegal plays the first legal move: a policy for a search that plays
// no world.
type firstLegal struct{}

func (firstLegal) Choose(st *game.State) game.Move { return st.Legal(nil)[0] }

// TestClearTellsAlikeCandidates: candidates that scored the same in every
// world are alike, and no more worlds tell them apart; one that scored
// otherwise makes them not alike.
func TestClearTellsAlikeCandidates(t *testing.T) {
	p, err := position.Parse("p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSearch(&p, Options{Samples: 128, Rollout: func() (own, opponent game.Policy) { return firstLegal{}, firstLegal{} }})
	if err != nil {
		t.Fatal(err)
	}
	n := len(s.moves)
	world := func(sum *tally, moveValue func(i int) float64) {
		diffs := make([]float64, n)
		active := make([]bool, n)
		for i := range n {
			v := moveValue(i)
			sum.cnt[i]++
			sum.eq[i] += v
			sum.eq2[i] += v * v
			active[i] = true
		}
		for i := range n {
			diffs[i] = moveValue(i) - moveValue(s.base)
			sum.d[i] += diffs[i]
		}
		sum.pairs.add(diffs, active, 0)
	}
	for _, tt := range []struct {
		name  string
		value func(w, i int) float64
		alike bool
	}{
		{"the same in every world", func(w, i int) float64 { return float64(w%3) / 3 }, true},
		{"one move otherwise", func(w, i int) float64 { return float64(w%3)/3 + float64(i&1)*0.01*float64(w%2) }, false},
	} {
		sum := newTally(n, 1)
		for w := range 128 {
			world(&sum, func(i int) float64 { return tt.value(w, i) })
		}
		if _, alike := s.clear(sum); alike != tt.alike {
			t.Errorf("%s: alike %v, want %v", tt.name, alike, tt.alike)
		}
	}
}
