package batch

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
)

func card(t *testing.T, s string) notation.Card {
	t.Helper()
	c, err := notation.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestGradeQuick checks --quick's grading on positions worked by hand.
func TestGradeQuick(t *testing.T) {
	// The dead-card position: AS 2S 3S, 7C 7D 7H and 4D 5D 6D are melds,
	// so the KS (10) and 9C (9) are the deadwood, and the QS and the other
	// kings are in the pile. Discarding the KS leaves 9 deadwood and four
	// live cards that would complete a meld (4S, 3D, 7S, and the 8C between
	// 7C and 9C). Discarding the 9C leaves 10 and gives up the 8C: 0.01
	// for the point and 0.002 for the card.
	dead, err := position.Parse(testpositions.DeadCard)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		move game.Move
		best string
		lost float64
	}{
		{game.DiscardMove(card(t, "KS")), "discard KS", 0},
		{game.DiscardMove(card(t, "9C")), "discard KS", 0.012},
	} {
		best, lost := gradeQuick(&dead, c.move)
		if best.String() != c.best || !near(lost, c.lost) {
			t.Errorf("%s: best %s, lost %.4f; want %s, %.4f", c.move, best, lost, c.best, c.lost)
		}
	}
	// Breaking the set of sevens leaves 26 deadwood (7H, KS, 9C; the 7D
	// runs on from the diamonds): far worse.
	if _, lost := gradeQuick(&dead, game.DiscardMove(card(t, "7C"))); lost < 0.15 {
		t.Errorf("breaking the sevens lost only %.3f", lost)
	}
	took, err := position.Parse("p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,TS stock=30 took=- passed=QC discards=TS dealer=p1")
	if err != nil {
		t.Fatal(err)
	}
	// TS runs on from 9S: taking it and discarding the KH leaves gin, 10
	// points less than now.
	if best, lost := gradeQuick(&took, game.DrawMove()); best.Kind != game.Take || !near(lost, 0.10) {
		t.Errorf("drawing: best %s, lost %.3f; want take, 0.10", best, lost)
	}
	if _, lost := gradeQuick(&took, game.TakeMove()); lost != 0 {
		t.Errorf("taking lost %.3f", lost)
	}
}

// TestGradeQuickAtAKnock wants only a missed gin graded at a knock
// decision: whether the hand can go gin is the rulebook's to say.
func TestGradeQuickAtAKnock(t *testing.T) {
	const before = "p1 draw hand=AC,3C,4C,7D,7H,7S,5H,5D,5S,KD pile=KS,QH stock=30 took=- passed=KS discards=QH dealer=p1"
	for _, c := range []struct {
		name, draw string
		move       game.Move
		best       game.MoveKind
		lost       float64
	}{
		// The 2S leaves AC 3C 4C 2S, 10 deadwood: a knock, not gin.
		{"playing on with a knock", "2S", game.PlayOnMove(), game.PlayOn, 0},
		// The 2C runs AC to 4C: gin, and the gin bonus of 25 is missed.
		{"playing on with gin", "2C", game.PlayOnMove(), game.Gin, 0.25},
	} {
		p, err := position.Parse(before)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []game.Event{{Kind: game.Drew, Seat: p.Seat(), Card: card(t, c.draw)}, {Kind: game.Discarded, Seat: p.Seat(), Card: card(t, "KD")}} {
			if err := p.Observe(e); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if p.Phase() != game.KnockPhase {
			t.Fatalf("%s: the %s phase", c.name, p.Phase())
		}
		if best, lost := gradeQuick(&p, c.move); best.Kind != c.best || !near(lost, c.lost) {
			t.Errorf("%s: best %s, lost %.3f; want %s, %.3f", c.name, best, lost, c.best, c.lost)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
