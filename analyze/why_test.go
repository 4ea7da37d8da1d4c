package analyze

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/report"
)

// whyBefore is the equity before the hand of the constructed advices.
const whyBefore = 0.5

// The equity each ending leaves the seat in the constructed advices.
var whyWorth = [advise.NumEndings]float64{
	advise.OwnKnock: 0.65, advise.OwnGin: 0.8, advise.OwnUndercut: 0.3,
	advise.OppKnock: 0.35, advise.OppGin: 0.2, advise.OppUndercut: 0.7, advise.DeadHand: whyBefore,
}

// mix makes the outcomes of rollouts that ended as counted, each worth
// whyWorth.
func mix(by map[advise.Ending]int) advise.Outcomes {
	var o advise.Outcomes
	for e, n := range by {
		o.By[e] = n
		o.Equity[e] = float64(n) * whyWorth[e]
	}
	return o
}

func discard(t *testing.T, card string) game.Move {
	t.Helper()
	c, err := notation.ParseCard(card)
	if err != nil {
		t.Fatal(err)
	}
	return game.DiscardMove(c)
}

func knock(t *testing.T, melds string) game.Move {
	t.Helper()
	sp, err := meld.ParseMelds(melds)
	if err != nil {
		t.Fatal(err)
	}
	return game.KnockMove(sp)
}

func ptr[T any](v T) *T { return &v }

