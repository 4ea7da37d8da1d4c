package board

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

// hiddenLog is a short game's log kept by p1, which could not see p2's
// deal, its stock draws or the stock, in which a hand dies with cards of
// p2 that nothing shows: the log has them as "?".
func hiddenLog(t *testing.T) string {
	t.Helper()
	r, err := rules.ParseSpec("eaai,target=10")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		a, _ := players.Lookup("random")
		o, _ := players.Lookup("random")
		_, rec, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: r, Seed: seed, Record: true},
			[2]bot.Player{a.New(seed), o.New(seed + 1)})
		if err != nil || len(rec.Hands) > 2 {
			continue
		}
		g, err := gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final)
		if err != nil {
			continue
		}
		testgames.HideSecondSeat(g)
		var b strings.Builder
		if err := gamelog.WriteLog(&b, []*gamelog.Game{g}); err != nil {
			t.Fatal(err)
		}
		back, err := gamelog.ReadLog(strings.NewReader(b.String()))
		if err != nil {
			continue
		}
		unknown := false
		_ = back[0].Replay(func(d *gamelog.Decision) bool {
			unknown = d.Seat == 0 && !d.State.Hand(1).Intersect(d.Guessed).Empty()
			return !unknown
		})
		if unknown {
			return b.String()
		}
	}
	t.Fatal("no short game with a dead hand in 200 seeds")
	return ""
}

// testBothHands: a review step shows the opponent's hand at the decision
// beside the player's, under the opponent's name, as the review's answer
// gives it; a log that does not know some of its cards shows them as
// unknown.
func testBothHands(t *testing.T, p *page) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	reviewLog(t, p, string(data), true)
	idx, _ := p.eval(t, `review.findIndex(d => d.player === "random" && d.move.startsWith("discard"))`).(float64)
	p.eval(t, fmt.Sprintf(`show(%v)`, idx))
	p.waitFor(t, "the decision's table", fmt.Sprintf(`document.getElementById("hand-title").textContent.startsWith(review[%v].player) && document.querySelectorAll("#hand .card").length >= 10`, idx))
	p.waitFor(t, "the opponent's hand", `document.querySelectorAll("#opp-hand .card").length >= 10`)
	title := p.text(t, "opp-title")
	if title != "simple's hand" {
		t.Errorf("the opponent's hand is titled %q, want simple's", title)
	}
	want, _ := p.eval(t, fmt.Sprintf(`review[%v].opponent_hand`, idx)).(string)
	cards, _ := p.eval(t, `[...document.querySelectorAll("#opp-hand .card")].map(e => e.dataset.card).join(" ")`).(string)
	if cards != want || want == "" {
		t.Errorf("the opponent's hand shows %q; the review says %q", cards, want)
	}
	mine, _ := p.eval(t, `[...document.querySelectorAll("#hand .card")].map(e => e.dataset.card)`).([]any)
	for _, c := range mine {
		if slices.Contains(strings.Fields(cards), c.(string)) {
			t.Errorf("%s is in both hands", c)
		}
	}
	if in, _ := p.eval(t, `document.getElementById("table").contains(document.getElementById("opp-hand"))`).(bool); !in {
		t.Error("the opponent's hand is not on the table")
	}

	p.shoot(t, "review-both-hands.png", "table")

	// A log kept by one seat shows the other's unseen cards as unknown.
	reviewLog(t, p, hiddenLog(t), true)
	i, _ := p.eval(t, `review.findIndex(d => (d.opponent_hand || "").includes("?"))`).(float64)
	if i < 0 {
		t.Fatal("no decision of the hidden log has an unknown card in the opponent's hand")
	}
	p.eval(t, fmt.Sprintf(`show(%v)`, i))
	p.waitFor(t, "the unknown cards", `document.querySelectorAll("#opp-hand .card.unknown").length > 0`)
	var d struct {
		OpponentHand string `json:"opponent_hand"`
	}
	raw, _ := p.eval(t, fmt.Sprintf(`JSON.stringify(review[%v])`, i)).(string)
	_ = json.Unmarshal([]byte(raw), &d)
	unknown, _ := p.eval(t, `[...document.querySelectorAll("#opp-hand .card.unknown")].map(e => e.textContent + "/" + e.getAttribute("aria-label"))`).([]any)
	if n := strings.Count(d.OpponentHand, "?"); len(unknown) != n {
		t.Errorf("%d unknown cards shown, the review has %d in %q", len(unknown), n, d.OpponentHand)
	}
	p.shoot(t, "review-unknown-cards.png", "table")
	for _, u := range unknown {
		if u != "?/an unknown card" {
			t.Errorf("an unknown card reads %q", u)
		}
	}
}
