package report

import (
	"errors"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestKnockReport(t *testing.T) {
	rep, err := Knock(rules.Standard(), testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KC"), testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD"), nil, rules.Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "knock" || rep.Winner != "knocker" || rep.Points != 2 || rep.KnockerDeadwood != 10 || rep.DefenderDeadwood != 12 {
		t.Errorf("report = %+v", rep)
	}
	if rep.Automatic == nil || rep.Automatic.Result != "undercut" || rep.Automatic.Points != 25 || len(rep.Notes) != 1 {
		t.Errorf("automatic = %+v, notes %v", rep.Automatic, rep.Notes)
	}
	// Every spread within the limit, best first: holding 2-3-4 of hearts
	// back wins 2; laying it down is undercut.
	if len(rep.Options) < 2 || rep.Options[0].KnockerNet != 2 || rep.Options[len(rep.Options)-1].KnockerNet >= 0 {
		t.Errorf("options = %+v", rep.Options)
	}
	if o := rep.Options[0]; o.KnockerDeadwood != rep.KnockerDeadwood || len(o.KnockerMelds) != len(rep.KnockerMelds) {
		t.Errorf("the first option %+v is not the spread chosen %v", o, rep.KnockerMelds)
	}
	for i := 1; i < len(rep.Options); i++ {
		if rep.Options[i].KnockerNet > rep.Options[i-1].KnockerNet {
			t.Errorf("options out of order: %+v", rep.Options)
		}
	}
	sp, err := meld.ParseMelds("2H 3H 4H | 7S 8S 9S | JC QC KC")
	if err != nil {
		t.Fatal(err)
	}
	rep, err = Knock(rules.Standard(), testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KC"), testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD"), &sp, rules.Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "undercut" || rep.Winner != "defender" || rep.Points != 25 || len(rep.Layoffs) != 2 || rep.Automatic != nil {
		t.Errorf("given melds: %+v", rep)
	}
	if len(rep.Placements) != 2 || rep.Placements[0].Meld != 0 {
		t.Errorf("placements = %+v", rep.Placements)
	}
	// Melds the knocker does not hold.
	sp, _ = meld.ParseMelds("5H 6H 7H")
	if _, err := Knock(rules.Standard(), testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KC"), testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD"), &sp, rules.Deal{}); !errors.Is(err, rules.ErrMeldsNotInHand) {
		t.Errorf("foreign melds: %v", err)
	}
}

func TestLayoffReport(t *testing.T) {
	sp, _ := meld.ParseMelds("3C 3D 3S | AH 2H 3H | 8H 9H TH")
	rep, err := Layoff(sp, testcards.Hand(t, "4H 5H 7H 6H 3D KS KD KC 9C JH"))
	if err == nil {
		t.Fatalf("3D in both: %+v", rep)
	}
	rep, err = Layoff(sp, testcards.Hand(t, "4H 5H 7H 6H 3H KS KD KC 9C JH"))
	if err == nil {
		t.Fatalf("3H in both: %+v", rep)
	}
	rep, err = Layoff(sp, testcards.Hand(t, "4H 5H 7H 6H 2C KS KD KC 9C JH"))
	if err != nil {
		t.Fatal(err)
	}
	// 4H 5H 6H 7H all go: up from 3H or down from 8H; JH on 8-9-T; the
	// kings meld; 2C and 9C stay.
	if rep.Deadwood != 11 || rep.DeadwoodBefore != 2+9+10 {
		t.Errorf("layoff = %+v", rep)
	}
	if len(rep.Options) == 0 || len(rep.Candidates) < 5 {
		t.Errorf("options %d, candidates %+v", len(rep.Options), rep.Candidates)
	}
}

func TestKnockWithElevenCards(t *testing.T) {
	// Discarding KH leaves the 10-card knock of TestKnockReport.
	rep, err := Knock(rules.Standard(), testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KC KH"), testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD"), nil, rules.Deal{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Discard != "KH" || rep.Points != 2 || rep.Winner != "knocker" {
		t.Errorf("report = %+v", rep)
	}
	// No discard brings this hand within the limit.
	_, err = Knock(rules.Standard(), testcards.Hand(t, "2H 3H 4H AC 7S 8S 9S JC QC KH KS"), testcards.Hand(t, "5H 6H AD 8C 8D 8H TD JD QD KD"), nil, rules.Deal{})
	var over *rules.OverLimitError
	if !errors.As(err, &over) || over.Deadwood != 31 {
		t.Errorf("over the limit: %v", err)
	}
}

func TestKnockElevenCardsAllMelded(t *testing.T) {
	knocker := testcards.Hand(t, "7C 7D 7H 7S 3S 4S 5S 9H TH JH QH")
	defender := testcards.Hand(t, "KC KD 2C 3D 4H 6S 8S 9S AC AD")
	sp, err := meld.ParseMelds("7C 7D 7H 7S | 3S 4S 5S | 9H TH JH QH")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Knock(rules.Standard(), knocker, defender, &sp, rules.Deal{}); !errors.Is(err, rules.ErrKnockerSize) {
		t.Errorf("all 11 melded without big gin: %v", err)
	}
	// Without the melds, the knocker discards and goes gin.
	rep, err := Knock(rules.Standard(), knocker, defender, nil, rules.Deal{})
	if err != nil || rep.Result != "gin" || rep.Discard == "" {
		t.Errorf("gin after a discard: %+v, %v", rep, err)
	}
	// Under modern rules it is big gin.
	rep, err = Knock(rules.Presets()["modern"], knocker, defender, &sp, rules.Deal{})
	if err != nil || rep.Result != "big_gin" {
		t.Errorf("big gin: %+v, %v", rep, err)
	}
}
