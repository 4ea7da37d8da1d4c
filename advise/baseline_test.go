package advise_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
)

// TestBaselinePicksAndPrunes: Options.Baseline's baseline is the one the
// advice marks, only the candidates it kept are valued, and answering
// with the candidates and the own policy's baseline changes nothing.
func TestBaselinePicksAndPrunes(t *testing.T) {
	p := mustPosition(t, midGame)
	plain, err := advise.Advise(context.Background(), &p, options(256, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	own := -1
	for _, c := range plain.Candidates {
		if c.Baseline {
			own = 0
			o := options(256, 5, 1)
			o.Baseline = func(moves []game.Move) ([]game.Move, int) {
				for i, m := range moves {
					if m == c.Move {
						return moves, i
					}
				}
				return moves, -1
			}
			same, err := advise.Advise(context.Background(), &p, o)
			if err != nil {
				t.Fatal(err)
			}
			for i := range plain.Candidates {
				if same.Candidates[i] != plain.Candidates[i] {
					t.Fatalf("the own baseline given back: candidate %d is %+v, not %+v", i, same.Candidates[i], plain.Candidates[i])
				}
			}
		}
	}
	if own < 0 {
		t.Fatal("no baseline marked")
	}

	o := options(256, 5, 1)
	var picked game.Move
	o.Baseline = func(moves []game.Move) ([]game.Move, int) {
		kept := moves[len(moves)-3:]
		picked = kept[1]
		return kept, 1
	}
	a, err := advise.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Candidates) != 3 {
		t.Fatalf("%d candidates valued, want the 3 kept", len(a.Candidates))
	}
	for _, c := range a.Candidates {
		if c.Baseline != (c.Move == picked) {
			t.Errorf("%v marked baseline %v; the baseline picked is %v", c.Move, c.Baseline, picked)
		}
	}
}

// TestBaselineAnswersChecked: a baseline's answer that is not a part of
// the candidates, in order, with the baseline among them, is refused.
func TestBaselineAnswersChecked(t *testing.T) {
	p := mustPosition(t, midGame)
	for name, f := range map[string]func(moves []game.Move) ([]game.Move, int){
		"none kept":         func(moves []game.Move) ([]game.Move, int) { return nil, 0 },
		"base past the end": func(moves []game.Move) ([]game.Move, int) { return moves, len(moves) },
		"base negative":     func(moves []game.Move) ([]game.Move, int) { return moves, -1 },
		"out of order":      func(moves []game.Move) ([]game.Move, int) { return []game.Move{moves[2], moves[1]}, 0 },
		"twice":             func(moves []game.Move) ([]game.Move, int) { return []game.Move{moves[1], moves[1]}, 0 },
		"a move not there":  func(moves []game.Move) ([]game.Move, int) { return []game.Move{game.DrawMove()}, 0 },
	} {
		o := options(64, 5, 1)
		o.Baseline = f
		if _, err := advise.Advise(context.Background(), &p, o); !errors.Is(err, advise.ErrBaseline) {
			t.Errorf("%s: %v, want ErrBaseline", name, err)
		}
	}
}
