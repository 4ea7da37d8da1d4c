package batch

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/position"
)

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
		{game.DiscardMove(testcards.Card(t, "KS")), "discard KS", 0},
		{game.DiscardMove(testcards.Card(t, "9C")), "discard KS", 0.012},
	} {
		best, lost := gradeQuick(&dead, c.move)
		if best.String() != c.best || !near(lost, c.lost) {
			t.Errorf("%s: best %s, lost %.4f; want %s, %.4f", c.move, best, lost, c.best, c.lost)
		}
	}
	// Breaking the set of sevens leaves 26 deadwood (7H, KS, 9C; the 7D
	// runs on from the diamonds): far worse.
	if _, lost := gradeQuick(&dead, game.DiscardMove(testcards.Card(t, "7C"))); lost < 0.15 {
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
		for _, e := range []game.Event{{Kind: game.Drew, Seat: p.Seat(), Card: testcards.Card(t, c.draw)}, {Kind: game.Discarded, Seat: p.Seat(), Card: testcards.Card(t, "KD")}} {
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

// TestPlayerAccuracyIsCalibrated: a player's accuracy is lichess's curve
// over its mean equity lost, calibrated on simulated games so that the
// advisor's own play scores 100 and random's 0 (lichess's move accuracy
// averaged gave random 93); it merges as the sums it comes from.
func TestPlayerAccuracyIsCalibrated(t *testing.T) {
	play := func(lost float64, n int) Summary {
		s := Summary{Grading: "advisor"}
		p := s.player("x")
		for range n {
			p.addDecision(&Graded{EquityLost: lost, Kind: Discard})
		}
		s.finish()
		return s
	}
	for _, tt := range []struct {
		name     string
		lost     float64
		low, top float64
	}{
		{"the advisor's own play, as the grader sees it", advisorFloor, 99.9, 100},
		{"better than the grader can tell", 0, 99.9, 100},
		{"simple's", 0.0057, 15, 35},
		{"random's", 0.01194, 0, 0.5},
		{"worse than random", 0.05, 0, 0},
	} {
		if a := *play(tt.lost, 10).Players[0].Accuracy; a < tt.low || a > tt.top {
			t.Errorf("%s (%.3f%% a decision): accuracy %.2f, want %v to %v", tt.name, 100*tt.lost, a, tt.low, tt.top)
		}
	}
	whole := *play(0.006, 20).Players[0].Accuracy
	if merged := *Merge(play(0.006, 10), play(0.006, 10)).Players[0].Accuracy; merged != whole {
		t.Errorf("merged %v, one run %v", merged, whole)
	}
	fit := FitAccuracy(0.004, 0.015)
	if a, r := fit.Of(0.004), fit.Of(0.015); a < 99.99 || r > 1e-9 {
		t.Errorf("the fit scores its anchors %v and %v, want 100 and 0", a, r)
	}
}
