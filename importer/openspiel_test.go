package importer

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func TestSharedOpenSpielSamples(t *testing.T) {
	f, err := os.Open("../../shared/openspiel/samples.jsonl")
	if err != nil {
		t.Skip("no shared samples")
	}
	defer f.Close()
	games, errs := ReadOpenSpiel(f, "samples.jsonl")
	for _, e := range errs {
		t.Errorf("%v", e)
	}
	for _, g := range games {
		h := g.Hands[0]
		t.Logf("knocker %d winner %d score %+v", h.Knocker, h.Winner, h.Score)
	}
}

// playOpenSpiel plays one hand under the openspiel rules with seat 1
// dealing.
func playOpenSpiel(t testing.TB, seed uint64, policies [2]game.Policy) game.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var deck [notation.NumCards]notation.Card
	for i := range deck {
		deck[i] = notation.FullDeck.Cards()[i]
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	st, err := game.Deal(game.Setup{Rules: rules.Presets()["openspiel"], Dealer: 1, Number: 1}, &deck)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayOut(&st, policies); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestOpenSpielRoundTrip writes hands as OpenSpiel histories and reads
// them back: the result, the moves and the returns must survive. Random
// players reach the wall, the repeated upcard and the upcard limit.
func TestOpenSpielRoundTrip(t *testing.T) {
	endings := map[string]int{}
	for seed := uint64(0); seed < 600; seed++ {
		var policies [2]game.Policy
		switch seed % 3 {
		case 0:
			policies = [2]game.Policy{bot.NewHeuristic(0), bot.NewSimple(seed)}
		case 1:
			policies = [2]game.Policy{bot.NewSimple(seed), bot.NewSimple(seed + 1)}
		default:
			policies = [2]game.Policy{bot.NewRandom(seed), bot.NewRandom(seed + 1)}
		}
		st := playOpenSpiel(t, seed, policies)
		h, err := OpenSpielFromState(&st, "gin_rummy()")
		if errors.Is(err, ErrNotOpenSpiel) {
			endings["not expressible"]++
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		g, gerr := ConvertOpenSpiel(&h, 1)
		if gerr != nil {
			t.Fatalf("seed %d: %v\nactions %v", seed, gerr, h.Actions)
		}
		res, _ := st.Result()
		got := g.Hands[0]
		if got.Score != res.Score || got.Winner != res.Winner || got.Knocker != res.Knocker {
			t.Fatalf("seed %d: %+v, imported %+v", seed, res.Score, got.Score)
		}
		ending := res.Score.Outcome.String()
		if !res.Knocker.Valid() {
			last := st.Event(st.NumEvents() - 2).Kind
			ending = "dead after " + last.String()
		}
		endings[ending]++
	}
	t.Logf("endings: %v", endings)
	for _, e := range []string{"gin", "knock", "undercut", "dead after passed", "dead after discarded"} {
		if endings[e] == 0 {
			t.Errorf("no hand ended %s: %v", e, endings)
		}
	}
}

// taker always takes the upcard and discards the lowest other card, so
// that the hand reaches OpenSpiel's limit of 50 takes.
type taker struct{}

func (taker) Choose(st *game.State) game.Move {
	switch st.Phase() {
	case game.FirstOffer, game.DrawPhase:
		if st.MustDraw() {
			return game.DrawMove()
		}
		return game.TakeMove()
	case game.DiscardPhase:
		drawn, _ := st.Drawn()
		return game.DiscardMove(st.Hand(st.Turn()).Without(drawn).Cards()[0])
	}
	return game.PassMove()
}

func TestOpenSpielTakeLimit(t *testing.T) {
	st := playOpenSpiel(t, 3, [2]game.Policy{taker{}, taker{}})
	res, _ := st.Result()
	if res.Knocker.Valid() || st.Event(st.NumEvents()-2).Kind != game.Took {
		t.Fatalf("the hand ended %v, not at the take limit", res.Score.Outcome)
	}
	h, err := OpenSpielFromState(&st, "gin_rummy()")
	if err != nil {
		t.Fatal(err)
	}
	takes := 0
	for _, a := range h.Actions {
		if a == osDrawUpcard {
			takes++
		}
	}
	if takes != 51 { // the first offer's take and 50 more
		t.Errorf("%d takes, want 51", takes)
	}
	g, gerr := ConvertOpenSpiel(&h, 1)
	if gerr != nil {
		t.Fatal(gerr)
	}
	if g.Hands[0].Winner.Valid() {
		t.Errorf("the hand was scored")
	}
}

// TestSavedFormatErrorLine: an impossible action in OpenSpiel's save format
// is reported at its own line.
func TestSavedFormatErrorLine(t *testing.T) {
	data, err := os.ReadFile("../testdata/openspiel/saved.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	// Line 40 holds an action after the deal; 60 is no action at all.
	lines[39] = "60"
	_, errs := ReadOpenSpiel(strings.NewReader(strings.Join(lines, "\n")), "saved.txt")
	if len(errs) != 1 || errs[0].Line != 40 {
		t.Fatalf("errors %v, want one at line 40", errs)
	}
}

// TestOpenSpielIDs checks the card and meld numbering against OpenSpiel's
// own examples (gin_rummy_utils: suits s, c, d, h; sets by missing suit,
// then runs of 3, 4 and 5 cards).
func TestOpenSpielIDs(t *testing.T) {
	for id, want := range map[int]string{0: "AS", 12: "KS", 13: "AC", 26: "AD", 39: "AH", 51: "KH", 22: "TC"} {
		c, ok := osCard(id)
		if !ok || c.String() != want {
			t.Errorf("card %d is %v, want %s", id, c, want)
		}
	}
	for id, want := range map[int]string{
		0: "AC AD AH", 3: "AC AD AS", 4: "AC AD AH AS", 6: "2D 2H 2S", 64: "KC KD KH KS",
		65: "AS 2S 3S", 108: "JH QH KH", 109: "AS 2S 3S 4S", 148: "TH JH QH KH",
		149: "AS 2S 3S 4S 5S", 184: "9H TH JH QH KH",
	} {
		m, ok := osMeld(id)
		w, err := notation.ParseHand(want)
		if !ok || err != nil || m != w {
			t.Errorf("meld %d is %v, want %s", id, m, want)
		}
	}
	if len(osMeldIDs) != osMelds {
		t.Errorf("%d distinct melds, want %d", len(osMeldIDs), osMelds)
	}
}

// TestOpenSpielDefenderChoosesLayoffs replays a knock where the defender
// could lay off 4S and 3C and undercut, but lays off less. OpenSpiel scores
// the lay-offs made, worked by hand: the knocker melds AS 2S 3S, 4C 5C 6C,
// 9S 9H 9D with 3H (3) left; the defender holds TD JD QD, 5H 6H 7H and
// 4S 3C AD AH (9).
func TestOpenSpielDefenderChoosesLayoffs(t *testing.T) {
	deal := "0,1,2,16,17,18,34,47,8,38, 3,15,35,36,37,43,44,45,26,39, 41"
	// Take the upcard, knock, discard KD, meld the three melds, pass.
	knock := "52,55,38, 121,135,97,54"
	defender := "152,158,54"
	tests := []struct {
		layoffs string
		returns string
		winner  notation.Seat
		laid    string
		points  int
	}{
		{"", "[6,-6]", notation.P1, "", 6},              // none: 9 against 3
		{"3,", "[2,-2]", notation.P1, "4s", 2},          // 4S: 5 against 3
		{"3,15,", "[-26,26]", notation.P2, "4s 3c", 26}, // both: 2 against 3, undercut
	}
	for _, tt := range tests {
		line := fmt.Sprintf(`{"game":"gin_rummy()","actions":[%s, %s, %s54, %s],"returns":%s}`, deal, knock, tt.layoffs, defender, tt.returns)
		games, errs := ReadOpenSpiel(strings.NewReader(line), "t.jsonl")
		if len(errs) != 0 || len(games) != 1 {
			t.Errorf("lay-offs %q: %v", tt.layoffs, errs)
			continue
		}
		h := games[0].Hands[0]
		if h.Winner != tt.winner || h.Score.Points != tt.points || h.Totals[tt.winner] != tt.points {
			t.Errorf("lay-offs %q: winner %v, %d points, totals %v", tt.layoffs, h.Winner, h.Score.Points, h.Totals)
		}
		laid, _ := notation.ParseHand(tt.laid)
		var got notation.CardSet
		for _, l := range h.Layoffs {
			got = got.With(l.Card)
		}
		if got != laid {
			t.Errorf("lay-offs %q: the log records %s laid off, want %s", tt.layoffs, got, laid)
		}
	}
}

// TestOpenSpielShowdownErrors: a history whose showdown is cut short, lays
// off a card the defender does not hold, or goes on after the hand is
// over is refused, with the reason.
func TestOpenSpielShowdownErrors(t *testing.T) {
	deal := "0,1,2,16,17,18,34,47,8,38, 3,15,35,36,37,43,44,45,26,39, 41"
	knock := "52,55,38, 121,135,97,54"
	tests := []struct {
		name, tail, want string
	}{
		{"whole", "54, 152,158,54", ""},
		{"an action after the end", "54, 152,158,54, 54", "an action after the hand is over"},
		{"cut off in the defender's melds", "54, 152,158", "the history stops while melds are laid"},
		{"cut off in the lay-offs", "3", "the history stops during the lay-offs"},
		{"a lay-off of the knocker's card", "0,54, 152,158,54", "not a card the defender can lay off"},
	}
	for _, tt := range tests {
		line := fmt.Sprintf(`{"game":"gin_rummy()","actions":[%s, %s, %s]}`, deal, knock, tt.tail)
		games, errs := ReadOpenSpiel(strings.NewReader(line), "t.jsonl")
		switch {
		case tt.want == "" && (len(errs) != 0 || len(games) != 1):
			t.Errorf("%s: %v", tt.name, errs)
		case tt.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), tt.want)):
			t.Errorf("%s: errors %v, want one saying %q", tt.name, errs, tt.want)
		}
	}
}
