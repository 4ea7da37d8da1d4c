package engine

import (
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/rules"
)

// GameSetup is what a game starts from.
type GameSetup struct {
	Rules       rules.Rules
	Seed        uint64
	FirstDealer int
	// Record, when set, keeps the record of every hand.
	Record bool
	// OnHand, when set with Record, is called after each hand.
	OnHand func(h *HandRecord, totals [2]int)
	// MaxHands stops a game that never reaches the target (two players
	// that never knock); 0 means 1000.
	MaxHands int
}

// GameRecord is the record of a whole game, as the game log keeps it.
type GameRecord struct {
	Seed        uint64
	Rules       rules.Rules
	Players     [2]string
	FirstDealer int
	Hands       []HandRecord
	Final       rules.GameResult
}

// GameStats counts what happened in a game, by seat where it matters.
type GameStats struct {
	Hands    int
	Outcomes [5]int // by rules.Outcome
	// Won counts hands won by seat; Points the points won in them.
	Won    [2]int
	Points [2]int
	// Knocks, Gins, BigGins and Undercut count by the seat that knocked;
	// Undercuts by the seat that undercut.
	Knocks    [2]int
	Gins      [2]int
	BigGins   [2]int
	Undercuts [2]int
	Draws     int
	Final     rules.GameResult
	// Unfinished is set when MaxHands ran out before the target.
	Unfinished bool
}

// PlayGame plays a game to the rules' target. The seed fixes the shuffles
// and, through Rng, anything the players draw at random; the same seed
// and players give the same game.
func PlayGame(s GameSetup, players [2]Player) (GameStats, *GameRecord, error) {
	rng := rand.New(rand.NewPCG(s.Seed, 0x9e3779b97f4a7c15))
	g := rules.NewGame(s.Rules)
	var st GameStats
	var rec *GameRecord
	if s.Record {
		rec = &GameRecord{Seed: s.Seed, Rules: s.Rules, Players: [2]string{players[0].Name(), players[1].Name()}, FirstDealer: s.FirstDealer}
	}
	maxHands := s.MaxHands
	if maxHands == 0 {
		maxHands = 1000
	}
	dealer := s.FirstDealer
	for !g.Over() {
		if g.Hands >= maxHands {
			st.Unfinished = true
			break
		}
		setup := HandSetup{Rules: s.Rules, Dealer: dealer, Number: g.Hands + 1, Scores: g.Score, Rng: rng}
		var hr *HandRecord
		if rec != nil {
			rec.Hands = append(rec.Hands, HandRecord{})
			hr = &rec.Hands[len(rec.Hands)-1]
			setup.Record = hr
		}
		res, err := PlayHand(setup, players)
		if err != nil {
			return st, rec, err
		}
		st.Hands++
		st.Draws += res.Draws
		if hr != nil && s.OnHand != nil {
			s.OnHand(hr, hr.Totals)
		}
		st.Outcomes[res.Score.Outcome]++
		g.Record(res.Winner, res.Score.Points)
		if res.Winner >= 0 {
			st.Won[res.Winner]++
			st.Points[res.Winner] += res.Score.Points
		}
		switch res.Score.Outcome {
		case rules.Knock:
			st.Knocks[res.Knocker]++
		case rules.Gin:
			st.Knocks[res.Knocker]++
			st.Gins[res.Knocker]++
		case rules.BigGin:
			st.Knocks[res.Knocker]++
			st.BigGins[res.Knocker]++
		case rules.Undercut:
			st.Knocks[res.Knocker]++
			st.Undercuts[res.Winner]++
		}
		switch {
		case res.Winner < 0:
			// A dead hand: the same dealer deals again.
		case s.Rules.WinnerDeals:
			dealer = res.Winner
		default:
			dealer = 1 - dealer
		}
	}
	st.Final = g.Final()
	if rec != nil {
		rec.Final = st.Final
	}
	return st, rec, nil
}
