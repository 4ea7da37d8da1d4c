package rules

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Game keeps the running score of a game between two players, by seat.
type Game struct {
	Rules    Rules
	Score    [2]int
	HandsWon [2]int
	Hands    int // hands played, dead ones included
}

// NewGame starts a game under r.
func NewGame(r Rules) *Game { return &Game{Rules: r} }

// Record adds a hand: the winner (notation.NoSeat for a dead hand) and
// the points it scored.
func (g *Game) Record(winner notation.Seat, points int) {
	g.Hands++
	if !winner.Valid() {
		return
	}
	g.Score[winner] += points
	g.HandsWon[winner]++
}

// NextDealer returns the dealer of the hand after one dealt by dealer and
// won by winner (notation.NoSeat for a dead hand): after a dead hand the
// same dealer deals again; otherwise the winner deals under WinnerDeals,
// and the deal alternates without it.
func (r *Rules) NextDealer(dealer, winner notation.Seat) notation.Seat {
	switch {
	case !winner.Valid():
		return dealer
	case r.WinnerDeals:
		return winner
	}
	return dealer.Other()
}

// Over reports whether a player has reached the target.
func (g *Game) Over() bool {
	return g.Score[0] >= g.Rules.Target || g.Score[1] >= g.Rules.Target
}

// Leader returns the player with more points, or notation.NoSeat on a
// tie.
func (g *Game) Leader() notation.Seat {
	switch {
	case g.Score[0] > g.Score[1]:
		return notation.P1
	case g.Score[1] > g.Score[0]:
		return notation.P2
	}
	return notation.NoSeat
}

// GameResult is a finished game's final score with its bonuses.
type GameResult struct {
	Winner    notation.Seat `json:"winner"`
	Totals    [2]int        `json:"totals"`
	Breakdown [2][]Line     `json:"breakdown"`
	Shutout   bool          `json:"shutout"`
}

// Final adds the end-of-game bonuses to the running score: the shutout
// doubling, the game bonus and any shutout bonus to the winner, and the box
// bonus for each hand each player won. The winner is the player with more hand points.
func (g *Game) Final() GameResult {
	res := GameResult{Winner: g.Leader()}
	for p := range notation.NumSeats {
		add := func(label string, points int) {
			res.Breakdown[p] = append(res.Breakdown[p], Line{Label: label, Points: points})
			res.Totals[p] += points
		}
		add("hand points", g.Score[p])
		if p == res.Winner && g.HandsWon[p.Other()] == 0 && g.Score[p] > 0 {
			res.Shutout = true
			if g.Rules.ShutoutDoubles {
				add("shutout: hand points doubled", g.Score[p])
			}
		}
		if p == res.Winner && g.Rules.GameBonus > 0 {
			add("game bonus", g.Rules.GameBonus)
		}
		if p == res.Winner && g.Rules.ShutoutBonus > 0 && g.Score[p.Other()] == 0 {
			add("shutout bonus: the loser scored nothing", g.Rules.ShutoutBonus)
		}
		if g.Rules.BoxBonus > 0 && g.HandsWon[p] > 0 {
			hands := "hands"
			if g.HandsWon[p] == 1 {
				hands = "hand"
			}
			add(fmt.Sprintf("box bonus: %d %s won", g.HandsWon[p], hands), g.Rules.BoxBonus*g.HandsWon[p])
		}
	}
	return res
}
