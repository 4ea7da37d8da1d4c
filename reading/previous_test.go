package reading_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestWalkBackFindsTheTrueHands plays hands of simple (seat 0, the seat
// that reads) against partners of every knock style and, at each hand
// that ends shown, walks back from the opponent's shown hand: among the
// hands the walk reaches after each of the opponent's turns, up to
// PreviousTurns back, must be the hand it really held then. The walk is
// the reading's only source for those turns, so a hand it misses is a
// decline read from cards the opponent never held.
func TestWalkBackFindsTheTrueHands(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	partners := map[string]bot.Player{
		"heuristic": bot.NewHeuristic(0), "simple": bot.NewSimple(3), "grabber": bot.NewGrabber(),
		"patient": bot.NewPatient(), "cautious": bot.NewCautious(), "standin": bot.NewStandIn(0),
	}
	for name, partner := range partners {
		checked := 0
		for seed := uint64(1); seed <= 150; seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			deck := shuffledDeck(rng)
			st, err := game.Deal(game.Setup{Rules: eaai, Dealer: notation.Seat(seed % 2), Number: 1}, &deck)
			if err != nil {
				t.Fatal(err)
			}
			pol := [2]bot.Player{bot.NewSimple(seed), partner}
			var truth []notation.CardSet // the partner's hand after each discard
			for st.Phase() != game.Over {
				seat, phase := st.Turn(), st.Phase()
				step(t, &st, pol)
				if seat == 1 && phase == game.DiscardPhase && st.Hand(1).Len() == 10 {
					truth = append(truth, st.Hand(1))
				}
			}
			res, _ := st.Result()
			if res.Knocker == notation.NoSeat || len(truth) < 2 {
				continue
			}
			p := st.Position(0)
			reached := reading.PreviousHands(&p, res.Hands[1])
			last := len(truth) - 1
			for k := max(0, last-reading.PreviousTurns); k < last; k++ {
				if !slices.Contains(reached[k], truth[k]) {
					t.Errorf("%s, seed %d: after the opponent's turn %d of %d it held %v; the walk back reached %d other hands", name, seed, k+1, last+1, truth[k], len(reached[k]))
				}
				checked++
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d turns checked", name, checked)
		}
	}
}