// TestExplain says why on advices made by hand: a single move, ties
// (with the plainer move, the higher one, or the only clear gain
// recommended, the rival the tie that measured highest), a discard's
// outcome mix with what it leaves, a knock's undercuts, a draw's points,
// and the danger when the opponent's gins decide.
func TestExplain(t *testing.T) {
	as, qh, c7, h9 := discard(t, "AS"), discard(t, "QH"), discard(t, "7C"), discard(t, "9H")
	tests := []struct {
		name  string
		cands []report.AdvisedMove
		want  string
	}{
		{"single move", []report.AdvisedMove{{Candidate: advise.Candidate{Move: game.DrawMove(), Baseline: true, Deadwood: -1}}},
			"draw: the only legal move."},
		{"tie, the plainer recommended", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: qh, Baseline: true}},
			{Candidate: advise.Candidate{Move: as, Advantage: 0.004, Loss: -0.004, LossSE: 0.006, Tie: true}},
		}, "discard QH and discard AS are equal within the noise (discard AS measured 0.4% ± 0.6% higher); QH is the plainer move (the heuristic's own)."},
		{"tie, both clear of the baseline", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: as, Advantage: 0.008}},
			{Candidate: advise.Candidate{Move: c7, Advantage: 0.007, Loss: 0.001, LossSE: 0.003, Tie: true}},
			{Candidate: advise.Candidate{Move: qh, Baseline: true, Loss: 0.008, LossSE: 0.003}},
			{Candidate: advise.Candidate{Move: h9, Advantage: 0.006, Loss: 0.002, LossSE: 0.003, Tie: true}},
		}, "discard AS and discard 7C are equal within the noise (0.1% ± 0.3% apart), as is 1 other move; AS measured higher, and both gain clearly over the heuristic's QH."},
		{"tie, the rival the highest tie, only the best clear", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: h9, Advantage: 0.037}},
			{Candidate: advise.Candidate{Move: qh, Baseline: true, Loss: 0.037, LossSE: 0.015}},
			{Candidate: advise.Candidate{Move: as, Advantage: 0.027, Loss: 0.010, LossSE: 0.02, Tie: true}},
			{Candidate: advise.Candidate{Move: c7, Advantage: 0.034, Loss: 0.003, LossSE: 0.019, Tie: true}},
		}, "discard 9H and discard 7C are equal within the noise (0.3% ± 1.9% apart), as is 1 other move; 9H measured higher, and only 9H gains clearly over the heuristic's QH."},
		{"a discard's outcome mix and deadwood", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: discard(t, "4C"), Advantage: 0.026, Points: 2, Deadwood: 5,
				Outcomes: mix(map[advise.Ending]int{advise.OwnGin: 32, advise.OppGin: 18, advise.OwnKnock: 24, advise.OppKnock: 26})},
				Danger: ptr(0.3), OutsKnock: ptr(2)},
			{Candidate: advise.Candidate{Move: discard(t, "9S"), Baseline: true, Points: 1, Deadwood: 8, Loss: 0.026, LossSE: 0.01,
				Outcomes: mix(map[advise.Ending]int{advise.OwnGin: 27, advise.OppGin: 22, advise.OwnKnock: 25, advise.OppKnock: 26})},
				Danger: ptr(0.1), OutsKnock: ptr(2)},
		}, "discard 4C: you gin in 32% of the worlds against 27% after 9S, and the opponent gins in 18% against 22%; it leaves 5 deadwood against 8."},
		{"the opponent's gins first: the danger", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: discard(t, "4C"), Advantage: 0.011, Points: 2, Deadwood: 9,
				Outcomes: mix(map[advise.Ending]int{advise.OppGin: 10, advise.OwnKnock: 50, advise.OppKnock: 40})},
				Danger: ptr(0.08), OutsKnock: ptr(1)},
			{Candidate: advise.Candidate{Move: discard(t, "9S"), Baseline: true, Points: 1, Deadwood: 9, Loss: 0.011, LossSE: 0.005,
				Outcomes: mix(map[advise.Ending]int{advise.OppGin: 17, advise.OwnKnock: 50, advise.OppKnock: 33})},
				Danger: ptr(0.2), OutsKnock: ptr(0)},
		}, "discard 4C: the opponent gins in 10% of the worlds against 17% after 9S; the opponent can use the card in 8% of its hands against 20%."},
		{"a knock against playing on", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: knock(t, "7C 7D 7H | KC KD KH | 2S 3S 4S"), Advantage: 0.1, Points: 20, Deadwood: 1, Undercut: 0.05,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 95, advise.OwnUndercut: 5})}},
			{Candidate: advise.Candidate{Move: game.PlayOnMove(), Baseline: true, Points: 2, Deadwood: 1, Loss: 0.1, LossSE: 0.01,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 40, advise.OwnGin: 10, advise.OwnUndercut: 2, advise.OppKnock: 40, advise.OppGin: 8})}},
		}, "knock 7C 7D 7H | KC KD KH | 2S 3S 4S: you knock and score in 95% of the worlds against 40% after playing on, and the opponent knocks and scores in 0% against 40%; the knock is undercut in 5% of the worlds."},
		{"two knocks: the fewer undercuts", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: knock(t, "7C 7D 7H | KC KD KH"), Advantage: 0.05, Points: 20, Deadwood: 10, Undercut: 0.1,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 90, advise.OwnUndercut: 10})}},
			{Candidate: advise.Candidate{Move: knock(t, "7C 7D 7H | KC KD KH | 2S 3S 4S"), Advantage: 0.02, Points: 15, Deadwood: 1, Undercut: 0.3, Loss: 0.03, LossSE: 0.01,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 90, advise.OwnUndercut: 10})}},
			{Candidate: advise.Candidate{Move: game.PlayOnMove(), Baseline: true, Loss: 0.05, LossSE: 0.01}},
		}, "knock 7C 7D 7H | KC KD KH: the hand brings you +20.0 points on average against +15.0 after knocking with 7C 7D 7H | KC KD KH | 2S 3S 4S; the knock is undercut in 10% of the worlds against 30%."},
		{"a draw by its points", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: game.DrawMove(), Baseline: true, Points: 1.5, Deadwood: -1,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 50, advise.OppKnock: 50})}},
			{Candidate: advise.Candidate{Move: game.TakeMove(), Advantage: -0.02, Points: -1.1, Deadwood: 12, Loss: 0.02, LossSE: 0.005,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 50, advise.OppKnock: 50})}},
		}, "draw: the hand brings you +1.5 points on average against -1.1 after taking the upcard."},
		{"the points against it: the equity says", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: game.PassMove(), Baseline: true, Points: 1, Deadwood: -1,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 50, advise.OppKnock: 50})}},
			{Candidate: advise.Candidate{Move: game.TakeMove(), Advantage: -0.01, Points: 2, Deadwood: -1, Loss: 0.01, LossSE: 0.002,
				Outcomes: mix(map[advise.Ending]int{advise.OwnKnock: 50, advise.OppKnock: 50})}},
		}, "pass: your chance of winning the game measures 1.0% ± 0.2% higher than after taking the upcard."},
		{"no rollouts counted", []report.AdvisedMove{
			{Candidate: advise.Candidate{Move: game.PassMove(), Baseline: true, Points: 3, Deadwood: -1}},
			{Candidate: advise.Candidate{Move: game.TakeMove(), Advantage: -0.02, Points: 1, Deadwood: -1, Loss: 0.02, LossSE: 0.005}},
		}, "pass: the hand brings you +3.0 points on average against +1.0 after taking the upcard."},
	}
	for _, tc := range tests {
		why := explain(tc.cands, whyBefore)
		if got := why.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// TestExplainNothing: an advice with no candidate says nothing.
func TestExplainNothing(t *testing.T) {
	if got := explain(nil, whyBefore); got.String() != "" {
		t.Errorf("no candidates: %q", got.String())
	}
}
