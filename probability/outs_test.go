package probability_test

import (
	"context"
	"math"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
)

func mustParse(t *testing.T, s string) game.Position {
	t.Helper()
	p, err := position.Parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return p
}

func card(t *testing.T, s string) notation.Card {
	t.Helper()
	c, err := notation.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A spade run from the ace to the nine and a king: the ten of spades is
// the one card that makes gin. Worked by hand: nothing else melds with the
// run, and no set can form from one card.
func TestSingleGinOut(t *testing.T) {
	p := mustParse(t, "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1")
	e := probability.Infer(&p)
	r, err := probability.ExactOuts(&p, &e)
	if err != nil {
		t.Fatal(err)
	}
	if r.Count[probability.OutGin] != 1 || r.Cards[0].Card != card(t, "TS") || r.Cards[0].Kind != probability.OutGin || r.Cards[0].Discard != card(t, "KH") {
		t.Fatalf("gin outs %d, first %+v", r.Count[probability.OutGin], r.Cards[0])
	}
	// The king is 10 points, at the limit: every card but a high one
	// keeps a knock, since discarding the king leaves the card drawn.
	if r.Deadwood != 10 {
		t.Fatalf("deadwood %d", r.Deadwood)
	}
}

// A pair of fives whose two other fives are buried in the pile cannot
// become a set: those fives are dead, not outs.
func TestDeadPair(t *testing.T) {
	p := mustParse(t, "p1 draw hand=5C,5D,9C,JD,QH,2S,4S,6H,8H,TS pile=5H,5S,7C,KC stock=28 took=- passed=5H,7C discards=5S,KC dealer=p1 draws=3")
	e := probability.Infer(&p)
	r, err := probability.ExactOuts(&p, &e)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range r.Cards {
		if o.Card == card(t, "5H") || o.Card == card(t, "5S") {
			t.Fatalf("a dead five is listed: %+v", o)
		}
	}
	if e.Prob(card(t, "5H")) != 0 || e.Prob(card(t, "5S")) != 0 {
		t.Fatal("a dead card has a chance of being held")
	}
}

// The opponent took two eights from the pile and kept them: it holds
// them, so an eight discarded now melds with them for certain.
func TestOpponentHoldsTwoOfARank(t *testing.T) {
	p := mustParse(t, "p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6")
	e := probability.Infer(&p)
	if e.Prob(card(t, "8H")) != 1 || e.Prob(card(t, "8D")) != 1 {
		t.Fatal("the eights taken are not certain")
	}
	r, err := probability.Danger(context.Background(), &p, &e, 2000, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Discards {
		if d.Card == card(t, "8C") && d.Danger != 1 {
			t.Fatalf("discarding 8C: danger %v", d.Danger)
		}
	}
}

// With three cards left and the hand dying at two, only one more draw is
// possible: the later rows of the reach table are impossible, and carry
// the first row's figures (within k draws is within the one draw left),
// not zero.
func TestNearlyEmptyStock(t *testing.T) {
	p := mustParse(t, "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC,AD,2D,3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD,TH,JH,QH stock=3 took=- passed=AC,2C,4C,6C,8C,TC,QC,AD,3D,5D,7D,9D,JD,KD,JH discards=3C,5C,7C,9C,JC,KC,2D,4D,6D,8D,TD,QD,TH,QH dealer=p2 draws=28")
	e := probability.Infer(&p)
	r, err := probability.Outs(context.Background(), &p, &e, 500, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Reach[0].Possible || r.Reach[0].Method != "exact" {
		t.Fatalf("first row %+v", r.Reach[0])
	}
	if r.Reach[0].Knock == 0 {
		t.Fatalf("first row %+v: the hand can knock after any draw", r.Reach[0])
	}
	for _, row := range r.Reach[1:] {
		first := r.Reach[0]
		if row.Possible || row.Knock != first.Knock || row.Gin != first.Gin || row.Method != "exact" {
			t.Fatalf("row %+v after the stock is out; want the first row's %+v", row, first)
		}
	}
}

// TestReachAtTheDrawLimit: the hand dies when both seats' draws reach the
// rules' draw limit, so the rows past it repeat the last the limit allows,
// as rows past the stock's end do.
func TestReachAtTheDrawLimit(t *testing.T) {
	for _, tt := range []struct {
		limit    string
		possible int // rows the limit allows
	}{{"2", 1}, {"3", 1}, {"4", 2}, {"6", 3}, {"0", 5}} {
		p := mustParse(t, "p1 draw hand=AC,2C,3C,4H,5H,6H,7S,8S,TS,KD pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1 rules=standard,draw_limit="+tt.limit)
		e := probability.Infer(&p)
		r, err := probability.Outs(context.Background(), &p, &e, 200, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range r.Reach {
			if row.Possible != (i < tt.possible) {
				t.Errorf("draw limit %s: row %d possible %v, want rows 1 to %d", tt.limit, row.Draws, row.Possible, tt.possible)
			}
			if !row.Possible && (row.Knock != r.Reach[i-1].Knock || row.Gin != r.Reach[i-1].Gin) {
				t.Errorf("draw limit %s: row %+v differs from the row before", tt.limit, row)
			}
		}
	}
}

// TestReachNeverFalls: on the draw decisions of simulated games, the
// chance of a knock or gin within k draws is a probability, never falls
// from one sampled row to the next, and a row the stock does not allow
// repeats the row before it.
func TestReachNeverFalls(t *testing.T) {
	n := 0
	for _, g := range simulated(t, 2) {
		err := g.Replay(func(d *gamelog.Decision) bool {
			p := &d.Position
			if p.Phase() != game.DrawPhase || p.Hand().Len() != 10 {
				return true
			}
			e := probability.Infer(p)
			r, err := probability.Outs(context.Background(), p, &e, 64, 1, 1)
			if err != nil {
				t.Fatal(err)
			}
			n++
			for i, row := range r.Reach {
				if row.Knock < 0 || row.Knock > 1 || row.Gin < 0 || row.Gin > row.Knock {
					t.Fatalf("%s: row %+v is not a pair of chances", position.Format(p), row)
				}
				if i == 0 {
					continue
				}
				prev := r.Reach[i-1]
				if !row.Possible && (row.Knock != prev.Knock || row.Gin != prev.Gin) {
					t.Fatalf("%s: row %+v the stock does not allow differs from %+v", position.Format(p), row, prev)
				}
				if row.Possible && i > 1 && (row.Knock < prev.Knock || row.Gin < prev.Gin) {
					t.Fatalf("%s: row %+v falls below %+v", position.Format(p), row, prev)
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n == 0 {
		t.Fatal("no draw decision checked")
	}
}

// TestExactOutsAgainstBruteForce checks each card's best deadwood against
// trying every discard, and that the next-card chances add up to 1.
func TestExactOutsAgainstBruteForce(t *testing.T) {
	n := 0
	for _, g := range simulated(t, 3) {
		err := g.Replay(func(d *gamelog.Decision) bool {
			p := &d.Position
			if p.Phase() != game.DrawPhase || p.Hand().Len() != 10 {
				return true
			}
			e := probability.Infer(p)
			r, err := probability.ExactOuts(p, &e)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, o := range r.Cards {
				best := math.MaxInt
				h := p.Hand().With(o.Card)
				for c := range h.All() {
					best = min(best, meld.MinDeadwood(h.Without(c)))
				}
				if best != o.Deadwood || meld.MinDeadwood(h.Without(o.Discard)) != best {
					t.Fatalf("%s + %s: %d discarding %s, brute force %d", p.Hand(), o.Card, o.Deadwood, o.Discard, best)
				}
				if bd, _, _ := meld.BestDiscard(h); bd != o.Discard {
					t.Fatalf("%s + %s: discards %s, the solver's choice is %s", p.Hand(), o.Card, o.Discard, bd)
				}
				sum += o.Next
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("next-card chances add up to %v", sum)
			}
			n++
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 100 {
		t.Fatalf("only %d positions", n)
	}
}

// FuzzAnalyses reads arbitrary positions and runs every analysis that
// applies: nothing may panic, and chances must stay in [0, 1].
func FuzzAnalyses(f *testing.F) {
	f.Add("p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1")
	f.Add("p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6")
	f.Add("history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := position.Parse(s)
		if err != nil {
			return
		}
		e := probability.Infer(&p)
		for c := range notation.FullDeck.All() {
			if q := e.Prob(c); q < 0 || q > 1 || math.IsNaN(q) {
				t.Fatalf("P(%s) = %v", c, q)
			}
		}
		_, _ = probability.Outs(context.Background(), &p, &e, 40, 1, 1)
		_, _ = probability.Danger(context.Background(), &p, &e, 40, 1, 1)
		_, _ = probability.UndercutRisk(context.Background(), &p, &e, nil, 40, 1, 1)
	})
}

// TestCertainKnockIsOne: when every unseen card brings a knock, the
// chance of one at the next draw is 1, not a hair under it (which read
// ">99.9%").
func TestCertainKnockIsOne(t *testing.T) {
	p := mustParse(t, "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,KC,AD,2D,3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD stock=6 took=- passed=QC,2C,4C,6C,8C,TC,KC,2D,4D,6D,8D,TD,QD discards=AC,3C,5C,7C,9C,JC,AD,3D,5D,7D,9D,JD,KD dealer=p1")
	e := probability.Infer(&p)
	r, err := probability.Outs(context.Background(), &p, &e, 0, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Reach[0].Knock != 1 {
		t.Errorf("the chance of a knock at the next draw is %v, want 1", r.Reach[0].Knock)
	}
}
