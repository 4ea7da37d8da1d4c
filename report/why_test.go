package report

import (
	"math"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/internal/testmelds"
	"github.com/ginadvisor/ginadvisor/notation"
)

// TestWhySentence says Whys made by hand in one sentence each: every
// measure's words, shares that would read the same given a tenth, the
// ties counted, the rival named by kind, and cards with suit symbols.
func TestWhySentence(t *testing.T) {
	as, qh := game.DiscardMove(testcards.Card(t, "AS")), game.DiscardMove(testcards.Card(t, "QH"))
	tests := []struct {
		name    string
		why     Why
		symbols bool
		want    string
	}{
		{"nothing", Why{}, false, ""},
		{"only move", Why{Best: game.PlayOnMove(), Only: true}, false, "playon: the only legal move."},
		{"three more ties", Why{Best: qh, Other: as, Tie: true, Ties: 3, Plainer: true, Loss: 0.004, LossSE: 0.006}, false,
			"discard QH and discard AS are equal within the noise (0.4% ± 0.6% apart), as are 2 other moves; QH is the plainer move (the heuristic's own)."},
		{"tie, the other higher, only the best clear", Why{Best: as, Other: qh, Tie: true, Ties: 1, Baseline: &game.Move{Kind: game.Draw}, Loss: -0.002, LossSE: 0.01}, false,
			"discard AS and discard QH are equal within the noise (discard QH measured 0.2% ± 1.0% higher); only AS gains clearly over the heuristic's draw."},
		{"tie with no baseline named", Why{Best: game.TakeMove(), Other: game.DrawMove(), Tie: true, Ties: 1, Loss: 0.01, LossSE: 0.02}, false,
			"take and draw are equal within the noise (1.0% ± 2.0% apart); take measured higher."},
		{"no reason but the equity", Why{Best: as, Other: qh, Loss: 0.012, LossSE: 0.004, Fact: &Difference{Measure: DiscardDanger, Best: 0.05, Other: 0.25}}, false,
			"discard AS: your chance of winning the game measures 1.2% ± 0.4% higher than after QH; the opponent can use the card in 5% of its hands against 25%."},
		{"shares a tenth apart", Why{Best: as, Other: qh, Reasons: []Difference{{Measure: OwnKnocks, Best: 0.271, Other: 0.274}}}, false,
			"discard AS: you knock and score in 27.1% of the worlds against 27.4% after QH."},
		{"undercuts and dead hands", Why{Best: as, Other: qh, Reasons: []Difference{{Measure: OppUndercuts, Best: 0.2, Other: 0.1}, {Measure: DeadHands, Best: 0.05, Other: 0.01}}}, false,
			"discard AS: you undercut the opponent in 20% of the worlds against 10% after QH, and the hand dies in 5% against 1%."},
		{"own undercuts and outs", Why{Best: as, Other: qh, Reasons: []Difference{{Measure: OwnUndercuts, Best: 0.01, Other: 0.04}}, Fact: &Difference{Measure: KnockOuts, Best: 3, Other: 1}}, false,
			"discard AS: your knock is undercut in 1% of the worlds against 4% after QH; it leaves 3 outs to a knock against 1."},
		{"one out", Why{Best: as, Other: qh, Reasons: []Difference{{Measure: OwnUndercuts, Best: 0.01, Other: 0.04}}, Fact: &Difference{Measure: KnockOuts, Best: 1, Other: 0}}, false,
			"discard AS: your knock is undercut in 1% of the worlds against 4% after QH; it leaves 1 out to a knock against 0."},
		{"symbols", Why{Best: game.DiscardMove(testcards.Card(t, "9H")), Other: game.KnockMove(testmelds.Spread(t, "7C 7D 7H | KC KD KH")), Reasons: []Difference{{Measure: OppKnocks, Best: 0.3, Other: 0.4}}}, true,
			"discard 9♥: the opponent knocks and scores in 30% of the worlds against 40% after knocking with 7♣ 7♦ 7♥ | K♣ K♦ K♥."},
		{"a knock beside playing on", Why{Best: game.KnockMove(testmelds.Spread(t, "7C 7D 7H | KC KD KH")), Other: game.PlayOnMove(),
			Reasons: []Difference{{Measure: MeanPoints, Best: 12.25, Other: -3}}, Fact: &Difference{Measure: KnockUndercut, Best: 0, Other: math.NaN()}}, false,
			"knock 7C 7D 7H | KC KD KH: the hand brings you +12.2 points on average against -3.0 after playing on; the knock is undercut in 0% of the worlds."},
		{"big gin beside gin", Why{Best: game.BigGinMove(testmelds.Spread(t, "AS 2S 3S 4S | 5H 6H 7H 8H | 9D 9C 9H")), Other: game.GinMove(testmelds.Spread(t, "AS 2S 3S 4S | 5H 6H 7H | 9D 9C 9H")),
			Reasons: []Difference{{Measure: MeanPoints, Best: 50, Other: 45}}}, false,
			"big-gin AS 2S 3S 4S | 5H 6H 7H 8H | 9C 9D 9H: the hand brings you +50.0 points on average against +45.0 after going gin with AS 2S 3S 4S | 5H 6H 7H | 9C 9D 9H."},
	}
	for _, tc := range tests {
		cards := notation.CardSet.String
		if tc.symbols {
			cards = notation.CardSet.Symbols
		}
		if got := tc.why.Sentence(cards); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// TestWhySentenceNamed says the sentences that name the player for a
// Subject: never "you" for a player of another name.
func TestWhySentenceNamed(t *testing.T) {
	as, _ := notation.ParseCard("AS")
	qh, _ := notation.ParseCard("QH")
	a, q := game.DiscardMove(as), game.DiscardMove(qh)
	reasons := func(ms ...Measure) []Difference {
		var ds []Difference
		for _, m := range ms {
			ds = append(ds, Difference{Measure: m, Best: 0.31, Other: 0.2})
		}
		return ds
	}
	tests := []struct {
		subject string
		why     Why
		want    string
	}{
		{"random", Why{Best: a, Other: q, Reasons: reasons(OwnGins, OwnKnocks)},
			"discard AS: random gins in 31% of the worlds against 20% after QH, and random knocks and scores in 31% against 20%."},
		{"simple", Why{Best: a, Other: q, Reasons: reasons(OwnUndercuts, OppUndercuts)},
			"discard AS: simple's knock is undercut in 31% of the worlds against 20% after QH, and simple undercuts the opponent in 31% against 20%."},
		{"heuristic", Why{Best: a, Other: q, Loss: 0.012, LossSE: 0.004},
			"discard AS: heuristic's chance of winning the game measures 1.2% ± 0.4% higher than after QH."},
		{"random", Why{Best: a, Other: q, Reasons: []Difference{{Measure: MeanPoints, Best: 2, Other: -1}}},
			"discard AS: the hand brings random +2.0 points on average against -1.0 after QH."},
		{"you", Why{Best: a, Other: q, Reasons: reasons(OwnGins)},
			"discard AS: you gin in 31% of the worlds against 20% after QH."},
	}
	for _, tc := range tests {
		tc.why.Subject = tc.subject
		if got := tc.why.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.subject, got, tc.want)
		}
	}
}
